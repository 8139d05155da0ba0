// Screen 6 against `stats --json` for the same sessions: the count of
// sessions with usage, the all-time totals (wrapped, never cut, at 80 and 120
// columns), the top models and projects reached by scrolling at 80×24, and
// empty 30-day charts said in words.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";
import { runBin } from "../helpers/run-bin.js";
import { dollars, shortCount } from "../../src/core/stats/format.js";
import { displayWidth } from "../../src/ui/format/width.js";

let m: Mounted | null = null;
let dir: string;
afterEach(() => {
  m?.unmount();
  m = null;
});

// Every call 60 days ago: the 30-day charts are empty.
const OLD = new Date(Date.now() - 60 * 86_400_000).toISOString();

function session(name: string, cwd: string, calls: { model: string; provider: string; output: number; cost?: number }[]): void {
  const lines: object[] = [{ type: "session", version: 3, id: `stats-fig-${name}`, timestamp: OLD, cwd }];
  let parent: string | null = null;
  calls.forEach((c, i) => {
    lines.push({ type: "message", id: `u${i}`, parentId: parent, timestamp: OLD, message: { role: "user", content: `question ${i}` } });
    const usage = { input: 1000, output: c.output, cacheRead: 0, cacheWrite: 0, totalTokens: 1000 + c.output, ...(c.cost !== undefined ? { cost: { total: c.cost } } : {}) };
    lines.push({ type: "message", id: `a${i}`, parentId: `u${i}`, timestamp: OLD, message: { role: "assistant", content: [{ type: "text", text: `answer ${i}` }], provider: c.provider, model: c.model, usage } });
    parent = `a${i}`;
  });
  if (calls.length === 0) lines.push({ type: "message", id: "u0", parentId: null, timestamp: OLD, message: { role: "user", content: "no answer yet" } });
  writeFileSync(join(dir, `${name}.jsonl`), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
}

interface JsonRow {
  model?: string;
  project?: string;
  totalTokens: number;
  cost: number;
  messages: number;
  unpriced: { messages: number; tokens: number };
}

const stats = async (by: string): Promise<JsonRow[]> => {
  const r = await runBin(["stats", dir, "--by", by, "--json"]);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as JsonRow[];
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omp-stats-fig-"));
  session("alpha", "/work/alpha-project", [
    { model: "claude-opus-4-5", provider: "anthropic", output: 500, cost: 1.25 },
    { model: "claude-opus-4-5", provider: "anthropic", output: 100, cost: 0.5 },
  ]);
  session("beta", "/work/beta-project", [
    { model: "claude-haiku-4-5", provider: "anthropic", output: 3, cost: 0.00003 },
    { model: "mystery-model-x", provider: "acme-unknown", output: 20 },
  ]);
  session("gamma", "/work/gamma-project", []);
  session("delta", "/work/delta-project", [{ model: "gpt-5", provider: "openai", output: 40, cost: 0.02 }]);
  session("epsilon", "/work/epsilon-project", [{ model: "gemini-2.5-pro", provider: "google", output: 60, cost: 0.03 }]);
  session("zeta", "/work/zeta-project", [{ model: "claude-sonnet-4-5", provider: "anthropic", output: 70, cost: 0.04 }]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function openStats(width: number, height: number): Promise<string> {
  m = await mount({ paths: [dir], width, height });
  await m.press("6");
  return m.waitFor((f) => f.includes("sessions with usage"), "the figures");
}

describe("stats screen figures", () => {
  it("every figure matches `stats --json`: sessions with usage, totals, models, projects (80×24, scrolled)", async () => {
    const bySession = await stats("session");
    const withUsage = bySession.filter((r) => r.messages > 0).length;
    expect(withUsage).toBe(5);
    let f = await openStats(80, 24);
    expect(f).toContain(`${withUsage} sessions with usage, of 6 listed`);
    // More lines than the screen: the top projects are below it at first.
    const projects = (await stats("project")).slice(0, 5);
    expect(f).not.toContain(projects[4].project!);
    for (const l of f.split("\n")) expect(displayWidth(l)).toBeLessThanOrEqual(80);
    // All time: the cost, the tokens and the unpriced part, whole.
    const cost = bySession.reduce((a, r) => a + r.cost, 0);
    const tokens = bySession.reduce((a, r) => a + r.totalTokens, 0);
    const calls = bySession.reduce((a, r) => a + r.messages, 0);
    const unpriced = bySession.reduce((a, r) => a + r.unpriced.messages, 0);
    const flat = f.replace(/\n {10,}/g, " ");
    expect(flat).toContain(`all time  ${dollars(cost)}+? · ${shortCount(tokens)} tokens`);
    expect(flat).toContain(`${calls} msgs · unpriced: ${unpriced} msg, `);
    expect(f).toContain("cost per day, last 30 days  (no cost in the last 30 days)");
    expect(f).not.toContain("█ = $0");

    // Scroll to the top models and projects.
    await m!.press(KEYS.pageDown);
    f = await m!.waitFor((x) => x.includes(projects[4].project!), "scrolled to the projects");
    await m!.press("G");
    f = m!.frame();
    for (const r of (await stats("model")).slice(0, 5)) {
      const row = f.split("\n").find((l) => l.includes(r.model!));
      expect(row, `model ${r.model}`).toBeDefined();
      const cell = r.unpriced.messages === r.messages ? "?" : r.unpriced.messages > 0 ? `${dollars(r.cost)}+?` : dollars(r.cost);
      expect(row).toContain(cell);
      expect(row).toContain(`${shortCount(r.totalTokens)} tok`);
    }
    // The screen shows the top five, in the order `stats --by project` gives.
    for (const r of projects) {
      const row = f.split("\n").find((l) => l.includes(r.project!));
      expect(row, `project ${r.project}`).toBeDefined();
      expect(row).toContain(`${r.messages} msg`);
    }
    // Costs under a cent are never $0.0000.
    expect(f).not.toContain("$0.0000");
    expect(f).toContain("<$0.0001");
  });

  it("at 120 columns the all-time line fits whole too", async () => {
    const f = await openStats(120, 40);
    for (const l of f.split("\n")) expect(displayWidth(l)).toBeLessThanOrEqual(120);
    expect(f.replace(/\n\s+/g, " ")).toMatch(/unpriced: 1 msg, [\d.]+k? tok/);
  });
});
