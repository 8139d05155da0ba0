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
 * Whether a session's calls belong to another session's row (a subagent), the
 * parent file when only its place names it, and whether the calls its parent
 * holds are copies to leave out (`inherits`).
 *
 * A subagent hangs from its parent's call (`parentEntryId`, as the Claude Code
 * and OpenCode readers give): its chain is its own, it copied nothing. Or its
 * place says so, and it may have copied its parent's history: a Claude Code
 * transcript under `<session id>/subagents/` that no Agent call names (a
 * compaction agent `agent-acompact-*` opens with a copy of the conversation
 * it summarises: those calls stay the parent's), or a pi or omp session in
 * another's artifacts dir (an omp task's `<parent>/<agent id>.jsonl`, whose
 * header names the parent, or a pi-subagents run, whose header does not; both
 * start a fresh session and copy nothing). A fork is no subagent, and
 * inherits.
 */
export function subagentOf(file: string, agent: string, header: Record<string, unknown>): { subagent: boolean; placedIn: string | null; inherits: boolean } {
  if (typeof header.parentEntryId === "string" && header.parentEntryId !== "") return { subagent: true, placedIn: null, inherits: false };
  // the reader's word for it (dialect-api.ts DialectFacts.subagent): by place or by what the agent wrote
  if (header.subagent === true) return { subagent: typeof header.parentSession === "string" && header.parentSession !== "", placedIn: null, inherits: true };
  if (agent !== "pi" && agent !== "omp") return { subagent: false, placedIn: null, inherits: true };
  const owner = artifactsOwner(file);
  if (owner === null) return { subagent: false, placedIn: null, inherits: true };
  return { subagent: true, placedIn: typeof header.parentSession === "string" && header.parentSession !== "" ? null : owner, inherits: false };
}
