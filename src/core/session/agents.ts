// The one agent registry: every agent whose sessions are read, with what the
// rest of the program asks of it — its id and label, whether its files are
// written, where it keeps sessions, how it is started again on one, and
// which exports it has. The list's tag and filter, `ls --agent`, the
// read-only refusal of the write keys and commands, resume and the docs'
// table, `ls`'s discovery of other agents' places and the search for a
// captured session by its id all read this; a dialect (read/dialect-api.ts)
// reads records and names its places, reached through here. The ids are
// agent-ids.ts's one list; the capture harnesses (capture/harness.ts,
// hooks-install/targets.ts) are checked against it.
// Which agent a given session is comes from its reader: the dialect that
// claims it, else pi or omp by the file's marks (read/dialects/pi/omp-marks.ts).
import { sep } from "node:path";
import { homedir } from "node:os";
import { AGENT_IDS, type AgentId } from "./agent-ids.js";
import { dialectFor } from "./read/dialect-of.js";
import { defaultAgentDirs } from "./list/discover.js";
import { findPiSession } from "./list/pi-by-id.js";
import { archivedReason } from "../keep/view-path.js";
import { resumeIdOf as claudeResumeId } from "./read/dialects/claude/paths.js";
import { resumeIdOf as geminiResumeId } from "./read/dialects/gemini/paths.js";

export { AGENT_IDS, type AgentId };

/** What resume needs of a session (resume-target.ts makes it). */
export interface ResumeTarget {
  /** The session file (pi, omp) — or whatever the agent keys its sessions by. */
  file: string;
  /** The session id from the header. */
  id: string;
  /** The header's cwd ("" when it has none). */
  cwd: string;
  /** The header's parentSession, when it names one (a Claude Code sidechain resumes its parent's session). */
  parentSession?: string | null;
  /** The agent, when the reader names it (absent: decided by where the file lives). */
  agent?: AgentId | null;
}

export type ExportFormatName = "md" | "html" | "jsonl";

/** Where a session is looked for by its id (findById). */
export interface FindWhere {
  /** The session's cwd, when known (""): some agents name a project's dir after it. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  home: string;
  /** pi/omp agent dirs to look in (default: every one that exists). */
  agentDirs?: readonly string[];
}

/**
 * How the agent feeds the capture hook (`install-hooks`, hooks-install/targets.ts):
 * hook commands in its settings file, an extension file in its agent dir, or a plugin file.
 */
export type CaptureKind = "hooks" | "extension" | "plugin";

export interface AgentInfo {
  id: AgentId;
  /** How the screen and the messages name it. */
  label: string;
  /** Whether omp-sessions appends to its files (label, continue, fork, rename, undo). */
  writable: boolean;
  /**
   * Where it keeps sessions by default, after env overrides: every place it
   * may use, whether it exists or not (pi's and omp's: their agent dirs that
   * exist, as profiles are found by listing). Discovery lists the ones that
   * exist; `ls` names them all when it finds nothing.
   */
  places(env?: NodeJS.ProcessEnv, home?: string): string[];
  /** The source of one of its sessions by the agent's own id (a captured session's), or null when it is not on this machine. */
  findById(id: string, where: FindWhere): Promise<string | null>;
  /**
   * The id it resumes the session by: the session's own, or for a subagent's
   * transcript the session it ran in (Claude Code and Gemini CLI resume
   * sessions, not agents); "" when there is none to resume.
   */
  resumeId(t: ResumeTarget): string;
  /**
   * The arguments that start it again on a session, after the program (named
   * as the agent). The flags were read from the agents' published CLIs: pi
   * (0.73) `--session <path|id>`; omp (18.3) `--resume <path|id>`, with
   * `--profile NAME` for a session kept in a profile's agent dir; Claude Code
   * `--resume <session-id>`; Codex `resume <SESSION_ID>`; Gemini CLI
   * `--resume <session UUID>`; OpenCode `--session <id>`.
   */
  resumeArgs(t: ResumeTarget): string[];
  /** The export formats its sessions have (all three for every agent: another agent's JSONL export is in pi's dialect). */
  exports: readonly ExportFormatName[];
  /** How it feeds the capture hook. */
  capture: CaptureKind;
}

const ALL_EXPORTS: readonly ExportFormatName[] = ["md", "html", "jsonl"];

const isOmpDir = (dir: string): boolean => dir.split(/[\\/]/).includes(".omp");
const isPiDir = (dir: string): boolean => !isOmpDir(dir);

/** A file under ~/.omp/profiles/NAME/agent/ belongs to that omp profile. */
function profileFlag(file: string): string[] {
  const parts = file.split(sep);
  const i = parts.lastIndexOf("profiles");
  if (i > 0 && parts[i - 1] === ".omp" && parts[i + 2] === "agent" && /^[A-Za-z0-9._-]+$/.test(parts[i + 1] ?? "")) {
    return ["--profile", parts[i + 1]];
  }
  return [];
}

type Entry = Omit<AgentInfo, "id">;

/** pi or omp: written, read by the session core, found by id in any agent dir (a session's dir does not say which of the two wrote it). */
function piLike(label: string, ownDir: (dir: string) => boolean, resumeArgs: (t: ResumeTarget) => string[]): Entry {
  return {
    label,
    resumeId: (t) => t.id,
    writable: true,
    places: (env, home) => defaultAgentDirs(env, home).filter(ownDir),
    findById: (id, w) => findPiSession(id, w.env, w.home, w.agentDirs),
    resumeArgs,
    exports: ALL_EXPORTS,
    capture: "extension",
  };
}

/**
 * A read-only agent read through its dialect, which names its places and
 * finds a session by id; it is started again as `<agent> <flag> <resume id>`
 * (the session's own id unless `resumeId` says otherwise).
 */
function other(id: AgentId, label: string, capture: CaptureKind, flag: string, resumeId: (t: ResumeTarget) => string = (t) => t.id): Entry {
  return {
    label,
    resumeId,
    writable: false,
    places: (env = process.env, home = homedir()) => dialectFor(id)?.defaultRoots(env, home) ?? [],
    findById: async (sid, w) => (await dialectFor(id)?.findById?.(sid, w.cwd, w.env, w.home)) ?? null,
    resumeArgs: (t) => [flag, resumeId(t)],
    exports: ALL_EXPORTS,
    capture,
  };
}

// One entry per id (the type says every id has one).
const ENTRIES: Readonly<Record<AgentId, Entry>> = {
  pi: piLike("pi", isPiDir, (t) => ["--session", t.file]),
  omp: piLike("omp", isOmpDir, (t) => [...profileFlag(t.file), "--resume", t.file]),
  claude: other("claude", "Claude Code", "hooks", "--resume", (t) => claudeResumeId(t.file, t.id, t.parentSession)),
  codex: other("codex", "Codex", "hooks", "resume"),
  gemini: other("gemini", "Gemini CLI", "hooks", "--resume", (t) => geminiResumeId(t.file, t.id)),
  opencode: other("opencode", "OpenCode", "plugin", "--session"),
};

/** Every agent, in the order the list's filter cycles them (agent-ids.ts). */
export const AGENTS: readonly AgentInfo[] = AGENT_IDS.map((id) => ({ id, ...ENTRIES[id] }));

const BY_ID: ReadonlyMap<string, AgentInfo> = new Map(AGENTS.map((a) => [a.id, a]));

export const isAgentId = (v: unknown): v is AgentId => typeof v === "string" && BY_ID.has(v);

/** The registry's entry for an agent, or undefined for an id it does not hold (a dialect a test registers). */
export const agentInfo = (agent: string): AgentInfo | undefined => BY_ID.get(agent);

/**
 * Every default place of an agent's sessions (existing or not): the
 * registry's, else a registered dialect's own for an agent the registry does
 * not hold (a test's).
 */
export const agentPlaces = (agent: AgentId, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string[] => agentInfo(agent)?.places(env, home) ?? dialectFor(agent)?.defaultRoots(env, home) ?? [];

/** What is read of a session or a list row to tell its agent, whether it may be written, and where it lives. */
export interface AgentSource {
  agent?: AgentId | null;
  /** The session's own say (Session.writable), when it has one. */
  writable?: boolean;
  /** The row's path (SessionSummary) or the session's file (Session). */
  path?: string;
  file?: string;
}

/**
 * The agent of a session or row: the reader's word. A file the reader could
 * not tell (an invalid or empty pi/omp file) is omp's under a `.omp` dir,
 * else pi's.
 */
export function agentOf(s: AgentSource): AgentId {
  // The reader's word wins, even for an agent this registry does not name (a dialect registered later).
  if (typeof s.agent === "string" && s.agent) return s.agent;
  const where = s.path ?? s.file ?? "";
  return where.split(sep).includes(".omp") ? "omp" : "pi";
}

/** How people call an agent: its label here, else its registered dialect's name, else its id. */
export const agentLabel = (agent: AgentId): string => agentInfo(agent)?.label ?? dialectFor(agent)?.label ?? agent;

/** Whether omp-sessions writes to this session's source: the session's own `writable`, else by its agent. */
export const isWritable = (s: AgentSource): boolean => (typeof s.writable === "boolean" ? s.writable : (agentInfo(agentOf(s))?.writable ?? false));

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
 * The `dialect` key of `tree --json` and `ls --json` (docs/commands.md), from
 * the agent: "pi" or "omp" for their files, "unknown" for other agents'
 * sessions and for a file that is not a session (a row with `valid: false`).
 */
export function printedDialect(s: { agent?: AgentId | null; valid?: boolean }): "pi" | "omp" | "unknown" {
  return s.valid !== false && (s.agent === "pi" || s.agent === "omp") ? s.agent : "unknown";
}

/**
 * A session's format for a header line: pi's and omp's name and version
 * ("omp v3"), another agent's name and the version that wrote it ("Claude
 * Code 2.1.12", read-only).
 */
export function formatOf(s: { agent: AgentId; version: number; header: Record<string, unknown>; held?: unknown }): string {
  if (!s.held) return `${s.agent} v${s.version}`;
  const v = typeof s.header.agentVersion === "string" && s.header.agentVersion ? ` ${s.header.agentVersion}` : "";
  return `${agentLabel(s.agent)}${v} (read-only)`;
}
