import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { parseArgs, bool } from "../args.js";
import { loadWritableArg } from "./session-arg.js";
import { applyWrite } from "../../core/session/index.js";
import { printWrite } from "./write-output.js";

export const labelCommand: Command = {
  name: "label",
  summary: "set (or, without TEXT, clear) the label of an entry",
  usage: `Usage: omp-sessions label FILE ID [TEXT] [--force] [--json]

Appends a label entry for entry ID (TEXT may be several words); without TEXT
the label is cleared. The label entry hangs from the file's current leaf, as
the agents write it, and becomes the new last entry.

  --force   write even when the session looks live (modified in the last
            seconds, or held open by a running agent)
  --json    print the appended entry as JSON

Exit status: 0 done, 1 failure, 2 bad usage, 3 no such file or entry,
4 refused (a read-only format: Claude Code, Codex, Gemini CLI, OpenCode;
live session, file changed under us, .jsonl.gz, version 1).`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--json", "--force"] });
    const [file, id, ...words] = args.positional;
    if (!id) throw new UsageError("missing ID");
    const text = words.join(" ").trim();
    const s = await loadWritableArg(file);
    const r = await applyWrite(s, { op: "label", targetId: id, label: text || undefined }, { force: bool(args, "--force") });
    printWrite(r, bool(args, "--json"));
    return 0;
  },
};
