// The session list as pi's /resume users expect it, driven with real keys:
// typing starts the search, the match is tight and best first, Enter opens
// and Tab keeps the filter; threaded order with forks under their parent;
// named-only, paths (^p), the path on the status line (y), delete to trash.
import { afterEach, describe, expect, it } from "vitest";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cursorRow, KEYS, mount, type Mounted } from "./harness.js";
import { listViewOf } from "../../src/ui/state/store.js";
import type { SessionSummary } from "../../src/core/session/list/summary.js";

let m: Mounted | null = null;
const dirs: string[] = [];
const PATH = process.env.PATH;
afterEach(() => {
  m?.unmount();
  m = null;
  process.env.PATH = PATH;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), "omp-list-"));
  dirs.push(d);
  return d;
}

interface Spec {
  id: string;
  first: string;
  /** Minutes after 10:00 of the last message: later is newer. */
  at: number;
  name?: string;
  parent?: string;
  cwd?: string;
}

/** A small pi session file; returns its path. */
function piFile(dir: string, s: Spec): string {
  const file = join(dir, `2026-06-01T10-00-00-000Z_${s.id}.jsonl`);
  const ts = `2026-06-01T10:${String(s.at).padStart(2, "0")}:00.000Z`;
  const lines: object[] = [{ type: "session", version: 3, id: s.id, timestamp: "2026-06-01T10:00:00.000Z", cwd: s.cwd ?? "/work/app", ...(s.parent ? { parentSession: s.parent } : {}) }];
  lines.push({ type: "message", id: "u1", parentId: null, timestamp: ts, message: { role: "user", content: s.first } });
  if (s.name) lines.push({ type: "session_info", id: "n1", parentId: "u1", timestamp: ts, name: s.name });
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return file;
}

const footer = () => m!.frame().split("\n").at(-1)!;
const listed = () => m!.store.getState().listView.map((s) => s.id);

describe("list search (screen 1)", () => {
  it("typing a letter that is no command starts the search; 'omp' matches only sessions that hold it, best match first", async () => {
    const dir = tmp();
    // Letters o, m, p scattered everywhere (the old fuzzy match took all of these).
    piFile(dir, { id: "s-open", first: "open the map please", at: 50 });
    piFile(dir, { id: "s-maps", first: "look at maps of pi and more", at: 40 });
    piFile(dir, { id: "s-mid", first: "we compile things here", at: 30 });
    piFile(dir, { id: "s-word", first: "omp is the agent we use", at: 10 });
    m = await mount({ paths: [dir] });
    expect(listed()).toHaveLength(4);
    await m.type("omp");
    expect(m.store.getState().searching).toBe(true);
    expect(m.store.getState().listQuery).toBe("omp");
    // The oldest one starts with the word: it ranks above "compile" (a word's middle) although older.
    expect(listed()).toEqual(["s-word", "s-mid"]);
    expect(cursorRow(m.frame())).toContain("omp is the agent");
    expect(m.frame()).toContain("(2 matches)");
    // The footer says what Enter does while typing, and Enter does it.
    expect(footer()).toContain("Enter open");
    expect(footer()).toContain("Esc clear/quit");
    expect(footer()).not.toContain("q quit");
    await m.press(KEYS.down, KEYS.enter);
    await m.waitFor((f) => f.includes("[2 tree]"), "the tree");
    expect(m.store.getState().session!.file).toContain("s-mid");
  });

  it("every printable key searches; the commands are ctrl keys, Tab and Esc; Esc clears, then quits", async () => {
    const dir = tmp();
    piFile(dir, { id: "a1", first: "refactor the parser", at: 30 });
    piFile(dir, { id: "a2", first: "parser tests", at: 20 });
    piFile(dir, { id: "a3", first: "docs only", at: 10 });
    m = await mount({ paths: [dir] });
    await m.type("parser");
    // Best match first: the message that starts with the word.
    expect(listed()).toEqual(["a2", "a1"]);
    expect(footer()).toContain("^s sort");
    // ↓ moves, ^s sorts, the query stays.
    await m.press(KEYS.down);
    expect(cursorRow(m.frame())).toContain("refactor the parser");
    await m.press(KEYS.ctrl("s"));
    expect(m.store.getState().sort).toBe("recent");
    expect(m.store.getState().listQuery).toBe("parser");
    await m.press(KEYS.escape);
    expect(listed()).toHaveLength(3);
    expect(m.exited()).toBe(false);
    // The search line edits like the prompts: ^w drops the last word.
    await m.type("docs only");
    expect(listed()).toEqual(["a3"]);
    await m.press(KEYS.ctrl("w"));
    expect(m.store.getState().listQuery).toBe("docs ");
    await m.press(KEYS.ctrl("u"), KEYS.escape);
    expect(m.exited()).toBe(true);
  });

  it("a typo is forgiven only in longer words", () => {
    const s = (path: string, firstMessage: string): SessionSummary => ({
      path,
      id: path,
      cwd: "/p",
      name: null,
      firstMessage,
      messageCount: 1,
      entryCount: 1,
      branchCount: 1,
      labelCount: 0,
      created: "2026-01-01T00:00:00.000Z",
      modified: "2026-01-01T00:00:00.000Z",
      size: 1,
      parentSession: null,
      agent: "pi",
      valid: true,
    });
    const list = [s("/a", "rewrite the compaction"), s("/b", "the three of us"), s("/c", "unrelated")];
    expect(listViewOf(list, "compactoin", "recent", "all", "").map((x) => x.path)).toEqual(["/a"]);
    // A short word with a letter off is another word ("tree" is not "three").
    expect(listViewOf(list, "tree", "recent", "all", "").map((x) => x.path)).toEqual([]);
  });
});

describe("session list habits from pi's /resume", () => {
  it("threaded by default: a fork is listed under the session it was forked from", async () => {
    const dir = tmp();
    const parent = piFile(dir, { id: "p", first: "the parent session", at: 10 });
    piFile(dir, { id: "f", first: "the fork", at: 20, parent });
    piFile(dir, { id: "o", first: "another session", at: 15 });
    m = await mount({ paths: [dir] });
    expect(m.store.getState().sort).toBe("threaded");
    // The fork is newer than "another", but sits under its parent.
    expect(listed()).toEqual(["o", "p", "f"]);
    const rows = m.frame().split("\n");
    expect(rows.find((l) => l.includes("the fork"))).toMatch(/└─ the fork/);
    await m.press(KEYS.ctrl("s"));
    expect(listed()).toEqual(["f", "o", "p"]);
  });

  it("^n shows named sessions only; ^p shows file paths; ^y puts the path on the status line", async () => {
    const dir = tmp();
    const named = piFile(dir, { id: "n", first: "first words", at: 10, name: "my named one" });
    piFile(dir, { id: "u", first: "no name here", at: 20 });
    m = await mount({ paths: [dir], width: 160 });
    await m.press(KEYS.ctrl("n"));
    expect(listed()).toEqual(["n"]);
    expect(m.frame()).toContain("named");
    await m.press(KEYS.ctrl("p"));
    expect(m.frame()).toContain(named);
    await m.press(KEYS.ctrl("y"));
    expect(m.frame().split("\n").at(-2)).toContain(named);
    expect(m.store.getState().copiedPaths).toEqual([named]);
    await m.press(KEYS.ctrl("n"), KEYS.ctrl("p"));
    expect(listed()).toHaveLength(2);
    expect(m.frame()).not.toContain(named);
  });

  it("^d asks, then moves the file to the trash with the trash command; n keeps it", async () => {
    const dir = tmp();
    const bin = join(dir, "bin");
    const trash = join(dir, "trash");
    mkdirSync(bin);
    mkdirSync(trash);
    const sessions = join(dir, "s");
    mkdirSync(sessions);
    const keep = piFile(sessions, { id: "k", first: "keep me", at: 20 });
    const drop = piFile(sessions, { id: "d", first: "drop me", at: 10 });
    // A stand-in `trash` (trash-cli's shape: options, "--", files).
    writeFileSync(join(bin, "trash"), `#!/bin/sh\n[ "$1" = "--" ] && shift\nmv "$@" ${JSON.stringify(trash)}/\n`);
    chmodSync(join(bin, "trash"), 0o755);
    process.env.PATH = `${bin}:${PATH}`;
    m = await mount({ paths: [sessions] });
    await m.press(KEYS.ctrl("d"));
    expect(m.frame()).toContain(`Move to the trash?`);
    expect(footer()).toBe("Enter/y trash it · Esc/n keep it");
    await m.press("n");
    expect(existsSync(keep)).toBe(true);
    expect(m.frame()).toContain("not deleted");
    await m.press(KEYS.down, KEYS.ctrl("d"));
    expect(m.frame()).toContain(`Move to the trash?`);
    await m.press("y");
    await m.waitFor((f) => f.includes("moved to the trash"), "the trash message");
    expect(existsSync(drop)).toBe(false);
    expect(readdirSync(trash)).toEqual([drop.split("/").at(-1)]);
    expect(listed()).toEqual(["k"]);
  });

  it("without a trash command ^d says so at once (it never asks for a yes that cannot work)", async () => {
    const dir = tmp();
    const file = piFile(dir, { id: "x", first: "precious", at: 10 });
    process.env.PATH = join(dir, "no-bin");
    m = await mount({ paths: [dir] });
    await m.press(KEYS.ctrl("d"));
    await m.waitFor((f) => f.includes("no trash command"), "the message");
    expect(m.frame()).not.toContain("Move to the trash?");
    expect(m.store.getState().deleting).toBe(null);
    // The Enter that follows opens the session (no question was waiting for it).
    await m.press(KEYS.enter);
    await m.waitFor((f) => f.includes("[2 tree]"), "the tree");
    expect(existsSync(file)).toBe(true);
    expect(listed()).toEqual(["x"]);
  });
});
