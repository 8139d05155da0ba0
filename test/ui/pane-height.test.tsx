// The tree's detail / context pane takes the rows its content needs, up to
// its share of the screen: a short context leaves no blank rows under it
// while the tree above is cut short, and a short tree lends the pane its rows.
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";
import { paneHeightFor, steadyPaneRows } from "../../src/ui/format/pane-rows.js";

let m: Mounted | null = null;
const dirs: string[] = [];
afterEach(() => {
  m?.unmount();
  m = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A pi session of `turns` question/answer pairs on one path (each answer `answerLines` lines long). */
function chain(turns: number, answerLines = 1): string {
  const dir = mkdtempSync(join(tmpdir(), "omp-paneh-"));
  dirs.push(dir);
  const lines: object[] = [{ type: "session", version: 3, id: "s-paneh", timestamp: "2026-04-01T09:00:00.000Z", cwd: "/p" }];
  let parent: string | null = null;
  for (let i = 0; i < turns * 2; i++) {
    const id = `e${String(i).padStart(7, "0")}`;
    const ts = new Date(Date.UTC(2026, 3, 1, 9, 0, i)).toISOString();
    const message =
      i % 2 === 0
        ? { role: "user", content: `question ${i / 2}` }
        : {
            role: "assistant",
            provider: "anthropic",
            model: "claude-opus-4-5",
            stopReason: "stop",
            content: [{ type: "text", text: Array.from({ length: answerLines }, (_, k) => `answer ${(i - 1) / 2}${k ? ` line ${k}` : ""}`).join("\n") }],
          };
    lines.push({ type: "message", id, parentId: parent, timestamp: ts, message });
    parent = id;
  }
  const file = join(dir, "2026-04-01T09-00-00-000Z_s-paneh.jsonl");
  writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return file;
}

describe("paneHeightFor", () => {
  it("its share when the content is longer, what the content needs when shorter, the tree's spare rows when the tree is short", () => {
    expect(paneHeightFor(56, Infinity, 300)).toBe(33);
    expect(paneHeightFor(56, 100, 300)).toBe(33);
    expect(paneHeightFor(56, 5, 300)).toBe(5);
    expect(paneHeightFor(56, 1, 300)).toBe(3);
    expect(paneHeightFor(56, 100, 6)).toBe(50);
    expect(paneHeightFor(56, 40, 6)).toBe(40);
    // The review screens' preview keeps its share when what it shows is shorter; a short queue still lends it rows.
    expect(paneHeightFor(40, 5, 300, 0.45, false)).toBe(18);
    expect(paneHeightFor(40, 30, 3, 0.45, false)).toBe(30);
  });
});

describe("the context pane at 200x60", () => {
  it("a short context: the pane ends at its last line, the tree shows the rows it gave up", async () => {
    m = await mount({ file: chain(40), width: 200, height: 60 });
    await m.waitFor((f) => f.includes("answer 39"), "the tree");
    await m.press("g");
    await m.press("c");
    const f = await m.waitFor((fr) => fr.includes("── context") && fr.includes("1 user: question 0"), "the context of the first entry");
    const rows = f.split("\n");
    expect(rows).toHaveLength(60);
    const rule = rows.findIndex((r) => r.startsWith("── context"));
    // The screen's last row (above the status line and the keys) is the context's own.
    expect(rows.at(-3)).toContain("1 user: question 0");
    // Tab bar and header above the tree: every other row above the rule is a tree row.
    expect(rule - 2).toBe(60 - 3 - 1 - 4);
    expect(rows.slice(2, rule).every((r) => /question|answer/.test(r))).toBe(true);
  });
});

describe("steadyPaneRows", () => {
  it("keeps the most rows it took while the cursor moves; starts over for another pane kind or size; holds while loading", () => {
    let st = steadyPaneRows(null, "detail 120x38", 23, true, 23);
    expect(st.rows).toBe(23); // just opened, loading: its share
    st = steadyPaneRows(st.hold, "detail 120x38", 7, false, 23);
    expect(st.rows).toBe(7); // loaded: what it needs
    st = steadyPaneRows(st.hold, "detail 120x38", 15, false, 23);
    expect(st.rows).toBe(15); // a longer entry grows it
    st = steadyPaneRows(st.hold, "detail 120x38", 23, true, 23);
    expect(st.rows).toBe(15); // the next entry loading: held
    st = steadyPaneRows(st.hold, "detail 120x38", 7, false, 23);
    expect(st.rows).toBe(15); // a shorter entry: held, the tree does not move
    expect(steadyPaneRows(st.hold, "detail 120x38", 7, false, 10).rows).toBe(10); // never past what it may take now
    expect(steadyPaneRows(st.hold, "detail 100x38", 7, false, 23).rows).toBe(7); // resized: sized afresh
    expect(steadyPaneRows(st.hold, "context 120x38", 7, false, 23).rows).toBe(7); // another pane: sized afresh
  });
});

describe("moving the cursor with the detail pane open", () => {
  it("a shorter entry after a longer one leaves the pane's rule (and the tree's rows) where they were", async () => {
    m = await mount({ file: chain(40, 9), width: 120, height: 40 });
    await m.waitFor((f) => f.includes("answer 39"), "the tree");
    // The answers' detail ends with the branch total: the session's figures first (they load behind the tree).
    await m.waitFor(() => m!.stores.stats.getState().open !== null, "the session's figures");
    // Where the pane starts (an answer's branch total above its rule belongs to it): the tree's rows end there.
    const ruleAt = (f: string): number => f.split("\n").findIndex((r) => r.startsWith("── entry") || r.startsWith("branch total"));
    const shown = (id: string, text: string) => (f: string) => f.includes(`── entry ${id}`) && f.includes(text) && !f.includes("loading…");
    await m.press("k", KEYS.enter);
    const short = ruleAt(await m.waitFor(shown("e0000078", "question 39"), "the question's detail"));
    await m.press("j");
    const long = ruleAt(await m.waitFor(shown("e0000079", "active path"), "the answer's detail"));
    // The longer entry takes more rows (the pane grows up to its share): the rule moves up once.
    expect(long).toBeLessThan(short);
    await m.press("k");
    let f = await m.waitFor(shown("e0000078", "question 39"), "the question's detail again");
    expect(ruleAt(f)).toBe(long);
    const tree = f.split("\n").slice(0, long);
    await m.press("k");
    f = await m.waitFor(shown("e0000077", "active path"), "the answer before");
    await m.press("j");
    f = await m.waitFor(shown("e0000078", "question 39"), "the question's detail once more");
    expect(ruleAt(f)).toBe(long);
    expect(f.split("\n").slice(0, long)).toEqual(tree);
    // Closed and opened again, the pane fits its content afresh.
    await m.press(KEYS.escape);
    await m.waitFor((fr) => !fr.includes("── entry"), "the pane closed");
    await m.press(KEYS.enter);
    expect(ruleAt(await m.waitFor(shown("e0000078", "question 39"), "the question's detail reopened"))).toBe(short);
  });
});
