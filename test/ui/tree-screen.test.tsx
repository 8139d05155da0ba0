import { afterEach, describe, expect, it } from "vitest";
import { appendFileSync, copyFileSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bodyLines, cursorRow, KEYS, mount, type Mounted } from "./harness.js";
import { safeText } from "../../src/core/session/text/safe-text.js";
import { BINDINGS } from "../../src/ui/keymap.js";

const DIR = "test/fixtures/sessions";
// A real pi session with branches, labels and compactions (picked by content, not by name).
const RICH = join(
  DIR,
  readdirSync(DIR).find((f) => f.startsWith("pi-2026") && f.endsWith(".jsonl") && f.includes("T14-00"))!,
);
const CONTROL = "test/fixtures/sessions-edge/edge-control-chars.jsonl";

let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});

describe("tree screen", () => {
  it("opens with the cursor on the current leaf, marked as such", async () => {
    m = await mount({ file: RICH });
    const s = m.store.getState().session!;
    const leaf = s.byId.get(s.leafId!)!;
    expect(cursorRow(m.frame())).toContain("← leaf");
    // The leaf may be a hidden bookkeeping entry; the row then stands for its nearest visible ancestor.
    const st = m.store.getState();
    expect(st.rows!.row(st.cursor).isLeaf).toBe(true);
    if (st.rows!.indexOf(leaf.id) >= 0) expect(cursorRow(m.frame())).toContain(safeText(leaf.summary).slice(0, 20));
  });

  it("moves with j/k and arrows, wraps at the ends, jumps with g/G and .", async () => {
    m = await mount({ file: RICH });
    await m.press("g");
    expect(m.store.getState().cursor).toBe(0);
    const first = cursorRow(m.frame());
    await m.press("j", KEYS.down);
    expect(m.store.getState().cursor).toBe(2);
    await m.press("k", KEYS.up, "k");
    // Wrapped from the first row to the last.
    expect(m.store.getState().cursor).toBe(m.store.getState().rows!.count - 1);
    await m.press("g");
    expect(cursorRow(m.frame())).toBe(first);
    await m.press(".");
    expect(cursorRow(m.frame())).toContain("← leaf");
  });

  it("filters with pi's keys: ctrl+u shows only user messages, ctrl+a everything, ctrl+d back", async () => {
    m = await mount({ file: RICH });
    const defaultCount = m.store.getState().rows!.count;
    await m.press(KEYS.ctrl("u"));
    const rows = bodyLines(m.frame()).filter((l) => /[•›]|─/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    // User messages only, and the current leaf (kept under every filter, as in pi).
    for (const l of rows) expect(l).toMatch(/user: |← leaf$/);
    expect(m.frame()).toContain("filter user-only");
    await m.press(KEYS.ctrl("a"));
    expect(m.store.getState().rows!.count).toBe(m.store.getState().session!.entries.length);
    await m.press(KEYS.ctrl("d"));
    expect(m.store.getState().rows!.count).toBe(defaultCount);
    await m.press(KEYS.ctrl("o"));
    expect(m.store.getState().filter).toBe("no-tools");
  });

  it("folds and unfolds the branch under the cursor with space", async () => {
    m = await mount({ file: RICH });
    const st = m.store.getState();
    // Put the cursor on the first branch point with ].
    await m.press("g", "]");
    const at = m.store.getState().cursor;
    expect(m.store.getState().rows!.row(at).childCount).toBeGreaterThan(1);
    const before = m.store.getState().rows!.count;
    await m.press(" ");
    expect(m.store.getState().rows!.count).toBeLessThan(before);
    expect(cursorRow(m.frame())).toContain("▸");
    await m.press("z");
    expect(m.store.getState().rows!.count).toBe(before);
    expect(st.session).toBe(m.store.getState().session);
  });

  it("jumps between labeled entries with { and }", async () => {
    m = await mount({ file: RICH });
    await m.press("g", "}");
    const row = cursorRow(m.frame());
    expect(row).toMatch(/\[[^\]]+\] /);
    const id = m.store.getState().rows!.row(m.store.getState().cursor).id;
    expect(m.store.getState().session!.labels.has(id)).toBe(true);
  });

  it("searches with / (every word), Esc clears the search", async () => {
    m = await mount({ file: RICH });
    const s = m.store.getState().session!;
    const user = s.entries.find((e) => e.role === "user" && e.preview.split(" ").length >= 2)!;
    const words = user.preview.split(" ").slice(0, 2).reverse().join(" ");
    await m.press("/");
    await m.type(words);
    const frame = m.frame();
    expect(frame).toContain(`/ ${words}`);
    const count = m.store.getState().rows!.count;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(s.entries.length);
    for (let i = 0; i < count; i++) {
      const r = m.store.getState().rows!.row(i);
      const hay = `${r.label ?? ""} ${r.entry.role ?? r.entry.type} ${r.entry.summary} ${r.entry.preview}`.toLowerCase();
      for (const w of words.toLowerCase().split(" ")) expect(hay).toContain(w);
    }
    await m.press(KEYS.enter);
    expect(m.store.getState().searching).toBe(false);
    await m.press(KEYS.escape);
    await m.waitFor((f) => !f.includes(`/ ${words}`), "search cleared");
    expect(m.store.getState().treeQuery).toBe("");
  });

  it("Enter shows the entry in full; Tab focuses the pane; Esc closes it", async () => {
    m = await mount({ file: RICH });
    const st = m.store.getState();
    const id = st.rows!.row(st.cursor).id;
    await m.press(KEYS.enter);
    const frame = await m.waitFor((f) => f.includes(`── entry ${id}`) && !f.includes("loading…"), "detail pane");
    const meta = st.session!.byId.get(id)!;
    expect(frame).toContain(`${meta.type} ${id}`);
    await m.press(KEYS.tab);
    expect(m.store.getState().focus).toBe("pane");
    expect(m.frame()).toContain("focused");
    await m.press(KEYS.tab, KEYS.escape);
    await m.waitFor((f) => !f.includes("── entry"), "pane closed");
  });

  it("the detail of an assistant turn shows its tool calls, arguments and usage", async () => {
    m = await mount({ file: RICH });
    const st = m.store.getState();
    const turn = st.session!.entries.find((e) => e.role === "assistant" && e.tools?.length && st.rows!.indexOf(e.id) >= 0)!;
    m.store.setState({ cursor: st.rows!.indexOf(turn.id) });
    await m.press(KEYS.enter);
    const top = await m.waitFor((f) => f.includes(`→ ${turn.tools![0]}`), "tool call");
    // Arguments one per line as `name: value` (a text argument with its own lines).
    expect(top).toMatch(/^ +\w+: /m);
    // The usage line is at the end: focus the pane and scroll to the bottom.
    await m.press(KEYS.tab, "G");
    await m.waitFor((f) => f.includes("usage:"), "usage line");
  });

  it("c shows the context at the entry, with the compaction boundary", async () => {
    m = await mount({ file: RICH, height: 40 });
    const st = m.store.getState();
    const comp = st.session!.entries.find((e) => e.type === "compaction" && st.rows!.indexOf(e.id) >= 0)!;
    m.store.setState({ cursor: st.rows!.indexOf(comp.id) });
    await m.press("c");
    const frame = await m.waitFor((f) => f.includes("── context") && f.includes("compaction boundary"), "context view");
    expect(frame).toMatch(/context at \S+ · \d+ messages/);
    await m.press("c");
    await m.waitFor((f) => !f.includes("── context"), "context closed");
  });

  it("says that damaged lines were skipped, with the first one's line number", async () => {
    m = await mount({ file: "test/fixtures/sessions-edge/edge-malformed.jsonl" });
    const w = m.store.getState().session!.warnings;
    expect(w.length).toBeGreaterThan(0);
    expect(m.frame()).toContain(`${w.length} warning(s): line ${w[0].line}`);
  });

  it("a write key opens its prompt and Esc cancels it without writing (the rest: write-actions.test.tsx)", async () => {
    m = await mount({ file: RICH });
    const before = m.store.getState().session;
    await m.press("L");
    expect(m.frame()).toContain("Label for ");
    await m.press(KEYS.escape);
    expect(m.frame()).toContain("cancelled: nothing written");
    expect(m.store.getState().session).toBe(before);
  });

  it("? lists every binding of the key table (paging through it with PgDn)", async () => {
    m = await mount({ file: RICH, width: 160, height: 60 });
    await m.press("?");
    let seen = m.frame();
    for (let i = 0; i < 8; i++) {
      await m.press("\u001b[6~");
      seen += m.frame();
    }
    for (const b of BINDINGS) expect(seen).toContain(b.help.slice(0, 30));
    await m.press(KEYS.escape);
    expect(m.frame()).not.toContain("Keys (? or Esc closes)");
  });

  it("shows terminal control sequences from the file as inert visible text", async () => {
    m = await mount({ file: CONTROL, height: 40 });
    await m.press(KEYS.ctrl("a"), "g", KEYS.enter);
    const frame = await m.waitFor((f) => f.includes("── entry") && !f.includes("loading…"), "detail");
    expect(frame).toContain("␛");
    expect(frame).toContain("␇");
    expect(frame).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u0080-\u009f]/);
  });

  describe("a turn with thinking and a carriage return", () => {
    const file = join(mkdtempSync(join(tmpdir(), "omp-tree-")), "think.jsonl");
    const ts = "2026-02-01T10:00:00.000Z";
    writeFileSync(
      file,
      [
        { type: "session", version: 3, id: "th", timestamp: ts, cwd: "/w" },
        { type: "message", id: "u0000001", parentId: null, timestamp: ts, message: { role: "user", content: "first half\r\nsecond half", timestamp: 0 } },
        {
          type: "message",
          id: "a0000001",
          parentId: "u0000001",
          timestamp: ts,
          message: {
            role: "assistant",
            content: [
              { type: "thinking", thinking: "pondering the otter" },
              { type: "text", text: "the answer is kelp" },
            ],
            timestamp: 0,
          },
        },
      ]
        .map((o) => JSON.stringify(o) + "\n")
        .join(""),
    );

    it("without colours, the detail pane marks the thinking and the reply apart", async () => {
      m = await mount({ file, height: 30 });
      await m.press(".", KEYS.enter);
      // The tree's own row holds the reply's words too: wait for them below the pane's rule.
      const pane = (x: string) => x.slice(Math.max(0, x.indexOf("── entry a0000001")));
      const f = await m.waitFor((x) => x.includes("── entry a0000001") && pane(x).includes("pondering the otter") && pane(x).includes("the answer is kelp"), "the detail");
      const all = f.split("\n");
      const lines = all.slice(all.findIndex((l) => l.includes("── entry"))).map((l) => l.trim());
      expect(lines.find((l) => l.includes("pondering the otter"))).toMatch(/^┊ pondering the otter/);
      const reply = lines.findIndex((l) => l.includes("the answer is kelp"));
      expect(lines[reply]).toBe("the answer is kelp");
      expect(lines[reply - 1]).toBe("reply");
    });

    it("the context view shows a carriage return as ␍, as the detail pane does", async () => {
      m = await mount({ file, height: 30 });
      await m.press(".", "c");
      // The tree's own row holds "first half" too: wait for it below the pane's rule.
      const pane = (x: string) => x.slice(Math.max(0, x.indexOf("── context")));
      const f = await m.waitFor((x) => x.includes("── context") && pane(x).includes("first half"), "the context view");
      expect(pane(f)).toContain("first half␍ second half");
    });
  });

  it("picks up entries appended to the open file and keeps the selection", async () => {
    const dir = mkdtempSync(join(tmpdir(), "omp-ui-"));
    const file = join(dir, "live.jsonl");
    copyFileSync(RICH, file);
    m = await mount({ file });
    await m.press("g", "j");
    const selected = m.store.getState().rows!.row(m.store.getState().cursor).id;
    const count = m.store.getState().session!.entries.length;
    const leaf = m.store.getState().session!.leafId;
    appendFileSync(
      file,
      JSON.stringify({
        type: "message",
        id: "feedbeef",
        parentId: leaf,
        timestamp: new Date().toISOString(),
        message: { role: "user", content: "appended while browsing", timestamp: Date.now() },
      }) + "\n",
    );
    expect(await m.store.getState().refresh()).toBe(true);
    await m.press("G");
    await m.press("g", "j");
    expect(m.store.getState().session!.entries.length).toBe(count + 1);
    expect(m.store.getState().rows!.row(m.store.getState().cursor).id).toBe(selected);
    await m.press(".");
    expect(cursorRow(m.frame())).toContain("appended while browsing");
  });
});
