import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { parseArgs, bool, str } from "../args.js";
import { loadWritableArg } from "./session-arg.js";
import { applyWrite, type SummaryChoice } from "../../core/session/index.js";
import { printWrite } from "./write-output.js";

export const continueCommand: Command = {
  name: "continue",
  summary: "move the agent's position to an entry (appends a branch summary)",
  usage: `Usage: omp-sessions continue FILE ID [--summary TEXT | --auto-summary] [--force] [--json]

Moves the session's position to entry ID: appends a branch_summary whose
parent is ID, so the agent resumes from there. The summary is what the agent
will be told about the branch it leaves:

  --summary TEXT   your own text
  --auto-summary   a generated summary of the branch being left (its size, the
                   user's requests, files read or changed, commands, errors)
  (neither)        no summary: only the position moves

  --force          write even when the session looks live
  --json           print the appended entry as JSON

Exit status: 0 done, 1 failure, 2 bad usage, 3 no such file or entry,
4 refused (a read-only format: Claude Code, Codex, Gemini CLI, OpenCode;
live session, file changed under us, .jsonl.gz, version 1).`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--json", "--force", "--auto-summary"], values: ["--summary"] });
    const [file, id, extra] = args.positional;
    if (!id) throw new UsageError("missing ID");
    if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}' (quote a summary and pass it with --summary)`);
    const text = str(args, "--summary");
    const auto = bool(args, "--auto-summary");
    if (text !== undefined && auto) throw new UsageError("give --summary TEXT or --auto-summary, not both");
    const summary: SummaryChoice = auto ? { kind: "auto" } : text !== undefined ? { kind: "text", text } : { kind: "none" };
    const s = await loadWritableArg(file);
    const r = await applyWrite(s, { op: "continue", targetId: id, summary }, { force: bool(args, "--force") });
    printWrite(r, bool(args, "--json"));
    return 0;
  },
};
