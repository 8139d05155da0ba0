// Where a session's parent is: the header's parentSession (a fork's source
// file), resolved against the session's own folder when relative.
import { dirname, isAbsolute, resolve } from "node:path";
import { artifactsOwner } from "../session/index.js";

/** The parent file a session names, resolved; null when it names none. */
export function resolveParent(file: string, parentSession: unknown): string | null {
  if (typeof parentSession !== "string" || parentSession === "") return null;
  return isAbsolute(parentSession) ? parentSession : resolve(dirname(file), parentSession);
}

/**
 * Whether a session's calls belong to another session's row (a subagent), and
 * the parent file when only its place names it. A subagent hangs from its
 * parent's call (`parentEntryId`, as the Claude Code and OpenCode readers
 * give), or is a pi or omp session in another's artifacts dir (an omp task's
 * `<parent>/<agent id>.jsonl`, whose header names the parent, or a pi-subagents
 * run, whose header does not).
 */
export function subagentOf(file: string, agent: string, header: Record<string, unknown>): { subagent: boolean; placedIn: string | null } {
  if (typeof header.parentEntryId === "string" && header.parentEntryId !== "") return { subagent: true, placedIn: null };
  if (agent !== "pi" && agent !== "omp") return { subagent: false, placedIn: null };
  const owner = artifactsOwner(file);
  return { subagent: owner !== null, placedIn: owner };
}
