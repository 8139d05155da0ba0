import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { searchSessions } from "../../src/core/search/search.js";
import { updateIndex, IndexAborted } from "../../src/core/search/indexer.js";
import { parseQuery, renderSnippet, SearchQueryError } from "../../src/core/search/query.js";
import { loadSession } from "../../src/core/session/tree/load.js";
import { readEntry } from "../../src/core/session/read/entry.js";
import { fixtureFiles } from "../helpers/fixtures.js";

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "omp-search-"));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

let n = 0;
function agent(): { agent: string; dir: (cwd: string) => string; cache: string } {
  const root = join(tmp, `a${n++}`);
  return {
    agent: root,
    cache: join(root, ".cache"),
    dir: (cwd: string) => {
      const d = join(root, "sessions", `--${cwd.slice(1).replace(/\//g, "-")}--`);
      mkdirSync(d, { recursive: true });
      return d;
    },
  };
}

const header = (id: string, cwd: string) => JSON.stringify({ type: "session", version: 3, id, timestamp: "2026-02-01T10:00:00.000Z", cwd }) + "\n";
const line = (o: object) => JSON.stringify(o) + "\n";
const user = (id: string, parentId: string | null, text: string, ts = "2026-02-01T10:01:00.000Z") => line({ type: "message", id, parentId, timestamp: ts, message: { role: "user", content: text, timestamp: Date.parse(ts) } });
const assistant = (id: string, parentId: string, content: unknown[]) =>
  line({ type: "message", id, parentId, timestamp: "2026-02-01T10:02:00.000Z", message: { role: "assistant", content, timestamp: Date.parse("2026-02-01T10:02:00.000Z") } });
const toolResult = (id: string, parentId: string, text: string) =>
  line({ type: "message", id, parentId, timestamp: "2026-02-01T10:03:00.000Z", message: { role: "toolResult", toolCallId: "c1", toolName: "bash", content: [{ type: "text", text }], isError: false } });

/** Two projects; distinctive words placed in known entries. */
function store() {
  const a = agent();
  const p1 = join(a.dir("/home/u/alpha"), "one.jsonl");
  const p2 = join(a.dir("/home/u/beta"), "two.jsonl");
  writeFileSync(
    p1,
    header("s1", "/home/u/alpha") +
      user("a0000001", null, "please refactor the zebra parser") +
      assistant("a0000002", "a0000001", [
        { type: "text", text: "I will look at the zebra parser first" },
        { type: "toolCall", id: "c1", name: "read", arguments: { path: "src/quokka/reader.ts" } },
      ]) +
      toolResult("a0000003", "a0000002", "export function wombatize() {}") +
      user("a0000004", "a0000003", "the striped horse gallops at dawn") +
      line({ type: "label", id: "a0000005", parentId: "a0000004", timestamp: "2026-02-01T10:05:00.000Z", targetId: "a0000001", label: "start here" }),
  );
  writeFileSync(p2, header("s2", "/home/u/beta") + user("b0000001", null, "zebra crossings in the beta project") + assistant("b0000002", "b0000001", [{ type: "text", text: "the striped horse sleeps" }]));
  return { ...a, p1, p2 };
}

const search = (s: { agent: string; cache: string }, q: string, extra: object = {}) => searchSessions(q, { agentDirs: [s.agent], cacheDir: s.cache, ...extra }).then((r) => r.hits);

describe("search finds the right entries", () => {
  it("a phrase that appears in exactly one entry finds exactly that entry", async () => {
    const s = store();
    const hits = await search(s, '"striped horse gallops"');
    expect(hits.map((h) => [h.path, h.entryId, h.role, h.cwd])).toEqual([[s.p1, "a0000004", "user", "/home/u/alpha"]]);
    expect(hits[0].timestamp).toBe("2026-02-01T10:01:00.000Z");
    // The words apart match both projects' entries; the phrase only one.
    expect((await search(s, "striped horse")).length).toBe(2);
  });

  it("finds words inside CJK text written without spaces, and shows the snippet as written", async () => {
    const a = agent();
    const p = join(a.dir("/home/u/cjk"), "cjk.jsonl");
    writeFileSync(
      p,
      header("s3", "/home/u/cjk") +
        user("c0000001", null, "之前跟你的对话还有记忆吗") +
        assistant("c0000002", "c0000001", [{ type: "text", text: "このGeminiCLIとは？ 검색을 다시 해 주세요" }]) +
        user("c0000003", "c0000002", "对 and 话 apart"),
    );
    const hits = await search(a, "对话");
    expect(hits.map((h) => h.entryId)).toEqual(["c0000001"]);
    expect(hits[0].snippet).toBe("之前跟你的对话还有记忆吗");
    expect(hits[0].snippet.slice(hits[0].marks[0][0], hits[0].marks.at(-1)![1])).toBe("对话");
    expect((await search(a, "GeminiCLI")).map((h) => h.entryId)).toEqual(["c0000002"]);
    expect((await search(a, "검색")).map((h) => h.entryId)).toEqual(["c0000002"]);
    expect((await search(a, '"的对话还"')).map((h) => h.entryId)).toEqual(["c0000001"]);
    expect((await search(a, "记忆 吗")).map((h) => h.entryId)).toEqual(["c0000001"]);
    // characters of the word apart (not side by side) are no match for the word
    expect((await search(a, "话还有对")).map((h) => h.entryId)).toEqual([]);
  });

  it("finds words a test runner coloured, and shows them plain", async () => {
    const a = agent();
    const p = join(a.dir("/home/u/colour"), "colour.jsonl");
    writeFileSync(p, header("s4", "/home/u/colour") + user("c0000001", null, "run the tests") + toolResult("c0000002", "c0000001", "\u001b[31mzebrafailure\u001b[0m in \u001b[1;4mquokkamodule\u001b[22m (\u001b[38;5;208mwombat\u001b[m)"));
    for (const word of ["zebrafailure", "quokkamodule", "wombat"]) {
      const hits = await search(a, word, { tools: true });
      expect(
        hits.map((h) => h.entryId),
        word,
      ).toEqual(["c0000002"]);
      expect(hits[0].snippet).toBe("bash zebrafailure in quokkamodule (wombat)");
    }
    // the sequences' own letters are no words
    expect(await search(a, "31mzebrafailure", { tools: true })).toEqual([]);
  });

  it("each hit's snippet is its own entry's text, with its own marks", async () => {
    const s = store();
    const hits = await search(s, "zebra");
    expect(hits.map((h) => h.entryId).sort()).toEqual(["a0000001", "a0000002", "b0000001"]);
    const own: Record<string, string> = {
      a0000001: "please refactor the zebra parser",
      a0000002: "I will look at the zebra parser first",
      b0000001: "zebra crossings in the beta project",
    };
    for (const h of hits) {
      expect(h.snippet, h.entryId).toContain(own[h.entryId]);
      expect(
        h.marks.map(([a, b]) => h.snippet.slice(a, b)),
        h.entryId,
      ).toEqual(["zebra"]);
    }
  });

  it("all words must match; a prefix matches word starts", async () => {
    const s = store();
    expect((await search(s, "zebra parser")).map((h) => h.entryId).sort()).toEqual(["a0000001", "a0000002"]);
    expect((await search(s, "zeb*")).map((h) => h.entryId).sort()).toEqual(["a0000001", "a0000002", "b0000001"]);
    expect(await search(s, "zebra nonexistentword")).toEqual([]);
  });

  it("words that match no entry whole are asked again as prefixes, and those hits say so", async () => {
    const s = store();
    const exact = await search(s, "zebra parser");
    expect(exact.every((h) => h.widened === undefined)).toBe(true);
    const wide = await search(s, "zeb pars");
    expect(wide.map((h) => h.entryId).sort()).toEqual(["a0000001", "a0000002"]);
    expect(wide.every((h) => h.widened === true)).toBe(true);
    // The snippet marks the words as found.
    expect(wide.flatMap((h) => h.marks.map(([a, b]) => h.snippet.slice(a, b).toLowerCase())).sort()).toEqual(["parser", "parser", "zebra", "zebra"]);
    // A phrase is kept as typed: only its bare word widens.
    expect(await search(s, '"zeb pars"')).toEqual([]);
    expect((await search(s, '"zebra parser" fir')).map((h) => [h.entryId, h.widened])).toEqual([["a0000002", true]]);
    expect(parseQuery('"zebra parser"').widened).toBeNull();
    expect(parseQuery("zeb*").widened).toBeNull();
    expect(parseQuery("zeb* pars").widened).toBe('"zeb"* "pars"*');
  });

  it("indexes tool calls always and tool output only in the tools index", async () => {
    const s = store();
    expect((await search(s, "quokka")).map((h) => h.entryId)).toEqual(["a0000002"]);
    expect(await search(s, "wombatize")).toEqual([]);
    const tools = await search(s, "wombatize", { tools: true });
    expect(tools.map((h) => [h.entryId, h.role])).toEqual([["a0000003", "tool"]]);
  });

  it("filters by cwd, role and label", async () => {
    const s = store();
    expect((await search(s, "zebra cwd:/home/u/beta")).map((h) => h.entryId)).toEqual(["b0000001"]);
    expect((await search(s, "zebra cwd:alpha")).map((h) => h.entryId).sort()).toEqual(["a0000001", "a0000002"]);
    expect((await search(s, "zebra role:assistant")).map((h) => h.entryId)).toEqual(["a0000002"]);
    const labeled = await search(s, "zebra label:start");
    expect(labeled.map((h) => [h.entryId, h.label])).toEqual([["a0000001", "start here"]]);
    expect((await search(s, "label:")).map((h) => h.entryId)).toEqual(["a0000001"]);
  });

  it("cwd: with a Windows path finds that dir and the dirs under it in any spelling, as the session list does", async () => {
    const a = agent();
    const cwds = ["C:\\Users\\dev\\app", "c:/users/dev/app/src", "C:\\Users\\dev\\apple", "D:\\Users\\dev\\app"];
    cwds.forEach((cwd, i) => writeFileSync(join(a.dir(`/w${i}`), `w${i}.jsonl`), header(`w${i}`, cwd) + user(`w000000${i}`, null, `okapi number ${i}`)));
    const found = async (q: string) => (await search(a, q)).map((h) => h.cwd).sort();
    expect(await found("okapi cwd:c:\\USERS\\dev\\app\\")).toEqual([cwds[0], cwds[1]].sort());
    expect(await found("okapi cwd:C:/Users/dev/app/src")).toEqual([cwds[1]]);
    expect(await found("okapi cwd:c:\\")).toEqual(cwds.slice(0, 3).sort());
  });

  it("follows labels appended later: set, moved and cleared", async () => {
    const s = store();
    expect((await search(s, "label:start")).map((h) => h.entryId)).toEqual(["a0000001"]);
    appendFileSync(s.p1, line({ type: "label", id: "a0000006", parentId: "a0000005", timestamp: "2026-02-01T10:06:00.000Z", targetId: "a0000001" }));
    appendFileSync(s.p1, line({ type: "label", id: "a0000007", parentId: "a0000006", timestamp: "2026-02-01T10:07:00.000Z", targetId: "a0000004", label: "gallop" }));
    expect(await search(s, "label:start")).toEqual([]);
    expect((await search(s, "label:gallop")).map((h) => h.entryId)).toEqual(["a0000004"]);
  });

  it("indexes only the bytes a session appended, and finds the new entries", async () => {
    const s = store();
    await search(s, "zebra");
    appendFileSync(s.p2, user("b0000003", "b0000002", "a capybara appears", "2026-02-02T10:00:00.000Z"));
    const r = await searchSessions("capybara", { agentDirs: [s.agent], cacheDir: s.cache });
    expect(r.hits.map((h) => h.entryId)).toEqual(["b0000003"]);
    expect(r.index.updated).toBe(1);
    expect(r.index.bytesRead).toBe(Buffer.byteLength(user("b0000003", "b0000002", "a capybara appears", "2026-02-02T10:00:00.000Z")));
    // Nothing changed: nothing read.
    const again = await searchSessions("capybara", { agentDirs: [s.agent], cacheDir: s.cache });
    expect(again.index.updated).toBe(0);
    expect(again.index.bytesRead).toBe(0);
  });

  it("result ids are the loader's ids, v1 files included, and name the entry holding the text", async () => {
    const a = agent();
    const d = a.dir("/home/u/fx");
    for (const f of fixtureFiles("sessions")) copyFileSync(f.file, join(d, f.name));
    const hits = await search(a, "hello", { limit: 50 });
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) {
      const s = await loadSession(h.path);
      expect(s.byId.has(h.entryId), `${h.path} ${h.entryId}`).toBe(true);
      const entry = await readEntry(s, h.entryId);
      expect(JSON.stringify(entry).toLowerCase()).toContain("hello");
    }
  });

  it("reports progress and can be cancelled", async () => {
    const s = store();
    const ctl = new AbortController();
    ctl.abort();
    await expect(updateIndex({ agentDirs: [s.agent], cacheDir: s.cache, signal: ctl.signal })).rejects.toBeInstanceOf(IndexAborted);
    const seen: number[][] = [];
    const r = await updateIndex({ agentDirs: [s.agent], cacheDir: s.cache, onProgress: (d, t, f, ft) => seen.push([d, t, f, ft]) });
    r.db.close();
    const bytes = statSync(s.p1).size + statSync(s.p2).size;
    expect(seen.at(-1)).toEqual([bytes, bytes, 2, 2]);
  });

  it("counts the first build's progress in bytes, moving while one big file is read", async () => {
    const a = agent();
    const big = join(a.dir("/home/u/big"), "big.jsonl");
    let text = header("big", "/home/u/big");
    let parent: string | null = null;
    for (let i = 0; text.length < 1.2 * 1024 * 1024; i++) {
      const id = `b${String(i).padStart(7, "0")}`;
      text += user(id, parent, `entry ${i} ${"lorem ipsum dolor sit amet ".repeat(20)}`);
      parent = id;
    }
    writeFileSync(big, text);
    const seen: number[][] = [];
    const r = await updateIndex({ agentDirs: [a.agent], cacheDir: a.cache, onProgress: (d, t, f, ft) => seen.push([d, t, f, ft]) });
    r.db.close();
    const size = statSync(big).size;
    expect(seen[0]).toEqual([0, size, 0, 1]);
    // Before the one file is done, the bytes moved (at least three times: every 256 KiB).
    const within = seen.filter(([d, , f]) => f === 0 && d > 0);
    expect(within.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < within.length; i++) expect(within[i][0]).toBeGreaterThan(within[i - 1][0]);
    expect(seen.at(-1)).toEqual([size, size, 1, 1]);
  });

  it("an index of schema 16 is brought up in place (not rebuilt): no file read again, the hits keep their entries and gain their session's title", async () => {
    const s = store();
    const first = await searchSessions("zebra", { agentDirs: [s.agent], cacheDir: s.cache });
    const named = (hits: { entryId: string; title: string }[]) => hits.map((h) => [h.entryId, h.title]).sort();
    expect(named(first.hits)).toEqual([
      ["a0000001", "please refactor the zebra parser"],
      ["a0000002", "please refactor the zebra parser"],
      ["b0000001", "zebra crossings in the beta project"],
    ]);
    // the index as schema 16 wrote it: no session ids or titles
    const Database = (await import("better-sqlite3")).default;
    const old = new Database(join(s.cache, "search.db"));
    const cols = "fid, path, dev, ino, size, mtime, cwd, header_start, header_end, header_hash, resume, line, v1";
    old.exec(`CREATE TABLE files16 (fid INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, dev INTEGER NOT NULL, ino INTEGER NOT NULL, size INTEGER NOT NULL,
        mtime REAL NOT NULL, cwd TEXT NOT NULL, header_start INTEGER NOT NULL, header_end INTEGER NOT NULL, header_hash TEXT NOT NULL,
        resume INTEGER NOT NULL, line INTEGER NOT NULL, v1 INTEGER NOT NULL);
      INSERT INTO files16 SELECT ${cols} FROM files; DROP TABLE files; ALTER TABLE files16 RENAME TO files; PRAGMA user_version = 16`);
    const docs = (old.prepare("SELECT count(*) AS n FROM docs").get() as { n: number }).n;
    old.close();
    const again = await searchSessions("zebra", { agentDirs: [s.agent], cacheDir: s.cache });
    expect(again.index.bytesRead).toBe(0);
    expect(named(again.hits)).toEqual(named(first.hits));
    const now = new Database(join(s.cache, "search.db"), { readonly: true });
    expect(now.pragma("user_version", { simple: true })).toBe(17);
    expect((now.prepare("SELECT count(*) AS n FROM docs").get() as { n: number }).n).toBe(docs);
    now.close();
  });

  it("rebuilds a corrupt index", async () => {
    const s = store();
    await search(s, "zebra");
    writeFileSync(join(s.cache, "search.db"), "this is not a database at all, not even close......................................................");
    rmSync(join(s.cache, "search.db-wal"), { force: true });
    rmSync(join(s.cache, "search.db-shm"), { force: true });
    expect((await search(s, '"striped horse gallops"')).map((h) => h.entryId)).toEqual(["a0000004"]);
  });
});

describe("queries never reach FTS5 unescaped", () => {
  const s = store;
  it("treats FTS syntax in the input as text", async () => {
    const st = s();
    for (const q of ["zebra AND OR NOT", "NEAR(zebra parser)", 'zebra"', '"unterminated phrase', "col:zebra", "zebra^", "(zebra", "-zebra", "zebra:", "**zebra**", "'zebra'"]) {
      await expect(search(st, q), q).resolves.toBeInstanceOf(Array);
    }
    expect((await search(st, '"zebra')).length).toBe(3);
  });

  it("refuses a query with nothing to search for, or an unknown role", () => {
    expect(() => parseQuery("  ")).toThrow(SearchQueryError);
    expect(() => parseQuery("--- ***")).toThrow(SearchQueryError);
    expect(() => parseQuery("*")).toThrow(SearchQueryError);
    expect(() => parseQuery("role:wizard x")).toThrow(/unknown role/);
  });

  it("keeps snippets to one terminal-safe line with the matches marked", () => {
    // a colour sequence is dropped, any other escape shown inert
    const r = renderSnippet("a\x1b[31m\x1b]0;t\x07 \x01hit\x02\nnext");
    expect(r.snippet).toBe("a␛]0;t␇ hit next");
    expect(r.marks).toEqual([[8, 11]]);
    expect(r.snippet.slice(8, 11)).toBe("hit");
  });
});
