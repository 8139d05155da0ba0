// Screen 6 with real keys: totals, the two bar charts over the last 30 days
// with their scale, the top models and projects, progress while it reads;
// then the list's cost column and the tree's costs (header, branch total by
// the detail pane), all from the figures the visit left in the cache.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";
import { bars, EMPTY_DAY } from "../../src/ui/format/stats-lines.js";
import { createStatsStore } from "../../src/ui/state/stats-store.js";
import { statsHead } from "../../src/ui/screens/stats-screen.js";
import { displayWidth } from "../../src/ui/format/width.js";

let m: Mounted | null = null;
let dir: string;
afterEach(() => {
  m?.unmount();
  m = null;
});

const DAY = 86_400_000;
// Calls one and three days ago (relative to now, so the 30-day window always holds them).
const at = (daysAgo: number, min = 0) => new Date(Date.now() - daysAgo * DAY + min * 60_000).toISOString();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omp-stats-ui-"));
  const call = (id: string, parentId: string, ts: string, model: string, output: number, cost: number) => ({
    type: "message",
    id,
    parentId,
    timestamp: ts,
    message: { role: "assistant", content: [{ type: "text", text: `answer ${id}` }], provider: "anthropic", model, usage: { input: 1000, output, cacheRead: 0, cacheWrite: 0, totalTokens: 1000 + output, cost: { total: cost } } },
  });
  const user = (id: string, parentId: string | null, ts: string) => ({ type: "message", id, parentId, timestamp: ts, message: { role: "user", content: `question ${id}` } });
  const lines = [
    { type: "session", version: 3, id: "stats-ui-1", timestamp: at(3), cwd: "/work/chart-project" },
    user("u1", null, at(3)),
    call("a1", "u1", at(3, 1), "claude-opus-4-5", 500, 1.5),
    user("u2", "a1", at(3, 2)),
    call("a2", "u2", at(3, 3), "claude-opus-4-5", 100, 0.25),
    user("u3", "a1", at(1)),
    call("a3", "u3", at(1, 1), "claude-haiku-4-5", 50, 0.5),
  ];
  writeFileSync(join(dir, "s1.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bars", () => {
  it("scales to the largest value, keeps every positive value visible and marks empty days", () => {
    expect(bars([0, 1, 4, 8])).toBe(`${EMPTY_DAY}▁▄█`);
    expect(bars([0, 0])).toBe(EMPTY_DAY + EMPTY_DAY);
    expect(bars([0.001, 100])).toBe("▁█");
  });
});

describe("screen 6, stats", () => {
  it("at 60 columns the first line says every figure in fewer words (not cut); at 200 it says them in full", async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    m = await mount({ paths: [dir], width: 60, height: 20 });
    await m.press("6");
    const headOf = (fr: string) => fr.split("\n").find((l) => /with usage/.test(l)) ?? "";
    const narrow = headOf(await m.waitFor((fr) => /with usage.*lines/.test(fr), "the stats screen"));
    expect(narrow).not.toMatch(/…$/);
    expect(displayWidth(narrow)).toBeLessThanOrEqual(60);
    expect(narrow).toMatch(/^1 with usage,? of 1\b/);
    expect(narrow).toContain(zone);
    expect(narrow).toMatch(/lines 1–\d+( of |\/)\d+/);
    m.unmount();
    m = await mount({ paths: [dir], width: 200, height: 20 });
    await m.press("6");
    const wide = headOf(await m.waitFor((fr) => /with usage.*lines/.test(fr), "the stats screen"));
    expect(wide).toMatch(new RegExp(`^1 session with usage, of 1 listed · days in ${zone.replace(/[/+]/g, "\\$&")} · lines 1–\\d+ of \\d+ \\(j/k, PgDn\\)$`));
    // the words give way in order, the keys' hint first; a zone too long for any of them: cut, never wider
    expect(statsHead(12, 345, "UTC", { from: 1, to: 19, of: 40 }, 80)).toBe("12 sessions with usage, of 345 listed · days in UTC · lines 1–19 of 40");
    expect(statsHead(12, 345, "UTC", null, 60)).toBe("12 sessions with usage, of 345 listed · days in UTC");
    const long = statsHead(12, 345, "America/Argentina/Buenos_Aires", { from: 1, to: 19, of: 40 }, 60);
    expect(long).toMatch(/^12 with usage of 345 · America\/Argentina\/Buenos_Aires · l.*…$/);
    expect(displayWidth(long)).toBe(60);
  });

  it("shows totals, cost and tokens per day with their scale, top models and projects; the list and the tree then show costs", async () => {
    m = await mount({ paths: [dir], width: 120, height: 40 });
    await m.press("6");
    const f = await m.waitFor((fr) => fr.includes("top projects") && fr.includes("chart-project"), "the stats screen");
    expect(f).toMatch(/all time\s+\$2\.25 · 3\.65k tokens \(input 3\.00k, output 650/);
    expect(f).toMatch(/cost per day, last 30 days\s+\(█ = \$1\.75, ▁ up to \$0\.22, · none\)/);
    expect(f).toMatch(/tokens per day, last 30 days\s+\(█ = 2\.60k/);
    // 30 days, one per cell: two days with calls, the highest drawn full.
    const chartRow = f.split("\n").find((l) => /[▁▂▃▄▅▆▇█]/.test(l) && l.includes(EMPTY_DAY))!;
    expect(chartRow).toContain("█");
    expect(f).toMatch(/anthropic\/claude-opus-4-5\s+\$1\.75\s+2\.60k tok\s+2 msgs/);
    expect(f).toMatch(/anthropic\/claude-haiku-4-5\s+\$0\.50/);
    expect(f).toMatch(/1 session with usage, of 1 listed/);

    // The list gains its cost column from the figures just read.
    await m.press("1");
    const list = await m.waitFor((fr) => /cost/.test(fr) && fr.includes("$2.25"), "the cost column");
    expect(list.split("\n").find((l) => l.includes("question u1"))).toMatch(/\$2\.25$/);

    // The tree: the session's cost and its abandoned branch's in the header.
    await m.press(KEYS.enter);
    const tree = await m.waitFor((fr) => fr.includes("abandoned branches"), "the tree header's cost");
    expect(tree).toMatch(/\$2\.25 · abandoned branches \$0\.25/);
    // The leaf's answer (a3, on the active path): its branch total by the detail pane.
    await m.press(".", KEYS.enter);
    const detail = await m.waitFor((fr) => fr.includes("branch total"), "the branch total");
    expect(detail).toMatch(/branch total \(the active path\): 2 msgs · 2\.55k tokens · \$2\.00/);
  });

  it("on a narrow screen the branch total keeps its figures: the label gives way first, then the count, never the cost", async () => {
    m = await mount({ paths: [dir], width: 48, height: 30 });
    await m.waitFor((fr) => fr.includes("question u1"), "the list");
    await m.press(KEYS.enter);
    await m.waitFor((fr) => fr.includes("answer a3"), "the tree");
    await m.press(".", KEYS.enter);
    const row = (fr: string) => fr.split("\n").find((l) => l.includes("active path")) ?? "";
    await m.waitFor((fr) => row(fr) !== "", "the branch total");
    expect(row(m.frame()).trimEnd()).toBe("active path total: 2 msgs · 2.55k tokens · $2.00");
    m.unmount();
    m = await mount({ paths: [dir], width: 40, height: 30 });
    await m.waitFor((fr) => fr.includes("question u1"), "the list");
    await m.press(KEYS.enter);
    await m.waitFor((fr) => fr.includes("answer a3"), "the tree");
    await m.press(".", KEYS.enter);
    await m.waitFor((fr) => row(fr) !== "", "the branch total");
    expect(row(m.frame()).trimEnd()).toBe("active path total: 2.55k tokens · $2.00");
  });

  it("reports progress while it reads, draws it, and r reads the figures again", async () => {
    const cache = mkdtempSync(join(tmpdir(), "omp-stats-cache-"));
    try {
      // The store's own progress, every state it passes through, on a cold cache.
      const store = createStatsStore({ cacheDir: cache });
      const seen: string[] = [];
      store.subscribe((st) => seen.push(`${st.phase}${st.progress ? ` ${st.progress.done}/${st.progress.total}` : ""}`));
      await store.getState().load([join(dir, "s1.jsonl")]);
      expect(seen).toEqual(["loading", "loading 1/1", "ready"]);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
    m = await mount({ paths: [dir], width: 100, height: 40 });
    await m.press("6");
    await m.waitFor((fr) => fr.includes("top models"), "the stats screen");
    // What the screen draws while a read is under way.
    m.stores.stats.setState({ phase: "loading", progress: { done: 3, total: 10 } });
    await m.waitFor((fr) => fr.includes("reading sessions for their usage… 3/10"), "the progress line");
    await m.press("r");
    await m.waitFor((fr) => fr.includes("top models") && fr.includes("1 session with usage"), "the figures again");
    expect(m.frame()).toMatch(/r reload/);
  });

  it("at 200 columns the figures sit by the names; at 60 the charts' legends are whole and the names too", async () => {
    m = await mount({ paths: [dir], width: 200, height: 60 });
    await m.press("6");
    let f = await m.waitFor((fr) => fr.includes("top projects") && fr.includes("chart-project"), "the stats screen at 200");
    const opus = f.split("\n").find((l) => l.includes("anthropic/claude-opus-4-5"))!;
    // The cost comes after the longest name shown and its padding, not at the screen's far edge.
    expect(opus).toMatch(/^ {3}anthropic\/claude-opus-4-5 {3,}\$1\.75 /);
    expect(opus.indexOf("$1.75")).toBeLessThan(60);
    m.unmount();
    m = await mount({ paths: [dir], width: 60, height: 60 });
    await m.press("6");
    f = await m.waitFor((fr) => fr.includes("top projects") && fr.includes("/work/chart"), "the stats screen at 60");
    const said = f.replace(/\n\s+/g, " ");
    expect(said).toContain("cost per day, last 30 days (█ = $1.75, ▁ up to $0.22, · none)");
    expect(said).toMatch(/tokens per day, last 30 days \(█ = 2\.60k, ▁ up to \S+, · none\)/);
    expect(f).not.toMatch(/…\n/);
    // The figures' columns are as wide as their cells: the names stay whole at 60.
    expect(f).toMatch(/^ {3}anthropic\/claude-opus-4-5 {2,}\$1\.75 {2}2\.60k tok {2}2 msgs$/m);
    expect(f).toMatch(/^ {3}\/work\/chart-project {2,}\$2\.25 {2}3\.65k tok {2}3 msgs$/m);
    // Narrower still, a project's path keeps its end (the folder's name), as the list's paths do.
    m.unmount();
    m = await mount({ paths: [dir], width: 44, height: 60 });
    await m.press("6");
    f = await m.waitFor((fr) => fr.includes("top projects") && fr.includes("chart-project"), "the stats screen at 44");
    expect(f).toMatch(/^ {3}…\S*chart-project {2}\$2\.25 {2}3\.65k tok {2}3 msgs$/m);
  });
});
