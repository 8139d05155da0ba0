// What resume needs of a session, taken the same way from a loaded session
// (the browser's `r` in the tree) and from a list row (`r` on the list,
// `omp-sessions resume FILE`), so every route builds the same command.
import type { Session, SessionSummary } from "../session/index.js";
import { agentOf } from "../session/index.js";
import type { ResumeTarget } from "./resume-command.js";

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The resume target of a loaded session or of its list row. */
export function resumeTargetOf(s: Session | SessionSummary): ResumeTarget {
  if ("header" in s) return { file: s.file, id: str(s.header.id), cwd: str(s.header.cwd), parentSession: str(s.header.parentSession) || null, agent: agentOf(s) };
  return { file: s.path, id: s.id, cwd: s.cwd, parentSession: s.parentSession, agent: agentOf(s) };
}
