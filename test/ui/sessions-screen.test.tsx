import { afterEach, describe, expect, it } from "vitest";
import { basename } from "node:path";
import { cursorRow, KEYS, mount, type Mounted } from "./harness.js";
import { listViewOf } from "../../src/ui/state/store.js";
import { sessionLine } from "../../src/ui/screens/sessions-screen.js";
import { displayWidth } from "../../src/ui/format/width.js";
import { lastActive } from "../../src/ui/state/last-active.js";
import { summaryRow } from "../helpers/summary-row.js";

let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});

const summary = summaryRow;

describe("session list", () => {
  it("lists the sessions of a directory with name or first message, and opens one with Enter", async () => {
    m = await mount({ paths: ["test/fixtures/sessions"] });
    const st = m.store.getState();
    expect(st.listView.length).toBe(st.sessions!.length);
    expect(st.sessions!.length).toBeGreaterThan(5);
    const first = st.listView[0];
    expect(cursorRow(m.frame())).toContain((first.name ?? first.firstMessage).slice(0, 10));
    await m.press(KEYS.down, KEYS.enter);
    await m.waitFor((f) => f.includes("[2 tree]"), "tree screen");
    expect(m.store.getState().session!.file).toBe(st.listView[1].path);
    await m.press(KEYS.escape);
    await m.waitFor((f) => f.includes("[1 sessions]"), "back to the list");
  });

  it("greys out invalid files with their reason and does not open them", async () => {
    m = await mount({ paths: ["test/fixtures/sessions-edge"] });
    const bad = m.store.getState().listView.findIndex((s) => !s.valid);
    expect(bad).toBeGreaterThanOrEqual(0);
    m.store.setState({ listCursor: bad });
    await m.press(KEYS.up, KEYS.down);
    const row = cursorRow(m.frame());
    expect(row).toContain("✗");
    expect(row).toContain(basename(m.store.getState().listView[bad].path).slice(0, 10));
    await m.press(KEYS.enter);
    expect(m.store.getState().session).toBeNull();
  });

  it("fuzzy search narrows the list as you type and Esc restores it", async () => {
    m = await mount({ paths: ["test/fixtures/sessions"] });
    const all = m.store.getState().listView.length;
    const target = m.store.getState().listView.find((s) => s.name)!;
    await m.type(target.name!.slice(0, 6));
    const view = m.store.getState().listView;
    expect(view.length).toBeLessThan(all);
    expect(view).toContain(target);
    await m.press(KEYS.escape);
    expect(m.store.getState().listView.length).toBe(all);
  });

  it("Enter in the search opens the session under the cursor", async () => {
    m = await mount({ paths: ["test/fixtures/sessions"] });
    const target = m.store.getState().listView.find((s) => s.name)!;
    await m.type(target.name!);
    const chosen = m.store.getState().listView[m.store.getState().listCursor];
    await m.press(KEYS.enter);
    await m.waitFor((f) => f.includes("[2 tree]"), "tree screen");
    expect(m.store.getState().session!.file).toBe(chosen.path);
  });

  it("on the list q is typed, and ctrl+c quits", async () => {
    m = await mount({ paths: ["test/fixtures/sessions"] });
    await m.type("q");
    expect(m.exited()).toBe(false);
    expect(m.store.getState().listQuery).toBe("q");
    await m.press(KEYS.ctrl("c"));
    await m.waitFor(() => m!.exited(), "the app to quit");
  });

  it("at 40 columns the tab bar stays on one line and the status line stays on screen", async () => {
    m = await mount({ paths: ["test/fixtures/sessions"], width: 40, height: 14 });
    const check = (f: string, status: string) => {
      const lines = f.split("\n");
      expect(lines).toHaveLength(14);
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(40);
      expect(lines[0]).toMatch(/^\S*\s*\[?1/);
      expect(lines[0]).toMatch(/5/);
      expect(lines[12]).toContain(status);
    };
    await m.press(KEYS.ctrl("s"));
    check(m.frame(), "sorted by recent");
    expect(m.frame().split("\n")[0]).toContain("[1 sessions]");
    await m.press(KEYS.enter);
    await m.waitFor((f) => f.includes("[2 tree]"), "the tree");
    await m.press(KEYS.ctrl("o"));
    check(m.frame(), "filter: no-tools");
  });

  it("a status message goes with the next key that has nothing to say", async () => {
    m = await mount({ paths: ["test/fixtures/sessions"] });
    const statusLine = () => m!.frame().split("\n").at(-2)!;
    await m.press(KEYS.ctrl("s"));
    expect(statusLine()).toContain("sorted by");
    await m.press(KEYS.down);
    expect(statusLine()).not.toContain("sorted by");
    await m.press(KEYS.ctrl("s"));
    const first = statusLine();
    expect(first).toContain("sorted by");
    // A key with its own message replaces it.
    await m.press(KEYS.ctrl("s"));
    expect(statusLine()).toContain("sorted by");
    expect(statusLine()).not.toBe(first);
  });

  it("^s cycles the sort (threaded, recent, project, size); Tab toggles this project / all", async () => {
    m = await mount({ paths: ["test/fixtures/sessions"] });
    expect(m.store.getState().sort).toBe("threaded");
    await m.press(KEYS.ctrl("s"));
    expect(m.store.getState().sort).toBe("recent");
    const ages = m.store.getState().listView.map((s) => lastActive(s));
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
    await m.press(KEYS.ctrl("s"));
    expect(m.store.getState().sort).toBe("project");
    const cwds = m.store.getState().listView.map((s) => s.cwd);
    expect(cwds).toEqual([...cwds].sort((a, b) => a.localeCompare(b)));
    await m.press(KEYS.ctrl("s"));
    const sizes = m.store.getState().listView.map((s) => s.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    await m.press(KEYS.tab);
    expect(m.store.getState().scope).toBe("project");
    // /nowhere has no sessions.
    expect(m.frame()).toContain("no sessions here");
  });

  it("every search word must match (fuzzy per word)", () => {
    const list = [summary({ path: "/a", name: "parser rewrite", cwd: "/home/u/alpha" }), summary({ path: "/b", name: "parser tests", cwd: "/home/u/beta" }), summary({ path: "/c", firstMessage: "fix the lexer", cwd: "/home/u/alpha" })];
    expect(listViewOf(list, "parser alpha", "recent", "all", "").map((s) => s.path)).toEqual(["/a"]);
    expect(
      listViewOf(list, "parsr", "recent", "all", "")
        .map((s) => s.path)
        .sort(),
    ).toEqual(["/a", "/b"]);
    expect(
      listViewOf(list, "", "recent", "project", "/home/u/alpha")
        .map((s) => s.path)
        .sort(),
    ).toEqual(["/a", "/c"]);
  });

  it("lists this project's sessions first when showing all projects by recency", () => {
    const list = [
      summary({ path: "/new-other", cwd: "/o", modified: "2026-03-01T00:00:00Z" }),
      summary({ path: "/old-here", cwd: "/here", modified: "2026-01-01T00:00:00Z" }),
      summary({ path: "/mid-other", cwd: "/o", modified: "2026-02-01T00:00:00Z" }),
    ];
    expect(listViewOf(list, "", "recent", "all", "/here").map((s) => s.path)).toEqual(["/old-here", "/new-other", "/mid-other"]);
    expect(listViewOf(list, "", "size", "all", "/here").map((s) => s.path)).toHaveLength(3);
  });

  it("draws a list line with project, counts and terminal-safe text", () => {
    const line = sessionLine(summary({ firstMessage: "hi \u001b[31mred \u001b]0;x\u0007", cwd: "/p/q", messageCount: 12, branchCount: 3, labelCount: 2 }), 100, Date.parse("2026-01-02T00:00:00Z"));
    expect(line).toContain("hi red ␛]0;x␇");
    expect(line).not.toContain("\u001b");
    expect(line).toMatch(/\/p\/q\s+1d\s+12\s+3\s+2$/);
  });
});

describe("screens", () => {
  it("1-5 switch screens; the tree needs an open session; 3 is the feedback queue, 5 the search", async () => {
    m = await mount({ paths: ["test/fixtures/sessions"] });
    await m.press("2");
    expect(m.frame()).toContain("[1 sessions]");
    expect(m.frame()).toContain("no session open");
    await m.press("3");
    expect(m.frame()).toContain("[3 feedback]");
    expect(m.frame()).toMatch(/status new · type any/);
    await m.press("5");
    expect(m.frame()).toContain("[5 search]");
    // Esc stops the index build if it still runs, then goes back.
    await m.press(KEYS.escape, KEYS.escape);
    expect(m.frame()).toContain("[1 sessions]");
  });

  it("fits any terminal size it is given", async () => {
    for (const [width, height] of [
      [60, 12],
      [200, 50],
    ]) {
      m = await mount({ file: "test/fixtures/sessions-edge/edge-labels.jsonl", width, height });
      const lines = m.frame().split("\n");
      expect(lines.length).toBeLessThanOrEqual(height);
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
      m.unmount();
      m = null;
    }
  });
});
