// The search screen (5) over a temp store: results as you type, Enter opens
// the tree at the matching entry, Esc stops a build; and the live session list.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cursorRow, KEYS, mount, type Mounted } from "./harness.js";
import { fixtureFiles } from "../helpers/fixtures.js";
import { displayWidth } from "../../src/ui/format/width.js";

let tmp: string;
let savedCache: string | undefined;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "omp-search-ui-"));
  savedCache = process.env.OMP_SESSIONS_CACHE_DIR;
});
afterAll(() => {
  if (savedCache === undefined) delete process.env.OMP_SESSIONS_CACHE_DIR;
  else process.env.OMP_SESSIONS_CACHE_DIR = savedCache;
  rmSync(tmp, { recursive: true, force: true });
});

let m: Mounted | null = null;
afterEach(() => {
  if (m) m.stores.search.getState().dispose();
  m?.unmount();
  m = null;
});

const line = (o: object) => JSON.stringify(o) + "\n";
const at = (min: number) => `2026-02-01T10:${String(min).padStart(2, "0")}:00.000Z`;
const msg = (id: string, parentId: string | null, role: "user" | "assistant", text: string, min: number) =>
  line({
    type: "message",
    id,
    parentId,
    timestamp: at(min),
    message: role === "user" ? { role, content: text, timestamp: Date.parse(at(min)) } : { role, content: [{ type: "text", text }], timestamp: Date.parse(at(min)) },
  });

/** A session whose phrase sits in a middle entry, so the tree's cursor must move off the leaf to reach it. */
function sessionWith(id: string, cwd: string, phrase: string): string {
  return (
    line({ type: "session", version: 3, id, timestamp: at(0), cwd }) +
    msg(`${id}-1`, null, "user", "start the work", 1) +
    msg(`${id}-2`, `${id}-1`, "assistant", "working on it", 2) +
    msg(`${id}-3`, `${id}-2`, "user", `note that ${phrase} today`, 3) +
    msg(`${id}-4`, `${id}-3`, "assistant", "noted", 4) +
    msg(`${id}-5`, `${id}-4`, "user", "wrap it up", 5)
  );
}

let n = 0;
/** An agent dir with a few fixture copies and one session holding `phrase`; its own cache dir. */
function store(phrase: string): { agent: string; projectDir: string; target: string } {
  const agent = join(tmp, `agent${n++}`);
  const projectDir = join(agent, "sessions", "--work-proj--");
  mkdirSync(projectDir, { recursive: true });
  for (const f of fixtureFiles("sessions").slice(0, 4)) copyFileSync(f.file, join(projectDir, f.name));
  const target = join(projectDir, "unique.jsonl");
  writeFileSync(target, sessionWith("u1", "/work/proj", phrase));
  process.env.OMP_SESSIONS_CACHE_DIR = join(agent, ".cache");
  return { agent, projectDir, target };
}

describe("search screen", () => {
  it("a hit in a session the list does not hold names it as the list would (its first message), not by its file name", async () => {
    const phrase = "amber pangolin hums softly";
    const s = store(phrase);
    m = await mount({ paths: [s.agent], width: 110, height: 24 });
    await m.waitFor(() => (m!.store.getState().sessions ?? []).some((r) => r.path === s.target), "the list");
    // The list leaves the session out (as a filter or another listing would); the index has it.
    m.store.getState().setSessions((m.store.getState().sessions ?? []).filter((r) => r.path !== s.target));
    await m.press("5");
    await m.waitFor((fr) => fr.includes("search ›"), "search screen");
    await m.type(`"${phrase}"`);
    const f = await m.waitFor((fr) => fr.includes("1 hit") && !fr.includes("searching…"), "one hit");
    expect(m.stores.search.getState().hits[0]).toMatchObject({ path: s.target, sessionId: "u1", title: "start the work" });
    expect(cursorRow(f)).toContain("start the work");
    expect(f).not.toContain("unique.jsonl");
  });

  it("a phrase in exactly one entry lists exactly that entry, and Enter opens the tree on it", async () => {
    const phrase = "purple marmoset juggles quietly";
    const s = store(phrase);
    m = await mount({ paths: [s.agent], width: 110, height: 24 });
    await m.press("5");
    await m.waitFor((f) => f.includes("[5 search]") && f.includes("search ›"), "search screen");
    const search = m.stores.search;
    await m.type(`"${phrase}"`);
    const frame = await m.waitFor((f) => f.includes("1 hit") && !f.includes("searching…"), "one hit");
    const hits = search.getState().hits;
    expect(hits.map((h) => [h.path, h.entryId])).toEqual([[s.target, "u1-3"]]);
    // The row: the session's first message, role, and the snippet with the phrase.
    expect(cursorRow(frame)).toContain("start the work");
    expect(cursorRow(frame)).toContain("user");
    expect(frame).toContain(phrase);
    // Words apart from the phrase match more entries than the phrase does.
    await m.press(KEYS.enter);
    const tree = await m.waitFor((f) => f.includes("[2 tree]"), "tree screen");
    expect(m.store.getState().session!.file).toBe(s.target);
    expect(cursorRow(tree)).toContain(phrase);
    const st = m.store.getState();
    expect(st.rows!.row(st.cursor).id).toBe("u1-3");
    // Esc goes back to the results it came from (the query and the hit still there), not to screen 1.
    await m.press(KEYS.escape);
    const back = await m.waitFor((f) => f.includes("[5 search]"), "back on the search screen");
    expect(back).toContain(phrase);
    expect(back).toContain("1 hit");
    // A session opened from the list goes back to the list as before.
    await m.press("1");
    await m.waitFor((f) => f.includes("[1 sessions]"), "the list");
    await m.press(KEYS.enter);
    await m.waitFor((f) => f.includes("[2 tree]"), "a tree from the list");
    await m.press(KEYS.escape);
    await m.waitFor((f) => f.includes("[1 sessions]"), "back on the list");
  });

  it("results follow the typed query; a bad query says why; Esc clears, then goes back", async () => {
    const s = store("amber lighthouse beacon");
    m = await mount({ paths: [s.agent], width: 110, height: 24 });
    await m.press("5");
    const search = m.stores.search;
    // Esc stops a running build first: let this one finish.
    await m.waitFor((f) => f.includes("index up to date"), "the index built");
    await m.type("lighthouse");
    await m.waitFor((f) => f.includes("1 hit"), "a hit");
    await m.type(" nonexistentzzz");
    await m.waitFor((f) => f.includes("no matches"), "no matches");
    expect(search.getState().hits).toEqual([]);
    await m.press(KEYS.escape);
    expect(search.getState().query).toBe("");
    // A word no entry has whole is taken as a prefix, and the count says so.
    await m.type("lighth");
    await m.waitFor((f) => f.includes("1 hit (words as prefixes)"), "a hit of the word as a prefix");
    expect(search.getState().hits.map((h) => h.widened)).toEqual([true]);
    await m.press(KEYS.escape);
    await m.type("role:nobody");
    await m.waitFor((f) => f.includes("unknown role"), "the query's error");
    await m.press(KEYS.escape);
    expect(search.getState().query).toBe("");
    await m.press(KEYS.escape);
    await m.waitFor((f) => f.includes("[1 sessions]"), "back on the sessions screen");
  });

  it("a session written while the screen is open is indexed and found", async () => {
    const s = store("placeholder words");
    m = await mount({ paths: [s.agent], width: 110, height: 24 });
    await m.press("5");
    await m.waitFor((f) => f.includes("index up to date"), "the index built");
    await m.type("saffron");
    await m.waitFor((f) => f.includes("no matches"), "nothing yet");
    writeFileSync(join(s.projectDir, "later.jsonl"), sessionWith("l1", "/work/proj", "a saffron kite"));
    await m.waitFor((f) => f.includes("1 hit"), "the new session indexed and found");
    expect(m.stores.search.getState().hits.map((h) => h.entryId)).toEqual(["l1-3"]);
  });

  it("the first build shows its progress, Esc stops it, and the browser stays usable meanwhile", { timeout: 300_000 }, async () => {
    const s = store("cobalt anchor phrase");
    // Enough sessions that the build is still running when Esc comes.
    for (let i = 0; i < 12; i++) {
      const dir = join(s.agent, "sessions", `--more-${i}--`);
      mkdirSync(dir, { recursive: true });
      for (const f of fixtureFiles("sessions")) copyFileSync(f.file, join(dir, f.name));
    }
    m = await mount({ paths: [s.agent], width: 110, height: 24 });
    await m.press("5");
    // Listing 400 files and starting the index worker: seconds on a loaded 2-core machine.
    await m.waitFor((f) => /indexing sessions: [\d.]+ of [\d.]+ [KM]B · \d+\/\d+ files/.test(f), "progress", 120_000);
    // Other screens work while it indexes.
    await m.press(KEYS.tab, "1", KEYS.down);
    await m.waitFor((f) => f.includes("[1 sessions]"), "sessions screen");
    expect(m.store.getState().listCursor).toBe(1);
    await m.press("5");
    await m.waitFor((f) => f.includes("[5 search]"), "back on search");
    const search = m.stores.search;
    if (search.getState().phase === "indexing") {
      await m.press(KEYS.escape);
      await m.waitFor((f) => f.includes("indexing stopped"), "stopped");
    }
    // The query line has the keys (back on an empty query): ^r resumes, and the build finishes.
    await m.press(KEYS.ctrl("r"));
    await m.waitFor((f) => f.includes("index up to date"), "the build's end", 120_000);
    await m.type("cobalt");
    await m.waitFor((f) => f.includes("1 hit"), "the hit");
  });

  it("the footer shows the query line's keys from the key table", async () => {
    const s = store("quiet footer words");
    m = await mount({ paths: [s.agent], width: 110, height: 24 });
    await m.press("5");
    const typing = await m.waitFor((f) => f.includes("search ›"), "search screen");
    const footer = typing.split("\n").at(-1)!;
    expect(footer).toContain("Enter open");
    expect(footer).toContain("Esc stop/back");
    expect(footer).not.toContain("q quit");
    await m.press(KEYS.tab);
    const list = await m.waitFor((f) => f.split("\n").at(-1)!.includes("q quit"), "list keys");
    expect(list.split("\n").at(-1)).toContain("r reindex");
    // ? lists the search keys in the help overlay.
    await m.press("?");
    const help = await m.waitFor((f) => f.includes("Keys (? or Esc closes)"), "help");
    expect(help).toContain("Search results");
    expect(help).toContain("Search query line");
    await m.press("?");
    // Out of the query line the key table applies: digits switch screens.
    await m.press("1");
    await m.waitFor((f) => f.includes("[1 sessions]"), "sessions screen");
  });
});

describe("search screen size", () => {
  it("fits small and wide terminals, hits and progress included", async () => {
    const s = store("narrow terminal phrase with quite a few words in it so the snippet runs long");
    for (const [width, height] of [
      [50, 12],
      [200, 40],
    ]) {
      m = await mount({ paths: [s.agent], width, height });
      await m.press("5");
      await m.type("narrow terminal");
      const f = await m.waitFor((x) => x.includes("hit"), "hits");
      const lines = f.split("\n");
      expect(lines.length).toBeLessThanOrEqual(height);
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
      m.stores.search.getState().dispose();
      m.unmount();
      m = null;
    }
  });
});

describe("live session list", () => {
  it("a session file written while the list is open appears in it, and the cursor stays on its session", async () => {
    const s = store("unused phrase here");
    m = await mount({ paths: [s.agent], width: 110, height: 24 });
    await m.press("j");
    const before = m.store.getState();
    const selected = before.listView[before.listCursor].path;
    const count = before.sessions!.length;
    const now = new Date().toISOString();
    const fresh = join(s.projectDir, "fresh.jsonl");
    writeFileSync(
      fresh,
      line({ type: "session", version: 3, id: "fresh", timestamp: now, cwd: "/work/proj" }) +
        line({ type: "message", id: "f1", parentId: null, timestamp: now, message: { role: "user", content: "a brand new session appears", timestamp: Date.now() } }),
    );
    await m.waitFor((f) => f.includes("a brand new session appears"), "the new session listed");
    const after = m.store.getState();
    expect(after.sessions!.length).toBe(count + 1);
    expect(after.listView[after.listCursor].path).toBe(selected);
    expect(cursorRow(m.frame())).not.toContain("a brand new session appears");
  });
});
