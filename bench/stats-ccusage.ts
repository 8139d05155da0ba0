// `stats --all --agent claude --by day --json` against ccusage's native binary
// (`ccusage daily --offline --json`) on the same 870 Claude Code transcripts
// (about 110 MB), alternating in one loop: ours cold (an empty cache each
// run; as run, then with the stats worker forced on and off), ccusage, ours
// warm (one cache kept across runs), and `node -e 0`.
// Issue 25's targets: cold at least as fast as ccusage, warm ≥ 5× faster,
// the same token totals. ccusage is installed on demand into bench/.data.
// Run: `npx tsx bench/stats-ccusage.ts` after a build, or from bench/run.ts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { claudeLines, uuid } from "./agents.js";
import { ensureCcusage } from "./ccusage.js";
import { measure, type Measurement } from "./measure.js";
import type { SectionTarget } from "./hook.js";

const BENCH = dirname(fileURLToPath(import.meta.url));
const DATA = join(BENCH, ".data");
const BIN = join(BENCH, "..", "bin", "omp-sessions");
const FILES = 870;
/** Turns per transcript: about 126 KB each, 110 MB in all. */
const TURNS = 66;
const RUNS = 5;
const MB = 1024 * 1024;

/** The transcripts, written once under bench/.data (a marker file says they are complete). */
function ensureTranscripts(): { dir: string; bytes: number } {
  const dir = join(DATA, `claude-${FILES}x${TURNS}`);
  const done = join(dir, ".complete");
  let bytes = 0;
  if (!existsSync(done)) {
    rmSync(dir, { recursive: true, force: true });
    for (let n = 0; n < FILES; n++) {
      const proj = join(dir, "projects", `-home-u-proj${n % 29}`);
      mkdirSync(proj, { recursive: true });
      const text = claudeLines(n, `/home/u/proj${n % 29}`, TURNS);
      writeFileSync(join(proj, `${uuid(n, 0)}.jsonl`), text);
      bytes += Buffer.byteLength(text);
    }
    writeFileSync(done, String(bytes));
  } else bytes = Number(readFileSync(done, "utf8"));
  return { dir, bytes };
}

const median = (xs: Measurement[]): Measurement => [...xs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(xs.length / 2)];
const ms = (m: Measurement) => `${m.wallMs >= 1000 ? (m.wallMs / 1000).toFixed(2) + " s" : Math.round(m.wallMs) + " ms"}${m.cpuMs !== null ? ` (CPU ${Math.round(m.cpuMs)} ms)` : ""}`;

/** Total tokens over all days, from either side's JSON. */
function totalTokens(stdout: string | undefined, ours: boolean): number {
  try {
    const v = JSON.parse(stdout ?? "") as unknown;
    const days = (ours ? v : (v as { daily?: unknown[] }).daily) as { totalTokens?: number }[];
    return days.reduce((a, d) => a + (d.totalTokens ?? 0), 0);
  } catch {
    return NaN;
  }
}

export async function benchStatsCcusage(): Promise<{ text: string; targets: SectionTarget[] }> {
  const { dir, bytes } = ensureTranscripts();
  const cc = ensureCcusage(join(DATA, "ccusage"), (s) => process.stderr.write(s + "\n"));
  const work = mkdtempSync(join(tmpdir(), "omp-bench-ccusage-"));
  try {
    const none = join(work, "none");
    const env = (cache: string): NodeJS.ProcessEnv => ({ HOME: join(work, "home"), CLAUDE_CONFIG_DIR: dir, PI_CODING_AGENT_DIR: none, OMP_CODING_AGENT_DIR: none, OMP_SESSIONS_CACHE_DIR: cache, NO_COLOR: "1" });
    const args = ["stats", "--all", "--agent", "claude", "--by", "day", "--json"];
    const warmCache = join(work, "warm");
    const ours = (cache: string) => measure({ cmd: BIN, args, env: env(cache), isNode: true, captureStdout: true });
    const theirs = () => measure({ cmd: cc.bin, args: ["daily", "--offline", "--json"], env: { HOME: join(work, "home"), CLAUDE_CONFIG_DIR: dir }, captureStdout: true });
    await ours(warmCache); // fills the warm cache
    const t: Record<"cold" | "two" | "one" | "cc" | "warm" | "node", Measurement[]> = { cold: [], two: [], one: [], cc: [], warm: [], node: [] };
    const forced = (mode: "on" | "off", cache: string) => measure({ cmd: BIN, args, env: { ...env(cache), OMP_SESSIONS_SCAN_WORKER: mode }, isNode: true, captureStdout: true });
    for (let i = 0; i < RUNS; i++) {
      // as a user runs it: the worker only when the load average leaves a core free (catalog-parallel.ts wantsWorker)
      t.cold.push(await ours(join(work, `cold${i}`)));
      // The stats worker (core/stats/stats-worker.ts) forced on, and off: what it gains or costs in this minute's load.
      t.two.push(await forced("on", join(work, `two${i}`)));
      t.one.push(await forced("off", join(work, `one${i}`)));
      t.cc.push(await theirs());
      t.warm.push(await ours(warmCache));
      t.node.push(await measure({ cmd: process.execPath, args: ["-e", "0"], isNode: true }));
    }
    const [cold, two, one, ccm, warm, node] = [median(t.cold), median(t.two), median(t.one), median(t.cc), median(t.warm), median(t.node)];
    const load = loadavg()[0].toFixed(1);
    const oursTotal = totalTokens(t.cold[0].stdout, true);
    const ccTotal = totalTokens(t.cc[0].stdout, false);
    const same = oursTotal === ccTotal && Number.isFinite(oursTotal);
    const text = [
      `stats by day over ${FILES} Claude Code transcripts (${(bytes / MB).toFixed(0)} MB) vs ccusage ${cc.version} native, median of ${RUNS} alternating runs (load average ${load} on ${availableParallelism()} cores at the end)`,
      "",
      "| run | wall (CPU) |",
      "|---|---:|",
      `| ours, cold cache | ${ms(cold)} |`,
      `| ours, cold cache, worker forced on (\`OMP_SESSIONS_SCAN_WORKER=on\`) | ${ms(two)} |`,
      `| ours, cold cache, one thread (\`OMP_SESSIONS_SCAN_WORKER=off\`) | ${ms(one)} |`,
      `| ccusage \`daily --offline --json\` | ${ms(ccm)} |`,
      `| ours, warm cache | ${ms(warm)} |`,
      `| \`node -e 0\` (floor) | ${ms(node)} |`,
      "",
      `Total tokens: ours ${oursTotal}, ccusage ${ccTotal}${same ? " (the same)" : "  ← DIFFER"}.`,
    ].join("\n");
    const detail = (m: Measurement) => `ours ${ms(m)} · ccusage ${ms(ccm)} · \`node -e 0\` ${ms(node)}`;
    return {
      text,
      targets: [
        { what: "stats by day, Claude Code 110 MB, cold", need: "≥ 1× ccusage native", got: ccm.wallMs / cold.wallMs, min: 1, unit: "×", detail: detail(cold) },
        { what: "stats by day, same, warm", need: "≥ 5× faster than ccusage", got: ccm.wallMs / warm.wallMs, min: 5, unit: "×", detail: detail(warm) },
        { what: "stats by day: token totals", need: "the same as ccusage's", got: same ? 1 : 0, min: 1, unit: "×", detail: `ours ${oursTotal}, ccusage ${ccTotal}` },
      ],
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchStatsCcusage().then((r) => console.log(r.text));
}
