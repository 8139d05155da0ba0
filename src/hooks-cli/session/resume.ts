import { resolve } from "node:path";
import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { parseArgs, bool } from "../args.js";
import { sessionFileSize, summarizeSession } from "../../core/session/index.js";
import { SessionError } from "../../core/errors.js";
import { commandLine, resumeCommand, resumeRefusal, shownCommand } from "../../core/agents/resume-command.js";
import { resumeProblem, runAgent } from "../../core/agents/run-agent.js";
import { resumeTargetOf } from "../../core/agents/resume-target.js";
import { safeText } from "../../core/session/index.js";
import { stdout } from "../stdout.js";

export const resumeCommandCli: Command = {
  name: "resume",
  summary: "start the session's agent on it again, in the session's cwd (--print: only print the command)",
  usage: `Usage: omp-sessions resume FILE [--print] [--json]

Starts the agent that wrote FILE on it again, in the session's cwd, with the
terminal: pi as \`pi --session FILE\`, omp as \`omp --resume FILE\` (with
\`--profile NAME\` for a session in an omp profile), Claude Code as
\`claude --resume ID\`, Codex as \`codex resume ID\`, Gemini CLI as
\`gemini --resume ID\`, OpenCode as \`opencode --session ID\` (the same
command as r in the browser). The command is shown on stderr before it
runs; the agent's exit status is passed on.

  --print   only print the command (one shell line: cd DIR && agent …;
            on Windows cmd's: pushd "DIR" && agent …)
  --json    with --print: {agent, bin, args, cwd} as JSON

A session made on Windows (its cwd C:\\… or \\\\server\\share\\…) read on
another system has a folder no shell here can enter: --print gives the
agent's command alone, with a comment saying where the session was made
("pi --session FILE  # made on Windows in E:\\work\\app (no such folder
here)"; --json: cwd "" and windowsCwd), and resume does not start it
(exit 1, with that command to run by hand).

A Claude Code session handed on to a background session (its
\`continued-in\` record) is resumed as asked, as \`claude --resume ID\` does,
with a note on stderr naming the session the conversation went on in.

To resume at an earlier entry, move the position first
(\`omp-sessions continue FILE ID\`), or press r on it in the browser's tree.

Exit status: the agent's own; 1 the agent or the session's folder is
missing, or the session was made on Windows and this is not (the command to
run by hand is printed), 2 bad usage, 3 not a session file, 4 no agent
known for this file, or its session id refused (one shaped like an option,
say).`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--print", "--json"] });
    const [file, extra] = args.positional;
    if (!file) throw new UsageError("missing FILE");
    if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
    if (bool(args, "--json") && !bool(args, "--print")) throw new UsageError("--json goes with --print");
    // Missing, a folder, a FIFO: said as every command that opens a session says it.
    sessionFileSize(resolve(file), file);
    const s = await summarizeSession(file);
    if (!s.valid) throw new SessionError(`${file}: ${s.error ?? "not a session file"}`);
    const target = resumeTargetOf(s);
    const cmd = resumeCommand(target);
    const refused = resumeRefusal(target);
    if (refused) {
      process.stderr.write(`omp-sessions resume: refused: ${refused}\n`);
      return 4;
    }
    if (!cmd) {
      process.stderr.write(`omp-sessions resume: no agent is known for ${safeText(s.path)} (${s.agent})\n`);
      return 4;
    }
    // Claude Code's --resume of it opens this conversation as it was when handed on; its picker shows the one it went on in.
    if (s.continuedIn) process.stderr.write(`omp-sessions resume: this conversation went on in session ${safeText(s.continuedIn)} (claude --resume ${safeText(s.continuedIn)} to go on there)\n`);
    if (bool(args, "--print")) {
      // Raw for a shell or a script to read back (eval "$(omp-sessions resume F --print)"); made safe on a terminal.
      const line = bool(args, "--json") ? JSON.stringify(cmd) : stdout().isTTY ? shownCommand(cmd) : commandLine(cmd);
      stdout().write(line + "\n");
      return 0;
    }
    const problem = resumeProblem(cmd, process.env, s.path);
    if (problem) {
      process.stderr.write(`omp-sessions resume: ${problem}\n`);
      return 1;
    }
    process.stderr.write(`omp-sessions: resuming with ${shownCommand(cmd)}\n`);
    return runAgent(cmd);
  },
};
