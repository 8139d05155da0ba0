// m and = in the tree with real keys: the mark shows in its row, = opens the
// compare view (side by side when wide, stacked when narrow), Enter opens a
// message, Esc closes the message and then the view.
import { describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";
import { loadSession } from "../../src/core/session/tree/load.js";

const PI = resolve("test/fixtures/compare/pi-compare.jsonl");
const FORK = resolve("test/fixtures/compare/pi-compare-fork.jsonl");

async function goTo(m: Mounted, id: string): Promise<void> {
  const at = m.store.getState().rows!.indexOf(id);
  expect(at, id).toBeGreaterThanOrEqual(0);
  await m.press("g", ...Array.from({ length: at }, () => "j"));
  expect(m.store.getState().rows!.row(m.store.getState().cursor).id).toBe(id);
}

describe("compare in the tree", () => {
  it("wide: m marks a4, = on a6 shows both sides side by side from the branch point", async () => {
    const m = await mount({ file: PI, width: 140, height: 34 });
    try {
      await m.press("2");
      await goTo(m, "a4");
      await m.press("m");
      await m.waitFor((f) => f.includes("[m] assistant: Patched, tests pass."), "the mark in the row");
      expect(m.frame()).toMatch(/m mark · = compare/);
      await goTo(m, "a6");
      await m.press("=");
      const f = await m.waitFor((fr) => fr.includes("common point: a2"), "the compare view");
      const lines = f.split("\n");
      // A and B on one line: side by side.
      expect(lines.some((l) => l.includes("A · pi-compare.jsonl at a4") && l.includes("B · pi-compare.jsonl at a6"))).toBe(true);
      expect(lines.some((l) => l.includes("›   user: patch it with a test") && l.includes("user: rewrite it instead"))).toBe(true);
      // Alike on both sides: marked with = (dimmed in colour).
      expect(f).toContain("= src/parse.ts");
      expect(f).toContain("= npm test");
      expect(f).toContain("  test/parse.test.ts");
      expect(f).toContain("tokens and cost: 450 tokens · 2 calls · $0.0055");
      expect(f).toContain("tokens and cost: 505 tokens · 2 calls · $0.0060");
      expect(f).toContain("↑↓ move · Enter open · Esc close");
      // Enter opens the message under the cursor; Esc closes it, then the view.
      await m.press(KEYS.down, KEYS.enter);
      await m.waitFor((fr) => fr.includes("── message a3"), "the opened message");
      // PgDn scrolls the opened message (the cursor stays).
      await m.press(KEYS.pageDown);
      expect(m.stores.compare.getState().view?.opened?.scroll).toBe(10);
      expect(m.stores.compare.getState().view?.cursor).toBe(1);
      await m.press(KEYS.escape);
      await m.waitFor((fr) => !fr.includes("── message a3") && fr.includes("common point: a2"), "the message closed");
      await m.press(KEYS.escape);
      await m.waitFor((fr) => !fr.includes("common point") && fr.includes("[m] assistant: Patched"), "back in the tree");
    } finally {
      m.unmount();
    }
  });

  it("narrow: the sides stand one above the other", async () => {
    const m = await mount({ file: PI, width: 80, height: 44 });
    try {
      await m.press("2");
      await goTo(m, "a4");
      await m.press("m");
      await goTo(m, "a6");
      await m.press("=");
      const f = await m.waitFor((fr) => fr.includes("common point: a2"), "the compare view");
      const lines = f.split("\n");
      const a = lines.findIndex((l) => l.includes("A · pi-compare.jsonl"));
      const b = lines.findIndex((l) => l.includes("B · pi-compare.jsonl"));
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(a);
      expect(lines[b]).not.toContain("A ·");
    } finally {
      m.unmount();
    }
  });

  it("= without a mark says to mark first", async () => {
    const m = await mount({ file: PI, width: 120, height: 30 });
    try {
      await m.press("2", "=");
      await m.waitFor((f) => f.includes("mark an entry with m first"), "the hint");
    } finally {
      m.unmount();
    }
  });

  it("a mark in one session, = in its fork: compared from the fork point", async () => {
    const m = await mount({ file: PI, width: 140, height: 34 });
    try {
      await m.press("2");
      await goTo(m, "a4");
      await m.press("m");
      // Another session opened (as Enter on the list would).
      m.store.getState().setSession(await loadSession(FORK));
      await m.waitFor((f) => f.includes("Third way done.") && !f.includes("[m]"), "the fork's tree");
      await goTo(m, "a7");
      await m.press("=");
      const f = await m.waitFor((fr) => fr.includes("common point: a2 (the fork point"), "the compare view");
      expect(f.split("\n").some((l) => l.includes("A · pi-compare.jsonl at a4") && l.includes("B · pi-compare-fork.jsonl at a7"))).toBe(true);
    } finally {
      m.unmount();
    }
  });
});
