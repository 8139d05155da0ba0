// `npx tsx bench/ui.ts`: how fast the browser draws big sessions. For generated
// sessions of 1k, 100k and 1M entries: time to the first frame of the tree
// screen (load + rows + render), then the frame time of each keypress (the
// action plus the re-render of one live Ink instance) as p50/p95, at 120×40,
// the size of the e2e terminal. The browser opens a session over 1 MB in two
// steps (tree-slice.ts openFile: its first MB drawn at once, the rest read
// behind it): "first frame, as opened" times that first step here; "load",
// "rows", "render" and "first frame, whole read" time the whole session read
// and drawn at once, the tree the keys are timed on (bench/ui-tmux.ts times
// both steps as a user sees them).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeSession } from "./gen.js";

const DATA = join(dirname(fileURLToPath(import.meta.url)), ".data");
const SIZES = [1_000, 100_000, 1_000_000];
const WIDTH = 120;
const HEIGHT = 40;

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(x < 10 ? 2 : 0)} ms`);

export async function benchUi(opts: { sizes?: number[]; log?: (s: string) => void } = {}): Promise<string> {
  // React picks its production build only if NODE_ENV is set before it loads.
  process.env.NODE_ENV ??= "production";
  const React = (await import("react")).default;
  const { render } = await import("ink-testing-library");
  const { App, runAction } = await import("../src/ui/app.js");
  const { createStores } = await import("../src/ui/state/stores.js");
  type Action = import("../src/ui/keymap.js").Action;
  const { makeTheme } = await import("../src/ui/theme.js");
  const { loadSession, loadSessionStart } = await import("../src/core/session/tree/load.js");
  const { OPEN_HEAD_BYTES } = await import("../src/ui/state/tree-slice.js");
  const log = opts.log ?? (() => {});
  mkdirSync(DATA, { recursive: true });
  // A cache of its own, empty: "cost in" times the figures read, not a cache a run before left in the user's.
  const cache = mkdtempSync(join(tmpdir(), "omp-bench-ui-"));
  const userCache = process.env.OMP_SESSIONS_CACHE_DIR;
  process.env.OMP_SESSIONS_CACHE_DIR = cache;
  try {
    return await timeSizes();
  } finally {
    if (userCache === undefined) delete process.env.OMP_SESSIONS_CACHE_DIR;
    else process.env.OMP_SESSIONS_CACHE_DIR = userCache;
    rmSync(cache, { recursive: true, force: true });
  }
  async function timeSizes(): Promise<string> {
    const rows: string[][] = [];
    for (const n of opts.sizes ?? SIZES) {
      const file = join(DATA, `ui-${n}.jsonl`);
      if (!existsSync(file)) {
        log(`generating ${n} entries → ${file}`);
        writeSession(file, { seed: 4242 + n, entries: n, maxToolOutput: 400, branchy: true });
      }
      // The first step as the browser takes it (openSteps): the start, drawn without a leaf; a small file opens whole.
      const h0 = performance.now();
      const start = await loadSessionStart(file, OPEN_HEAD_BYTES);
      let asOpened: number | null = null;
      if (start) {
        const early = createStores({ cwd: "/", list: { paths: [] } });
        early.app.getState().setSession({ ...start, leafId: null });
        const view = render(React.createElement(App, { stores: early, theme: makeTheme(true), size: { width: WIDTH, height: HEIGHT }, pollMs: 0 }));
        await new Promise((r) => setImmediate(r));
        if (!(view.lastFrame() ?? "").includes("[2 tree]")) throw new Error("the first step's frame does not show the tree");
        asOpened = performance.now() - h0;
        view.unmount();
      }
      const t0 = performance.now();
      const s = await loadSession(file);
      const t1 = performance.now();
      const stores = createStores({ cwd: "/", list: { paths: [] } });
      const store = stores.app;
      store.getState().setSession(s);
      const t2 = performance.now();
      const theme = makeTheme(true);
      // One live Ink instance, as in the terminal: a keypress re-renders what changed.
      const inst = render(React.createElement(App, { stores, theme, size: { width: WIDTH, height: HEIGHT }, pollMs: 0 }));
      const settle = async () => {
        // Ink commits store updates synchronously or on the next turn; wait for the frame.
        await new Promise((r) => setImmediate(r));
      };
      await settle();
      const first = inst.lastFrame() ?? "";
      const t3 = performance.now();
      if (!first.includes("leaf")) throw new Error("first frame does not show the tree");
      // The tree's cost (header, branch totals) loads in the background from the first frame
      // on: timed apart, and waited for, so that keys are timed on the tree alone, as before it.
      while (stores.stats.getState().open?.session !== s && performance.now() - t3 < 300_000) await new Promise((r) => setTimeout(r, 5));
      const t4 = performance.now();
      const draw = async (): Promise<void> => {
        const before = inst.frames.length;
        await settle();
        if (inst.frames.length === before) await settle();
      };

      // A browsing session: moves, pages, jumps, folds; each followed by a full frame.
      const script = ["j", "j", "k", "pagedown", "pagedown", "j", "]", "]", "[", "}", "{", "space", "space", ".", "g", "G", "pageup", "k", "up", "down"];
      const times: number[] = [];
      const keyToAction: Record<string, Action> = {
        j: "cursor.down",
        k: "cursor.down",
        up: "cursor.up",
        down: "cursor.down",
        pagedown: "cursor.pageDown",
        pageup: "cursor.pageUp",
        "]": "branch.next",
        "[": "branch.prev",
        "}": "label.next",
        "{": "label.prev",
        space: "fold",
        ".": "leaf",
        g: "cursor.first",
        G: "cursor.last",
      };
      for (let round = 0; round < 10; round++) {
        for (const k of script) {
          const a = performance.now();
          runAction(keyToAction[k], k, stores, () => {});
          await draw();
          times.push(performance.now() - a);
        }
      }
      // Filter changes re-flatten the whole tree: measured apart, they are not navigation.
      const filterTimes: number[] = [];
      for (const f of ["filter.user-only", "filter.no-tools", "filter.all", "filter.default"] as const) {
        const a = performance.now();
        runAction(f, "", stores, () => {});
        await draw();
        filterTimes.push(performance.now() - a);
      }
      inst.unmount();
      const mem = process.memoryUsage().rss / 1024 / 1024;
      rows.push([
        n.toLocaleString("en-US"),
        ms(t1 - t0),
        ms(t2 - t1),
        ms(t3 - t2),
        asOpened === null ? `${ms(t3 - t0)} (one step)` : ms(asOpened),
        ms(t3 - t0),
        ms(t4 - t3),
        ms(pct(times, 50)),
        ms(pct(times, 95)),
        ms(pct(filterTimes, 50)),
        `${Math.round(mem)} MB`,
      ]);
      log(`${n}: first frame ${ms(t3 - t0)}, keypress p95 ${ms(pct(times, 95))}`);
    }
    const head = ["entries", "load", "rows", "render", "first frame, as opened", "first frame, whole read", "cost in", "key p50", "key p95", "filter p50", "rss"];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r: string[]) => "| " + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ") + " |";
    return [
      `Browser frame times (${WIDTH}×${HEIGHT}, tree screen, live Ink instance; keypress = action + re-render, timed once the cost figures are in; "first frame, as opened": the browser's first step (a session over 1 MB: its first MB, the rest read behind it); "first frame, whole read": load + rows + render of the whole session, what the keys run on; "cost in": from that frame until the tree header shows the cost)`,
      "",
      line(head),
      "| " + widths.map((w, i) => (i === 0 ? "-".repeat(w) : "-".repeat(w - 1) + ":")).join(" | ") + " |",
      ...rows.map(line),
    ].join("\n");
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = process.argv.includes("--quick") ? [1_000, 100_000] : SIZES;
  benchUi({ sizes, log: (s) => process.stderr.write(s + "\n") }).then(
    (t) => process.stdout.write(t + "\n"),
    (e) => {
      process.stderr.write(String(e?.stack ?? e) + "\n");
      process.exitCode = 1;
    },
  );
}
