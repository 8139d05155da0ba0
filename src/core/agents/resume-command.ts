// How each agent is started again on one of its sessions. The flags were read
// from the agents' published CLIs: pi (@mariozechner/pi-coding-agent 0.73)
// takes `--session <path|id>` and opens a path as is; omp
// (@oh-my-pi/pi-coding-agent 18.3) takes `--resume <path|id>`, opens a path
// as is, and needs `--profile NAME` for a session kept in a profile's agent
// dir. The others are keyed by session id, as their CLI references document
// it: Claude Code `claude --resume <session-id>` (`-r`), Codex
// `codex resume <SESSION_ID>`, Gemini CLI `gemini --resume <session UUID>`,
// OpenCode `opencode --session <id>` (`-s`). Claude Code and Gemini CLI look
// the id up in the project of the directory they start in, hence the cwd.
import { sep } from "node:path";
import { safeText } from "../session/text/safe-text.js";
import { shellWord } from "./shell-word.js";
import { agentOf as agentOfSession, isAgentId, type AgentId } from "./agent-id.js";

export type ResumeAgent = AgentId;

export interface ResumeTarget {
  /** The session file (pi, omp) — or whatever the agent keys its sessions by. */
  file: string;
  /** The session id from the header. */
  id: string;
  /** The header's cwd ("" when it has none). */
  cwd: string;
  /** The file's dialect as the reader tells it ("unknown": decided by where the file lives). */
  dialect: string;
  /** The agent, when the reader names it. */
  agent?: AgentId;
}

export interface ResumeCommand {
  agent: ResumeAgent;
  /** The program, looked up on PATH. */
  bin: string;
  args: string[];
  /** Where the agent starts: the session's cwd. */
  cwd: string;
}

type Builder = (t: ResumeTarget) => string[];

/** The argument list per agent, after the program name. */
const ARGS: Record<ResumeAgent, Builder> = {
  pi: (t) => ["--session", t.file],
  omp: (t) => [...profileFlag(t.file), "--resume", t.file],
  claude: (t) => ["--resume", t.id],
  codex: (t) => ["resume", t.id],
  gemini: (t) => ["--resume", t.id],
  opencode: (t) => ["--session", t.id],
};

/** A file under ~/.omp/profiles/NAME/agent/ belongs to that omp profile. */
function profileFlag(file: string): string[] {
  const parts = file.split(sep);
  const i = parts.lastIndexOf("profiles");
  if (i > 0 && parts[i - 1] === ".omp" && parts[i + 2] === "agent" && /^[A-Za-z0-9._-]+$/.test(parts[i + 1] ?? "")) {
    return ["--profile", parts[i + 1]];
  }
  return [];
}

/** The agent a session belongs to; a file that shows no omp-only entry is omp's when it lives under a .omp dir. */
export function agentOf(t: ResumeTarget): ResumeAgent | null {
  if (isAgentId(t.agent)) return t.agent;
  if (isAgentId(t.dialect)) return t.dialect;
  if (t.dialect === "unknown") return agentOfSession({ file: t.file });
  return null;
}

// A session id as the id-keyed agents make them (UUIDs, `ses_…`, `rollout-…`): letters and digits first,
// then letters, digits, `.`, `_`, `:` and `-`. Never a leading `-`: the agent would read it as an option.
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,255}$/;

/**
 * Why a session's own values must not reach the agent's command line, or
 * null. The id and the file come from the session file, which anyone can
 * write: a Claude Code `sessionId` of `--dangerously-skip-permissions` would
 * otherwise run `claude --resume --dangerously-skip-permissions`.
 */
export function resumeRefusal(t: ResumeTarget): string | null {
  const agent = agentOf(t);
  if (!agent) return null;
  if (agent === "pi" || agent === "omp") return t.file.startsWith("-") ? `the session's path starts with "-": ${safeText(t.file)}` : null;
  if (!SESSION_ID.test(t.id)) return `the session id ${JSON.stringify(safeText(t.id.slice(0, 80)))} is not a ${agent} session id (letters, digits, . _ : - and no leading -): not passed to ${agent}`;
  return null;
}

/** The command that resumes the session, or null for an agent we cannot start or a session whose id is refused (resumeRefusal says why). */
export function resumeCommand(t: ResumeTarget): ResumeCommand | null {
  const agent = agentOf(t);
  if (!agent || resumeRefusal(t)) return null;
  return { agent, bin: agent, args: ARGS[agent](t), cwd: t.cwd };
}

/** The command as one shell line (`cd DIR && agent …`), raw: for a script, never for the terminal as is. */
export function commandLine(c: ResumeCommand): string {
  const run = [c.bin, ...c.args].map(shellWord).join(" ");
  // `cd -P` would be an option: a folder named with a leading dash follows `--`
  return c.cwd ? `cd ${c.cwd.startsWith("-") ? "-- " : ""}${shellWord(c.cwd)} && ${run}` : run;
}

/** The command line made terminal-safe: a session's cwd and path come from the file. */
export const shownCommand = (c: ResumeCommand): string => safeText(commandLine(c));
