// `npx tsx bench/review-ui.ts [N]`: the feedback queue with N candidates
// (default 10,000). Time to the first frame of screen 3, then the frame time
// of each keypress written to stdin (parse + action + re-render of one live
// Ink instance, 120×40) as p50/p95: moves, pages, jumps, selection; status /
// type filters and a search apart (they re-filter every candidate).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const WIDTH = 120;
const HEIGHT = 40;
const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;

export async function benchReviewUi(n = 10_000): Promise<string> {
  process.env.NODE_ENV ??= "production";
  const React = (await import("react")).default;
  const { render } = await import("ink-testing-library");
  const { App } = await import("../src/ui/app.js");
  const { createStores } = await import("../src/ui/state/stores.js");
  const { makeTheme } = await import("../src/ui/theme.js");
  const { writeManyCandidates } = await import("../test/ui/review-many.js");

  const hub = join(mkdtempSync(join(tmpdir(), "omp-review-bench-")), "hub");
  writeManyCandidates(join(hub, ".sessions"), n);
  // A store in use has its derived indexes (the first start of a store without them rebuilds them once, ~1 s here).
  const { refreshIndexes } = await import("../src/core/capture/indexes.js");
  refreshIndexes(join(hub, ".sessions"));
  const stores = createStores({ cwd: "/", list: { paths: [] }, review: { hub: { hub } } });
  const inst = render(React.createElement(App, { stores, theme: makeTheme(true), size: { width: WIDTH, height: HEIGHT }, pollMs: 0 }));
  const settle = () => new Promise((r) => setImmediate(r));
  await settle();
  const t0 = performance.now();
  inst.stdin.write("3");
  await settle();
  while (!(inst.lastFrame() ?? "").includes(`/${n}`)) await settle();
  const first = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 1000)); // the start-up index refresh runs after the first frame

  const press = async (k: string): Promise<number> => {
    const a = performance.now();
    inst.stdin.write(k);
    const before = inst.frames.length;
    await settle();
    if (inst.frames.length === before) await settle();
    return performance.now() - a;
  };
  const DOWN = "\u001b[B";
  const UP = "\u001b[A";
  const PGDN = "\u001b[6~";
  const moves: number[] = [];
  for (let round = 0; round < 10; round++) for (const k of ["j", "j", "k", DOWN, UP, PGDN, PGDN, "G", "g", " ", " ", "j"]) moves.push(await press(k));
  const filters: number[] = [];
  for (const k of ["s", "s", "s", "s", "t", "t", "t", "t", "t", "t"]) filters.push(await press(k));
  await press("/");
  const search: number[] = [];
  for (const k of "linter") search.push(await press(k));
  // Big queues filter once typing pauses: time from the last key to the filtered list.
  const s0 = performance.now();
  while (!(inst.lastFrame() ?? "").includes(`(2000 matches)`)) await new Promise((r) => setTimeout(r, 2));
  const settled = performance.now() - s0;
  const r = stores.review.getState();
  if (r.view.length !== 2000) throw new Error(`search found ${r.view.length}, expected 2000`);
  inst.unmount();
  return [
    `Feedback queue, ${n.toLocaleString("en-US")} candidates (${WIDTH}×${HEIGHT}, live Ink instance; keypress = stdin → action → frame)`,
    "",
    `| first frame of screen 3 | key p50 | key p95 | filter (s/t) p50 | filter p95 | search keystroke p50 | search p95 | search result after the last key | matches |`,
    `|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    `| ${ms(first)} | ${ms(pct(moves, 50))} | ${ms(pct(moves, 95))} | ${ms(pct(filters, 50))} | ${ms(pct(filters, 95))} | ${ms(pct(search, 50))} | ${ms(pct(search, 95))} | ${ms(settled)} | ${r.view.length} |`,
  ].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchReviewUi(Number(process.argv[2] ?? 10_000)).then(
    (t) => process.stdout.write(t + "\n"),
    (e) => {
      process.stderr.write(String(e?.stack ?? e) + "\n");
      process.exitCode = 1;
    },
  );
}
