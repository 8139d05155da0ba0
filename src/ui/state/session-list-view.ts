// The session list as the screen shows it: scope (this project / all), the
// named-only filter, search, and the sort — threaded by default, as pi's
// /resume: forks under the session they were forked from.
//
// Search is tight on purpose: a word must occur as written (any case) in the
// name, first message, project, id or file name; only a word of five letters
// or more may carry a typo (Fuse, about one per five letters), and such a hit
// ranks below every exact one. While a query is typed the best match is first.
import Fuse from "fuse.js";
import { homedir } from "node:os";
import { basename, dirname, resolve } from "node:path";
import type { SessionSummary } from "../../core/session/index.js";
import { tildePath } from "../../core/fs/home-path.js";
import { inProject, projectKey } from "../../core/fs/same-dir.js";
import { newestActiveFirst } from "./last-active.js";
import { agentOf, type AgentId } from "../../core/session/index.js";
import { viewInfo } from "../../core/keep/view-path.js";
import { hostOf, keepConfigOrOff } from "../../core/keep/config.js";

export type SortMode = "threaded" | "recent" | "project" | "size";
export type ListScope = "project" | "all";

export const SORTS: readonly SortMode[] = ["threaded", "recent", "project", "size"];

export interface ListOptions {
  query: string;
  sort: SortMode;
  scope: ListScope;
  cwd: string;
  /** Only sessions with a name. */
  named?: boolean;
  /** Only this agent's sessions (null or absent: every agent). */
  agent?: AgentId | null;
  /** Only this machine's sessions (the archive's host folders, keep); null or absent: every host. */
  host?: string | null;
}

/** What the list draws: the sessions, and per row its thread guides ("├─ ") in threaded order. */
export interface ListView {
  items: SessionSummary[];
  prefixes: string[];
}

const HOME = homedir();

/** The machine a row is from: an archived copy's host, else this machine's (`me`: as keep names it). */
export function rowHost(path: string, me: string = hostOf(keepConfigOrOff())): string {
  return viewInfo(path)?.host ?? me;
}
// Newest activity first (a fork, made now from old messages, sorts as new).
const newestFirst = newestActiveFirst;

function sortList(list: SessionSummary[], sort: SortMode): SessionSummary[] {
  const out = list.slice();
  if (sort === "size") out.sort((a, b) => b.size - a.size);
  // One project recorded in several spellings (a Windows path in two cases) sorts as one.
  else if (sort === "project") out.sort((a, b) => projectKey(a.cwd).localeCompare(projectKey(b.cwd)) || newestFirst(a, b));
  else out.sort(newestFirst);
  return out;
}

/** The fields a word is looked for in, best first. */
function fields(s: SessionSummary): string[] {
  return [s.name ?? "", s.firstMessage, tildePath(s.cwd, HOME), s.id, basename(s.path)].map((f) => f.toLowerCase());
}

const BOUNDARY = /[\s\-_./:~]/;
/** Below this many letters a word must match exactly: "omp" in a long message is no typo of anything. */
const TYPO_MIN = 5;
const TYPO_PENALTY = 1000;

/** Per session, the sum of its words' scores (lower is better); sessions missing a word are left out. */
function scoreAll(list: SessionSummary[], words: string[]): Map<SessionSummary, number> {
  const texts = new Map(list.map((s) => [s, fields(s)] as const));
  let alive = list;
  const total = new Map<SessionSummary, number>(list.map((s) => [s, 0]));
  for (const w of words) {
    const next: SessionSummary[] = [];
    const missing: SessionSummary[] = [];
    for (const s of alive) {
      let best = Infinity;
      texts.get(s)!.forEach((f, weight) => {
        const i = f.indexOf(w);
        if (i < 0) return;
        // Earlier fields, word starts and early positions rank first.
        const score = weight * 100 + (i === 0 || BOUNDARY.test(f[i - 1]) ? 0 : 20) + Math.min(i, 50) * 0.2;
        if (score < best) best = score;
      });
      if (best < Infinity) {
        total.set(s, total.get(s)! + best);
        next.push(s);
      } else missing.push(s);
    }
    if (w.length >= TYPO_MIN && missing.length > 0) {
      const fuse = new Fuse(missing, {
        keys: [{ name: "name", getFn: (s) => s.name ?? "" }, "firstMessage", { name: "project", getFn: (s) => tildePath(s.cwd, HOME) }],
        threshold: 0.2,
        ignoreLocation: true,
        includeScore: true,
      });
      for (const r of fuse.search(w)) {
        total.set(r.item, total.get(r.item)! + TYPO_PENALTY + (r.score ?? 0) * 100);
        next.push(r.item);
      }
    }
    alive = next;
  }
  const out = new Map<SessionSummary, number>();
  for (const s of alive) out.set(s, total.get(s)!);
  return out;
}

/** Forks under their parent session (by `parentSession`), every level newest first. */
function threaded(list: SessionSummary[], first: (s: SessionSummary) => boolean): ListView {
  const byPath = new Map(list.map((s) => [resolve(s.path), s] as const));
  const kids = new Map<SessionSummary, SessionSummary[]>();
  const roots: SessionSummary[] = [];
  for (const s of list) {
    const parent = s.parentSession ? byPath.get(resolve(dirname(s.path), s.parentSession)) : undefined;
    if (parent && parent !== s) {
      const k = kids.get(parent) ?? [];
      k.push(s);
      kids.set(parent, k);
    } else roots.push(s);
  }
  roots.sort((a, b) => Number(first(b)) - Number(first(a)) || newestFirst(a, b));
  const items: SessionSummary[] = [];
  const prefixes: string[] = [];
  const seen = new Set<SessionSummary>();
  // Iterative walk: [session, guides above it, is last child, depth].
  const stack: [SessionSummary, string, boolean, number][] = roots.map((r) => [r, "", true, 0] as [SessionSummary, string, boolean, number]).reverse();
  while (stack.length > 0) {
    const [s, guides, last, depth] = stack.pop()!;
    if (seen.has(s)) continue; // a parentSession cycle
    seen.add(s);
    items.push(s);
    prefixes.push(depth === 0 ? "" : guides + (last ? "└─ " : "├─ "));
    const children = (kids.get(s) ?? []).slice().sort(newestFirst);
    const below = depth === 0 ? "" : guides + (last ? "   " : "│  ");
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], below, i === children.length - 1, depth + 1]);
  }
  // Sessions only reachable through a cycle still show, flat.
  for (const s of list) {
    if (seen.has(s)) continue;
    items.push(s);
    prefixes.push("");
  }
  return { items, prefixes };
}

/** Filter (scope, named), search and sort of the session list. */
export function sessionListView(list: SessionSummary[], o: ListOptions): ListView {
  let out = o.scope === "project" ? list.filter((s) => inProject(s.cwd, o.cwd)) : list;
  if (o.named) out = out.filter((s) => !!s.name?.trim());
  if (o.agent) out = out.filter((s) => agentOf(s) === o.agent);
  if (o.host) {
    const me = hostOf(keepConfigOrOff());
    out = out.filter((s) => rowHost(s.path, me) === o.host);
  }
  const words = o.query.toLowerCase().trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const scores = scoreAll(out, words);
    // Best match first; equal scores in the chosen order.
    const ordered = sortList(out, o.sort === "threaded" ? "recent" : o.sort).filter((s) => scores.has(s));
    const rank = new Map(ordered.map((s, i) => [s, i]));
    ordered.sort((a, b) => scores.get(a)! - scores.get(b)! || rank.get(a)! - rank.get(b)!);
    return { items: ordered, prefixes: ordered.map(() => "") };
  }
  // "Current project first": with every project listed by recency, this project's sessions lead.
  const here = (s: SessionSummary) => o.scope === "all" && !!o.cwd && inProject(s.cwd, o.cwd);
  if (o.sort === "threaded") return threaded(out, here);
  const sorted = sortList(out, o.sort);
  const items = o.sort === "recent" && o.cwd && o.scope === "all" ? [...sorted.filter(here), ...sorted.filter((s) => !here(s))] : sorted;
  return { items, prefixes: items.map(() => "") };
}

/** The sessions only, in list order (tests and callers that draw no guides). */
export function listViewOf(list: SessionSummary[], q: string, sort: SortMode, scope: ListScope, cwd: string, named = false): SessionSummary[] {
  return sessionListView(list, { query: q, sort, scope, cwd, named }).items;
}
