// The browser as a user sees it (issue 25): `omp-sessions FILE` in a 120×40
// tmux pane on the 200 MB session, timed from outside the process. First
// frame: launch until the pane shows the tree (a big session's start, its
// rows and keys live, the rest still being read: tree-slice.ts openFile);
// whole: until the tree shows the current leaf (read whole). A key: `send-keys`, then
// polling the pane until it changes (each poll is a `tmux capture-pane`
// process, a few ms: that is the resolution, and `less` gets the same).
// Targets: first tree frame < 1 s, key p95 < 30 ms. Keys are sent right after
// the tree is whole (so that no frame of the reading's progress passes for a
// key's), as a user would; BENCH_TMUX_SETTLE_MS=N waits N ms first
// (keys timed once the background work after the first frame is done).
// The same on the 1M-entry session bench/ui.ts makes (bench/.data/ui-1000000.jsonl,
// ~830 MB; generated only when missing), with the browser process's peak RSS
// (VmHWM) and CPU time read from /proc before it quits. The issue's 1M target:
// within 2× of the 200 MB one (first frame < 2 s, key p95 < 60 ms).
// BENCH_TMUX_CASES=200mb,1m,less picks the runs (default: all three).
// BENCH_TMUX_NODE_OPTIONS=… is handed to the browser as NODE_OPTIONS (a tmux pane
// does not inherit this process's environment): e.g. `--require obs.cjs` to log
// its GCs to a file while keys are timed (--trace-gc would print into the pane).
// Run: `npx tsx bench/ui-tmux.ts [FILE]` after a build, or from bench/run.ts.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { ensureBenchData, writeSession } from "./gen.js";
import type { SectionTarget } from "./hook.js";
import { MACHINE_ONLY_ENV } from "./measure.js";

const BENCH = dirname(fileURLToPath(import.meta.url));
const BIN = join(BENCH, "..", "bin", "omp-sessions");
const WAIT_MS = 120_000;

const tmux = (...args: string[]): string => {
  const r = spawnSync("tmux", args, { encoding: "utf8" });
  return r.status === 0 ? r.stdout : "";
};

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
}

const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);

/** Polls the pane until `done` holds for its text; the time it took, or NaN after WAIT_MS. */
function waitPane(name: string, done: (pane: string) => boolean, from = performance.now()): { ms: number; pane: string } {
  for (;;) {
    const pane = tmux("capture-pane", "-p", "-t", name);
    if (done(pane)) return { ms: performance.now() - from, pane };
    if (performance.now() - from > WAIT_MS) return { ms: NaN, pane };
  }
}

/** The pids below `root` (its children, theirs, …), from /proc's ppid fields. */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // "pid (comm) state ppid …": the comm may hold spaces and parentheses, so split after its last ")".
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const todo = [root];
  while (todo.length) {
    const p = todo.pop()!;
    for (const [pid, pp] of parent) {
      if (pp !== p) continue;
      out.push(pid);
      todo.push(pid);
    }
  }
  return out;
}

/** The program's own process in the pane (the node running the bin), found by `marker` in its command line. */
function programPid(name: string, marker: string): number | null {
  const panePid = Number(tmux("display-message", "-p", "-t", name, "#{pane_pid}").trim());
  if (!panePid) return null;
  for (const pid of [panePid, ...descendants(panePid)]) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      // Not the shell tmux runs the command with, nor `env`: the program itself.
      const prog = cmd[0].slice(cmd[0].lastIndexOf("/") + 1);
      if (!["sh", "bash", "dash", "env"].includes(prog) && cmd.some((a) => a.includes(marker))) return pid;
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** Peak RSS (VmHWM, MB) and CPU time (user + sys, ms) of a live process; NaN when it cannot be read. */
function processUse(pid: number | null): { rssMB: number; cpuMs: number } {
  if (pid === null) return { rssMB: NaN, cpuMs: NaN };
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat (utime, stime), in clock ticks (100 a second on Linux).
    const ticks = Number(f[11]) + Number(f[12]);
    return { rssMB: hwm ? Number(hwm[1]) / 1024 : NaN, cpuMs: ticks * 10 };
  } catch {
    return { rssMB: NaN, cpuMs: NaN };
  }
}

/** Times one program: launch → `ready`, → `whole`, then each key → the pane changing. */
interface Timed {
  first: number;
  whole: number;
  keys: Map<string, number[]>;
  /** The program's CPU time when the pane showed it whole, and at the end. */
  cpuWhole: number;
  cpuEnd: number;
  /** Its peak RSS, read before it quits. */
  rssMB: number;
}

function timeProgram(cmd: string, marker: string, ready: (pane: string) => boolean, whole: (pane: string) => boolean, keys: { key: string; times: number }[]): Timed {
  const name = `bench-ui-${process.pid}-${Math.floor(performance.now())}`;
  const t0 = performance.now();
  tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", cmd);
  try {
    const first = waitPane(name, ready, t0);
    const all = whole(first.pane) ? first : waitPane(name, whole, t0);
    const pid = programPid(name, marker);
    const atWhole = processUse(pid);
    if (process.env.BENCH_TMUX_SETTLE_MS) spawnSync("sleep", [String(Number(process.env.BENCH_TMUX_SETTLE_MS) / 1000)]);
    let pane = tmux("capture-pane", "-p", "-t", name);
    const out = new Map<string, number[]>();
    for (const k of keys) {
      const times: number[] = [];
      const cpuByKey: number[] = [processUse(pid).cpuMs];
      for (let i = 0; i < k.times; i++) {
        const before = pane;
        const a = performance.now();
        tmux("send-keys", "-t", name, k.key);
        const r = waitPane(name, (p) => p !== before, a);
        pane = r.pane;
        if (Number.isNaN(r.ms)) break; // the key changed nothing (the end of the list)
        times.push(r.ms);
        if (process.env.BENCH_TMUX_VERBOSE) cpuByKey.push(processUse(pid).cpuMs);
      }
      out.set(k.key, times);
      if (process.env.BENCH_TMUX_VERBOSE)
        process.stderr.write(
          `${marker} ${k.key}: ${times.map((t) => t.toFixed(0)).join(" ")}; its CPU each: ${cpuByKey
            .slice(1)
            .map((c, i) => c - cpuByKey[i])
            .join(" ")}\n`,
        );
    }
    const end = processUse(pid);
    return { first: first.ms, whole: all.ms, keys: out, cpuWhole: atWhole.cpuMs, cpuEnd: end.cpuMs, rssMB: end.rssMB };
  } finally {
    tmux("kill-session", "-t", name);
  }
}

/** The 1M-entry session bench/ui.ts reads (made with the same seed when missing). */
function session1m(): string {
  const file = join(BENCH, ".data", "ui-1000000.jsonl");
  if (!existsSync(file)) writeSession(file, { seed: 4242 + 1_000_000, entries: 1_000_000, maxToolOutput: 400, branchy: true });
  return file;
}

const mb = (x: number) => (Number.isNaN(x) ? "–" : `${Math.round(x)} MB`);
const cpu = (x: number) => (Number.isNaN(x) ? "–" : ms(x));

export async function benchUiTmux(file?: string): Promise<{ text: string; targets: SectionTarget[] }> {
  if (spawnSync("tmux", ["-V"]).status !== 0) return { text: "Browser through tmux: not measured (no tmux on this machine).", targets: [] };
  const cases = new Set((process.env.BENCH_TMUX_CASES ?? "200mb,1m,less").split(",").map((c) => c.trim().toLowerCase()));
  const home = mkdtempSync(join(tmpdir(), "omp-bench-tmux-"));
  try {
    // the tmux server's environment is this process's: the machine-only variables go as in measure.ts
    const unset = process.env.BENCH_KEEP_ENV === "1" ? "" : MACHINE_ONLY_ENV.map((k) => ` -u ${k}`).join("");
    const env = `env${unset} HOME=${JSON.stringify(home)} XDG_CACHE_HOME=${JSON.stringify(join(home, ".cache"))} NO_COLOR=1${process.env.BENCH_TMUX_NODE_OPTIONS ? ` NODE_OPTIONS=${JSON.stringify(process.env.BENCH_TMUX_NODE_OPTIONS)}` : ""}`;
    const keys = [
      { key: "j", times: 30 },
      { key: "NPage", times: 10 },
    ];
    // The tree screen is up when its rows and their count show ("1/964 so far · 1950 entries so far"
    // while the rest is read); whole when the current leaf's marker shows.
    const treeUp = (p: string) => p.includes("[2 tree]") && /\d+\/\d+( so far)? · \d+ entries/.test(p);
    const ours = (session: string) => timeProgram(`${env} ${BIN} ${JSON.stringify(session)}; sleep 600`, "omp-sessions", treeUp, (p) => p.includes("←"), keys);
    const session200 = file ?? ensureBenchData(join(BENCH, ".data")).session200;
    const r200 = cases.has("200mb") ? ours(session200) : null;
    const r1m = cases.has("1m") && file === undefined ? ours(session1m()) : null;
    const lessUp = (p: string) => p.includes('{"type"');
    const less = cases.has("less") ? timeProgram(`less ${JSON.stringify(session200)}; sleep 600`, "less", lessUp, lessUp, keys) : null;
    const allKeys = (r: Timed) => [...(r.keys.get("j") ?? []), ...(r.keys.get("NPage") ?? [])];
    const row = (what: string, r: Timed, whole: string) => {
      const j = r.keys.get("j") ?? [];
      const pg = r.keys.get("NPage") ?? [];
      return `| ${what} | ${ms(r.first)} | ${whole} | ${ms(pct(j, 50))} / ${ms(pct(j, 95))} | ${ms(pct(pg, 50))} / ${ms(pct(pg, 95))} | ${mb(r.rssMB)} | ${cpu(r.cpuWhole)} / ${cpu(r.cpuEnd)} |`;
    };
    const text = [
      `Browser through tmux (120×40; key = send-keys → pane changed, polled with capture-pane; peak RSS = VmHWM of the browser's process before it quits; CPU = its user + sys when the tree was whole / after the keys)`,
      "",
      "| program | first frame | whole (leaf shown) | `j` ×30 p50 / p95 | `PgDn` ×10 p50 / p95 | peak RSS | CPU whole / end |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...(r200 ? [row("omp-sessions, 200 MB session", r200, ms(r200.whole))] : []),
      ...(r1m ? [row("omp-sessions, 1M entries (834 MB)", r1m, ms(r1m.whole))] : []),
      ...(less ? [row("less (floor), 200 MB session", less, "–")] : []),
    ].join("\n");
    const lessNote = less ? `less shows the file in ${ms(less.first)}` : "less not run";
    const targets: SectionTarget[] = [];
    if (r200) {
      targets.push(
        { what: "browser 200 MB: first tree frame", need: "< 1 s", got: r200.first, max: 1000, unit: "ms", detail: `the tree whole (leaf shown) ${ms(r200.whole)}; ${lessNote}` },
        { what: "browser 200 MB: key → frame p95", need: "< 30 ms", got: pct(allKeys(r200), 95), max: 30, unit: "ms", detail: less ? `less: j p95 ${ms(pct(less.keys.get("j") ?? [], 95))}` : "less not run" },
      );
    }
    if (r1m) {
      targets.push(
        { what: "browser 1M entries: first tree frame", need: "< 2 s (2× 200 MB's)", got: r1m.first, max: 2000, unit: "ms", detail: `the tree whole (leaf shown) ${ms(r1m.whole)}, CPU ${cpu(r1m.cpuWhole)}` },
        {
          what: "browser 1M entries: key → frame p95",
          need: "< 60 ms (2× 200 MB's)",
          got: pct(allKeys(r1m), 95),
          max: 60,
          unit: "ms",
          detail: `j p50 ${ms(pct(r1m.keys.get("j") ?? [], 50))}, PgDn p50 ${ms(pct(r1m.keys.get("NPage") ?? [], 50))}`,
        },
        { what: "browser 1M entries: peak RSS", need: "reported (closing note)", got: r1m.rssMB, unit: "MB", detail: `VmHWM of the browser's process` },
      );
    }
    return { text, targets };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchUiTmux(process.argv[2]).then((r) => console.log(r.text + "\n\n" + r.targets.map((t) => `${t.what}: ${t.got?.toFixed(0)} ${t.unit} (${t.need})`).join("\n")));
}
