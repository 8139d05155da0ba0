import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { summarizeSession } from "../../src/core/session/list/summary.js";
import { catalogStats, catalogSummaries, catalogText, resetCatalogStats, CATALOG_FILE, CATALOG_SCHEMA } from "../../src/core/session/list/catalog.js";
import { listSessions, listSessionsJson, type ListOptions } from "../../src/core/session/list/list.js";
import { summaryJson } from "../../src/core/session/list/summary-json.js";
import type { SessionSummary } from "../../src/core/session/model.js";
import { fixtureFiles } from "../helpers/fixtures.js";

let tmp: string;
let cache: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "omp-catalog-"));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});
let n = 0;
beforeEach(() => {
  cache = join(tmp, `cache-${n++}`);
  resetCatalogStats();
});

const fixtures = [...fixtureFiles("sessions"), ...fixtureFiles("sessions-edge")];

/** A fresh agent dir holding copies of the given files under one project folder. */
function agentWith(files: string[]): { agent: string; dir: string } {
  const agent = join(tmp, `agent-${n++}`);
  const dir = join(agent, "sessions", "--home-u-p--");
  mkdirSync(dir, { recursive: true });
  for (const f of files) copyFileSync(f, join(dir, f.split("/").pop()!));
  return { agent, dir };
}

const listCached = (agent: string, extra: ListOptions = {}) => listSessions({ agentDirs: [agent], all: true, cacheDir: cache, ...extra });
const listPlain = (agent: string, extra: ListOptions = {}) => listSessions({ agentDirs: [agent], all: true, cache: false, ...extra });
/** The `ls --json` text of rows, as a listing without the catalog prints them. */
const lsJson = (rows: SessionSummary[]): string => JSON.stringify(rows.map(summaryJson));
const jsonCached = async (agent: string, extra: ListOptions = {}) => (await listSessionsJson({ agentDirs: [agent], all: true, cacheDir: cache, ...extra })).toString("utf8");

/** The catalog file: the lengths of the keys and summaries on a line, those two (JSON), the texts. */
function readCatalog(): { index: { schema: number; rows: Record<string, unknown> }; summaries: unknown[][]; texts: Buffer } {
  const bytes = readFileSync(join(cache, CATALOG_FILE));
  const nl = bytes.indexOf(10);
  const [k, s] = bytes.toString("latin1", 0, nl).split(" ").map(Number);
  const at = nl + 1;
  return { index: JSON.parse(bytes.toString("latin1", at, at + k)), summaries: JSON.parse(bytes.toString("latin1", at + k, at + k + s)), texts: bytes.subarray(at + k + s) };
}
function writeCatalog(c: ReturnType<typeof readCatalog>): void {
  const k = catalogText(c.index);
  const s = catalogText(c.summaries);
  writeFileSync(join(cache, CATALOG_FILE), Buffer.concat([Buffer.from(`${k.length} ${s.length}\n${k}${s}`), c.texts]));
}

const header = { type: "session", version: 3, id: "s-1", timestamp: "2026-02-01T10:00:00.000Z", cwd: "/home/u/p" };
const msg = (id: string, parentId: string | null, role: string, text: string, ts: number) => JSON.stringify({ type: "message", id, parentId, timestamp: new Date(ts).toISOString(), message: { role, content: text, timestamp: ts } }) + "\n";

/** A session of `count` chained messages, big enough to get a saved state. */
function chain(count: number, pad = 200): string {
  let out = JSON.stringify(header) + "\n";
  let parent: string | null = null;
  for (let i = 0; i < count; i++) {
    const id = (0x10000000 + i).toString(16);
    out += msg(id, parent, i % 2 ? "assistant" : "user", `message ${i} ${"x".repeat(pad)}`, Date.UTC(2026, 1, 1, 10) + i * 1000);
    parent = id;
  }
  return out;
}

describe("the catalog never changes the listing", () => {
  it("lists every fixture the same with and without the cache, cold and warm", async () => {
    const { agent } = agentWith(fixtures.map((f) => f.file));
    const plain = await listPlain(agent);
    expect(plain.length).toBe(fixtures.length);
    expect(await listCached(agent)).toEqual(plain);
    resetCatalogStats();
    expect(await listCached(agent)).toEqual(plain);
    expect(catalogStats().bytesRead).toBe(0); // warm: stat only
  });

  it("gives the same rows when each fixture grows line by line (resumed scans)", async () => {
    for (const { file } of fixtures) {
      const bytes = readFileSync(file);
      const { agent, dir } = agentWith([]);
      const target = join(dir, "grow.jsonl");
      // Cut points: every line end, and one cut inside a line (a partial last line).
      const cuts: number[] = [];
      for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) cuts.push(i + 1);
      if (bytes.length > 10) cuts.push(Math.floor(bytes.length / 2));
      cuts.sort((a, b) => a - b);
      const step = Math.max(1, Math.floor(cuts.length / 8));
      let written = 0;
      let resumed = 0;
      for (let k = 0; k < cuts.length; k += step) {
        const upTo = cuts[k];
        if (upTo <= written) continue;
        appendFileSync(target, bytes.subarray(written, upTo));
        written = upTo;
        resetCatalogStats();
        // Every size gets a saved state here, so each step resumes the last one.
        const [cached] = await catalogSummaries([target], [agent], { dir: cache, stateMinBytes: 0 });
        expect(cached, `${file} at ${upTo}`).toEqual(await summarizeSession(target));
        if (catalogStats().bytesRead < upTo) resumed++;
      }
      if (cached0(file)) expect(resumed, file).toBeGreaterThan(0);
      appendFileSync(target, bytes.subarray(written));
      expect(await listCached(agent)).toEqual(await listPlain(agent));
    }
  });

  it("rebuilds a deleted, corrupt or older-schema catalog and shows the same list", async () => {
    const { agent } = agentWith(fixtures.slice(0, 6).map((f) => f.file));
    const plain = await listPlain(agent);
    expect(await listCached(agent)).toEqual(plain);
    const catalog = join(cache, CATALOG_FILE);

    rmSync(cache, { recursive: true, force: true });
    expect(await listCached(agent)).toEqual(plain);
    expect(existsFile(catalog)).toBe(true);

    writeFileSync(catalog, "{ not json \u0000");
    for (const f of readdirSync(join(cache, "states"))) writeFileSync(join(cache, "states", f), "garbage");
    expect(await listCached(agent)).toEqual(plain);
    expect(readCatalog().index.schema).toBe(CATALOG_SCHEMA);

    const old = readCatalog();
    old.index.schema = CATALOG_SCHEMA - 1;
    // An older schema's rows must not be trusted, even when they look usable.
    for (const s of old.summaries) s[3] = "stale first message";
    writeCatalog(old);
    resetCatalogStats();
    expect(await listCached(agent)).toEqual(plain);
    expect(catalogStats().filesRead).toBe(6);

    // Rows of the right schema but the wrong shape are dropped one by one.
    const cur = readCatalog();
    cur.index.rows[Object.keys(cur.index.rows)[0]] = { nonsense: true };
    writeCatalog(cur);
    resetCatalogStats();
    expect(await listCached(agent)).toEqual(plain);
    expect(catalogStats().filesRead).toBe(1);

    // Damaged texts cost only speed: --json then serializes the rows from the index.
    const shifted = readCatalog();
    writeCatalog({ ...shifted, texts: Buffer.concat([Buffer.from(" "), shifted.texts.subarray(0, shifted.texts.length - 9)]) });
    resetCatalogStats();
    expect(await jsonCached(agent)).toBe(lsJson(plain));
    expect(await listCached(agent)).toEqual(plain);
    expect(catalogStats().filesRead).toBe(0);
  });

  it("keeps every string exact (non-ASCII text, C1 controls, lone surrogates) with an ASCII index", async () => {
    const { agent, dir } = agentWith([]);
    const texts = ["ünïcödé 日本語 😀 \u2028 \u00a0 end", "a C1 \u0085 \u009b and é", "lone \ud83d half and ü", "plain"];
    texts.forEach((text, i) => {
      const h = { ...header, id: `s-${i}`, cwd: i % 2 ? "/home/ü/p" : "/home/u/p" };
      writeFileSync(join(dir, `u${i}.jsonl`), JSON.stringify(h) + "\n" + msg("10000000", null, "user", text, Date.UTC(2026, 1, 1, 10, i)));
    });
    const plain = await listPlain(agent);
    expect(plain.map((s) => s.firstMessage).sort()).toEqual([...texts].sort());
    expect(await listCached(agent)).toEqual(plain);
    const bytes = readFileSync(join(cache, CATALOG_FILE));
    const nl = bytes.indexOf(10);
    const [k, sl] = bytes.toString("latin1", 0, nl).split(" ").map(Number);
    expect(bytes.subarray(0, nl + 1 + k + sl).every((b) => b < 0x80)).toBe(true);
    resetCatalogStats();
    expect(await listCached(agent)).toEqual(plain);
    expect(await listCached(agent, { all: false, cwd: "/home/ü/p" })).toEqual(plain.filter((s) => s.cwd === "/home/ü/p"));
    expect(await jsonCached(agent)).toBe(lsJson(plain));
    expect(catalogStats().filesRead).toBe(0);
  });

  it("gives the listing's `ls --json` text, cold and warm, filtered or not", async () => {
    const { agent } = agentWith(fixtures.map((f) => f.file));
    const cwd = (await summarizeSession(fixtures[0].file)).cwd;
    const plain = await listPlain(agent);
    expect(await jsonCached(agent)).toBe(lsJson(plain));
    resetCatalogStats();
    expect(await jsonCached(agent)).toBe(lsJson(plain));
    expect(catalogStats().bytesRead).toBe(0);
    expect(await jsonCached(agent, { all: false, cwd })).toBe(lsJson(await listPlain(agent, { all: false, cwd })));
    expect(await jsonCached(agent, { search: "a" })).toBe(lsJson(await listPlain(agent, { search: "a" })));
    expect(await jsonCached(agent, { all: false, cwd: "/nowhere" })).toBe("[]");
  });

  it("agrees with the cwd filter, and a warm filtered listing reads nothing", async () => {
    const { agent } = agentWith(fixtures.map((f) => f.file));
    const cwd = (await summarizeSession(fixtures[0].file)).cwd;
    const plain = await listPlain(agent, { all: false, cwd });
    expect(plain.length).toBeGreaterThan(0);
    expect(await listCached(agent, { all: false, cwd })).toEqual(plain);
    resetCatalogStats();
    expect(await listCached(agent, { all: false, cwd })).toEqual(plain);
    expect(catalogStats().bytesRead).toBe(0);
    // Files ruled out by their header alone are scanned once --all needs them.
    expect(await listCached(agent)).toEqual(await listPlain(agent));
  });

  it("survives concurrent runs writing the same cache", async () => {
    const { agent } = agentWith(fixtures.map((f) => f.file));
    const plain = await listPlain(agent);
    const runs = await Promise.all([1, 2, 3, 4].map(() => listCached(agent)));
    for (const r of runs) expect(r).toEqual(plain);
    expect(await listCached(agent)).toEqual(plain);
    expect(() => readCatalog()).not.toThrow();
    expect(await jsonCached(agent)).toBe(lsJson(plain));
  });
});

/** Fixtures that are session files with entries after the header: growing them must resume. */
function cached0(file: string): boolean {
  const f = fixtures.find((x) => x.file === file);
  return f?.expected != null && f.expected.entries.length > 2 && !file.includes("v1");
}

function existsFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

describe("a file larger than the list's read buffer", () => {
  it("lists the same: lines across reads, lines longer than a read, a partial last line", async () => {
    // The list's scan reads 256 KB at a time (list/scan-buffers.ts), cached or not: a line that straddles a
    // read, lines longer than a read (the scan grows its own copy), and a long unterminated tail.
    const { agent, dir } = agentWith([]);
    let text = chain(1200, 700); // ~1 MB of ~800-byte lines: many lines cross a 256 KB read
    const last = (0x10000000 + 1199).toString(16);
    text += msg("30000000", last, "user", `long ${"é".repeat(200_000)}`, Date.UTC(2026, 1, 2)); // ~400 KB of UTF-8
    text += msg("30000001", "30000000", "assistant", `longer ${"y".repeat(700_000)}`, Date.UTC(2026, 1, 2, 1));
    writeFileSync(join(dir, "across.jsonl"), text);
    writeFileSync(join(dir, "tail.jsonl"), text + msg("30000002", "30000001", "user", `cut ${"z".repeat(300_000)}`, Date.UTC(2026, 1, 2, 2)).slice(0, -40));
    const plain = await listPlain(agent);
    for (const name of ["across.jsonl", "tail.jsonl"]) {
      const row = plain.find((r) => r.path.endsWith(name))!;
      expect(row, name).toMatchObject({ valid: true, messageCount: 1202, entryCount: 1202, branchCount: 1, modified: new Date(Date.UTC(2026, 1, 2, 1)).toISOString() });
      expect(row.firstMessage.startsWith("message 0 xxx"), name).toBe(true);
    }
    expect(await listCached(agent)).toEqual(plain);
    expect(await jsonCached(agent)).toBe(lsJson(plain));
    resetCatalogStats();
    expect(await listCached(agent)).toEqual(plain);
    expect(catalogStats().bytesRead).toBe(0);
  });
});

describe("a grown file is read only from where it grew", () => {
  it("reads the header and the appended bytes of the one file that grew", async () => {
    const { agent, dir } = agentWith([]);
    const big = join(dir, "big.jsonl");
    writeFileSync(big, chain(400));
    writeFileSync(join(dir, "other.jsonl"), chain(300));
    await listCached(agent);
    const extra = msg("20000000", (0x10000000 + 399).toString(16), "user", "appended later", Date.UTC(2026, 1, 2));
    appendFileSync(big, extra);
    resetCatalogStats();
    const rows = await listCached(agent);
    expect(catalogStats().filesRead).toBe(1);
    const headerBytes = JSON.stringify(header).length;
    expect(catalogStats().bytesRead).toBe(headerBytes + Buffer.byteLength(extra));
    expect(rows).toEqual(await listPlain(agent));
    expect(rows.find((r) => r.path === big)!.messageCount).toBe(401);
  });

  it("scans anew when an appended entry reuses an id or adopts earlier entries", async () => {
    const { agent, dir } = agentWith([]);
    const f = join(dir, "dup.jsonl");
    writeFileSync(f, chain(300) + msg("aaaaaaaa", "ffffffff", "user", "orphan", Date.UTC(2026, 1, 3)));
    await listCached(agent);
    // "ffffffff" was named as a parent before it existed: it adopts "aaaaaaaa".
    appendFileSync(f, msg("ffffffff", null, "user", "adopts the orphan", Date.UTC(2026, 1, 4)));
    expect(await listCached(agent)).toEqual(await listPlain(agent));
    // A reused id: the later line wins.
    appendFileSync(f, msg("10000005", "ffffffff", "assistant", "duplicate id", Date.UTC(2026, 1, 5)));
    resetCatalogStats();
    expect(await listCached(agent)).toEqual(await listPlain(agent));
    expect(catalogStats().bytesRead).toBeGreaterThanOrEqual(statSync(f).size);
  });

  it("scans anew a file that shrank or whose header changed", async () => {
    const { agent, dir } = agentWith([]);
    const f = join(dir, "s.jsonl");
    writeFileSync(f, chain(300));
    await listCached(agent);
    writeFileSync(f, chain(100));
    expect(await listCached(agent)).toEqual(await listPlain(agent));
    // Same length header, other cwd, then more bytes: not a grown file any more.
    writeFileSync(f, chain(100).replace('"cwd":"/home/u/p"', '"cwd":"/home/u/q"') + msg("30000000", null, "user", "more", Date.UTC(2026, 2, 1)));
    const rows = await listCached(agent);
    expect(rows).toEqual(await listPlain(agent));
    expect(rows[0].cwd).toBe("/home/u/q");
  });

  it("follows an omp title slot rewritten in place", async () => {
    const { agent, dir } = agentWith([]);
    const f = join(dir, "omp.jsonl");
    const slot = (title: string) => {
      const base = JSON.stringify({ type: "title", v: 1, title, source: "user", updatedAt: "2026-02-01T10:00:00.000Z", pad: "" });
      return base.slice(0, -2) + " ".repeat(255 - base.length) + '"}\n';
    };
    expect(Buffer.byteLength(slot("first"))).toBe(256);
    writeFileSync(f, slot("first") + chain(300));
    expect((await listCached(agent))[0].name).toBe("first");
    const fd = readFileSync(f);
    Buffer.from(slot("renamed")).copy(fd, 0);
    writeFileSync(f, Buffer.concat([fd, Buffer.from(JSON.stringify({ type: "title_change", id: "40000000", parentId: "1000012b", timestamp: "2026-02-03T00:00:00.000Z", title: "renamed" }) + "\n")]));
    resetCatalogStats();
    const rows = await listCached(agent);
    expect(rows[0].name).toBe("renamed");
    expect(rows).toEqual(await listPlain(agent));
    expect(catalogStats().bytesRead).toBeLessThan(2000);
  });
});
