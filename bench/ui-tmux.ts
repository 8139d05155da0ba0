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
// Run: `npx tsx bench/ui-tmux.ts [FILE]` after a build, or from bench/run.ts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { ensureBenchData } from "./gen.js";
import type { SectionTarget } from "./hook.js";

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

/** Times one program: launch → `ready`, → `whole`, then each key → the pane changing. */
function timeProgram(cmd: string, ready: (pane: string) => boolean, whole: (pane: string) => boolean, keys: { key: string; times: number }[]): { first: number; whole: number; keys: Map<string, number[]> } {
  const name = `bench-ui-${process.pid}-${Math.floor(performance.now())}`;
  const t0 = performance.now();
  tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", cmd);
  try {
    const first = waitPane(name, ready, t0);
    const all = whole(first.pane) ? first : waitPane(name, whole, t0);
    if (process.env.BENCH_TMUX_SETTLE_MS) spawnSync("sleep", [String(Number(process.env.BENCH_TMUX_SETTLE_MS) / 1000)]);
    let pane = tmux("capture-pane", "-p", "-t", name);
    const out = new Map<string, number[]>();
    for (const k of keys) {
      const times: number[] = [];
      for (let i = 0; i < k.times; i++) {
        const before = pane;
        const a = performance.now();
        tmux("send-keys", "-t", name, k.key);
        const r = waitPane(name, (p) => p !== before, a);
        pane = r.pane;
        if (Number.isNaN(r.ms)) break; // the key changed nothing (the end of the list)
        times.push(r.ms);
      }
      out.set(k.key, times);
    }
    return { first: first.ms, whole: all.ms, keys: out };
  } finally {
    tmux("kill-session", "-t", name);
  }
}

export async function benchUiTmux(file?: string): Promise<{ text: string; targets: SectionTarget[] }> {
  if (spawnSync("tmux", ["-V"]).status !== 0) return { text: "Browser through tmux: not measured (no tmux on this machine).", targets: [] };
  const session = file ?? ensureBenchData(join(BENCH, ".data")).session200;
  const home = mkdtempSync(join(tmpdir(), "omp-bench-tmux-"));
  try {
    const env = `env HOME=${JSON.stringify(home)} XDG_CACHE_HOME=${JSON.stringify(join(home, ".cache"))} NO_COLOR=1`;
    const keys = [
      { key: "j", times: 30 },
      { key: "NPage", times: 10 },
    ];
    // The tree screen is up when its rows and their count show ("1/964 so far · 1950 entries so far"
    // while the rest is read); whole when the current leaf's marker shows.
    const treeUp = (p: string) => p.includes("[2 tree]") && /\d+\/\d+( so far)? · \d+ entries/.test(p);
    const ours = timeProgram(`${env} ${BIN} ${JSON.stringify(session)}; sleep 600`, treeUp, (p) => p.includes("←"), keys);
    const lessUp = (p: string) => p.includes('{"type"');
    const less = timeProgram(`less ${JSON.stringify(session)}; sleep 600`, lessUp, lessUp, keys);
    const row = (what: string, r: typeof ours, whole: string) => {
      const j = r.keys.get("j") ?? [];
      const pg = r.keys.get("NPage") ?? [];
      return `| ${what} | ${ms(r.first)} | ${whole} | ${ms(pct(j, 50))} / ${ms(pct(j, 95))} | ${ms(pct(pg, 50))} / ${ms(pct(pg, 95))} |`;
    };
    const allKeys = [...(ours.keys.get("j") ?? []), ...(ours.keys.get("NPage") ?? [])];
    const p95 = pct(allKeys, 95);
    const text = [
      `Browser through tmux (120×40, the 200 MB session; key = send-keys → pane changed, polled with capture-pane)`,
      "",
      "| program | first frame | whole (leaf shown) | `j` ×30 p50 / p95 | `PgDn` ×10 p50 / p95 |",
      "|---|---:|---:|---:|---:|",
      row("omp-sessions", ours, ms(ours.whole)),
      row("less (floor)", less, "–"),
    ].join("\n");
    return {
      text,
      targets: [
        { what: "browser 200 MB: first tree frame", need: "< 1 s", got: ours.first, max: 1000, unit: "ms", detail: `the tree whole (leaf shown) ${ms(ours.whole)}; less shows the file in ${ms(less.first)}` },
        { what: "browser 200 MB: key → frame p95", need: "< 30 ms", got: p95, max: 30, unit: "ms", detail: `less: j p95 ${ms(pct(less.keys.get("j") ?? [], 95))}` },
      ],
    };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchUiTmux(process.argv[2]).then((r) => console.log(r.text + "\n\n" + r.targets.map((t) => `${t.what}: ${t.got?.toFixed(0)} ${t.unit} (${t.need})`).join("\n")));
}
