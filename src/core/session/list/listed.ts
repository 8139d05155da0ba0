// Which sessions a listing shows. A file with no message and no name is not
// a session its agent would show when the agent's own list leaves such files
// out (Dialect.hidesEmpty: a Claude Code transcript of nothing but file
// snapshots or queue records, a Codex rollout that never got a prompt): the
// list, search, stats and the browser leave it out too, unless it was named
// as a path. A transcript of nothing but the agent's own warm-up exchange (a
// Claude Code sidechain of its `Warmup` prompt, DialectFacts.warmupOnly) holds
// no conversation and is left out the same way. `doctor` reads and counts
// them (drift.ts), so none is dropped silently.
import type { SessionSummary } from "../model.js";
import { dialectFor } from "../read/dialect-of.js";

/** Whether a listing shows this row when it was found in a dir, not named. */
export function shownInList(s: SessionSummary): boolean {
  if (!s.valid || (s.messageCount > 0 && s.warmupOnly !== true) || s.name !== null) return true;
  return dialectFor(s.agent)?.hidesEmpty !== true;
}
