import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { parseArgs, bool } from "../args.js";
import { loadWritableArg, printJson } from "./session-arg.js";
import { forkSession } from "../../core/session/index.js";
import { safeText } from "../../core/session/index.js";
import { stdout } from "../stdout.js";

export const forkCommand: Command = {
  name: "fork",
  summary: "write a new session holding the path to an entry; prints its path",
  usage: `Usage: omp-sessions fork FILE ID [--json]

Writes a new session file next to FILE holding the path from the root to entry
ID (label entries left out, then the labels in force on that path re-added),
with a fresh header whose parentSession is FILE. FILE is not changed. Prints
the new file's path; --json prints {file, parentSession, id, copied, labels,
leafId}.

Exit status: 0 done, 1 failure, 2 bad usage, 3 no such file or entry,
4 refused (a read-only format: Claude Code, Codex, Gemini CLI, OpenCode).`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--json", "--force"] });
    const [file, id] = args.positional;
    if (!id) throw new UsageError("missing ID");
    const s = await loadWritableArg(file);
    const plan = await forkSession(s, id);
    if (bool(args, "--json")) {
      printJson({ file: plan.file, parentSession: plan.source, id: plan.header.id, copied: plan.copied, labels: plan.labels.length, leafId: plan.leafId });
    } else stdout().write(safeText(plan.file) + "\n");
    return 0;
  },
};
