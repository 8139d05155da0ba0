import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { parseArgs, bool } from "../args.js";
import { loadArg } from "./load-or-exit.js";
import { applyWrite } from "../../core/session/write/index.js";
import { printWrite } from "./write-output.js";

export const renameCommand: Command = {
  name: "rename",
  summary: "rename a session, in the file's dialect",
  usage: `Usage: omp-sessions rename FILE NAME [--force] [--json]

Renames the session (NAME may be several words). pi sessions get a
session_info entry; omp sessions with a title slot get the slot rewritten in
place (same 256 bytes; a long name is cut to fit there) plus a title_change
entry; omp sessions without a slot get a title_change entry.

  --force   write even when the session looks live
  --json    print the appended entry as JSON

Exit status: 0 done, 1 failure, 2 bad usage, 3 no such file,
4 refused (live session, file changed under us, .jsonl.gz, version 1).`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--json", "--force"] });
    const [file, ...words] = args.positional;
    const name = words.join(" ").trim();
    if (!file) throw new UsageError("missing FILE");
    if (!name) throw new UsageError("missing NAME");
    const s = await loadArg(file);
    const r = await applyWrite(s, { op: "rename", name }, { force: bool(args, "--force") });
    printWrite(r, bool(args, "--json"));
    return 0;
  },
};
