// The warm path of search: the freshness check that lets a query skip the
// catalog, and the ranking that walks matches newest first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { searchSessions } from "../../src/core/search/search.js";
import { checkIndex } from "../../src/core/search/fresh.js";
import { parseQuery, searchDb } from "../../src/core/search/query.js";
import { AUTOMERGE, openSearchDb } from "../../src/core/search/db.js";
import { sessionHeader, userLine, agentDirIn } from "../helpers/session-lines.js";

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "omp-search-fresh-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const header = sessionHeader;
const user = (id: string, parentId: string | null, text: string, ts: string) => userLine(id, parentId, text, ts);

let n = 0;
const agent = () => agentDirIn(tmp);

const search = (a: { agent: string; cache: string }, q: string, extra: object = {}) => searchSessions(q, { agentDirs: [a.agent], cacheDir: a.cache, ...extra });
const fresh = async (a: { agent: string; cache: string }) => {
  const c = await checkIndex(a.cache, false, { agentDirs: [a.agent] });
  c.db.close();
  return c.fresh;
};

describe("the freshness check", () => {
  it("passes a warm index, counting gzip archives and not files that are not sessions", async () => {
    const a = agent();
    writeFileSync(join(a.dir, "one.jsonl"), header("s1", "/home/u/p") + user("u1", null, "alpha words", "2026-02-01T10:01:00.000Z"));
    writeFileSync(join(a.dir, "junk.jsonl"), "not a session at all\n");
    writeFileSync(join(a.dir, "old.jsonl.gz"), gzipSync(header("s2", "/home/u/p") + user("u2", null, "alpha gz", "2026-02-01T10:01:00.000Z")));
    expect(await fresh(a)).toBeNull();
    expect((await search(a, "alpha")).index.files).toBe(2);
    expect(await fresh(a)).toBe(2);
    const warm = await search(a, "alpha");
    expect(warm.index).toEqual({ files: 2, updated: 0, bytesRead: 0, added: 0 });
    expect(warm.hits.map((h) => h.entryId).sort()).toEqual(["u1", "u2"]);
  });

  it("fails on an append, a new file, a vanished file and a changed skipped file; the next search finds what changed", async () => {
    const a = agent();
    const one = join(a.dir, "one.jsonl");
    const junk = join(a.dir, "junk.jsonl");
    writeFileSync(one, header("s1", "/home/u/p") + user("u1", null, "alpha words", "2026-02-01T10:01:00.000Z"));
    writeFileSync(junk, "not a session yet\n");
    await search(a, "alpha");
    expect(await fresh(a)).toBe(1);

    appendFileSync(one, user("u2", "u1", "bravo appended", "2026-02-01T10:02:00.000Z"));
    expect(await fresh(a)).toBeNull();
    expect((await search(a, "bravo")).hits.map((h) => h.entryId)).toEqual(["u2"]);

    writeFileSync(join(a.dir, "two.jsonl"), header("s2", "/home/u/p") + user("v1", null, "charlie new", "2026-02-01T10:03:00.000Z"));
    expect(await fresh(a)).toBeNull();
    expect((await search(a, "charlie")).hits.map((h) => h.entryId)).toEqual(["v1"]);

    // The junk file becomes a session: its new stat is noticed.
    writeFileSync(junk, header("s3", "/home/u/p") + user("w1", null, "delta late header", "2026-02-01T10:04:00.000Z"));
    expect(await fresh(a)).toBeNull();
    expect((await search(a, "delta")).hits.map((h) => h.entryId)).toEqual(["w1"]);

    rmSync(one);
    expect(await fresh(a)).toBeNull();
    const after = await search(a, "alpha");
    expect(after.hits).toEqual([]);
    expect(after.index.files).toBe(2);
    expect(await fresh(a)).toBe(2);
  });

  it("forgets what it remembered when a search over other roots changes the index", async () => {
    const a = agent();
    writeFileSync(join(a.dir, "one.jsonl"), header("s1", "/home/u/p") + user("u1", null, "alpha words", "2026-02-01T10:01:00.000Z"));
    expect((await search(a, "alpha")).hits).toHaveLength(1);
    expect(await fresh(a)).toBe(1);
    // Over the dir above the agent dir, the sessions (two levels down) are not listed: they leave the index.
    const above = await searchSessions("alpha", { agentDirs: [join(a.agent, "sessions", "..", "..")], cacheDir: a.cache });
    expect(above.hits).toEqual([]);
    expect((await search(a, "alpha")).hits.map((h) => h.entryId)).toEqual(["u1"]);
  });

  describe("listing again from the dirs' trace", () => {
    // Dirs whose mtime is well before the last listing: their trace is trusted.
    // Each call a different time: a dir aged again differs from its stored stat only by it.
    let ago = 60_000;
    const age = (...dirs: string[]) => {
      const old = new Date(Date.now() - (ago += 1000));
      for (const d of dirs) utimesSync(d, old, old);
    };
    // The cache outside the agent dir, as it is for users (making it would move the agent dir's mtime).
    const outside = () => {
      const a = agent();
      return { ...a, cache: join(tmp, `cache${n++}`) };
    };
    const check = async (a: { agent: string; cache: string }) => {
      const c = await checkIndex(a.cache, false, { agentDirs: [a.agent] });
      c.db.close();
      return c;
    };

    it("reuses the stored paths while no dir changed, and still sees a file grow", async () => {
      const a = outside();
      const one = join(a.dir, "one.jsonl");
      writeFileSync(one, header("s1", "/home/u/p") + user("u1", null, "alpha words", "2026-02-01T10:01:00.000Z"));
      age(a.agent, join(a.agent, "sessions"), a.dir);
      await search(a, "alpha");
      const first = await check(a);
      expect(first.fresh).toBe(1);
      const again = await check(a);
      expect(again.fresh).toBe(1);
      // Relisted, not read again: the trace is the stored one, from before.
      expect(again.listed.dirs.at).toBe(first.listed.dirs.at);
      expect(again.listed.paths).toEqual([one]);

      appendFileSync(one, user("u2", "u1", "bravo grown", "2026-02-01T10:02:00.000Z"));
      const grown = await check(a);
      expect(grown.listed.dirs.at).toBe(first.listed.dirs.at);
      expect(grown.fresh).toBeNull();
      expect((await search(a, "bravo")).hits.map((h) => h.entryId)).toEqual(["u2"]);
      expect((await check(a)).fresh).toBe(1);
    });

    it("lists anew when a file, a project folder or the sessions dir itself appears", async () => {
      const a = outside();
      writeFileSync(join(a.dir, "one.jsonl"), header("s1", "/home/u/p") + user("u1", null, "alpha words", "2026-02-01T10:01:00.000Z"));
      age(a.agent, join(a.agent, "sessions"), a.dir);
      await search(a, "alpha");
      const before = (await check(a)).listed.dirs.at;

      // A new file in a known folder: the folder's mtime moves (aged at once,
      // so that only the changed stat, not its recency, can tell).
      writeFileSync(join(a.dir, "two.jsonl"), header("s2", "/home/u/p") + user("v1", null, "charlie new", "2026-02-01T10:03:00.000Z"));
      age(a.dir);
      const c = await check(a);
      expect(c.listed.dirs.at).toBeGreaterThanOrEqual(before);
      expect(c.listed.paths).toHaveLength(2);
      expect((await search(a, "charlie")).hits.map((h) => h.entryId)).toEqual(["v1"]);

      // A new project folder: the sessions dir's mtime moves.
      age(a.agent, join(a.agent, "sessions"), a.dir);
      await search(a, "alpha");
      const other = join(a.agent, "sessions", "--home-u-q--");
      mkdirSync(other);
      writeFileSync(join(other, "three.jsonl"), header("s3", "/home/u/q") + user("w1", null, "delta elsewhere", "2026-02-01T10:04:00.000Z"));
      age(join(a.agent, "sessions"), other);
      expect((await search(a, "delta")).hits.map((h) => h.entryId)).toEqual(["w1"]);

      // An agent dir with no sessions/ yet: its creation is noticed.
      const bare = { agent: join(tmp, `bare${n++}`), cache: join(tmp, `bare-cache${n++}`) };
      mkdirSync(bare.agent);
      age(bare.agent);
      expect((await search(bare, "echo")).index.files).toBe(0);
      const made = join(bare.agent, "sessions", "--p--");
      mkdirSync(made, { recursive: true });
      writeFileSync(join(made, "s.jsonl"), header("s4", "/p") + user("x1", null, "echo found", "2026-02-01T10:05:00.000Z"));
      age(bare.agent, join(bare.agent, "sessions"), made);
      expect((await search(bare, "echo")).hits.map((h) => h.entryId)).toEqual(["x1"]);
    });

    it("does not trust a dir changed within moments of the last listing", async () => {
      const a = outside();
      writeFileSync(join(a.dir, "one.jsonl"), header("s1", "/home/u/p") + user("u1", null, "alpha words", "2026-02-01T10:01:00.000Z"));
      await search(a, "alpha"); // the folder was just written: too recent to trust
      const first = await check(a);
      const again = await check(a);
      expect(again.fresh).toBe(1);
      // Listed anew each time (a later trace), not taken from the stored one.
      expect(again.listed.dirs.at).not.toBe(first.listed.dirs.at);
      expect(again.listed.paths).toHaveLength(1);
    });
  });
});

describe("the index's merging", () => {
  it("makes a new index with its automerge setting, and many small commits (a segment each) still answer every word", async () => {
    const a = agent();
    // One file per commit: 40 segments, past the first merges at AUTOMERGE.
    for (let i = 0; i < 40; i++) writeFileSync(join(a.dir, `s${i}.jsonl`), header(`s${i}`, "/home/u/p") + user(`e${i}`, null, `word${i} common`, `2026-03-01T00:00:${String(i).padStart(2, "0")}.000Z`));
    expect((await search(a, "common")).hits.length).toBe(20);
    const db = openSearchDb(a.cache, false);
    try {
      expect(db.prepare("SELECT v FROM docs_config WHERE k = 'automerge'").pluck().get()).toBe(AUTOMERGE);
      expect(searchDb(db, parseQuery("common"), { limit: 100 })).toHaveLength(40);
      for (const i of [0, 17, 39]) expect(searchDb(db, parseQuery(`word${i}`)).map((h) => h.entryId)).toEqual([`e${i}`]);
    } finally {
      db.close();
    }
  });
});

describe("ranking", () => {
  /** Entries of one word, more often repeated (better bm25) in older entries. */
  function ranked() {
    const a = agent();
    const texts = ["echo echo echo echo other", "echo echo echo other words", "echo echo other words here", "echo other words here too"];
    // Written in two files, the newer entries first on disk: rowid order must still be time order.
    writeFileSync(join(a.dir, "b.jsonl"), header("sb", "/home/u/p") + user("e3", null, texts[2], "2026-03-03T00:00:00.000Z") + user("e4", "e3", texts[3], "2026-03-04T00:00:00.000Z"));
    writeFileSync(join(a.dir, "a.jsonl"), header("sa", "/home/u/p") + user("e1", null, texts[0], "2026-03-01T00:00:00.000Z") + user("e2", "e1", texts[1], "2026-03-02T00:00:00.000Z"));
    return a;
  }

  it("ranks best matches first, and only among the newest `window` matches", async () => {
    const a = ranked();
    expect((await search(a, "echo")).hits.map((h) => h.entryId)).toEqual(["e1", "e2", "e3", "e4"]);
    const db = openSearchDb(a.cache, false);
    try {
      expect(searchDb(db, parseQuery("echo"), { window: 2 }).map((h) => h.entryId)).toEqual(["e3", "e4"]);
      expect(searchDb(db, parseQuery("echo"), { window: 3 }).map((h) => h.entryId)).toEqual(["e2", "e3", "e4"]);
      // Filters apply before the window.
      expect(searchDb(db, parseQuery("echo cwd:/home/u/p role:user"), { window: 1 }).map((h) => h.entryId)).toEqual(["e4"]);
    } finally {
      db.close();
    }
  });

  it("breaks ties newest first, and lists filter-only queries newest first, whatever order files were indexed in", async () => {
    const a = agent();
    writeFileSync(join(a.dir, "z.jsonl"), header("sz", "/home/u/p") + user("old", null, "same words here", "2026-01-01T00:00:00.000Z"));
    writeFileSync(join(a.dir, "y.jsonl"), header("sy", "/home/u/p") + user("mid", null, "same words here", "2026-01-02T00:00:00.000Z"));
    await search(a, "same");
    // Appended to the older file later, but dated between the two.
    appendFileSync(join(a.dir, "z.jsonl"), user("new", "old", "same words here", "2026-01-03T00:00:00.000Z"));
    appendFileSync(join(a.dir, "z.jsonl"), user("between", "new", "same words here", "2026-01-01T12:00:00.000Z"));
    expect((await search(a, "same words")).hits.map((h) => h.entryId)).toEqual(["new", "mid", "between", "old"]);
    expect((await search(a, "role:user")).hits.map((h) => h.entryId)).toEqual(["new", "mid", "between", "old"]);
  });

  it("indexes every entry when more than a second's worth of rowids share one timestamp", async () => {
    const a = agent();
    const n = 1500; // more than the rowids one second of entry time gets
    let body = header("sx", "/home/u/p");
    for (let i = 0; i < n; i++) body += user(`x${i}`, i === 0 ? null : `x${i - 1}`, `crowd member ${i}`, "2026-01-01T00:00:00.000Z");
    body += user("later", `x${n - 1}`, "crowd member later", "2026-01-01T00:00:01.000Z");
    writeFileSync(join(a.dir, "crowd.jsonl"), body);
    const r = await search(a, "crowd", { limit: n + 10 });
    expect(r.index.added).toBe(n + 1);
    expect(new Set(r.hits.map((h) => h.entryId)).size).toBe(n + 1);
    // Newest first: the later entry, then the crowd from its last line back.
    expect((await search(a, "role:user", { limit: 3 })).hits.map((h) => h.entryId)).toEqual(["later", `x${n - 1}`, `x${n - 2}`]);
  });
});
