import type { Command } from "../command.js";
import { parseArgs, bool, str } from "../args.js";
import { UsageError } from "../command.js";
import { TREE_FILTERS, type TreeFilter } from "../../core/session/index.js";
import { loadArg } from "./session-arg.js";
import { treeJsonBuffers } from "../../core/session/index.js";
import { drawTree } from "./draw-tree.js";
import { safeText } from "../../core/session/index.js";
import { stdout } from "../stdout.js";
import { statSync } from "node:fs";

export const treeCommand: Command = {
  name: "tree",
  summary: "print a session's tree (text like the browser's, or --json)",
  usage: `Usage: omp-sessions tree FILE [--json] [--filter default|no-tools|user-only|labeled-only|all]

Prints the whole tree of a session: branches with guides, [labels],
compactions and branch summaries, the active path marked with •, the
current leaf with ←. --filter picks the rows as the browser's filters do
(default: all).

--json prints one object: {file, dialect, version, header, name, leafId,
roots, entries, warnings}; entries are in file order, each {id, parentId,
type, timestamp, label, children (display order), role (messages),
preview (one terminal-safe line)}; warnings are {line, message} for lines
that were skipped.

Exit status: 0 done, 2 bad usage, 3 not a session file / no such file.`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--json", "--no-color"], values: ["--filter"] });
    const filter = (str(args, "--filter") ?? "all") as TreeFilter;
    if (!TREE_FILTERS.includes(filter)) throw new UsageError(`--filter must be one of ${TREE_FILTERS.join(", ")}`);
    if (isBig(args.positional[0])) smallYoungGeneration();
    const json = bool(args, "--json");
    // The JSON shows previews only: they are kept as its bytes, no summaries made (LoadOptions.previewJson).
    const s = await loadArg(args.positional[0], json ? { previewJson: true } : undefined);
    if (json) await writeBuffers(treeJsonBuffers(s));
    else {
      const width = stdout().columns || 120;
      for (const line of drawTree(s, width, filter)) stdout().write(line + "\n");
      for (const w of s.warnings) process.stderr.write(safeText(`warning: line ${w.line}: ${w.message}`) + "\n");
    }
    return 0;
  },
};

/**
 * Writes buffers to stdout, each written before the next is asked for (the
 * chunks of treeJsonBuffers share one buffer), so memory stays flat.
 */
async function writeBuffers(chunks: Iterable<Buffer>): Promise<void> {
  for (const c of chunks) {
    // (a write that fails is stdout's own 'error': EPIPE ends the run, stdout.ts)
    await new Promise<void>((resolve) => stdout().write(c, () => resolve()));
  }
}

/** A session file big enough for its tree to outgrow the young generation many times over (smallYoungGeneration). */
function isBig(file: string | undefined): boolean {
  try {
    return file !== undefined && statSync(file).size >= BIG_SESSION_BYTES;
  } catch {
    return false; // loadArg words the error
  }
}

const BIG_SESSION_BYTES = 64 * 1024 * 1024;

/**
 * Keeps V8's young generation at its first size (1 MB semi-spaces) for this
 * one-shot command on a big session. Nearly everything the tree reads lives
 * until it is printed, so the young generation, judging by what survives,
 * grows to 16 MB semi-spaces: 32 MB of the peak RSS that hold little, for no
 * time saved on a big session (a scavenge costs what survives it, and the
 * same survives). Measured on the bench's 200 MB session: peak RSS 162 →
 * 133 MB, CPU no higher; on its 10 MB one it cost a few ms, so small
 * sessions keep the default. A runtime whose V8 no longer takes the flag
 * at run time (or clamps it) just grows as before.
 */
function smallYoungGeneration(): void {
  try {
    process.getBuiltinModule("node:v8").setFlagsFromString("--semi-space-growth-factor=1");
  } catch {
    // not this runtime's flag: the default growth
  }
}
