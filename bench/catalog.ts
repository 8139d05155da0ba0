// The catalog and search benchmark on the 2,000-session store: `ls` with a
// cold cache, then warm, then after one session grew by 1 MB (and the bytes
// that run read), and a search query with a cold and a warm index. The store
// is mirrored by symlinks (one session copied, to append to) so the shared
// bench data is never changed. Run: `npx tsx bench/catalog.ts` after a build,
// or call benchCatalog() from bench/run.ts.
import { appendFileSync, closeSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBenchData } from "./gen.js";
import { measure, type Measurement } from "./measure.js";
import { mirrorStore } from "./mirror.js";

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH, "..");
const MB = 1024 * 1024;

/** A 1 MB tail of valid entries chained after the session's last entry id. */
function appendMegabyte(file: string, parentId: string): number {
  let out = "";
  let parent = parentId;
  for (let i = 0; out.length < MB; i++) {
    const id = (0xb0000000 + i).toString(16);
    const ts = new Date(Date.UTC(2026, 5, 1) + i * 1000).toISOString();
    out += JSON.stringify({ type: "message", id, parentId: parent, timestamp: ts, message: { role: i % 2 ? "assistant" : "user", content: `appended line ${i} ${"lorem ipsum ".repeat(40)}`, timestamp: Date.parse(ts) } }) + "\n";
    parent = id;
  }
  appendFileSync(file, out);
  return Buffer.byteLength(out);
}

function lastId(file: string): string {
  const text = readTail(file);
  const lines = text.trim().split("\n");
  const last = JSON.parse(lines[lines.length - 1]) as { id: string };
  return last.id;
}

function readTail(file: string): string {
  const { size } = statSync(file);
  const fd = openSync(file, "r");
  const len = Math.min(size, 256 * 1024);
  const buf = Buffer.alloc(len);
  readSync(fd, buf, 0, len, size - len);
  closeSync(fd);
  return buf.toString("utf8");
}

/**
 * A warm run, nine times, each right after a `node -e 0`: the median of each.
 * Warm runs are short and this host's speed drifts from minute to minute, so
 * the start-up floor is measured at the same moments as the command.
 */
export async function warm9(run: () => Promise<Measurement>, node: () => Promise<Measurement>): Promise<{ run: Measurement; node: Measurement }> {
  const runs: Measurement[] = [];
  const nodes: Measurement[] = [];
  for (let i = 0; i < 9; i++) {
    nodes.push(await node());
    runs.push(await run());
  }
  const mid = (xs: Measurement[]) => xs.find((m) => !m.ok) ?? [...xs].sort((a, b) => a.wallMs - b.wallMs)[4];
  return { run: mid(runs), node: mid(nodes) };
}

/** Writes back what the last run wrote (`sync`), so that the next runs are not timed against the flush. */
export function settle(): void {
  spawnSync("sync", { stdio: "ignore" });
}

export const ms = (m: Measurement) => (m.ok ? `${Math.round(m.wallMs)} ms` : `failed (${m.stderr.split("\n")[0]})`);
export const cpu = (m: Measurement) => (m.cpuMs === null ? "n/a" : `${Math.round(m.cpuMs)} ms`);
const readStat = (m: Measurement) => /read (\d+) bytes from (\d+) files/.exec(m.stderr);

export async function benchCatalog(): Promise<string> {
  const data = ensureBenchData(join(BENCH, ".data"), { log: (s) => process.stderr.write(s + "\n") });
  // The mirror sits next to the data, so that its files can be hard links:
  // real files to stat, like a user's store (a symlink costs a second lookup).
  const { work, agent, grow } = mirrorStore(data.store.agentDir);
  try {
    const cache = join(work, "cache");
    const env = { OMP_SESSIONS_CACHE_DIR: cache, OMP_SESSIONS_STATS: "1", NO_COLOR: "1" };
    // The bin, as a user runs it.
    const bin = join(ROOT, "bin", "omp-sessions");
    const ls = () => measure({ cmd: bin, args: ["ls", "--all", "--json", "--agent-dir", agent], env, isNode: true });
    const search = (q: string) => measure({ cmd: bin, args: ["search", "--json", "--limit", "20", "--agent-dir", agent, q], env, isNode: true });

    const nodeRun = () => measure({ cmd: process.execPath, args: ["-e", "0"], env, isNode: true });
    const noCache = await measure({ cmd: bin, args: ["ls", "--all", "--json", "--no-cache", "--agent-dir", agent], env, isNode: true });
    // Cold with the scan worker (the default) and in one thread (catalog-parallel.ts), alternating, each in an empty cache of its own: the medians of 3.
    const coldIn = (dir: string, worker: string) => measure({ cmd: bin, args: ["ls", "--all", "--json", "--agent-dir", agent], env: { ...env, OMP_SESSIONS_CACHE_DIR: dir, OMP_SESSIONS_SCAN_WORKER: worker }, isNode: true });
    const colds: Measurement[] = [];
    const oneThread: Measurement[] = [];
    for (let i = 0; i < 3; i++) {
      const dir = join(work, `cold${i}`);
      colds.push(await coldIn(dir, "auto"));
      oneThread.push(await coldIn(dir + "-one", "off"));
      rmSync(dir, { recursive: true, force: true });
      rmSync(dir + "-one", { recursive: true, force: true });
    }
    const mid3 = (xs: Measurement[]) => xs.find((m) => !m.ok) ?? [...xs].sort((a, b) => a.wallMs - b.wallMs)[1];
    const cold = await ls();
    settle();
    const warm = await warm9(ls, nodeRun);
    const warm2 = await warm9(ls, nodeRun);
    const added = grow ? appendMegabyte(grow, lastId(grow)) : 0;
    const grown = await ls();
    const searchCold = await search("parser review");
    // The cold build leaves hundreds of MB for the kernel to write back; warm
    // runs timed while it does are timed against that flush, not the query.
    settle();
    const searchWarm = await warm9(() => search("parser review"), nodeRun);
    const searchRare = await warm9(() => search('"appended line 7"'), nodeRun);
    const indexSize = statSync(join(cache, "search.db")).size;

    const floor = (w: { node: Measurement }) => `\`node -e 0\` alongside: ${ms(w.node)}`;
    const rows: [string, Measurement, string][] = [
      ["`ls --all --no-cache` (reads every file)", noCache, readStat(noCache)?.[0] ?? ""],
      ["`ls --all`, cold cache", cold, readStat(cold)?.[0] ?? ""],
      ["`ls --all`, cold cache, median of 3", mid3(colds), `${readStat(mid3(colds))?.[0] ?? ""}; a worker thread scans too (${/(\d+) of them in a worker thread/.exec(mid3(colds).stderr)?.[1] ?? 0} files)`],
      ["`ls --all`, cold cache, one thread, median of 3", mid3(oneThread), "OMP_SESSIONS_SCAN_WORKER=off"],
      ["`ls --all`, warm", warm.run, `${readStat(warm.run)?.[0] ?? ""}; ${floor(warm)}`],
      ["`ls --all`, warm (again)", warm2.run, `${readStat(warm2.run)?.[0] ?? ""}; ${floor(warm2)}`],
      [`\`ls --all\` after appending ${(added / MB).toFixed(1)} MB to one session`, grown, readStat(grown)?.[0] ?? ""],
      ['`search "parser review"`, cold index (builds it)', searchCold, `index ${(indexSize / MB).toFixed(0)} MB`],
      ['`search "parser review"`, warm', searchWarm.run, `common words: long posting lists; ${floor(searchWarm)}`],
      ["`search '\"appended line 7\"'`, warm", searchRare.run, `a phrase; ${floor(searchRare)}`],
    ];
    const lines = [
      `### Catalog and search (${data.store.files.length} sessions, ${(data.store.bytes / MB).toFixed(0)} MB)`,
      "",
      "| run | wall | CPU | note |",
      "|---|---:|---:|---|",
      ...rows.map(([what, m, note]) => `| ${what} | ${ms(m)} | ${cpu(m)} | ${note} |`),
      "",
      `Grown session: ${relative(work, grow)}. Warm runs: the median of 9, each right after a \`node -e 0\` (the start-up floor at the same moments; its median is in the note). CPU is user + sys of the child process.`,
    ];
    return lines.join("\n");
  } finally {
    if (process.env.BENCH_KEEP_MIRROR) process.stderr.write(`bench: kept ${work}\n`);
    else rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchCatalog().then((s) => process.stdout.write(s + "\n"));
}
