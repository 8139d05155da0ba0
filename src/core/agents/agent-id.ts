// Which agent a session belongs to, its name for people, and whether we write
// its files. Every caller (the list's tag and filter, `ls --agent`, the
// read-only refusal of the write keys and commands, resume) asks here, so the
// answer comes from one place: the reader's `agent` when it gives one, else
// the pi/omp dialect of the file.
import { sep } from "node:path";
import type { AgentId } from "../session/read/dialect-api.js";
import { dialectFor } from "../session/read/dialect-of.js";
import { archivedReason } from "../keep/view-path.js";

export type { AgentId };

/** Every agent, in the order the list's filter cycles them. */
export const AGENT_IDS: readonly AgentId[] = ["pi", "omp", "claude", "codex", "gemini", "opencode"];

/** How the screen and the messages name each agent. */
export const AGENT_LABELS: Readonly<Record<AgentId, string>> = {
  pi: "pi",
  omp: "omp",
  claude: "Claude Code",
  codex: "Codex",
  gemini: "Gemini CLI",
  opencode: "OpenCode",
};

/** The agents whose files we append to (label, continue, fork, rename, undo). */
const WRITABLE: ReadonlySet<AgentId> = new Set<AgentId>(["pi", "omp"]);

export const isAgentId = (v: unknown): v is AgentId => typeof v === "string" && (AGENT_IDS as readonly string[]).includes(v);

/** What the helper reads of a session or a list row: the reader's agent, the dialect, whether it may be written, and where it lives. */
export interface AgentSource {
  agent?: AgentId | null;
  /** The session's own say (Session.writable), when it has one. */
  writable?: boolean;
  dialect?: string;
  /** The row's path (SessionSummary) or the session's file (Session). */
  path?: string;
  file?: string;
}

/**
 * The agent of a session or row. A file whose dialect the reader could not
 * tell (an invalid or empty pi/omp file) is omp's under a `.omp` dir, else pi's.
 */
export function agentOf(s: AgentSource): AgentId {
  // The reader's word wins, even for an agent this list does not name (a dialect registered later).
  if (typeof s.agent === "string" && s.agent) return s.agent;
  if (isAgentId(s.dialect)) return s.dialect;
  const where = s.path ?? s.file ?? "";
  return where.split(sep).includes(".omp") ? "omp" : "pi";
}

/** How people call an agent: its label here, else its registered dialect's, else its id. */
export const agentLabel = (agent: AgentId): string => AGENT_LABELS[agent] ?? dialectFor(agent)?.label ?? agent;

/** Whether omp-sessions writes to this session's source: the session's own `writable`, else by its agent. */
export const isWritable = (s: AgentSource): boolean => (typeof s.writable === "boolean" ? s.writable : WRITABLE.has(agentOf(s)));

/** The one status line (and error) for a write refused on a read-only format; null when the session is writable. */
export function readOnlyReason(s: AgentSource): string | null {
  // A copy read from the archive (keep) is never written, whatever its agent.
  const archived = archivedReason(s.file ?? s.path ?? "");
  if (archived) return `read-only: ${archived}`;
  if (isWritable(s)) return null;
  return `read-only: ${agentLabel(agentOf(s))} sessions are not written by omp-sessions (export and resume still work)`;
}

/**
 * `--agent X` values: each may be a comma list. Returns the agents, or the
 * first value that names none (for a usage error listing the valid ones).
 */
export function parseAgentList(values: readonly string[]): { agents: AgentId[] } | { bad: string } {
  const out: AgentId[] = [];
  for (const v of values) {
    for (const part of v.split(",")) {
      const a = part.trim().toLowerCase() as AgentId;
      if (!a) continue;
      if (!isAgentId(a) && !dialectFor(a)) return { bad: part.trim() };
      if (!out.includes(a)) out.push(a);
    }
  }
  return { agents: out };
}

/**
 * A session's format for a header line: pi's and omp's dialect and version
 * ("omp v3"), another agent's name and the version that wrote it ("Claude
 * Code 2.1.12", read-only).
 */
export function formatOf(s: { agent?: AgentId; dialect: string; version: number; header: Record<string, unknown>; held?: unknown }): string {
  if (!s.held || !s.agent) return `${s.dialect} v${s.version}`;
  const v = typeof s.header.agentVersion === "string" && s.header.agentVersion ? ` ${s.header.agentVersion}` : "";
  return `${agentLabel(s.agent)}${v} (read-only)`;
}
