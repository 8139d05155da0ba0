// Search over gzip archives (.jsonl.gz, written by newer omp): indexed like
// plain session files, read whole again when they change (a gzip cannot be
// resumed at an offset), never read when unchanged, and a damaged one leaves
// the rest of the index alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { searchSessions } from "../../src/core/search/search.js";
import { checkIndex } from "../../src/core/search/fresh.js";
import { listSessions } from "../../src/core/session/list/list.js";
import { loadSession } from "../../src/core/session/tree/load.js";
import { readEntry } from "../../src/core/session/read/entry.js";
import { fixtureFiles } from "../helpers/fixtures.js";
import { sessionHeader, userLine, agentDirIn } from "../helpers/session-lines.js";

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "omp-search-gzip-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const header = (id: string) => sessionHeader(id);
const user = userLine;
const agent = () => agentDirIn(tmp);

type Agent = ReturnType<typeof agent>;
const search = (a: Agent, q: string, extra: object = {}) => searchSessions(q, { agentDirs: [a.agent], cacheDir: a.cache, ...extra });
const fresh = async (a: Agent) => {
  const c = await checkIndex(a.cache, false, { agentDirs: [a.agent] });
  c.db.close();
  return c.fresh;
};

/** A plain session and an archived one, each with a phrase of its own. */
function twoSessions() {
  const a = agent();
  const plain = join(a.dir, "plain.jsonl");
  const gz = join(a.dir, "archived.jsonl.gz");
  writeFileSync(plain, header("p1") + user("pu1", null, "plain walrus text"));
  writeFileSync(gz, gzipSync(header("g1") + user("gu1", null, "hello there") + user("gu2", "gu1", "archived narwhal phrase", "2026-02-01T10:02:00.000Z")));
  return { a, plain, gz };
}

describe("search over gzip archives", () => {
  it("finds an archive's phrase exactly once, naming the .jsonl.gz and the entry", async () => {
    const { a, gz } = twoSessions();
    const r = await search(a, '"archived narwhal phrase"');
    expect(r.index.files).toBe(2);
    expect(r.hits.map((h) => [h.path, h.entryId, h.role])).toEqual([[gz, "gu2", "user"]]);
    expect((await search(a, "walrus")).hits.map((h) => h.entryId)).toEqual(["pu1"]);
  });

  it("does not read an unchanged archive again, on a warm query or when another file grew", async () => {
    const { a, plain } = twoSessions();
    await search(a, "narwhal");
    expect(await fresh(a)).toBe(2);
    const warm = await search(a, "narwhal");
    expect(warm.index).toEqual({ files: 2, updated: 0, bytesRead: 0, added: 0 });
    expect(warm.hits.map((h) => h.entryId)).toEqual(["gu2"]);

    const appended = user("pu2", "pu1", "plain appended yak", "2026-02-01T10:03:00.000Z");
    appendFileSync(plain, appended);
    const r = await search(a, "yak");
    expect(r.index.updated).toBe(1);
    expect(r.index.bytesRead).toBe(Buffer.byteLength(appended));
    expect(r.hits.map((h) => h.entryId)).toEqual(["pu2"]);
  });

  it("indexes a replaced archive again whole: old text gone, new text found, nothing twice", async () => {
    const { a, gz } = twoSessions();
    expect((await search(a, "narwhal")).hits).toHaveLength(1);

    writeFileSync(gz, gzipSync(header("g1") + user("gu1", null, "hello there") + user("gu3", "gu1", "replacement okapi words", "2026-02-01T10:04:00.000Z")));
    expect(await fresh(a)).toBeNull();
    const r = await search(a, "okapi");
    expect(r.index.updated).toBe(1);
    expect(r.hits.map((h) => [h.path, h.entryId])).toEqual([[gz, "gu3"]]);
    expect((await search(a, "narwhal")).hits).toEqual([]);

    // Grown: the same entries and one more, compressed anew.
    writeFileSync(gz, gzipSync(header("g1") + user("gu1", null, "hello there") + user("gu3", "gu1", "replacement okapi words", "2026-02-01T10:04:00.000Z") + user("gu4", "gu3", "later tapir", "2026-02-01T10:05:00.000Z")));
    expect((await search(a, "okapi")).hits.map((h) => h.entryId)).toEqual(["gu3"]);
    expect((await search(a, "tapir")).hits.map((h) => h.entryId)).toEqual(["gu4"]);
    expect((await search(a, "hello")).hits.map((h) => h.entryId)).toEqual(["gu1"]);
  });

  it("keeps the other files searchable when an archive is truncated, and finds it once it is whole", async () => {
    const { a, gz } = twoSessions();
    const bytes = readFileSync(gz);
    writeFileSync(gz, bytes.subarray(0, bytes.length - 12));
    const r = await search(a, "walrus");
    expect(r.index.files).toBe(1);
    expect(r.hits.map((h) => h.entryId)).toEqual(["pu1"]);
    expect((await search(a, "narwhal")).hits).toEqual([]);
    // Left out until it changes: the next query reads nothing.
    expect((await search(a, "walrus")).index).toEqual({ files: 1, updated: 0, bytesRead: 0, added: 0 });

    writeFileSync(gz, bytes);
    expect((await search(a, "narwhal")).hits.map((h) => h.entryId)).toEqual(["gu2"]);
  });

  it("leaves out an archive that fails to decompress while indexing", async () => {
    const { a, gz } = twoSessions();
    const when = 1_770_000_000; // whole seconds: set again exactly below
    utimesSync(gz, when, when);
    await listSessions({ agentDirs: [a.agent], all: true, cacheDir: a.cache });
    // Damaged with its size and mtime kept: the catalog still vouches for it
    // (it read the archive whole before), the indexer reads it and gunzip fails.
    const size = statSync(gz).size;
    const longer = gzipSync(header("g1") + user("gu1", null, "hello there") + user("gu5", "gu1", "damaged capybara ".repeat(50), "2026-02-01T10:06:00.000Z"));
    expect(longer.length).toBeGreaterThan(size);
    writeFileSync(gz, longer.subarray(0, size));
    utimesSync(gz, when, when);
    expect((await listSessions({ agentDirs: [a.agent], all: true, cacheDir: a.cache })).find((s) => s.path === gz)?.valid).toBe(true);
    const r = await search(a, "walrus");
    expect(r.hits.map((h) => h.entryId)).toEqual(["pu1"]);
    expect((await search(a, "narwhal")).hits).toEqual([]);
    expect((await search(a, "hello")).hits).toEqual([]);
    expect(await fresh(a)).toBe(1);

    writeFileSync(gz, longer);
    expect((await search(a, "capybara")).hits.map((h) => [h.path, h.entryId])).toEqual([[gz, "gu5"]]);
  });

  it("gives archived copies the same hits as the plain files, each opening at its entry", async () => {
    const plainAgent = agent();
    const gzAgent = agent();
    for (const f of fixtureFiles("sessions")) {
      const data = readFileSync(f.file);
      writeFileSync(join(plainAgent.dir, f.name), data);
      writeFileSync(join(gzAgent.dir, `${f.name}.gz`), gzipSync(data));
    }
    const plainHits = (await search(plainAgent, "hello", { limit: 50 })).hits;
    const gzHits = (await search(gzAgent, "hello", { limit: 50 })).hits;
    expect(plainHits.length).toBeGreaterThan(0);
    const key = (h: { path: string; entryId: string }) => `${h.path.slice(h.path.lastIndexOf("/") + 1).replace(/\.gz$/, "")} ${h.entryId}`;
    expect(gzHits.map(key).sort()).toEqual(plainHits.map(key).sort());
    // each archive opened once, however many of its entries hit
    const loaded = new Map<string, Awaited<ReturnType<typeof loadSession>>>();
    for (const h of gzHits) {
      expect(h.path.endsWith(".jsonl.gz")).toBe(true);
      const s = loaded.get(h.path) ?? (await loadSession(h.path));
      loaded.set(h.path, s);
      expect(s.byId.has(h.entryId), `${h.path} ${h.entryId}`).toBe(true);
      expect(JSON.stringify(await readEntry(s, h.entryId)).toLowerCase()).toContain("hello");
    }
  });
});
