// Which sessions the `rehydrate` command shows (§9.1), with each digest's
// summary read by gray-matter. Apart from rehydrate.ts, whose rendering the
// hook uses: the hook never loads a frontmatter library.
import { readRegularText } from "../fs/read-capped.js";
import { absoluteDir, sameDir } from "../fs/same-dir.js";
import { digestSummaryOf } from "./frontmatter.js";
import { listStates, newestFirst, type RehydrateItem } from "./rehydrate.js";
import { storedIdsFor } from "./redact.js";

export interface RehydrateQuery {
  sessionId?: string;
  topic?: string;
  cwd?: string;
  limit?: number;
}

/** The decoded `summary:` of a digest file, or null. */
export function readDigestSummary(path: string): string | null {
  try {
    // a digest path is read from a state file: a FIFO or device there is refused, never waited on
    const text = readRegularText(path);
    return text === null ? null : digestSummaryOf(text);
  } catch {
    return null;
  }
}

/** Selection of §9.1 over all states. */
export function selectForRehydrate(root: string, q: RehydrateQuery, processCwd = process.cwd()): RehydrateItem[] {
  let states = listStates(root)
    .map((x) => x.state)
    .filter((s) => typeof s.last_digest_path === "string" && s.last_digest_path);
  if (q.sessionId) {
    const ids = storedIdsFor(q.sessionId);
    states = states.filter((s) => ids.has(String(s.llm_wiki_session_id)) || ids.has(String(s.native_session_id)));
  }
  if (q.topic) states = states.filter((s) => Array.isArray(s.topics) && s.topics.includes(q.topic));
  if (!q.sessionId && !q.topic) {
    const cwd = absoluteDir(q.cwd ?? processCwd, processCwd);
    states = states.filter((s) => typeof s.cwd === "string" && s.cwd !== "" && sameDir(s.cwd, cwd));
  }
  states.sort(newestFirst);
  return states.slice(0, q.limit ?? 3).map((s) => ({
    sid: String(s.llm_wiki_session_id),
    summary: readDigestSummary(String(s.last_digest_path)),
    cwd: typeof s.cwd === "string" ? s.cwd : null,
    digestPath: String(s.last_digest_path),
  }));
}
