// A big session opens in two steps (tree-slice.ts openFile): the whole lines
// of its start are drawn at once, the rest is read behind that first frame.
// While it is read the tree says so and shows no fact only the rest can
// settle (the leaf, the active path, the name, the cost); writes wait. Once
// read, the tree is the one a whole read gives, the cursor on the leaf unless
// the user moved meanwhile. The rest is held here by `restRead`, so each
// state is looked at on purpose (no timing).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cursorRow, mount, type Mounted } from "./harness.js";
import { loadSession, loadSessionStart, refreshSession } from "../../src/core/session/index.js";
import type { InputQuiet } from "../../src/ui/state/input-quiet.js";

const HEAD = 8 << 10;
let dir: string;
let big: string;
let small: string;
let m: Mounted | null = null;

const ts = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
const usage = { input: 1000, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: 1010, cost: { total: 0.25 } };

/** A chain of 300 turns; near the end a branch off turn 3, a label on turn 1 and the session's name. */
function bigSession(): string {
  const lines: object[] = [{ type: "session", version: 3, id: "steps", timestamp: ts(0), cwd: "/work/steps" }];
  let parent: string | null = null;
  for (let i = 1; i <= 300; i++) {
    const pad = ` turn ${i} `.padEnd(120, "·");
    lines.push({ type: "message", id: `u${i}`, parentId: parent, timestamp: ts(2 * i), message: { role: "user", content: `question ${i}${pad}` } });
    lines.push({ type: "message", id: `a${i}`, parentId: `u${i}`, timestamp: ts(2 * i + 1), message: { role: "assistant", content: [{ type: "text", text: `answer ${i}${pad}` }], provider: "anthropic", model: "m", usage } });
    parent = `a${i}`;
  }
  lines.push({ type: "message", id: "b1", parentId: "a3", timestamp: ts(700), message: { role: "user", content: "a late branch off turn three" } });
  lines.push({ type: "label", id: "l1", parentId: "b1", timestamp: ts(701), targetId: "u1", label: "first question" });
  lines.push({ type: "session_info", id: "n1", parentId: "l1", timestamp: ts(702), name: "named at the end" });
  lines.push({ type: "message", id: "last", parentId: "n1", timestamp: ts(703), message: { role: "user", content: "the last word" } });
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omp-open-steps-"));
  big = join(dir, "big.jsonl");
  writeFileSync(big, bigSession());
  small = join(dir, "small.jsonl");
  writeFileSync(small, bigSession().split("\n").slice(0, 8).join("\n") + "\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  m?.unmount();
  m = null;
});

/** The rest's reads wait here until `release`; `asked` counts them. */
function holdRest() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const held = { asked: 0, release: () => release(), restRead: () => (held.asked++, gate) };
  return held;
}

const openQuiet: InputQuiet = { touch: () => {}, whenQuiet: () => Promise.resolve() };

async function open(file: string, held: ReturnType<typeof holdRest>) {
  m = await mount({ width: 110, height: 24, openHeadBytes: HEAD, restRead: held.restRead, quiet: openQuiet, statsCacheDir: join(dir, "cache-" + Math.random()) });
  // An object, not the promise itself: an async function's caller would wait for that one too.
  return m.store.getState().openSession(file);
}

describe("core: a session read in two steps", () => {
  it("its start and the rest give what one whole read gives", async () => {
    const start = await loadSessionStart(big, HEAD);
    expect(start).not.toBeNull();
    expect(start!.size).toBeLessThanOrEqual(HEAD);
    expect(start!.entries.length).toBeLessThan(100);
    const rest = await refreshSession(start!);
    const once = await loadSession(big);
    expect(rest.entries.map((e) => e.id)).toEqual(once.entries.map((e) => e.id));
    expect(rest.leafId).toBe("last");
    expect(rest.name).toBe(once.name);
    expect([...rest.labels]).toEqual([...once.labels]);
    expect(rest.size).toBe(once.size);
  });

  it("a file no bigger than the start, or gzip'd, is not read in two steps", async () => {
    expect(await loadSessionStart(small, HEAD)).toBeNull();
    expect(await loadSessionStart(big, 1 << 30)).toBeNull();
    writeFileSync(join(dir, "x.jsonl.gz"), "");
    expect(await loadSessionStart(join(dir, "x.jsonl.gz"), 10)).toBeNull();
  });
});

describe("the browser opens a big session in two steps", () => {
  it("draws its start at once and says what is still being read; no leaf, no name, no cost, no writes until the rest is in", async () => {
    const held = holdRest();
    const { whole } = await open(big, held);
    const f = await m!.waitFor((fr) => fr.includes("reading…"), "the tree's start");
    expect(f).toMatch(/reading… [\d.]+ of [\d.]+ MB/);
    expect(f).toContain("so far");
    expect(f).not.toContain("← leaf");
    expect(f).not.toContain("•");
    expect(f).not.toContain("named at the end");
    expect(cursorRow(f)).toContain("question 1 ");
    expect(m!.store.getState().treeLoad).not.toBeNull();
    expect(m!.stores.stats.getState().open).toBeNull();
    // Keys are live on what is read; a write waits for the whole session.
    await m!.press("j");
    expect(cursorRow(m!.frame())).toContain("answer 1 ");
    await m!.press("L");
    expect(m!.frame()).toContain("still reading this session");
    expect(m!.stores.write.getState().step).toBeNull();
    await m!.press(".");
    expect(m!.frame()).toContain("still reading this session");
    await m!.press("k");
    expect(held.asked).toBeGreaterThan(0);
    held.release();
    await whole;
    const done = await m!.waitFor((fr) => fr.includes("← leaf"), "the whole tree");
    // Not moved away from the first row: the cursor goes where a whole read opens, the leaf.
    expect(cursorRow(done)).toContain("the last word");
    expect(done).not.toContain("reading…");
    expect(done).toContain("named at the end");
    expect(m!.store.getState().session!.entries.length).toBe(604);
    await m!.waitFor((fr) => fr.includes("$"), "the session's cost once it is read whole");
  });

  it("a cursor moved while the rest is read stays on its entry", async () => {
    const held = holdRest();
    const { whole } = await open(big, held);
    await m!.waitFor((fr) => fr.includes("reading…"), "the tree's start");
    await m!.press("j", "j");
    expect(cursorRow(m!.frame())).toContain("question 2 ");
    held.release();
    await whole;
    const done = await m!.waitFor((fr) => fr.includes("named at the end"), "the whole tree");
    expect(cursorRow(done)).toContain("question 2 ");
  });

  it("another session opened meanwhile is never replaced by the first one's rest", async () => {
    const held = holdRest();
    const { whole } = await open(big, held);
    await m!.waitFor((fr) => fr.includes("reading…"), "the tree's start");
    await m!.store.getState().openFile(small);
    await m!.waitFor((fr) => fr.includes("← leaf") && !fr.includes("reading…"), "the small session, read whole at once");
    held.release();
    await whole;
    expect(m!.store.getState().session!.file).toBe(small);
    expect(m!.store.getState().treeLoad).toBeNull();
  });

  it("once the rest is in, the work that starts then waits as after a key: the costs ask the gate before they load anything", async () => {
    const held = holdRest();
    let touched = 0;
    let asked = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((r) => (openGate = r));
    // The gate stays shut after the touch until the test opens it: nothing may start before it opens.
    const quiet: InputQuiet = { touch: () => void touched++, whenQuiet: () => (asked++, touched > 0 ? gate : Promise.resolve()) };
    m = await mount({ width: 110, height: 24, openHeadBytes: HEAD, restRead: held.restRead, quiet, statsCacheDir: join(dir, "cache-" + Math.random()) });
    const { whole } = await m.store.getState().openSession(big);
    await m.waitFor((fr) => fr.includes("reading…"), "the tree's start");
    expect(touched).toBe(0);
    held.release();
    await whole;
    await m.waitFor((fr) => fr.includes("← leaf"), "the whole tree");
    expect(touched).toBe(1);
    await m.waitFor(() => asked > 0, "the costs asking the gate");
    // Held at the gate: no figures were read (the price table and the scan come after it).
    expect(m.stores.stats.getState().open).toBeNull();
    openGate();
    await m.waitFor((fr) => fr.includes("$"), "the session's cost once the gate opens");
  });

  it("a small session opens whole in one step, as before", async () => {
    const held = holdRest();
    await open(small, held);
    const f = await m!.waitFor((fr) => fr.includes("← leaf"), "the tree");
    expect(f).not.toContain("reading…");
    expect(held.asked).toBe(0);
  });
});
