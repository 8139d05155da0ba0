// How each agent is started again on one of its sessions: the program is the
// agent's id, its arguments the registry's (session/agents.ts, where the flags
// of each agent's CLI are noted), run in the session's cwd — Claude Code and
// Gemini CLI look the id up in the project of the directory they start in.
import { safeText } from "../session/text/safe-text.js";
import { shellWord } from "./shell-word.js";
import { agentInfo, agentOf as agentOfSession, isAgentId, type AgentId, type ResumeTarget } from "../session/agents.js";

export type { ResumeTarget };
export type ResumeAgent = AgentId;

export interface ResumeCommand {
  agent: ResumeAgent;
  /** The program, looked up on PATH. */
  bin: string;
  args: string[];
  /** Where the agent starts: the session's cwd. */
  cwd: string;
}

/** The agent a session belongs to; a file that shows no omp-only entry is omp's when it lives under a .omp dir. */
export function agentOf(t: ResumeTarget): ResumeAgent | null {
  if (isAgentId(t.agent)) return t.agent;
  if (isAgentId(t.dialect)) return t.dialect;
  if (t.dialect === "unknown") return agentOfSession({ file: t.file });
  return null;
}

/** The command that resumes the session, or null for an agent we cannot start. */
export function resumeCommand(t: ResumeTarget): ResumeCommand | null {
  const agent = agentOf(t);
  if (!agent) return null;
  const info = agentInfo(agent);
  if (!info) return null;
  return { agent, bin: agent, args: info.resumeArgs(t), cwd: t.cwd };
}

/** The command as one shell line (`cd DIR && agent …`), raw: for a script, never for the terminal as is. */
export function commandLine(c: ResumeCommand): string {
  const run = [c.bin, ...c.args].map(shellWord).join(" ");
  return c.cwd ? `cd ${shellWord(c.cwd)} && ${run}` : run;
}

/** The command line made terminal-safe: a session's cwd and path come from the file. */
export const shownCommand = (c: ResumeCommand): string => safeText(commandLine(c));
