import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { parseArgs, bool } from "../args.js";
import { loadArg, printJson } from "./session-arg.js";
import { readEntryResolved } from "../../core/session/index.js";
import { safeText } from "../../core/session/index.js";
import { jsonText } from "../../core/session/index.js";
import { stdout } from "../stdout.js";

export const showCommand: Command = {
  name: "show",
  summary: "print one entry in full",
  usage: `Usage: omp-sessions show FILE ID [--json]

Prints entry ID as stored (migrated in memory for old versions). --json prints
the entry's JSON object; the default is indented, terminal-safe JSON.
Images omp moved to its blob store (blob:sha256:…) are shown with their data
from <agent dir>/blobs; one whose blob is missing keeps its reference and is
named on stderr.`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--json"] });
    const [file, id] = args.positional;
    if (!id) throw new UsageError("missing ID");
    const s = await loadArg(file);
    const { entry, missing, store } = await readEntryResolved(s, id);
    if (bool(args, "--json")) printJson(entry);
    else stdout().write(safeText(jsonText(entry, 2), true) + "\n");
    const why = store ? `is not in the blob store ${store}` : "stays as written (the file is not in an agent dir, so there is no blob store)";
    for (const ref of missing) process.stderr.write(safeText(`note: ${ref} ${why}`) + "\n");
    return 0;
  },
};
