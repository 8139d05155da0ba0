// `stats`: tokens and cost of the sessions in scope, grouped one way, as an
// aligned table or one JSON object per row.
import { resolve } from "node:path";
import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { parseArgs, bool, str } from "../args.js";
import { listScope, scanParallel } from "./list-scope.js";
import { printCatalogStats } from "./catalog-stats.js";
import type { FileStamp } from "../../core/fs/stat.js";
import { listSessions } from "../../core/session/index.js";
import type { SessionSummary } from "../../core/session/index.js";
import { oneLine, safeText } from "../../core/session/index.js";
import { displayWidth, fitWidth } from "../../core/session/index.js";
import { stdout, writeParts } from "../stdout.js";
import { collectFigures } from "../../core/stats/collect.js";
import { FiguresTaps } from "../../core/stats/figures-scan.js";
import { loadPriceOverrides } from "../../core/stats/price-overrides.js";
import { checkTimeZone, parseDay, TimeZoneError } from "../../core/stats/days.js";
import { GROUPINGS, report, rowJson, totalRow, type GroupBy, type Row } from "../../core/stats/report.js";
import { costCell, shortCount, unpricedCell } from "../../core/stats/format.js";
import type { Figure } from "../../core/stats/figures.js";
import { sessionTitle } from "../../core/session/index.js";
import { AGENT_IDS, agentOf } from "../../core/session/index.js";

const USAGE = `Usage: omp-sessions stats [--by session|model|project|day|branch] [--since DAY] [--until DAY]
                          [--agent A] [--cwd DIR | --all] [--tz ZONE] [--json] [--no-cache]
                          [--agent-dir DIR]... [PATH...]

Tokens and cost of agent sessions: input (without cached tokens), output,
cache read and cache write, per model call (assistant messages, omp's side
calls; pi's usage entries and the usage of tool results and summaries), summed
by session (the default), model, project (the session's cwd),
day, or branch (the active path, root → the session's leaf, and each
abandoned branch: the entries on the way to another leaf that no earlier
branch holds, so branches add up to the session).

Scope as for ls: this project's sessions by default, --cwd DIR another
project's, --all every session, or the PATHs given (files or dirs).
--agent A keeps one agent's sessions (${AGENT_IDS.join(", ")}).
--since/--until DAY
(YYYY-MM-DD, inclusive) keep the calls made on those days, in --tz ZONE (an
IANA name; default: the local zone), which also sets the days of --by day.

Cost: what the file records (pi, omp write it), else your prices.json in the
config dir ($OMP_SESSIONS_CONFIG_DIR, else $XDG_CONFIG_HOME/omp-sessions, else
~/.config/omp-sessions; per model id, dollars per million tokens:
{"anthropic/claude-sonnet-4-5": {"input": 3, "output": 15, "cacheRead": 0.3,
"cacheWrite": 3.75}}), else the price table bundled from @pydantic/genai-prices
(no network). Calls no price is known for are UNPRICED (counted apart, never
as $0): a cost of "$1.20+?" leaves some out, "?" has none priced.

A subagent's usage counts once, in its parent session's row; a fork's copy of
its parent's path counts in the parent only.

--json prints an array, one object per row: the key (session, id, project |
model | project | day | session, branch, leafId), inputTokens, outputTokens,
cacheReadTokens, cacheWriteTokens, totalTokens, cost (null when nothing is
priced), unpriced {messages, tokens}, messages.

Figures are cached per session file in the cache dir (stats-v3.json beside
the catalog), keyed by the file's stamp: unchanged files are not read again.
--no-cache reads every file. Many Claude Code sessions to read are read by
two threads when a core is free; OMP_SESSIONS_SCAN_WORKER=off reads in one,
=on in two.

Exit status: 0 done, 2 bad usage, 3 a PATH does not exist (the others are counted).`;

const HEAD = { key: "", calls: "MSGS", input: "INPUT", output: "OUTPUT", cacheRead: "CACHE R", cacheWrite: "CACHE W", cost: "COST", unpriced: "UNPRICED" };
const KEY_HEAD: Record<GroupBy, string> = { session: "SESSION", model: "MODEL", project: "PROJECT", day: "DAY", branch: "SESSION · BRANCH" };

type Cells = typeof HEAD;

function cellsOf(key: string, f: Figure): Cells {
  return {
    key,
    calls: String(f.calls),
    input: shortCount(f.input),
    output: shortCount(f.output),
    cacheRead: shortCount(f.cacheRead),
    cacheWrite: shortCount(f.cacheWrite),
    cost: costCell(f) || "–",
    unpriced: unpricedCell(f),
  };
}

/** The table: key column first (fitted to the width), figures right-aligned, a total line last. */
export function formatStatsTable(rows: Row[], by: GroupBy, opts: { width: number; label?: (r: Row) => string }): string[] {
  const body = rows.map((r) => cellsOf(safeText(opts.label ? opts.label(r) : r.key), r));
  const total = cellsOf("total", totalRow(rows));
  const all = [{ ...HEAD, key: KEY_HEAD[by] }, ...body, total];
  const cols = ["calls", "input", "output", "cacheRead", "cacheWrite", "cost", "unpriced"] as const;
  const w = Object.fromEntries(cols.map((c) => [c, Math.max(...all.map((x) => x[c].length))])) as Record<(typeof cols)[number], number>;
  const fixed = cols.reduce((n, c) => n + w[c] + 2, 0);
  const longest = Math.max(...all.map((x) => displayWidth(x.key)));
  const wKey = Math.max(12, Math.min(longest, opts.width - fixed));
  const line = (x: Cells): string => (fitWidth(x.key, wKey, true) + cols.map((c) => "  " + (c === "unpriced" ? x[c].padEnd(w[c]) : x[c].padStart(w[c]))).join("")).trimEnd();
  const out = [line(all[0]), ...body.map(line)];
  const last = line(total);
  out.push("─".repeat(Math.max(...[...out, last].map(displayWidth))));
  out.push(last);
  return out;
}

/** How a session reads in the table: its name or first message, then its id. */
function sessionLabel(byPath: Map<string, SessionSummary>): (r: Row) => string {
  return (r) => {
    const s = r.session ? byPath.get(r.session) : undefined;
    const text = s ? oneLine(sessionTitle(s), 60) : (r.session ?? r.key);
    const id = r.id ? ` (${r.id.slice(0, 8)})` : "";
    return r.branch ? `${text}${id} · ${r.branch}` : `${text}${id}`;
  };
}

export const statsCommand: Command = {
  name: "stats",
  summary: "tokens and cost by session, model, project, day or branch (table or --json)",
  usage: USAGE,
  async run(argv) {
    const args = parseArgs(argv, {
      bools: ["--all", "--json", "--no-color", "--no-cache"],
      values: ["--cwd", "--by", "--since", "--until", "--agent", "--tz"],
      repeat: ["--agent-dir"],
    });
    const scope = await listScope(args, "stats");
    const by = (str(args, "--by") ?? "session") as GroupBy;
    if (!GROUPINGS.includes(by)) throw new UsageError(`--by takes ${GROUPINGS.join(", ")} (not "${safeText(by)}")`);
    const day = (flag: string): string | undefined => {
      const v = str(args, flag);
      if (v === undefined) return undefined;
      const d = parseDay(v);
      if (d === null) throw new UsageError(`${flag} takes a day as YYYY-MM-DD (not "${safeText(v)}")`);
      return d;
    };
    const since = day("--since");
    const until = day("--until");
    if (since !== undefined && until !== undefined && since > until) throw new UsageError(`--since ${since} is after --until ${until}`);
    // A zone named is checked now; the local one is looked up by name only for the table's heading (Intl's zone data is a cost of its own: days in the local zone come from Date, days.ts).
    const tzFlag = str(args, "--tz");
    let tz: string | undefined;
    try {
      if (tzFlag !== undefined) tz = checkTimeZone(tzFlag);
    } catch (err) {
      if (err instanceof TimeZoneError) throw new UsageError(`--tz: ${safeText(err.message)}`);
      throw err;
    }
    const agent = str(args, "--agent");

    if (scope === 3) return 3;
    const { agentDirs, paths, cwd, all, done } = scope;
    const cache = !bool(args, "--no-cache");
    // The files the catalog must scan are read for their figures in the same pass.
    const overrides = loadPriceOverrides();
    const parallel = scanParallel();
    const taps = new FiguresTaps(overrides, parallel);
    const stamps = new Map<string, FileStamp | null>();
    // A warm-up-only transcript is not listed, but its calls were billed: counted, in its parent's row.
    const listed = await listSessions({ agentDirs, paths, cwd, all, cache, taps, parallel, stamps, warmups: true });
    if (process.env.OMP_SESSIONS_STATS === "1") printCatalogStats();
    const sessions = listed.filter((s) => s.valid && (agent === undefined || agentOf(s) === agent));
    // A file named on the command line (not one found in a dir named) that is no session says why it is left out, as its row in `ls` does.
    const named = new Set(paths.map((p) => resolve(p)));
    for (const s of listed) if (!s.valid && named.has(s.path)) process.stderr.write(`omp-sessions stats: ${safeText(s.path)}: ${safeText(s.error ?? "not a session")}; left out\n`);
    const collected = await collectFigures(
      sessions.map((s) => s.path),
      { cache, taps, overrides, stamps },
    );
    if (collected.overridesError) process.stderr.write(`omp-sessions stats: prices.json ignored, bundled prices used: ${safeText(collected.overridesError)}\n`);
    const rows = report(collected.figures, { by, tz, since, until });

    if (bool(args, "--json")) {
      // straight to fd 1, as ls and search do: no stream (Node's stream modules are a few ms of a warm run)
      writeParts([Buffer.from(JSON.stringify(rows.map((r) => rowJson(r, by))) + "\n")]);
      return done;
    }
    if (rows.length === 0) {
      const where = all ? "" : ` for ${safeText(cwd)} (--all: every project)`;
      stdout().write(`No model calls found${where}.\n`);
      return done;
    }
    const width = stdout().columns || Number(process.env.COLUMNS) || 120;
    const byPath = new Map(sessions.map((s) => [s.path, s]));
    const label = by === "session" || by === "branch" ? sessionLabel(byPath) : undefined;
    const lines = formatStatsTable(rows, by, { width, label });
    if (by === "day") lines.unshift(`days in ${tz ?? checkTimeZone(undefined)}`);
    stdout().write(lines.join("\n") + "\n");
    return done;
  },
};
