// Rehydration (§9): a compact pointer block to recent digests, never a transcript.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { readJsonObject } from "./jsonfile.js";
import { stateDir } from "./paths.js";
import type { State } from "./state.js";

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
      files = readdirSync(join(stateDir(root), h))
        .filter((f) => f.endsWith(".json"))
        .sort();
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
