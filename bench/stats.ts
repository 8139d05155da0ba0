// `stats --all` on the 2,000-session store: cold (no catalog, no figures
// cache) beside a cold `ls`, then warm (both caches), then after one session
// grew by 1 MB. Run alone: `npx tsx bench/stats.ts` after a build, or
// benchStats() from bench/run.ts.
import { appendFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBenchData } from "./gen.js";
import { measure, type Measurement } from "./measure.js";
import { mirrorStore } from "./mirror.js";
import { cpu, ms, settle, warm9 } from "./catalog.js";

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH, "..");
const MB = 1024 * 1024;

/** 1 MB of assistant messages with usage, chained after the session's end (a parent the file need not hold: it hangs as a root). */
function appendCalls(file: string): number {
  let out = "";
  for (let i = 0; out.length < MB; i++) {
    const ts = new Date(Date.UTC(2026, 5, 1) + i * 1000).toISOString();
    const usage = { input: 100 + i, output: 50, cacheRead: 1000, cacheWrite: 0, totalTokens: 1150 + i, cost: { total: 0.001 } };
    out +=
      JSON.stringify({
        type: "message",
        id: `s${(0xc0000000 + i).toString(16)}`,
        parentId: i ? `s${(0xc0000000 + i - 1).toString(16)}` : null,
        timestamp: ts,
        message: { role: "assistant", content: [{ type: "text", text: "lorem ipsum ".repeat(60) }], provider: "anthropic", model: "claude-sonnet-4-5", usage },
      }) + "\n";
  }
  appendFileSync(file, out);
  return Buffer.byteLength(out);
}

export async function benchStats(): Promise<string> {
  const data = ensureBenchData(join(BENCH, ".data"), { log: (s) => process.stderr.write(s + "\n") });
  const { work, agent, grow } = mirrorStore(data.store.agentDir);
  try {
    const bin = join(ROOT, "bin", "omp-sessions");
    const env = (cache: string) => ({ OMP_SESSIONS_CACHE_DIR: join(work, cache), NO_COLOR: "1" });
    const stats = (cache = "cache") => measure({ cmd: bin, args: ["stats", "--all", "--json", "--agent-dir", agent], env: env(cache), isNode: true });
    const ls = (cache: string) => measure({ cmd: bin, args: ["ls", "--all", "--json", "--agent-dir", agent], env: env(cache), isNode: true });
    const nodeRun = () => measure({ cmd: process.execPath, args: ["-e", "0"], env: env("cache"), isNode: true });

    const lsCold = await ls("ls-cache");
    settle();
    const cold = await stats();
    settle();
    const warm = await warm9(() => stats(), nodeRun);
    const lsWarm = await warm9(() => ls("ls-cache"), nodeRun);
    const added = grow ? appendCalls(grow) : 0;
    const grown = await stats();

    const floor = (w: { node: Measurement }) => `\`node -e 0\` alongside: ${ms(w.node)}`;
    const ratio = cold.ok && lsCold.ok ? `${(cold.wallMs / lsCold.wallMs).toFixed(2)}× a cold \`ls\`` : "";
    const table: [string, Measurement, string][] = [
      ["`ls --all`, cold catalog", lsCold, "for comparison"],
      ["`stats --all`, cold (no catalog, no figures cache)", cold, ratio],
      ["`stats --all`, warm", warm.run, floor(warm)],
      ["`ls --all`, warm", lsWarm.run, floor(lsWarm)],
      [`\`stats --all\` after appending ${(added / MB).toFixed(1)} MB of calls to one session`, grown, "reads that session again, the rest from the cache"],
    ];
    return [
      `### Stats (${data.store.files.length} sessions, ${(data.store.bytes / MB).toFixed(0)} MB)`,
      "",
      "| run | wall | CPU | note |",
      "|---|---:|---:|---|",
      ...table.map(([what, m, note]) => `| ${what} | ${ms(m)} | ${cpu(m)} | ${note} |`),
      "",
      "Warm runs: the median of 9, each right after a `node -e 0`. CPU is user + sys of the child process.",
    ].join("\n");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchStats().then((s) => process.stdout.write(s + "\n"));
}
