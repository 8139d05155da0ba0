// The generic path every agent's format but pi's and omp's takes: a dialect
// registered in read/dialects makes its sessions list (with their agent),
// load as a tree, show entries, build a context and be found by search, from
// a JSONL file and from a database (`<db file>#<session id>`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync, appendFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEnv, useEnv } from "../../../src/core/env.js";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { readEntry } from "../../../src/core/session/read/entry.js";
import { buildContext } from "../../../src/core/session/tree/context.js";
import { listSessions, listSessionsJson } from "../../../src/core/session/list/list.js";
import { summaryJson } from "../../../src/core/session/list/summary-json.js";
import { summarizeSession } from "../../../src/core/session/list/summary.js";
import { catalogStats, resetCatalogStats } from "../../../src/core/session/list/catalog.js";
import { dialectSources } from "../../../src/core/session/list/dialect-sources.js";
import { searchSessions } from "../../../src/core/search/search.js";
import { assertAppendable } from "../../../src/core/session/write/guard.js";
import { planFork } from "../../../src/core/session/write/fork.js";
import { WriteRefusedError } from "../../../src/core/errors.js";
import { watchSessions } from "../../../src/core/session/list/watch.js";
import { TOY, toyDialect } from "./toy-dialect.js";

let tmp: string;
let dir: string;
let file: string;
let db: string;
let restoreEnv: () => void;
const rec = (o: object) => JSON.stringify(o) + "\n";

beforeAll(() => {
  restoreEnv = useEnv(createEnv({ extraDialects: [toyDialect] }));
  tmp = mkdtempSync(join(tmpdir(), "omp-toy-"));
  dir = join(tmp, "toy");
  mkdirSync(dir);
  file = join(dir, "talk.toy.jsonl");
  writeFileSync(
    file,
    rec({ k: "meta", sid: "toy-1", dir: "/home/u/toy", title: "Toy talk", at: "2026-03-01T10:00:00.000Z" }) +
      rec({ k: "msg", uid: "u1", up: null, who: "human", text: "hello capybara", at: "2026-03-01T10:01:00.000Z" }) +
      "not json at all\n" +
      rec({ k: "msg", uid: "a1", up: "u1", who: "bot", text: "first half", at: "2026-03-01T10:02:00.000Z" }) +
      rec({ k: "msg", uid: "a1b", merge: "a1", text: " second half" }) +
      rec({ k: "msg", uid: "u2", up: "a1b", who: "human", text: "go left", at: "2026-03-01T10:03:00.000Z" }) +
      rec({ k: "msg", uid: "u3", up: "a1", who: "human", text: "go right instead", at: "2026-03-01T10:04:00.000Z" }),
  );
  db = join(dir, "store.toydb");
  writeFileSync(
    db,
    JSON.stringify({
      sessions: {
        s2: {
          dir: "/home/u/zoo",
          title: "Zoo",
          at: "2026-03-02T09:00:00.000Z",
          msgs: [
            { uid: "d1", up: null, who: "human", text: "where is the wombat", at: "2026-03-02T09:01:00.000Z" },
            { uid: "d2", up: "d1", who: "bot", text: "under the bridge", at: "2026-03-02T09:02:00.000Z" },
          ],
        },
      },
    }),
  );
});

afterAll(() => {
  restoreEnv();
  rmSync(tmp, { recursive: true, force: true });
});

describe("a registered dialect", () => {
  it("loads as the one tree: merged copies are one entry, a child of a merged copy's id hangs from it", async () => {
    const s = await loadSession(file);
    expect(s.agent).toBe(TOY);
    expect(s.writable).toBe(false);
    expect(s.entries.map((e) => e.id)).toEqual(["u1", "a1", "u2", "u3"]);
    expect(s.roots).toEqual(["u1"]);
    expect(s.children.get("a1")).toEqual(["u2", "u3"]);
    expect(s.leafId).toBe("u3");
    expect(s.name).toBe("Toy talk");
    expect(s.header).toMatchObject({ id: "toy-1", cwd: "/home/u/toy" });
    expect(s.warnings).toEqual([{ line: 3, message: "not valid JSON, skipped" }]);
    expect(s.byId.get("a1")).toMatchObject({ line: 4, role: "assistant" });
    expect(s.byId.get("a1")!.preview).toContain("first half second half");
  });

  it("shows an entry in full, in pi's shape", async () => {
    const s = await loadSession(file);
    const e = await readEntry(s, "a1");
    expect(e).toMatchObject({ type: "message", id: "a1", parentId: "u1", message: { role: "assistant", model: "toy-1", content: [{ type: "text", text: "first half second half" }] } });
  });

  it("builds the context by the dialect's own rule, else by pi's", async () => {
    const s = await loadSession(file);
    const own = await buildContext(s, "u2");
    expect(own.messages.map((m) => (m.content as { text: string }[])[0].text)).toEqual(["hello capybara", "go left"]);
    expect(own.model).toEqual({ provider: "toyco", modelId: "toy-1" });
    const rule = toyDialect.context;
    toyDialect.context = undefined;
    try {
      const pi = await buildContext(s, "u2");
      expect(pi.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
      expect(pi.model).toEqual({ provider: "toyco", modelId: "toy-1" });
    } finally {
      toyDialect.context = rule;
    }
  });

  it("reads a session kept in a database through its virtual path", async () => {
    const s = await loadSession(`${db}#s2`);
    expect(s.agent).toBe(TOY);
    expect(s.entries.map((e) => e.id)).toEqual(["d1", "d2"]);
    expect((await readEntry(s, "d2")).message).toMatchObject({ content: [{ text: "under the bridge" }] });
    await expect(loadSession(`${db}#nope`)).resolves.toMatchObject({ entries: [] });
    await expect(loadSession(join(dir, "gone.toy.jsonl"))).rejects.toThrow(/no such file/);
  });

  it("lists its sessions with their agent, through the catalog and without it", async () => {
    const cacheDir = join(tmp, "cache-list");
    const expected = [
      { path: `${db}#s2`, agent: TOY, id: "s2", cwd: "/home/u/zoo", name: "Zoo", firstMessage: "where is the wombat", messageCount: 2, entryCount: 2, branchCount: 1, valid: true },
      { path: file, agent: TOY, id: "toy-1", cwd: "/home/u/toy", name: "Toy talk", firstMessage: "hello capybara", messageCount: 4, entryCount: 4, branchCount: 2, modified: "2026-03-01T10:04:00.000Z", valid: true },
    ];
    const scanned = await listSessions({ paths: [dir], all: true, cache: false });
    expect(scanned).toMatchObject(expected);
    resetCatalogStats();
    const cold = await listSessions({ paths: [dir], all: true, cacheDir });
    expect(cold).toEqual(scanned);
    expect(catalogStats().filesRead).toBe(2);
    resetCatalogStats();
    expect(await listSessions({ paths: [dir], all: true, cacheDir })).toEqual(scanned);
    expect(catalogStats().filesRead).toBe(0);
    expect(JSON.parse((await listSessionsJson({ paths: [dir], all: true, cacheDir })).toString())).toEqual(scanned.map(summaryJson));
    // The database's -wal file changing is the database's sessions changing.
    writeFileSync(`${db}-wal`, "x");
    resetCatalogStats();
    await listSessions({ paths: [dir], all: true, cacheDir });
    expect(catalogStats().filesRead).toBe(1);
    expect(await summarizeSession(file)).toEqual(scanned[1]);
  });

  it("finds its sessions under its default roots when no roots are given", async () => {
    const found = await dialectSources({}, { TOY_HOME: dir }, tmp);
    expect(found.files).toEqual([`${db}#s2`, file]);
    expect(found.roots).toEqual([dir]);
    // Explicit pi/omp agent dirs list only those.
    expect((await dialectSources({ agentDirs: [tmp] }, { TOY_HOME: dir }, tmp)).files).toEqual([]);
  });

  it("is found by search, and an unchanged source is not read again", async () => {
    const cacheDir = join(tmp, "cache-search");
    const first = await searchSessions("capybara", { paths: [dir], cacheDir });
    expect(first.hits.map((h) => [h.path, h.entryId, h.role])).toEqual([[file, "u1", "user"]]);
    expect(first.index.updated).toBe(2);
    const inDb = await searchSessions("wombat", { paths: [dir], cacheDir });
    expect(inDb.hits.map((h) => [h.path, h.entryId])).toEqual([[`${db}#s2`, "d1"]]);
    expect(inDb.index.updated).toBe(0);
    expect((await searchSessions("second half", { paths: [dir], cacheDir })).hits.map((h) => h.entryId)).toEqual(["a1"]);
    appendFileSync(file, rec({ k: "msg", uid: "u4", up: "u3", who: "human", text: "a late ocelot", at: "2026-03-01T10:05:00.000Z" }));
    const grown = await searchSessions("ocelot", { paths: [dir], cacheDir });
    expect(grown.hits.map((h) => h.entryId)).toEqual(["u4"]);
    expect(grown.index.updated).toBe(1);
    expect((await searchSessions("capybara", { paths: [dir], cacheDir })).hits).toHaveLength(1);
  });

  it("is watched for changes: a file and a database session", async () => {
    const calls: string[][] = [];
    const stop = watchSessions([], (c) => calls.push(c), { pollMs: 50, debounceMs: 20, native: false, dialects: { paths: [dir] } });
    const until = async (cond: () => boolean) => {
      for (let i = 0; i < 250 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
      return cond();
    };
    try {
      await new Promise((r) => setTimeout(r, 200));
      appendFileSync(file, rec({ k: "msg", uid: "u5", up: "u3", who: "human", text: "still here", at: "2026-03-01T10:06:00.000Z" }));
      expect(await until(() => calls.flat().includes(file))).toBe(true);
      appendFileSync(`${db}-wal`, "more");
      expect(await until(() => calls.flat().includes(`${db}#s2`))).toBe(true);
    } finally {
      stop();
    }
  });

  it("refuses every write: its sessions are read-only", async () => {
    const s = await loadSession(file);
    expect(() => assertAppendable(s)).toThrow(WriteRefusedError);
    await expect(planFork(s, "u1")).rejects.toThrow(/read-only/);
  });
});
