import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { WriteRefusedError } from "../../core/errors.js";
import { parseArgs, bool } from "../args.js";
import { loadWritableArg } from "./session-arg.js";
import { applyWrite, planWrite } from "../../core/session/index.js";
import { printPlan, printWrite } from "./write-output.js";

export const renameCommand: Command = {
  name: "rename",
  summary: "rename a session, in the file's dialect",
  usage: `Usage: omp-sessions rename FILE NAME [--dry-run] [--yes] [--force] [--json]

Renames the session (NAME may be several words). pi sessions get a
session_info entry; omp sessions with a title slot get the slot rewritten in
place (same 256 bytes; a long name is cut to fit there) plus a title_change
entry. An omp session without a slot (older omp) is renamed as omp does it:
the file is rewritten whole with a slot added and the header's title set,
every other line byte for byte, a title_change appended. That rewrite happens
only when the file is not live (--force does not override it) and only if
the file still holds the bytes read at the moment of the swap. It needs
--yes: without it the preview is printed and nothing is written (exit 4).
omp cleans names (control characters and runs of spaces become one space).

  --dry-run print what would be written, write nothing
  --yes     do the whole-file rewrite the preview describes
  --force   write even when the session looks live (appends only)
  --json    print the appended entry as JSON

Exit status: 0 done, 1 failure, 2 bad usage, 3 no such file,
4 refused (a read-only format: Claude Code, Codex, Gemini CLI, OpenCode;
live session, file changed under us, .jsonl.gz, version 1).`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--json", "--force", "--dry-run", "--yes"] });
    const [file, ...words] = args.positional;
    const name = words.join(" ").trim();
    if (!file) throw new UsageError("missing FILE");
    if (!name) throw new UsageError("missing NAME");
    const s = await loadWritableArg(file);
    const plan = await planWrite(s, { op: "rename", name });
    if (bool(args, "--dry-run")) {
      printPlan(plan, bool(args, "--json"));
      return 0;
    }
    if (plan.rewrite && !bool(args, "--yes")) {
      printPlan(plan, bool(args, "--json"));
      throw new WriteRefusedError(`${file}: this rename rewrites the whole file (shown above); run it again with --yes to do it`);
    }
    const r = await applyWrite(s, { op: "rename", name }, { force: bool(args, "--force") });
    printWrite(r, bool(args, "--json"));
    return 0;
  },
};
