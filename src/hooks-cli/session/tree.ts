import type { Command } from "../command.js";
import { parseArgs, bool } from "../args.js";
import { loadArg } from "./load-or-exit.js";
import { treeJsonChunks } from "../../core/session/json.js";
import { writeChunks } from "./write-out.js";
import { drawTree } from "./draw-tree.js";

export const treeCommand: Command = {
  name: "tree",
  summary: "print a session's tree (text like the browser's, or --json)",
  usage: `Usage: omp-sessions tree FILE [--json] [--no-color]

Prints the whole tree of a session: branches with guides, [labels],
compactions and branch summaries, the active path marked with •, the
current leaf with ←. --json prints the tree object described in cli.md.`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--json", "--no-color"] });
    const s = await loadArg(args.positional[0]);
    if (bool(args, "--json")) await writeChunks(treeJsonChunks(s));
    else {
      const width = process.stdout.columns || 120;
      for (const line of drawTree(s, width)) process.stdout.write(line + "\n");
      for (const w of s.warnings) process.stderr.write(`warning: line ${w.line}: ${w.message}\n`);
    }
    return 0;
  },
};
