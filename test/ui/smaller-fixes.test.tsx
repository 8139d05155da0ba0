// The smaller fixes of the browser, each driven by keys: footers drop whole
// hints (never "Esc b…"), a narrow list keeps the session's name over the
// project, and the detail pane shows a call's arguments with real newlines,
// wrapped between words.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cursorRow, KEYS, mount, type Mounted } from "./harness.js";
import { footerHints } from "../../src/ui/keymap.js";
import { fitHints } from "../../src/ui/components/footer.js";
import { scopesFor } from "../../src/ui/app.js";

let dir: string;
let file: string;
let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});

const LONG = "this description is long enough that it has to wrap somewhere and supercalifragilistic must stay whole on one line of the pane";

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omp-small-"));
  file = join(dir, "2026-06-01T10-00-00-000Z_small.jsonl");
  const ts = "2026-06-01T10:00:00.000Z";
  const lines = [
    { type: "session", version: 3, id: "small", timestamp: ts, cwd: "/home/dev/a/rather/deep/project/directory/name" },
    { type: "message", id: "u1", parentId: null, timestamp: ts, message: { role: "user", content: "run the two echoes" } },
    { type: "message", id: "a1", parentId: "u1", timestamp: ts, message: { role: "assistant", content: [{ type: "toolCall", id: "c1", name: "bash", arguments: { command: "echo one\necho two", description: LONG } }] } },
    { type: "message", id: "t1", parentId: "a1", timestamp: ts, message: { role: "toolResult", toolCallId: "c1", toolName: "bash", content: [{ type: "text", text: "one\ntwo" }] } },
    { type: "session_info", id: "n1", parentId: "t1", timestamp: ts, name: "a fairly long session name that matters" },
  ];
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A session whose root (a model change, hidden by the default filter) has two branches: their first entries are promoted to roots. */
function promotedRoots(): string {
  const f = join(dir, "2026-06-01T11-00-00-000Z_roots.jsonl");
  const ts = "2026-06-01T11:00:00.000Z";
  const m = (id: string, parentId: string | null, role: string, text: string) => ({ type: "message", id, parentId, timestamp: ts, message: role === "user" ? { role, content: text } : { role, content: [{ type: "text", text }] } });
  const lines = [
    { type: "session", version: 3, id: "roots", timestamp: ts, cwd: "/home/dev/roots" },
    { type: "model_change", id: "mc", parentId: null, timestamp: ts, provider: "anthropic", modelId: "claude-opus-4-5" },
    m("u1", "mc", "user", "first branch question"),
    m("a1", "u1", "assistant", "first branch answer"),
    m("u2", "mc", "user", "second branch question"),
    m("a2", "u2", "assistant", "second branch answer"),
  ];
  writeFileSync(f, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return f;
}

describe("smaller fixes", () => {
  it("promoted roots under several roots keep their connectors and guides (default filter, again after ^a then ^d)", async () => {
    const f = promotedRoots();
    m = await mount({ file: f, paths: [f], width: 100 });
    const rows = () =>
      m!
        .frame()
        .split("\n")
        .filter((l) => /(user|assistant): (first|second) branch (question|answer)/.test(l)); // tree rows, not the tab bar or header (they show the title: its first message)
    const check = () => {
      const r = rows();
      expect(r.find((l) => l.includes("second branch question"))).toMatch(/├─ (• )?user: second branch question/);
      expect(r.find((l) => l.includes("second branch answer"))).toMatch(/│ {2}(• )?assistant: second branch answer/);
      expect(r.find((l) => l.includes("first branch question"))).toMatch(/└─ +user: first branch question/);
    };
    check();
    await m.press(KEYS.ctrl("a"));
    await m.press(KEYS.ctrl("d"));
    check();
  });

  it("the footer at 120 columns shows whole hints only", async () => {
    m = await mount({ file, paths: [file], width: 120 });
    const footer = m.frame().split("\n").at(-1)!.trimEnd();
    const all = footerHints(scopesFor(m.store.getState())).map((h) => `${h.keys} ${h.hint}`);
    expect(footer).not.toContain("…");
    for (const part of footer.split(" · ")) expect(all).toContain(part);
    expect(footer.split(" · ").length).toBeLessThan(all.length);
  });

  it("a footer too narrow for every hint ends with the help key's, which lists them all", async () => {
    m = await mount({ file, paths: [file], width: 60 });
    const footer = m.frame().split("\n").at(-1)!.trimEnd();
    const all = footerHints(scopesFor(m.store.getState())).map((h) => `${h.keys} ${h.hint}`);
    expect(footer.endsWith("? help")).toBe(true);
    expect(footer.length).toBeLessThanOrEqual(60);
    const parts = footer.split(" · ");
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(all).toContain(part);
    expect(fitHints(["a x", "b y", "? help"], 100, "? help")).toBe("a x · b y · ? help");
    expect(fitHints(["a x", "b y", "c z", "? help"], 12, "? help")).toBe("a x · ? help");
    expect(fitHints(["a x", "? help"], 4, "? help")).toBe("a x");
  });

  it("below 62 columns the session's name wins over the project column", async () => {
    m = await mount({ paths: [file], width: 58 });
    const f = m.frame();
    expect(f.split("\n")[1]).not.toContain("project");
    expect(cursorRow(f)).toContain("a fairly long session name");
  });

  it("the detail pane shows a call's arguments with real newlines, wrapped between words", async () => {
    m = await mount({ file, paths: [file], width: 70, height: 40 });
    for (let i = 0; i < 6 && !cursorRow(m.frame()).includes("[bash:"); i++) await m.press("k");
    await m.press(KEYS.enter);
    // the pane's own lines (the tree row names both echoes too): the detail is read in the background
    await m.waitFor((f) => f.split("\n").some((l) => l.trim() === "echo two"), "the detail pane");
    await m.press(KEYS.tab);
    await m.waitFor((f) => f.split("\n").at(-1)!.includes("Tab focus list"), "the pane focused");
    await m.press("G");
    const f = m.frame();
    const lines = f.split("\n");
    expect(lines.some((l) => l.trim() === "echo one")).toBe(true);
    expect(lines.some((l) => l.trim() === "echo two")).toBe(true);
    expect(f).not.toContain("\\n");
    expect(lines.some((l) => l.includes("supercalifragilistic"))).toBe(true);
  });
});
