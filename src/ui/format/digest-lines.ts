// A captured session as a list row, and its digest (markdown) as readable lines.
import { homedir } from "node:os";
import { safeText } from "../../core/session/index.js";
import { readFrontmatter } from "../../core/capture/frontmatter.js";
import type { State } from "../../core/capture/state.js";
import { age } from "../../core/format/age.js";
import { tildePath } from "../../core/fs/home-path.js";
import type { Line } from "./lines.js";
import { fitWidth as fit } from "./width.js";

const HOME = homedir();
const s = (v: unknown): string => (v == null ? "" : String(v));
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** Below this many columns the trigger and promoted columns give way (the pane shows both): the session's name needs the room. */
export const NARROW_DIGESTS = 80;

export function digestColumns(width: number) {
  const narrow = width < NARROW_DIGESTS;
  const fixed = { harness: 7, age: 4, trigger: narrow ? 0 : 13, promoted: narrow ? 0 : 4 };
  const rest = Math.max(30, width - (fixed.harness + fixed.age + fixed.trigger + fixed.promoted) - (narrow ? 4 : 6));
  const session = Math.max(10, Math.min(40, Math.floor(rest * 0.4)));
  const project = Math.max(10, Math.min(30, Math.floor(rest * 0.3)));
  return { ...fixed, session, project, topics: Math.max(6, rest - session - project) };
}

/** The cells of a row in order, leaving out the trigger and promoted columns when they have no width. */
const cells = (c: ReturnType<typeof digestColumns>, harness: string, session: string, project: string, seen: string, trigger: string, promoted: string, topics: string): string =>
  [harness, session, project, seen, ...(c.trigger ? [trigger, promoted] : []), topics].join(" ");

export function digestHeader(width: number): string {
  const c = digestColumns(width);
  return cells(c, fit("harness", c.harness, true), fit("session", c.session, true), fit("project", c.project, true), "seen".padStart(c.age), fit("trigger", c.trigger, true), "prom".padStart(c.promoted), "topics");
}

/** Splits a digest into frontmatter fields and body (gray-matter: hand-edited digests read too). */
export function parseDigest(text: string): { fields: Record<string, unknown>; body: string } {
  const fm = readFrontmatter(text);
  return fm === null ? { fields: {}, body: text } : { fields: fm.data, body: fm.body };
}

/**
 * `codex   Tidy the build script   ~/work/app   3h stop   1 demo`: `title` is the session's title as
 * the list shows it (format/list-title.ts), when the list holds it; else its capture id.
 */
export function digestRow(state: State, trigger: string, width: number, now: number, title?: string): string {
  const c = digestColumns(width);
  const topics = strings(state.topics).join(", ");
  const promoted = strings(state.promoted_to).length;
  return cells(
    c,
    fit(safeText(s(state.harness)), c.harness, true),
    fit(title ?? safeText(s(state.llm_wiki_session_id)), c.session, true),
    fit(safeText(tildePath(s(state.cwd), HOME) || "(no cwd)"), c.project, true),
    (state.last_seen_at ? age(s(state.last_seen_at), now) : "").padStart(c.age),
    fit(safeText(trigger), c.trigger, true),
    (promoted ? String(promoted) : "").padStart(c.promoted),
    fit(safeText(topics || "—"), c.topics),
  );
}

/** Markdown to terminal lines: headings bold, table rows as `Field: value`, code ticks dropped. */
function markdownLines(body: string): Line[] {
  const out: Line[] = [];
  for (const raw of body.split("\n")) {
    const line = safeText(raw);
    const h = /^(#+)\s+(.*)$/.exec(line);
    if (h) {
      out.push({ text: h[2], tone: h[1].length === 1 ? "accent" : undefined, bold: true });
      continue;
    }
    if (/^\|\s*-/.test(line) || /^\|\s*Field\s*\|\s*Value\s*\|/.test(line)) continue;
    const row = /^\|(.*)\|\s*$/.exec(line);
    if (row) {
      const cells = row[1].split(/(?<!\\)\|/).map((x) => x.trim().replace(/\\\|/g, "|"));
      out.push({ text: `  ${cells[0]}: ${cells.slice(1).join(" ")}` });
      continue;
    }
    out.push({ text: line.replace(/`([^`]*)`/g, "$1"), tone: line.startsWith("- ") ? undefined : "primary" });
  }
  return out;
}

/** Who/where (`title`: the session's title as the list shows it, when listed), topics and promotions: from the session's state, no file needed. */
function stateLines(state: State, title?: string): Line[] {
  const out: Line[] = [];
  if (title) out.push({ text: title, tone: "accent", bold: true });
  out.push({ text: safeText(`${s(state.llm_wiki_session_id)} · ${s(state.harness)} · ${s(state.cwd) || "unknown cwd"}`), tone: "accent", bold: true });
  const topics = strings(state.topics);
  const promoted = strings(state.promoted_to);
  out.push({ text: safeText(`topics: ${topics.join(", ") || "none"} · ${promoted.length} promoted note${promoted.length === 1 ? "" : "s"}`), tone: "muted" });
  for (const p of promoted) out.push({ text: safeText(`  → ${p}`), tone: "muted" });
  return out;
}

/** The digest pane while its file is being read. */
export function digestLoadingLines(state: State, title?: string): Line[] {
  return [...stateLines(state, title), { text: "" }, { text: "reading the digest…", tone: "muted" }];
}

/** The digest pane: who/where, topics and promotions, then the digest body (`text` null: no file). */
export function digestLines(state: State, text: string | null, title?: string): Line[] {
  const out = stateLines(state, title);
  if (text === null) {
    out.push({ text: "" }, { text: "no digest on disk for this session yet", tone: "muted" });
    return out;
  }
  const { fields, body } = parseDigest(text);
  out.push({ text: safeText(`digest ${s(state.last_digest_path)} · trigger ${s(fields.capture_trigger)} · ${s(fields.tool_event_count)} tool events`), tone: "muted" });
  out.push({ text: "" }, ...markdownLines(body.trim()));
  return out;
}
