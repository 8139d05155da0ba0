// The OpenCode dialect on a database built in OpenCode's schema
// (test/fixtures/agents/opencode/make-db.mjs) and on a legacy storage dir:
// every entry against a hand-computed expectation, discovery, and the
// database's safety — read-only, no lock held, a busy, locked or damaged
// database gives a warning and no sessions.
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Dialect, DialectEntry, DialectFacts, PiEntry } from "../../../src/core/session/read/dialect-api.js";
import { createOpencodeDialect } from "../../../src/core/session/read/dialects/opencode/index.js";
import { contextOfPath } from "../../../src/core/session/tree/context.js";
// @ts-expect-error a plain script (no types): it builds the fixture database
import { CHILD, makeDb, PARENT } from "../../fixtures/agents/opencode/make-db.mjs";

// What src/core/sqlite.ts sets before the first database opens (URI names,
// for immutable reads); here make-db.mjs opens one before the reader does.
process.env.SQLITE_USE_URI = "1";

const FIXTURES = join(import.meta.dirname, "../../fixtures/agents/opencode");
const LEGACY = "ses_6a01b2c3dffeLg4cY0sT8rAgEx";
const LEGACY_FILE = "storage/session/8c2f0e7d51a3b9c4d6e1f20a7b3c9d8e5f4a1b2c/ses_6a01b2c3dffeLg4cY0sT8rAgEx.json";

interface Read {
  entries: { line: number; entry: PiEntry }[];
  warnings: { line: number; warning: string }[];
  facts: DialectFacts;
}

async function readSession(d: Dialect, path: string): Promise<Read> {
  const reader = d.reader(path);
  const out: Read = { entries: [], warnings: [], facts: reader.facts() };
  const take = (got: DialectEntry[]) => got.forEach((e) => out.entries.push({ line: e.origin.line, entry: e.entry }));
  const source = d.open(path);
  for await (const r of source.records()) {
    if ("warning" in r) {
      out.warnings.push({ line: r.origin.line, warning: r.warning });
      continue;
    }
    const got = reader.push(r.value, r.origin);
    if (typeof got === "string") out.warnings.push({ line: r.origin.line, warning: got });
    else take(got);
  }
  take(reader.end());
  source.close?.();
  out.facts = reader.facts();
  return out;
}

/** As JSON would write it: undefined fields gone. */
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function expectation(name: string, data: string, db: string): Record<string, unknown> {
  const text = readFileSync(join(FIXTURES, `${name}.expect.json`), "utf8")
    .replaceAll("<db>", db)
    .replaceAll("<data>", data);
  return JSON.parse(text) as Record<string, unknown>;
}

const sha = (file: string): string => (existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : "absent");

let data: string;
let db: string;
const dialect = createOpencodeDialect({ busyTimeoutMs: 50, warn: () => {} });

beforeAll(() => {
  data = mkdtempSync(join(tmpdir(), "opencode-data-"));
  db = makeDb(data) as string;
  cpSync(join(FIXTURES, "storage"), join(data, "storage"), { recursive: true });
});

describe("OpenCode sessions, against hand-computed expectations", () => {
  for (const name of ["parent", "child", "legacy"]) {
    it(`${name}: every entry, the facts, the warnings, the context and the usage`, async () => {
      const want = expectation(name, data, db);
      const got = await readSession(dialect, want.source as string);
      expect(plain(got.facts)).toEqual(want.facts);
      expect(got.warnings).toEqual(want.warnings);
      expect(plain(got.entries)).toEqual(want.entries);

      const ctx = contextOfPath(got.entries.map((e) => e.entry));
      expect(ctx.messages.map((m) => m.role)).toEqual((want.context as { roles: string[] }).roles);

      const t = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, assistantMessages: 0 };
      for (const { entry } of got.entries) {
        const m = entry.message as { role?: string; usage?: Record<string, number> & { cost?: { total: number } } } | undefined;
        if (m?.role !== "assistant" || !m.usage) continue;
        t.assistantMessages++;
        t.input += m.usage.input;
        t.output += m.usage.output;
        t.cacheRead += m.usage.cacheRead;
        t.cacheWrite += m.usage.cacheWrite;
        t.cost += m.usage.cost?.total ?? 0;
      }
      t.cost = Math.round(t.cost * 1e6) / 1e6;
      expect(t).toEqual(want.totals);
    });
  }

  it("the compaction's summary starts the context, as OpenCode's own history filter does", async () => {
    const got = await readSession(dialect, `${db}#${PARENT}`);
    const ctx = contextOfPath(got.entries.map((e) => e.entry));
    expect(ctx.messages[0]).toMatchObject({ role: "compactionSummary", tokensBefore: 7865 });
    expect(ctx.messages[1]).toMatchObject({ role: "user", content: [{ type: "text", text: "Now make the failing test pass." }] });
  });

  it("a straight path: every entry hangs from the one before", async () => {
    for (const path of [`${db}#${PARENT}`, `${db}#${CHILD}`, join(data, LEGACY_FILE)]) {
      const { entries } = await readSession(dialect, path);
      entries.forEach(({ entry }, k) => expect(entry.parentId).toBe(k === 0 ? null : entries[k - 1].entry.id));
      expect(new Set(entries.map((e) => e.entry.id)).size).toBe(entries.length);
    }
  });
});

describe("finding OpenCode sessions", () => {
  it("lists every session in the database and every legacy session file", async () => {
    expect(await dialect.sources(data)).toEqual([`${db}#${PARENT}`, `${db}#${CHILD}`, join(data, LEGACY_FILE)]);
    // The database itself, or the storage dir, as a root.
    expect(await dialect.sources(db)).toEqual([`${db}#${PARENT}`, `${db}#${CHILD}`]);
    expect(await dialect.sources(join(data, "storage"))).toEqual([join(data, LEGACY_FILE)]);
  });

  it("lists a session OpenCode copied into the database from its old storage once, from the database", async () => {
    const dir = mkdtempSync(join(tmpdir(), "opencode-dup-"));
    const file = makeDb(dir) as string;
    mkdirSync(join(dir, "storage", "session", "p"), { recursive: true });
    writeFileSync(join(dir, "storage", "session", "p", `${PARENT}.json`), JSON.stringify({ id: PARENT, title: "old copy", time: { created: 1 } }));
    writeFileSync(join(dir, "storage", "session", "p", `${LEGACY}.json`), JSON.stringify({ id: LEGACY, title: "only here", time: { created: 1 } }));
    expect(await dialect.sources(dir)).toEqual([`${file}#${PARENT}`, `${file}#${CHILD}`, join(dir, "storage", "session", "p", `${LEGACY}.json`)]);
  });

  it("reads OpenCode 0.5's per-project storage (project/<project>/storage/session/{info,message,part}), a session its migration also copied listed once", async () => {
    // The shape of a real 0.5.28 home: the `global` project's sessions, which OpenCode's storage migration 1 left where they were.
    const dir = mkdtempSync(join(tmpdir(), "opencode-05-"));
    const put = (rel: string, v: unknown): void => {
      mkdirSync(join(dir, rel, ".."), { recursive: true });
      writeFileSync(join(dir, rel), JSON.stringify(v, null, 2));
    };
    const old = "project/global/storage/session";
    const sid = "ses_44234b4aeffe6EUGUjiyzSIEZV";
    put(`${old}/info/${sid}.json`, { id: sid, version: "0.5.28", title: "New session - 2026-01-14T18:36:15.570Z", time: { created: 1768415775570, updated: 1768415775584 } });
    put(`${old}/message/${sid}/msg_bbdcb4b5e001Owgc7o4ioMeO43.json`, { id: "msg_bbdcb4b5e001Owgc7o4ioMeO43", role: "user", sessionID: sid, time: { created: 1768415775583 } });
    put(`${old}/part/${sid}/msg_bbdcb4b5e001Owgc7o4ioMeO43/prt_bbdcb4b5e002EYt9EZLZWiNB69.json`, {
      id: "prt_bbdcb4b5e002EYt9EZLZWiNB69",
      type: "text",
      text: "How are you",
      messageID: "msg_bbdcb4b5e001Owgc7o4ioMeO43",
      sessionID: sid,
    });
    put(`${old}/message/${sid}/msg_bbdcb567b001A8CjlD4H1BoPDL.json`, {
      id: "msg_bbdcb567b001A8CjlD4H1BoPDL",
      role: "assistant",
      system: ["You are opencode"],
      mode: "build",
      path: { cwd: "/home/u/proj", root: "/home/u/proj" },
      cost: 0.001,
      tokens: { input: 12, output: 3, reasoning: 0, cache: { read: 4, write: 0 } },
      modelID: "deepseek-reasoner",
      providerID: "deepseek",
      time: { created: 1768415778427, completed: 1768415780326 },
      sessionID: sid,
    });
    put(`${old}/part/${sid}/msg_bbdcb567b001A8CjlD4H1BoPDL/prt_bbdcb567b002aaaaaaaaaaaaaa.json`, { id: "prt_bbdcb567b002aaaaaaaaaaaaaa", type: "text", text: "Fine.", messageID: "msg_bbdcb567b001A8CjlD4H1BoPDL", sessionID: sid });
    // Another project's session, which the migration copied into storage/ and left behind too: listed once, from storage/.
    const moved = "ses_4343439b2ffe8vCbtGr04gHePJ";
    put(`project/abc/storage/session/info/${moved}.json`, { id: moved, version: "0.5.28", title: "old copy", time: { created: 1 } });
    put(`storage/session/0123abcd/${moved}.json`, { id: moved, version: "0.5.28", title: "migrated", time: { created: 1 } });
    const file = join(dir, old, "info", `${sid}.json`);
    expect(await dialect.sources(dir)).toEqual([join(dir, "storage/session/0123abcd", `${moved}.json`), file]);
    expect(dialect.claims(file)).toBe(true);
    expect(dialect.claims(join(dir, old, "message", sid, "msg_bbdcb4b5e001Owgc7o4ioMeO43.json"))).toBe(false);
    const got = await readSession(dialect, file);
    expect(got.warnings).toEqual([]);
    expect([got.facts.id, got.facts.cwd, got.facts.name ?? null, got.facts.agentVersion]).toEqual([sid, "/home/u/proj", null, "0.5.28"]);
    const ctx = contextOfPath(got.entries.map((e) => e.entry));
    expect(ctx.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(ctx.messages[0]).toMatchObject({ content: [{ type: "text", text: "How are you" }] });
    expect(ctx.messages[1]).toMatchObject({ content: [{ type: "text", text: "Fine." }], usage: { input: 12, output: 3, cacheRead: 4 } });
    expect(await dialect.findById!(sid, "/", { XDG_DATA_HOME: join(dir, "..") }, "/nowhere")).toBe(null);
    const xdg = mkdtempSync(join(tmpdir(), "opencode-05-xdg-"));
    cpSync(dir, join(xdg, "opencode"), { recursive: true });
    expect(await dialect.findById!(sid, "/", { XDG_DATA_HOME: xdg }, "/nowhere")).toBe(join(xdg, "opencode", old, "info", `${sid}.json`));
  });

  it("finds the data dir under $XDG_DATA_HOME, else ~/.local/share", () => {
    const home = mkdtempSync(join(tmpdir(), "opencode-home-"));
    // Named whether it exists or not (ls says where it looked); discovery scans it once it exists.
    expect(dialect.defaultRoots({}, home)).toEqual([join(home, ".local", "share", "opencode")]);
    mkdirSync(join(home, ".local", "share", "opencode"), { recursive: true });
    expect(dialect.defaultRoots({}, home)).toEqual([join(home, ".local", "share", "opencode")]);
    const xdg = mkdtempSync(join(tmpdir(), "opencode-xdg-"));
    mkdirSync(join(xdg, "opencode"));
    expect(dialect.defaultRoots({ XDG_DATA_HOME: xdg }, home)).toEqual([join(xdg, "opencode")]);
    // A relative XDG_DATA_HOME is ignored, as the XDG spec says.
    expect(dialect.defaultRoots({ XDG_DATA_HOME: "rel/dir" }, home)).toEqual([join(home, ".local", "share", "opencode")]);
  });

  it("claims its own paths only, by name", () => {
    expect(dialect.claims(`/x/opencode.db#${PARENT}`)).toBe(true);
    expect(dialect.claims(`/x/opencode-beta.db#${PARENT}`)).toBe(true);
    expect(dialect.claims(`/x/${LEGACY_FILE}`)).toBe(true);
    expect(dialect.claims("/x/other.db#ses_1")).toBe(false);
    expect(dialect.claims("/x/opencode.db")).toBe(false);
    expect(dialect.claims("/x/opencode.db#")).toBe(false);
    expect(dialect.claims("/x/storage/message/ses_1/msg_1.json")).toBe(false);
    expect(dialect.claims("/home/u/.pi/agent/sessions/--x--/2026_a.jsonl")).toBe(false);
  });

  it("a session the database does not hold is a clear error, not a crash", async () => {
    await expect(readSession(dialect, `${db}#ses_missing`)).rejects.toThrow(/has no session ses_missing/);
    await expect(readSession(dialect, `${db}#database`)).rejects.toThrow(/readable again/);
  });
});

describe("the database is never locked, written or waited on for long", () => {
  /** A fresh copy of the fixture database, with its own dir. */
  function freshDb(journal: "wal" | "delete"): string {
    const dir = mkdtempSync(join(tmpdir(), "opencode-lock-"));
    const file = makeDb(dir) as string;
    if (journal === "delete") {
      const c = new Database(file);
      c.pragma("journal_mode = DELETE");
      c.close();
    }
    return file;
  }

  it("reads while OpenCode holds a write transaction (WAL), sees only what is committed, and OpenCode commits right after", async () => {
    const file = freshDb("wal");
    const writer = new Database(file, { timeout: 0 });
    try {
      writer.exec("BEGIN IMMEDIATE");
      writer.prepare("UPDATE session SET title = 'renamed, not committed' WHERE id = ?").run(PARENT);
      const got = await readSession(dialect, `${file}#${PARENT}`);
      expect(got.facts.name).toBe("Fix the signup email check");
      expect(got.entries.length).toBe(15);
      writer.exec("COMMIT");
      // And OpenCode can start its next write at once: we hold nothing.
      writer.exec("BEGIN IMMEDIATE");
      writer.exec("COMMIT");
      expect((await readSession(dialect, `${file}#${PARENT}`)).facts.name).toBe("renamed, not committed");
    } finally {
      writer.close();
    }
  });

  it("leaves the database and its WAL as they were, and no lock behind", async () => {
    const file = freshDb("wal");
    const writer = new Database(file, { timeout: 0 });
    try {
      writer.pragma("wal_autocheckpoint = 0");
      writer.prepare("UPDATE session SET time_updated = 1 WHERE id = ?").run(CHILD);
      const before = [sha(file), sha(`${file}-wal`)];
      expect(before[1]).not.toBe("absent");
      await dialect.sources(join(file, ".."));
      await readSession(dialect, `${file}#${PARENT}`);
      await readSession(dialect, `${file}#${CHILD}`);
      expect([sha(file), sha(`${file}-wal`)]).toEqual(before);
      // An exclusive write lock is free at once (timeout 0): no reader holds a lock.
      writer.exec("BEGIN EXCLUSIVE");
      writer.exec("COMMIT");
      writer.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      writer.close();
    }
  });

  it("with no OpenCode running, a read leaves no -wal or -shm file behind", async () => {
    const file = freshDb("wal");
    expect(existsSync(`${file}-wal`)).toBe(false);
    const before = sha(file);
    await dialect.sources(join(file, ".."));
    await readSession(dialect, `${file}#${PARENT}`);
    expect(sha(file)).toBe(before);
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(existsSync(`${file}-shm`)).toBe(false);
  });

  for (const journal of ["wal", "delete"] as const) {
    it(`a database locked exclusively (${journal} journal) gives a warning and no sessions, then reads once free`, async () => {
      const file = freshDb(journal);
      const warnings: string[] = [];
      const d = createOpencodeDialect({ busyTimeoutMs: 50, warn: (m) => warnings.push(m) });
      const locker = new Database(file);
      try {
        if (journal === "wal") {
          // WAL readers are only shut out by a writer in exclusive locking mode.
          locker.pragma("locking_mode = EXCLUSIVE");
          locker.prepare("UPDATE session SET time_updated = 2 WHERE id = ?").run(CHILD);
        } else {
          locker.exec("BEGIN EXCLUSIVE");
          locker.prepare("UPDATE session SET time_updated = 2 WHERE id = ?").run(CHILD);
        }
        // The database stands in for its sessions, and its row says why.
        expect(await d.sources(join(file, ".."))).toEqual([`${file}#database`]);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/could not be read \(database is locked\): its sessions are left out/);
        await expect(readSession(d, `${file}#database`)).rejects.toThrow(/could not be read \(database is locked\)/);
        await expect(readSession(d, `${file}#${PARENT}`)).rejects.toThrow(/could not be read \(database is locked\)/);
      } finally {
        locker.close();
      }
      expect(await d.sources(join(file, ".."))).toEqual([`${file}#${PARENT}`, `${file}#${CHILD}`]);
      expect((await readSession(d, `${file}#${PARENT}`)).entries.length).toBe(15);
    });
  }

  it("a truncated or garbage database gives a warning and no sessions, never a crash", async () => {
    const dir = mkdtempSync(join(tmpdir(), "opencode-bad-"));
    const good = makeDb(join(dir, "src")) as string;
    const bad = join(dir, "opencode.db");
    writeFileSync(bad, readFileSync(good).subarray(0, 5000));
    const warnings: string[] = [];
    const d = createOpencodeDialect({ busyTimeoutMs: 50, warn: (m) => warnings.push(m) });
    const listed = await d.sources(dir);
    // A cut file may still list (its first pages are whole) but never reads whole.
    if (listed.length === 1) expect(listed[0]).toBe(`${bad}#database`);
    if (listed.length === 1) expect(warnings[0]).toMatch(/could not be read/);
    await expect(readSession(d, `${bad}#${PARENT}`)).rejects.toThrow(/could not be read|has no session/);

    writeFileSync(bad, "this is not a database, just text ".repeat(200));
    warnings.length = 0;
    expect(await d.sources(dir)).toEqual([`${bad}#database`]);
    expect(warnings[0]).toMatch(/could not be read \(file is not a database\)/);
    await expect(readSession(d, `${bad}#${PARENT}`)).rejects.toThrow(/file is not a database/);
    copyFileSync(good, bad);
    expect(await d.sources(dir)).toHaveLength(2);
  });
});

describe("the reader on records OpenCode may write", () => {
  const origin = (line: number) => ({ line, offset: 0, length: 0 });
  const session = (over: Record<string, unknown> = {}) => ({
    kind: "session",
    session: { id: "ses_x", projectID: null, parentID: null, title: "", directory: null, worktree: null, version: null, created: 1_000, updated: 2_000, ...over },
    parentPath: null,
    parentEntryId: null,
  });
  const tokens = (input: number, output: number) => ({ input, output, reasoning: 0, cache: { read: 0, write: 0 } });

  it("takes the cwd from the assistant's path when the session names none, and no name from an empty title", () => {
    const r = dialect.reader("/x/opencode.db#ses_x");
    r.push(session(), origin(1));
    r.push({ kind: "message", info: { id: "msg_1", role: "assistant", time: { created: 5_000 }, path: { cwd: "/w/app", root: "/w" }, tokens: tokens(1, 1), cost: 0 }, parts: [] }, origin(2));
    expect(r.facts()).toMatchObject({ id: "ses_x", cwd: "/w/app", name: null, created: new Date(1_000).toISOString() });
  });

  it("a placeholder title ('New session - <time>', 'Child session - <time>') is no name: the first prompt calls it, as OpenCode shows it", () => {
    for (const title of ["New session - 2026-06-23T14:40:03.770Z", "Child session - 2026-06-23T14:40:03.770Z"]) {
      const r = dialect.reader("/x/opencode.db#ses_x");
      r.push(session({ title }), origin(1));
      expect(r.facts().name, title).toBeNull();
    }
    for (const title of ["New session - fix the login", "Fix the signup email check", "New session - 2026-06-23"]) {
      const r = dialect.reader("/x/opencode.db#ses_x");
      r.push(session({ title }), origin(1));
      expect(r.facts().name, title).toBe(title);
    }
  });

  it("a compaction no summary answered stays an entry of its own kind; a step without its finish leaves the message's figures to the last step", () => {
    const r = dialect.reader("/x/opencode.db#ses_x");
    r.push(session(), origin(1));
    expect(r.push({ kind: "message", info: { id: "msg_1", role: "user", time: { created: 2_000 } }, parts: [{ id: "prt_1", type: "compaction", auto: true }] }, origin(2))).toEqual([]);
    const got = r.push(
      {
        kind: "message",
        info: { id: "msg_2", role: "assistant", time: { created: 3_000 }, providerID: "openai", modelID: "gpt-5", tokens: tokens(70, 7), cost: 0.5 },
        parts: [
          { id: "prt_2", type: "step-start" },
          { id: "prt_3", type: "text", text: "one" },
          { id: "prt_4", type: "step-finish", reason: "stop", tokens: tokens(10, 1), cost: 0.1 },
          { id: "prt_5", type: "step-start" },
          { id: "prt_6", type: "text", text: "two", time: { start: 4_000 } },
        ],
      },
      origin(3),
    ) as DialectEntry[];
    expect(got.map((e) => [e.entry.type, e.entry.id, e.entry.parentId, e.origin.line])).toEqual([
      ["opencode_compaction", "msg_1", null, 2],
      ["message", "msg_2", "msg_1", 3],
      ["message", "prt_5", "msg_2", 3],
    ]);
    const usage = (e: DialectEntry) => (e.entry.message as { usage?: unknown }).usage;
    expect(usage(got[1])).toBeUndefined();
    expect(usage(got[2])).toEqual({ input: 70, output: 7, cacheRead: 0, cacheWrite: 0, totalTokens: 77, cost: { total: 0.5 } });
    expect(got[2].entry.timestamp).toBe(new Date(4_000).toISOString());
    // A role this reader does not know is kept (marked unknown), never dropped, and named in the facts.
    const kept = r.push({ kind: "message", info: { id: "msg_3", role: "system" }, parts: [] }, origin(4)) as DialectEntry[];
    expect(kept.map((d) => [d.entry.type, d.entry.unknown])).toEqual([["opencode_system", true]]);
    expect(r.facts().unknown).toEqual(['message role "system"']);
    expect(r.end()).toEqual([]);
  });
});
