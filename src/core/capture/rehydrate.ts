// Rehydration (§9): a compact pointer block to recent digests, never a transcript.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { digestSummaryLine } from "./digest.js";
import { readJsonObject } from "./jsonfile.js";
import { stateDir } from "./paths.js";
import type { State } from "./state.js";
import { storedIdsFor } from "./redact.js";

export const REHYDRATE_HEAD = "llm-wiki session context: review these distilled session digests before continuing.";
export const REHYDRATE_TAIL = "Do not treat session digests as canonical topic knowledge until promoted into a topic wiki.";
export const NO_MATCH = "No matching session digests found.";

export interface RehydrateItem {
  sid: string;
  summary: string | null;
  cwd: string | null;
  digestPath: string;
}

const oneLine = (s: string): string => s.replace(/\r?\n|\r/g, " ");

export function rehydrationText(items: RehydrateItem[]): string {
  const lines = items.map((i) => `- ${oneLine(i.sid)} — ${oneLine(i.summary || `Automated checkpoint for ${i.sid} in ${i.cwd || "unknown cwd"}.`)} Digest: ${oneLine(i.digestPath)}`);
  return [REHYDRATE_HEAD, ...lines, REHYDRATE_TAIL].join("\n");
}

/** Every readable state under ROOT/state (O(sessions); CLI only). */
export function listStates(root: string): { path: string; state: State }[] {
  const out: { path: string; state: State }[] = [];
  let harnesses: string[];
  try {
    harnesses = readdirSync(stateDir(root)).sort();
  } catch {
    return out;
  }
  for (const h of harnesses) {
    let files: string[];
    try {
      files = readdirSync(join(stateDir(root), h)).filter((f) => f.endsWith(".json")).sort();
    } catch {
      continue;
    }
    for (const f of files) {
      const path = join(stateDir(root), h, f);
      try {
        const r = readJsonObject(path);
        if (r.value && typeof r.value.llm_wiki_session_id === "string") out.push({ path, state: r.value });
      } catch {}
    }
  }
  return out;
}

const seen = (s: State): string => (typeof s.last_seen_at === "string" ? s.last_seen_at : "");
export const newestFirst = (a: State, b: State): number => (seen(a) < seen(b) ? 1 : seen(a) > seen(b) ? -1 : 0);

export interface RehydrateQuery {
  sessionId?: string;
  topic?: string;
  cwd?: string;
  limit?: number;
}

/** The decoded `summary:` of a digest file, or null. */
export function readDigestSummary(path: string): string | null {
  try {
    return digestSummaryLine(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

/** Selection of §9.1 over all states. */
export function selectForRehydrate(root: string, q: RehydrateQuery, processCwd = process.cwd()): RehydrateItem[] {
  let states = listStates(root).map((x) => x.state).filter((s) => typeof s.last_digest_path === "string" && s.last_digest_path);
  if (q.sessionId) {
    const ids = storedIdsFor(q.sessionId);
    states = states.filter((s) => ids.has(String(s.llm_wiki_session_id)) || ids.has(String(s.native_session_id)));
  }
  if (q.topic) states = states.filter((s) => Array.isArray(s.topics) && s.topics.includes(q.topic));
  if (!q.sessionId && !q.topic) {
    const cwd = resolve(processCwd, q.cwd ?? processCwd);
    states = states.filter((s) => s.cwd === cwd);
  }
  states.sort(newestFirst);
  return states.slice(0, q.limit ?? 3).map((s) => ({
    sid: String(s.llm_wiki_session_id),
    summary: readDigestSummary(String(s.last_digest_path)),
    cwd: typeof s.cwd === "string" ? s.cwd : null,
    digestPath: String(s.last_digest_path),
  }));
}
