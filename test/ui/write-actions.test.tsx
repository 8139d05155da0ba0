// The tree's write keys driven by real key sequences on temp copies of a pi
// and an omp fixture: every action previews, writes only after a yes, and the
// result shows at once; cancelling leaves the file byte for byte as it was.
import { afterEach, describe, expect, it } from "vitest";
import { appendFileSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { cursorRow, KEYS, mount, tick, type Mounted } from "./harness.js";
import { age, appendedLines, copyFixture, fixtureNames, tempDir } from "../core/write/helpers.js";
import { loadSession } from "../../src/core/session/tree/load.js";
import { buildContext } from "../../src/core/session/tree/context.js";
import { activePath } from "../../src/core/session/tree/path.js";
import { autoSummary } from "../../src/core/session/write/index.js";
import { oneLine, safeText } from "../../src/core/session/text/safe-text.js";
import type { Session } from "../../src/core/session/model.js";

let m: Mounted | null = null;
let cleanup: (() => void) | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
  cleanup?.();
  cleanup = null;
});

/** A pi fixture with branches (the richest one by entry count among those with more than one leaf), and an omp one with a named title slot. */
async function pickFixtures(): Promise<{ pi: string; omp: string }> {
  let pi: { name: string; n: number } | null = null;
  for (const name of fixtureNames("pi-2026")) {
    const s = await loadSession(join("test/fixtures/sessions", name));
    const leaves = s.entries.filter((e) => (s.children.get(e.id) ?? []).length === 0).length;
    if (leaves > 1 && (!pi || s.entries.length > pi.n)) pi = { name, n: s.entries.length };
  }
  let omp: string | null = null;
  for (const name of fixtureNames("omp-")) {
    const s = await loadSession(join("test/fixtures/sessions", name));
    if (s.titleSlot && s.name && activePath(s).length > 3) omp = omp ?? name;
  }
  if (!pi || !omp) throw new Error("fixtures missing");
  return { pi: pi.name, omp };
}
const FIX = await pickFixtures();

async function open(which: "pi" | "omp", opts: { fresh?: boolean; width?: number } = {}): Promise<{ file: string; dir: string }> {
  const t = tempDir();
  cleanup = t.done;
  const file = copyFixture(FIX[which], t.dir);
  // A copy made "now" looks live (modified in the last seconds); aged copies do not.
  if (opts.fresh) utimesSync(file, new Date(), new Date());
  m = await mount({ file, paths: [t.dir], height: 40, width: opts.width ?? 140 });
  return { file, dir: t.dir };
}

/** Moves the tree cursor onto `id` with real keys (g, then j). */
async function cursorTo(id: string): Promise<void> {
  const i = m!.store.getState().rows!.indexOf(id);
  expect(i).toBeGreaterThanOrEqual(0);
  await m!.press("g");
  for (let k = 0; k < i; k++) await m!.press("j");
  expect(m!.store.getState().rows!.row(m!.store.getState().cursor).id).toBe(id);
}

/** A visible user message on the active path, before the leaf, without a label (the middle one). */
function pathMessage(s: Session): string {
  const rows = m!.store.getState().rows!;
  const ids = activePath(s)
    .slice(0, -1)
    .filter((id) => rows.indexOf(id) >= 0 && !s.labels.has(id) && s.byId.get(id)!.type === "message");
  const users = ids.filter((id) => s.byId.get(id)!.role === "user");
  const pool = users.length ? users : ids;
  return pool[Math.floor(pool.length / 2)];
}

const session = () => m!.store.getState().session!;

describe.each(["pi", "omp"] as const)("writes from the tree (%s)", (which) => {
  it("L labels the entry under the cursor: preview, yes, [label] in its row, one label line appended", async () => {
    const { file } = await open(which);
    const id = pathMessage(session());
    await cursorTo(id);
    const before = readFileSync(file);
    await m!.press("L");
    expect(m!.frame()).toContain(`Label for ${id}`);
    // The footer shows the prompt's keys from the key table.
    expect(m!.frame()).toMatch(/Enter preview · Esc cancel/);
    await m!.type("checkpoint");
    await m!.press(KEYS.enter);
    const preview = await m!.waitFor((f) => f.includes("Write this?"), "the preview");
    expect(preview).toContain(`label ${id} "checkpoint"`);
    expect(preview).toContain('+ {"type":"label"');
    expect(readFileSync(file).equals(before)).toBe(true);
    await m!.press("y");
    await m!.waitFor((f) => cursorRow(f).includes("[checkpoint]"), "the label in the cursor row");
    const added = appendedLines(before, file);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ type: "label", targetId: id, label: "checkpoint" });
    expect(session().labels.get(id)).toBe("checkpoint");
    expect(m!.frame()).toContain(`✓ label ${id}`);
  });

  it("L prefilled with the current label; emptied, it clears the label; u then undoes that", async () => {
    const { file } = await open(which);
    const id = pathMessage(session());
    await cursorTo(id);
    await m!.press("L");
    await m!.type("first");
    await m!.press(KEYS.enter, "y");
    await m!.waitFor((f) => cursorRow(f).includes("[first]"), "labelled");
    await m!.press("L");
    // Prefilled: the prompt line shows the current label.
    expect(m!.frame()).toMatch(/› first/);
    for (let i = 0; i < "first".length; i++) await m!.press(KEYS.backspace);
    await m!.press(KEYS.enter);
    await m!.waitFor((f) => f.includes(`clear the label of ${id}`), "the clearing preview");
    const before = readFileSync(file);
    await m!.press(KEYS.enter);
    await m!.waitFor((f) => !cursorRow(f).includes("[first]") && f.includes("✓"), "label cleared");
    const cleared = appendedLines(before, file);
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatchObject({ type: "label", targetId: id });
    expect(cleared[0]).not.toHaveProperty("label");
    // u: the inverse of the last label entry brings "first" back.
    const mid = readFileSync(file);
    await m!.press("u");
    await m!.waitFor((f) => f.includes('Undo "'), "the undo preview");
    await m!.press("y");
    await m!.waitFor((f) => cursorRow(f).includes("[first]"), "label restored");
    expect(appendedLines(mid, file)[0]).toMatchObject({ type: "label", targetId: id, label: "first" });
  });

  it("b then a: continues from an earlier entry with the generated summary shown first; the new leaf is marked and the cursor follows", async () => {
    const { file } = await open(which);
    const s0 = session();
    const id = pathMessage(s0);
    const expected = (await autoSummary(s0, id)).summary;
    expect(expected).not.toBe("");
    await cursorTo(id);
    const before = readFileSync(file);
    await m!.press("b");
    const choose = m!.frame();
    expect(choose).toContain(`Continue from ${id}`);
    expect(choose).toContain("generate a summary");
    await m!.press("a");
    const preview = await m!.waitFor((f) => f.includes("Write this?"), "the preview");
    expect(preview).toContain("summary the agent will read");
    expect(preview).toContain(safeText(expected.split("\n")[0]).slice(0, 40));
    await m!.press(KEYS.enter);
    await m!.waitFor((f) => f.includes("✓ continue from"), "written");
    const added = appendedLines(before, file);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ type: "branch_summary", parentId: id, fromId: id, summary: expected });
    const s = session();
    expect(s.leafId).toBe(added[0].id);
    const st = m!.store.getState();
    expect(st.rows!.row(st.cursor).isLeaf).toBe(true);
    expect(cursorRow(m!.frame())).toContain("← leaf");
    expect(cursorRow(m!.frame())).toContain("[branch summary]");
  });

  it("b then t: a typed summary; u undoes the move (back to the previous position)", async () => {
    const { file } = await open(which);
    const s0 = session();
    const oldLeaf = s0.leafId!;
    const id = pathMessage(s0);
    await cursorTo(id);
    await m!.press("b", "t");
    await m!.type("tried the other approach");
    await m!.press(KEYS.enter);
    await m!.waitFor((f) => f.includes("Write this?") && f.includes("tried the other approach"), "the preview");
    await m!.press("y");
    await m!.waitFor((f) => f.includes("✓ continue from"), "written");
    expect(session().byId.get(session().leafId!)!.parentId).toBe(id);
    const before = readFileSync(file);
    await m!.press("u");
    await m!.waitFor((f) => f.includes('Undo "continue from'), "the undo preview");
    await m!.press("y");
    await m!.waitFor((f) => f.includes("✓ undone: continue from"), "undone");
    const added = appendedLines(before, file);
    expect(added[0]).toMatchObject({ type: "branch_summary", parentId: oldLeaf, summary: "" });
    expect(session().leafId).toBe(added[0].id);
  });

  it("f forks the path to the cursor: the new file loads, its context at the leaf is the source's at X, it is listed, and y opens it", async () => {
    const { file, dir } = await open(which);
    const s0 = session();
    const id = pathMessage(s0);
    await cursorTo(id);
    const before = readFileSync(file);
    await m!.press("f");
    const preview = await m!.waitFor((f) => f.includes("Write the new session?"), "the fork preview");
    expect(preview).toContain("new file:");
    expect(preview).toMatch(/\d+ entries copied/);
    expect(preview).not.toContain("entrys");
    expect(readdirSync(dir)).toHaveLength(1);
    await m!.press("y");
    const done = await m!.waitFor((f) => f.includes("Open it now?"), "the fork's result");
    const forked = readdirSync(dir).filter((f) => f !== file.split("/").pop());
    expect(forked).toHaveLength(1);
    const newFile = join(dir, forked[0]);
    expect(done.replace(/\s+/g, "")).toContain(newFile.replace(/\s+/g, ""));
    expect(readFileSync(file).equals(before)).toBe(true);
    const fs = await loadSession(newFile);
    expect(fs.header.parentSession).toBe(file);
    expect((await buildContext(fs, fs.leafId)).messages).toEqual((await buildContext(s0, id)).messages);
    await m!.waitFor(() => (m!.store.getState().sessions ?? []).some((x) => x.path === newFile), "the fork in the session list");
    await m!.press("y");
    await m!.waitFor(() => session().file === newFile, "the fork opened");
    expect(m!.frame()).toContain("opened the fork");
    // A fresh header (copied entries keep their times, as in pi): the fork sorts as the newest session, aged now.
    expect(fs.header.timestamp).not.toBe(s0.header.timestamp);
    await m!.press(KEYS.escape);
    const list = await m!.waitFor((f) => f.includes("[1 sessions]"), "the list");
    // Sorted threaded (the default): the fork sits right under the session it came from, aged seconds.
    const view = m!.store.getState().listView.map((x) => x.path);
    const at = view.indexOf(newFile);
    expect(at).toBe(view.indexOf(file) + 1);
    const rows = list.split("\n");
    expect(rows[rows.findIndex((l) => /^\s+(agent\s+)?session\s/.test(l)) + 1 + at]).toMatch(/\s\d+s\s/);
  });

  it("R renames the session: prompt prefilled, header shows the new name, the file speaks its dialect", async () => {
    const { file } = await open(which);
    const s0 = session();
    const old = s0.name ?? "";
    const before = readFileSync(file);
    await m!.press("R");
    expect(m!.frame()).toContain("Session name");
    if (old) expect(m!.frame()).toContain(`› ${oneLine(old, 40)}`);
    for (let i = 0; i < [...old].length; i++) await m!.press(KEYS.backspace);
    await m!.type("Renamed by test");
    await m!.press(KEYS.enter);
    const preview = await m!.waitFor((f) => f.includes("Write this?"), "the preview");
    expect(preview).toContain('rename the session to "Renamed by test"');
    await m!.press(KEYS.enter);
    await m!.waitFor((f) => f.split("\n")[0].includes("Renamed by test"), "the new name in the header");
    const after = readFileSync(file);
    if (s0.titleSlot) {
      // omp: the slot rewritten in place (same size), everything after it untouched, one title_change appended.
      const size = s0.titleSlot.size;
      expect(after.subarray(0, size).toString("utf8")).toContain('"title":"Renamed by test"');
      expect(after.subarray(0, size).length).toBe(before.subarray(0, size).length);
      expect(after.subarray(size, before.length).equals(before.subarray(size))).toBe(true);
      const tail = after.subarray(before.length).toString("utf8").trim().split("\n");
      expect(tail).toHaveLength(1);
      expect(JSON.parse(tail[0])).toMatchObject({ type: "title_change", title: "Renamed by test" });
    } else {
      expect(appendedLines(before, file)).toMatchObject([{ type: "session_info", name: "Renamed by test" }]);
    }
    expect(session().name).toBe("Renamed by test");
  });

  it("a rename and a label show in the session list at once (back on screen 1)", async () => {
    const { file } = await open(which);
    const listRow = () => m!.store.getState().sessions!.find((x) => x.path === file)!;
    const labels = listRow().labelCount;
    await m!.press("R");
    for (let i = 0; i < [...(session().name ?? "")].length; i++) await m!.press(KEYS.backspace);
    await m!.type("Listed at once");
    await m!.press(KEYS.enter);
    await m!.waitFor((f) => f.includes("Write this?"), "the rename preview");
    await m!.press("y");
    await m!.waitFor((f) => f.includes("✓ rename"), "renamed");
    await cursorTo(pathMessage(session()));
    await m!.press("L");
    await m!.type("listed");
    await m!.press(KEYS.enter);
    await m!.waitFor((f) => f.includes("Write this?"), "the label preview");
    await m!.press("y");
    await m!.waitFor((f) => f.includes("✓ label"), "labelled");
    await m!.press("1");
    // The rows are read again in the background right after each write: no restart, no watcher needed.
    const list = await m!.waitFor((f) => f.includes("[1 sessions]") && f.includes("Listed at once") && listRow().labelCount === labels + 1, "the new name and label in the list");
    expect(cursorRow(list)).toContain("Listed at once");
  });

  it("cancelling at every step leaves the file byte-identical and writes no new file", async () => {
    const { file, dir } = await open(which);
    const id = pathMessage(session());
    await cursorTo(id);
    const before = readFileSync(file);
    const sequences: string[][] = [
      ["L", "x", KEYS.escape],
      ["L", "x", KEYS.enter, "@preview", "n"],
      ["b", KEYS.escape],
      ["b", "a", "@preview", KEYS.escape],
      ["b", "n", "@preview", "n"],
      ["f", "@preview", "n"],
      ["R", "x", KEYS.enter, "@preview", KEYS.escape],
    ];
    for (const seq of sequences) {
      for (const k of seq) {
        if (k === "@preview") await m!.waitFor((f) => /Write (this|the new session)\?/.test(f), `the preview of ${seq[0]}`);
        else await m!.press(k);
      }
      await m!.waitFor((f) => f.includes("cancelled: nothing written"), `cancel of ${seq.join(" ")}`);
      expect(readFileSync(file).equals(before)).toBe(true);
    }
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it("a live-looking session shows why and asks again before writing", async () => {
    const { file } = await open(which, { fresh: true });
    const id = pathMessage(session());
    await cursorTo(id);
    const before = readFileSync(file);
    await m!.press("L");
    await m!.type("risky");
    await m!.press(KEYS.enter);
    await m!.waitFor((f) => f.includes("Write this?"), "the preview");
    await m!.press("y");
    const live = await m!.waitFor((f) => f.includes("looks live"), "the live warning");
    expect(live).toMatch(/modified \d+s ago/);
    expect(live).toContain("write anyway?");
    expect(readFileSync(file).equals(before)).toBe(true);
    // No: nothing written.
    await m!.press("n");
    await m!.waitFor((f) => f.includes("cancelled: nothing written"), "cancelled");
    expect(readFileSync(file).equals(before)).toBe(true);
    // Yes at both questions: written.
    await m!.press("L");
    await m!.type("risky");
    await m!.press(KEYS.enter);
    await m!.waitFor((f) => f.includes("Write this?"), "the preview");
    await m!.press("y");
    await m!.waitFor((f) => f.includes("looks live"), "the live warning");
    await m!.press("y");
    await m!.waitFor((f) => cursorRow(f).includes("[risky]"), "written anyway");
    expect(appendedLines(before, file)).toMatchObject([{ type: "label", targetId: id, label: "risky" }]);
    // Our own write does not make the next action look live.
    await m!.press("L");
    for (let i = 0; i < 5; i++) await m!.press(KEYS.backspace);
    await m!.type("calm");
    await m!.press(KEYS.enter, "y");
    await m!.waitFor((f) => cursorRow(f).includes("[calm]"), "written without the live question");
  });
});

describe("R on an omp file without a title slot", () => {
  async function openLegacy(opts: { fresh?: boolean } = {}): Promise<string> {
    const t = tempDir();
    cleanup = t.done;
    const file = join(t.dir, "2026-04-02T10-52-01-697Z_legacy.jsonl");
    writeFileSync(file, readFileSync("test/fixtures/sessions-rich/omp/legacy/omp-noslot-1-2.jsonl"));
    const at = opts.fresh ? new Date() : new Date(Date.now() - 3600_000);
    utimesSync(file, at, at);
    m = await mount({ file, paths: [t.dir], height: 40, width: 160 });
    return file;
  }

  const rename = async (old: string) => {
    await m!.press("R");
    for (let i = 0; i < [...old].length; i++) await m!.press(KEYS.backspace);
    await m!.type("Rewritten here");
    await m!.press(KEYS.enter);
    return m!.waitFor((f) => f.includes("Write this?"), "the preview");
  };

  it("the preview says the file is rewritten whole and shows the slot and header; y rewrites it", async () => {
    const file = await openLegacy();
    const before = readFileSync(file);
    const preview = await rename(session().name ?? "");
    expect(preview).toContain("is rewritten whole");
    expect(preview).toContain('+ {"type":"title","v":1,"title":"Rewritten here","source":"user"');
    expect(preview).toContain('~ {"type":"session"');
    expect(preview).toContain("every other line stays byte for byte");
    expect(readFileSync(file).equals(before)).toBe(true);
    await m!.press("y");
    await m!.waitFor((f) => f.split("\n")[0].includes("Rewritten here"), "the new name in the header");
    const after = readFileSync(file);
    expect(after.indexOf(0x0a)).toBe(255);
    expect(session().titleSlot?.title).toBe("Rewritten here");
  });

  it("a live file is not rewritten: the status says why and the file stays as it was", async () => {
    const file = await openLegacy({ fresh: true });
    const before = readFileSync(file);
    await rename(session().name ?? "");
    await m!.press("y");
    const f = await m!.waitFor((x) => x.includes("✗"), "the refusal");
    expect(f).toMatch(/looks live/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe("the preview is what gets written", () => {
  /** The "+ {…}" lines of the preview on screen (wide enough that none wraps). */
  const previewed = (f: string) =>
    f
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.startsWith("+ {"))
      .map((l) => l.slice(2));
  const appendedText = (before: Buffer, file: string) => readFileSync(file).subarray(before.length).toString("utf8");

  it.each(["pi", "omp"] as const)("L then y appends exactly the previewed line: same id, same timestamp (%s)", async (which) => {
    const { file } = await open(which, { width: 260 });
    await cursorTo(pathMessage(session()));
    const before = readFileSync(file);
    await m!.press("L");
    await m!.type("exact");
    await m!.press(KEYS.enter);
    const lines = previewed(await m!.waitFor((f) => f.includes("Write this?"), "the preview"));
    expect(lines).toHaveLength(1);
    // The clock moves on between the preview and the yes.
    await tick(20);
    await m!.press("y");
    await m!.waitFor((f) => f.includes("✓ label"), "written");
    expect(appendedText(before, file)).toBe(lines[0] + "\n");
  });

  it("when the file changed after the preview, nothing is written and the new plan is shown; its yes writes exactly that", async () => {
    const { file } = await open("pi", { width: 260 });
    await cursorTo(pathMessage(session()));
    await m!.press("L");
    await m!.type("later");
    await m!.press(KEYS.enter);
    const first = previewed(await m!.waitFor((f) => f.includes("Write this?"), "the preview"));
    // An agent appends meanwhile.
    const s = session();
    const agentLine = JSON.stringify({ type: "message", id: "agent001", parentId: s.leafId, timestamp: new Date().toISOString(), message: { role: "user", content: "written by the agent", timestamp: Date.now() } }) + "\n";
    appendFileSync(file, agentLine);
    age(file);
    const withAgent = readFileSync(file);
    await m!.press("y");
    const again = await m!.waitFor((f) => f.includes("the file changed since the preview"), "the new preview");
    expect(readFileSync(file).equals(withAgent)).toBe(true);
    const second = previewed(again);
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first[0]);
    expect(JSON.parse(second[0])).toMatchObject({ type: "label", parentId: "agent001", label: "later" });
    await m!.press("y");
    await m!.waitFor((f) => f.includes("✓ label"), "written");
    expect(appendedText(withAgent, file)).toBe(second[0] + "\n");
  });
});

describe("an archived (.jsonl.gz) session", () => {
  it("L, b, R and u refuse at once: one whole line in the status, no prompt opened first, nothing written", async () => {
    const t = tempDir();
    cleanup = t.done;
    const file = join(t.dir, "archived.jsonl.gz");
    writeFileSync(file, gzipSync(readFileSync(join("test/fixtures/sessions", FIX.pi))));
    const before = readFileSync(file);
    m = await mount({ file, paths: [t.dir], height: 40, width: 120 });
    for (const key of ["L", "b", "R", "u"]) {
      await m.press(key);
      const f = m.frame();
      expect(m.stores.write.getState().step, key).toBeNull();
      expect(f, key).not.toMatch(/Label for|Continue from|Session name|Write this\?/);
      const status = f.split("\n").at(-2)!;
      expect(status, key).toContain("✗ an archived (.jsonl.gz) session is read-only: f forks it into a writable copy");
      await m.press("j");
    }
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe("write errors", () => {
  it("show in the status line, without a stack, and write nothing", async () => {
    const { file } = await open("pi");
    const s = session();
    const last = s.entries[s.entries.length - 1];
    // The fixtures end with an ordinary entry: nothing to undo.
    if (last.type === "label" || last.type === "branch_summary") return;
    const before = readFileSync(file);
    await m!.press("u");
    const f = await m!.waitFor((x) => x.includes("✗"), "the error");
    expect(f).toContain("nothing to undo");
    expect(f).not.toMatch(/\n\s+at /);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe("quitting with a write prompt open", () => {
  /** ctrl+c, then: the app has quit and neither the session file nor its folder changed. */
  const quitWritingNothing = async (file: string, dir: string, before: Buffer) => {
    await m!.press(KEYS.ctrl("c"));
    await m!.waitFor(() => m!.exited(), "the app to quit");
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(dir)).toHaveLength(1);
  };

  it("q is typed into the label prompt; ctrl+c quits from the prompt and writes nothing", async () => {
    const { file, dir } = await open("pi");
    await cursorTo(pathMessage(session()));
    const before = readFileSync(file);
    await m!.press("L");
    await m!.type("quick q");
    expect(m!.exited()).toBe(false);
    expect(m!.frame()).toMatch(/› quick q/);
    expect(m!.store.getState().screen).toBe("tree");
    await quitWritingNothing(file, dir, before);
  });

  it("ctrl+c quits from a write's preview without writing it", async () => {
    const { file, dir } = await open("omp");
    await cursorTo(pathMessage(session()));
    const before = readFileSync(file);
    await m!.press("L");
    await m!.type("never");
    await m!.press(KEYS.enter);
    await m!.waitFor((f) => f.includes("Write this?"), "the preview");
    await quitWritingNothing(file, dir, before);
  });
});
