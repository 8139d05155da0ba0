// How each agent is started again on one of its sessions: the program is the
// agent's id, its arguments the registry's (session/agents.ts, where the flags
// of each agent's CLI are noted), run in the session's cwd — Claude Code and
// Gemini CLI look the id up in the project of the directory they start in.
import { safeText } from "../session/index.js";
import { cmdWord, shellWord } from "./shell-word.js";
import { isWindowsPath } from "../fs/windows-path.js";
import { agentInfo, agentOf as agentOfSession, isAgentId, type AgentId, type ResumeTarget } from "../session/index.js";

export type { ResumeTarget };
export type ResumeAgent = AgentId;

export interface ResumeCommand {
  agent: ResumeAgent;
  /** The program, looked up on PATH. */
  bin: string;
  args: string[];
  /** Where the agent starts: the session's cwd ("" for none, or one made on Windows when this is not: see `windowsCwd`). */
  cwd: string;
  /**
   * The session's cwd when it is a Windows path and this machine is not
   * Windows (a copied home, the archive): no shell here can enter it, so
   * the command has no cd and `resume` refuses to start it.
   */
  windowsCwd?: string;
}

/** The agent a session belongs to: the reader's word (null when the registry does not hold it), else pi's or omp's by where the file lives. */
export function agentOf(t: ResumeTarget): ResumeAgent | null {
  if (t.agent === undefined || t.agent === null) return agentOfSession({ file: t.file });
  return isAgentId(t.agent) ? t.agent : null;
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
  const info = agentInfo(agent);
  const id = info ? info.resumeId(t) : t.id;
  if (id === "" && t.id !== "") return `${info?.label ?? agent} cannot resume this chat: a subagent's that ran in no session it lists`;
  if (id === "") return `the session has no ${agent} session id (its file names none): nothing to pass to ${agent}`;
  if (!SESSION_ID.test(id)) return `the session id ${JSON.stringify(safeText(id.slice(0, 80)))} is not a ${agent} session id (letters, digits, . _ : - and no leading -): not passed to ${agent}`;
  return null;
}

/**
 * The command that resumes the session, or null for an agent we cannot start
 * or a session whose id is refused (resumeRefusal says why). `platform`: the
 * machine's (a test's stand-in).
 */
export function resumeCommand(t: ResumeTarget, platform: NodeJS.Platform = process.platform): ResumeCommand | null {
  const agent = agentOf(t);
  if (!agent || resumeRefusal(t)) return null;
  const info = agentInfo(agent);
  if (!info) return null;
  const args = info.resumeArgs(t);
  if (platform !== "win32" && isWindowsPath(t.cwd)) return { agent, bin: agent, args, cwd: "", windowsCwd: t.cwd };
  return { agent, bin: agent, args, cwd: t.cwd };
}

/**
 * The command as one shell line, raw: for a script, never for the terminal as
 * is. A POSIX shell's (`cd DIR && agent …`); on Windows cmd's (`pushd "DIR" &&
 * agent …`); a session made on Windows, read elsewhere, gets the agent's
 * command alone and a comment that says where it was made.
 */
export function commandLine(c: ResumeCommand, platform: NodeJS.Platform = process.platform): string {
  if (platform === "win32") {
    const run = [c.bin, ...c.args].map(cmdWord).join(" ");
    // pushd, not `cd /d`: cmd cannot cd to a share (\\server\share), pushd maps it to a drive; PowerShell reads it too.
    return c.cwd ? `pushd ${cmdWord(c.cwd)} && ${run}` : run;
  }
  const run = [c.bin, ...c.args].map(shellWord).join(" ");
  // Only the comment's line may hold the path: control characters (a newline would end the comment) are made inert.
  if (c.windowsCwd) return `${run}  # made on Windows in ${safeText(c.windowsCwd)} (no such folder here)`;
  // `cd -P` would be an option: a folder named with a leading dash follows `--`
  return c.cwd ? `cd ${c.cwd.startsWith("-") ? "-- " : ""}${shellWord(c.cwd)} && ${run}` : run;
}

/** The command line made terminal-safe: a session's cwd and path come from the file. */
export const shownCommand = (c: ResumeCommand, platform: NodeJS.Platform = process.platform): string => safeText(commandLine(c, platform));
