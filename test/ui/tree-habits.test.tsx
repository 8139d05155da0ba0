// pi's /tree habits on the tree screen, with real keys: ctrl+←/→ fold or jump
// between segments, Shift+T label times, the leaf visible under every
// filter; and the file's path in the header, the detail pane and on `y`.
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cursorRow, KEYS, mount, type Mounted } from "./harness.js";
import { labelStamp } from "../../src/ui/format/label-time.js";

let m: Mounted | null = null;
let dir = "";
afterEach(() => {
  m?.unmount();
  m = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

const LABEL_AT = "2026-06-01T10:05:00.000Z";

/**
 * u1 → a1 → u2 (branch point, labeled "fork here") → a2 → u3 → a3 (the leaf)
 *                                                  → b2 → ub3
 */
function branchySession(): string {
  dir = mkdtempSync(join(tmpdir(), "omp-tree-"));
  const file = join(dir, "2026-06-01T10-00-00-000Z_t1.jsonl");
  let n = 0;
  const ts = () => `2026-06-01T10:${String(n++).padStart(2, "0")}:00.000Z`;
  const msg = (id: string, parentId: string | null, role: string, text: string) => ({
    type: "message",
    id,
    parentId,
    timestamp: ts(),
    message: role === "user" ? { role, content: text } : { role, content: [{ type: "text", text }], provider: "p", model: "m", stopReason: "stop" },
  });
  const lines = [
    { type: "session", version: 3, id: "t1", timestamp: "2026-06-01T10:00:00.000Z", cwd: "/work/app" },
    msg("u1", null, "user", "first question"),
    msg("a1", "u1", "assistant", "first answer"),
    msg("u2", "a1", "user", "second question"),
    msg("b2", "u2", "assistant", "the other branch"),
    msg("ub3", "b2", "user", "on the other branch"),
    msg("a2", "u2", "assistant", "second answer"),
    msg("u3", "a2", "user", "third question"),
    { type: "label", id: "l1", parentId: "u3", timestamp: LABEL_AT, targetId: "u2", label: "fork here" },
    msg("a3", "l1", "assistant", "third answer"),
  ];
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return file;
}

const at = () => {
  const st = m!.store.getState();
  return st.rows!.row(st.cursor).id;
};

describe("tree keys from pi's /tree", () => {
  it("ctrl+→ jumps to the next segment start, ctrl+← folds a segment or jumps up; ctrl+→ unfolds", async () => {
    m = await mount({ file: branchySession() });
    await m.press("g");
    expect(at()).toBe("u1");
    await m.press(KEYS.ctrlRight);
    expect(at()).toBe("a2"); // the first child of the branch point u2 (the leaf's branch first)
    await m.press(KEYS.ctrlRight);
    expect(at()).toBe("a3"); // the end of that segment
    await m.press(KEYS.ctrlLeft);
    expect(at()).toBe("a2"); // back to the start of the segment
    await m.press(KEYS.ctrlLeft);
    expect(m.store.getState().folded.has("a2")).toBe(true);
    expect(cursorRow(m.frame())).toMatch(/▸ \(1\)/);
    await m.press(KEYS.ctrlRight);
    expect(m.store.getState().folded.has("a2")).toBe(false);
    await m.press(KEYS.ctrlLeft, KEYS.ctrlLeft);
    expect(at()).toBe("u1"); // folded already: up to the root
    // alt+←/→ do the same; plain ←/→ still page.
    await m.press(KEYS.alt("\u001b[C"));
    expect(at()).toBe("a2");
  });

  it("T shows when each label was set (pi's label time), T again hides it", async () => {
    m = await mount({ file: branchySession() });
    const row = () =>
      m!
        .frame()
        .split("\n")
        .find((l) => l.includes("[fork here]"))!;
    expect(row()).not.toContain(labelStamp(LABEL_AT));
    await m.press("T");
    expect(row()).toContain(`[fork here] ${labelStamp(LABEL_AT)} user: second question`);
    await m.press("T");
    expect(row()).not.toContain(labelStamp(LABEL_AT));
  });

  it("the leaf row stays visible under every filter", async () => {
    m = await mount({ file: branchySession() });
    for (const f of ["u", "l", "t", "a", "d"]) {
      await m.press(KEYS.ctrl(f));
      const leafRow = m
        .frame()
        .split("\n")
        .find((l) => l.includes("← leaf"));
      expect(leafRow, `filter ^${f}`).toContain("third answer");
    }
    await m.press(KEYS.ctrl("u"), ".");
    expect(at()).toBe("a3");
  });
});

describe("the session's file path", () => {
  it("heads the tree, starts the detail pane, and y puts it on the status line", async () => {
    const file = branchySession();
    m = await mount({ file, width: 140 });
    expect(m.frame().split("\n")[1]).toContain(file);
    await m.press(KEYS.enter);
    await m.waitFor((f) => f.includes(`file ${file}:`), "the path in the detail pane");
    await m.press(KEYS.escape, "y");
    expect(m.frame().split("\n").at(-2)).toContain(file);
    expect(m.store.getState().copiedPaths).toEqual([file]);
  });

  it("in the detail pane, under the home folder, starts with ~ as the header does", async () => {
    const file = branchySession();
    const home = process.env.HOME;
    process.env.HOME = dir;
    try {
      m = await mount({ file, width: 140 });
      expect(m.frame().split("\n")[1]).toContain("~/2026-06-01T10-00-00-000Z_t1.jsonl");
      await m.press(KEYS.enter);
      await m.waitFor((f) => f.includes("file ~/2026-06-01T10-00-00-000Z_t1.jsonl:"), "the path with ~ in the detail pane");
      expect(m.frame()).not.toContain(`file ${file}`);
    } finally {
      if (home === undefined) delete process.env.HOME;
      else process.env.HOME = home;
    }
  });
});
