// How each agent is started again on one of its sessions. The flags were read
// from the agents' published CLIs: pi (@mariozechner/pi-coding-agent 0.73)
// takes `--session <path|id>` and opens a path as is; omp
// (@oh-my-pi/pi-coding-agent 18.3) takes `--resume <path|id>`, opens a path
// as is, and needs `--profile NAME` for a session kept in a profile's agent
// dir. The others are keyed by session id; they are listed here so that their
// readers, when they land, only have to name the agent.
import { sep } from "node:path";
import { safeText } from "../session/text/safe-text.js";
import { shellWord } from "./shell-word.js";

export type ResumeAgent = "pi" | "omp" | "claude" | "codex" | "gemini" | "opencode";

export interface ResumeTarget {
  /** The session file (pi, omp) — or whatever the agent keys its sessions by. */
  file: string;
  /** The session id from the header. */
  id: string;
  /** The header's cwd ("" when it has none). */
  cwd: string;
  /** The file's dialect as the reader tells it ("unknown": decided by where the file lives). */
  dialect: string;
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
  if (t.dialect in ARGS) return t.dialect as ResumeAgent;
  if (t.dialect === "unknown") return t.file.split(sep).includes(".omp") ? "omp" : "pi";
  return null;
}

/** The command that resumes the session, or null for an agent we cannot start. */
export function resumeCommand(t: ResumeTarget): ResumeCommand | null {
  const agent = agentOf(t);
  if (!agent) return null;
  return { agent, bin: agent, args: ARGS[agent](t), cwd: t.cwd };
}

/** The command as one shell line (`cd DIR && agent …`), raw: for a script, never for the terminal as is. */
export function commandLine(c: ResumeCommand): string {
  const run = [c.bin, ...c.args].map(shellWord).join(" ");
  return c.cwd ? `cd ${shellWord(c.cwd)} && ${run}` : run;
}

/** The command line made terminal-safe: a session's cwd and path come from the file. */
export const shownCommand = (c: ResumeCommand): string => safeText(commandLine(c));
