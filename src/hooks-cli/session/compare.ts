import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { parseArgs, bool } from "../args.js";
import { loadArg, printJson } from "./session-arg.js";
import { compareSessions, pointAt, type Comparison } from "../../core/compare/compare.js";
import { loadPoint } from "../../core/compare/point-arg.js";
import { compareText } from "../../core/compare/compare-text.js";
import { loadPriceOverrides } from "../../core/stats/price-overrides.js";
import { makePricer } from "../../core/stats/prices.js";
import { safeText } from "../../core/session/index.js";
import { stdout } from "../stdout.js";

export const compareCommand: Command = {
  name: "compare",
  summary: "compare two branches or two sessions from their common point (messages, files, commands, cost)",
  usage: `Usage: omp-sessions compare FILE ID1 ID2 [--json]
       omp-sessions compare FILE1[#ID] FILE2[#ID] [--json]

Compares two points of the history from where they part: two entries of one
session (from their branch point), a fork and its source (from the fork
point), or two unrelated sessions (from their starts). Without #ID a file is
compared at its leaf. Any agent's session works (a session kept in a database
is named <db>#<session>, so its entry is <db>#<session>#ID).

For each side: its messages after the common point, the files it read and
changed and the commands it ran (from its tool calls), its tokens and cost
(as stats counts them), and its last assistant answer. Lines marked "="
are alike on both sides.

--json prints {common: {kind, id}, a, b, alike}: kind is "branch", "fork"
or "start"; each side has file, pointId, entries, messages [{id, role,
line}], filesRead, filesChanged, commands, figure {input, output, cacheRead,
cacheWrite, cost, calls, unpricedCalls, unpricedTokens}, lastAnswer {id,
text} or null.`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--json"] });
    const pos = args.positional;
    if (pos.length < 2) throw new UsageError("give FILE ID1 ID2, or FILE1[#ID] FILE2[#ID]");
    if (pos.length > 3) throw new UsageError(`unexpected argument ${pos[3]}`);
    let points;
    if (pos.length === 3) {
      const s = await loadArg(pos[0]);
      points = [pointAt(s, pos[1]), pointAt(s, pos[2])] as const;
    } else {
      points = [await loadPoint(pos[0]), await loadPoint(pos[1])] as const;
    }
    const pricer = await makePricer(loadPriceOverrides());
    const result: Comparison = await compareSessions(points[0], points[1], pricer);
    if (bool(args, "--json")) printJson(result);
    else stdout().write(safeText(compareText(result), true) + "\n");
    return 0;
  },
};
