// Keys come first: work the browser starts on its own (the open session's
// costs, which reread the whole file) waits until the keyboard is quiet, so
// it never holds a keypress behind it (issue 25). The gate itself on fake
// timers; the tree with real keys and a gate the test opens.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";
import { createInputQuiet, type InputQuiet } from "../../src/ui/state/input-quiet.js";
import { createAppStore } from "../../src/ui/state/store.js";

describe("the quiet gate", () => {
  afterEach(() => vi.useRealTimers());

  it("is open at once when no key came lately; after a key it opens once none has come for its time", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    const q = createInputQuiet(100);
    // No key yet: background work starts at once (the tree's cost shows without waiting).
    let first = false;
    void q.whenQuiet().then(() => (first = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(first).toBe(true);
    q.touch();
    let open = false;
    void q.whenQuiet().then(() => (open = true));
    await vi.advanceTimersByTimeAsync(60);
    q.touch();
    await vi.advanceTimersByTimeAsync(60);
    expect(open).toBe(false);
    q.touch();
    await vi.advanceTimersByTimeAsync(99);
    expect(open).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(open).toBe(true);
    // Long after the last key: open at once again.
    await vi.advanceTimersByTimeAsync(2000);
    let again = false;
    void q.whenQuiet().then(() => (again = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(again).toBe(true);
  });

  it("a scan's reads all go at once while no key comes; a key holds the next one until the keyboard is quiet", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    const q = createInputQuiet(100);
    for (let i = 0; i < 3; i++) {
      let open = false;
      void q.whenQuiet().then(() => (open = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(open).toBe(true);
      await vi.advanceTimersByTimeAsync(10);
    }
    q.touch();
    let held = false;
    void q.whenQuiet().then(() => (held = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(held).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(held).toBe(true);
  });
});

describe("the list's scan gives way to keys only while the list is off screen", () => {
  it("asks the gate before its reads on the tree screen, not on the list", async () => {
    const cacheDir = process.env.OMP_SESSIONS_CACHE_DIR;
    // Each listing on an empty catalog of its own: it reads the file.
    const listed = async (screen: "sessions" | "tree"): Promise<number> => {
      process.env.OMP_SESSIONS_CACHE_DIR = mkdtempSync(join(dir, "cache-"));
      let asked = 0;
      const app = createAppStore({ cwd: "/nowhere", list: { paths: [join(dir, "s.jsonl")] }, screen, beforeRead: async () => void asked++ });
      await app.getState().loadList();
      expect(app.getState().sessions?.length).toBe(1);
      return asked;
    };
    try {
      expect(await listed("sessions")).toBe(0);
      expect(await listed("tree")).toBeGreaterThan(0);
    } finally {
      process.env.OMP_SESSIONS_CACHE_DIR = cacheDir;
    }
  });
});

let dir: string;
let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omp-keys-first-"));
  const ts = new Date(Date.now() - 86_400_000).toISOString();
  const usage = (cost: number) => ({ input: 1000, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: 1010, cost: { total: cost } });
  const lines = [
    { type: "session", version: 3, id: "keys-first", timestamp: ts, cwd: "/work/keys-first" },
    { type: "message", id: "u1", parentId: null, timestamp: ts, message: { role: "user", content: "question one" } },
    { type: "message", id: "a1", parentId: "u1", timestamp: ts, message: { role: "assistant", content: [{ type: "text", text: "answer one" }], provider: "anthropic", model: "m", usage: usage(1.25) } },
    { type: "message", id: "u2", parentId: "a1", timestamp: ts, message: { role: "user", content: "question two" } },
    { type: "message", id: "a2", parentId: "u2", timestamp: ts, message: { role: "assistant", content: [{ type: "text", text: "answer two" }], provider: "anthropic", model: "m", usage: usage(0.5) } },
  ];
  writeFileSync(join(dir, "s.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the tree's costs wait for a pause in the keys", () => {
  it("every key is handled at once while the costs wait; once the keyboard is quiet they show", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let touched = 0;
    let asked = 0;
    const quiet: InputQuiet = { touch: () => void touched++, whenQuiet: () => (asked++, gate) };
    m = await mount({ file: join(dir, "s.jsonl"), quiet, width: 100, height: 20 });
    expect(m.frame()).toContain("← leaf");
    await m.press("k", "k", KEYS.up);
    expect(
      m
        .frame()
        .split("\n")
        .find((l) => l.startsWith("› ")),
    ).toContain("question one");
    await m.press("j");
    expect(touched).toBe(4);
    // The costs reach the gate (before the price table loads) and wait there: the header shows none.
    await m.waitFor(() => asked === 1, "the costs' scan asking the gate");
    expect(m.stores.stats.getState().open).toBeNull();
    expect(m.frame()).not.toContain("$1.75");
    release();
    await m.waitFor((f) => f.includes("$1.75"), "the session's cost in the header");
  });
});
