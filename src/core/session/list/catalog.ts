// The catalog: a persistent cache of every session file's listing row, so a
// warm `ls` of thousands of sessions reads one cache file and stats each
// session file, and reads no session bytes. Rows are keyed by path, size,
// mtime, dev and ino. Session files only grow: when one grew, its saved scan
// state (catalog-scan.ts, one small file per session under states/) lets the
// scan continue at the first byte it has not seen. A file that shrank, was
// replaced or whose first bytes changed is scanned anew.
//
// It is a cache: a missing, old-schema or corrupt catalog is rebuilt without a
// word, every failure to read or write it falls back to scanning, and a listing
// with the cache is the listing without it (tests compare them).
//
// This file is the half a warm listing needs (load, stat, look up, write back);
// reading session files is catalog-read.ts, imported only when a file changed,
// so that a warm `ls` loads none of the scanning code.
import { closeSync, fstatSync, openSync, readSync, promises as fsp } from "node:fs";
import { stampAll, stampAt, type FileStamp } from "../../fs/stat.js";
import { isAscii } from "node:buffer";
import { join, resolve, sep } from "node:path";
import { RowStore, type RawSummary } from "./catalog-row.js";
export type { RawSummary } from "./catalog-row.js";
import { writeCacheFile } from "./cache-file.js";
import { cacheDir } from "../../cache-dir.js";
import { type CatalogRows } from "./catalog-common.js";
import { inProject } from "../../fs/same-dir.js";
export { catalogStats, resetCatalogStats } from "./catalog-common.js";
import type { SessionSummary } from "../model.js";
import type { ScanTaps } from "./catalog-scan.js";
import type { ParallelMode } from "./catalog-parallel.js";

/** Bump when a row's or a state's shape or meaning changes: older catalogs are then rebuilt (6: the readers of issue 23 — Claude Code relinks and leaf pins, OpenCode 2.x, Codex index names; 7: omp told by a header title or an omp place, as the tree tells it; 8: a leaf with children counts the active path as a branch; 9: no dialect in a row, made from the agent when printed; 10: a Claude Code leaf past an orphan line, a transcript's id from its name when no line names it; 11: an OpenCode 1.17 history beside 2.x switch events, a Gemini subagent named by its JSON answer; 12: a Claude Code transcript's id from its name before its lines', Codex's newest items and events read, a title past a command's echo, teleported-from as bookkeeping; 13: OpenCode's placeholder title no name; 14: a session of nothing but echoes called by its first echo's row, Gemini A2A's session context an echo; 15: a title without an IDE's context — Claude Code's IDE blocks, Codex's request heading — and past Claude Code's task notifications, prompt suggestions and interrupts; 16: a Gemini CLI chat copied to its project's short-name folder listed there only, an old hash-named folder's chats given the path of the folder their project moved to, an older release's built-in agent chat named by its question and its caller's subagent; 17: no stored `ls --json` text for a row the list leaves out, listed.ts; 18: a Claude Code transcript not named by another transcript's summary; 19: a Claude Code sidechain's `Warmup` prompt no title, a sidechain of only the warm-up exchange left out of the list, a row's warmupOnly stored; 20: Codex's `<recommended_plugins>` context message no prompt, so no first message; 21: Claude Code 2.1.2xx's bridge-session, file-history-delta, frame-link and fork-context-ref lines bookkeeping, no entries; 22: a Claude Code sidechain with no prompt past its warm-up called by the warm-up's row; 23: a Codex spawned agent with no thread name named by its nickname and task path; 24: Claude Code 2.1.332's metadata records bookkeeping, even with a uuid; 25: a Claude Code session's cwd the folder it was relocated to, a row's continuedIn, a fork subagent's title its directive, not Claude Code's rules for forks; 26: a Claude Code summary that is an API error notice no title; 27: a Codex guardian, review or compact thread named by its kind, headless, a guardian linked to the session it reviews, a Claude Code document block no typed word; 28: a Claude Code record written again (a resumed subagent's history) one node for the side-line and compaction relinks, so no false branches; 29: a Claude Code background shell command's `<bash-notification>` and Gemini CLI's record of a `!` shell command no prompt, so no title; Codex's IDE title helper thread named `title`, headless; 30: a prompt file sent whole (Codex 0.4x's custom prompts, spec-kit's commands: front matter with a `description:` first) and Claude Code's bare `(no content)` and its compaction helper's request no prompt, so no title; 31: a Claude Code memory note, `<user-memory-input>NOTE</user-memory-input>`, titled `# NOTE`; 32: Claude Code 2.1.337's api-request-route and denial-counts records bookkeeping, no entries; 33: a Gemini CLI subagent whose summary is a JSON answer other than `{"response": …}` named by its task; 34: a Claude Code result written before the streamed copy that holds its call one of the message's parallel results, not a branch; 35: a Gemini CLI user record of function responses no prompt or message: bookkeeping beside the calls' own results, tool results in a compressed history, and a call written as an API part a tool call; 36: Claude desktop's `<uploaded_files>` list beside a prompt no title; 37: the IDE's context after a Gemini CLI prompt from VS Code (`Current File Path:` …) no title; 38: Codex's newer title helper thread (`You are a helpful assistant. You will be presented with a user prompt …`) named `title`, headless, and a title helper thread linked to its task's rollout as its parent; 39: a title helper thread read before its task's rollout held its prompt is read again once that rollout is, so it finds its parent: rows kept without one are made again). */
export const CATALOG_SCHEMA = 39;

/** The catalog's file in the cache dir (schema 1 was catalog.json, left alone). */
export const CATALOG_FILE = "catalog";

/** Files smaller than this get no saved state: scanning them again costs less than keeping one. */
export const STATE_MIN_BYTES = 32 * 1024;

interface CatalogIndex {
  schema: number;
  rows: Record<string, unknown>;
}

export interface CatalogOptions {
  /** Only sessions whose header cwd is this dir (as listSessions' `cwd`). */
  cwd?: string;
  /**
   * Raw rows only (`ls --json`): the files named as paths. A row the list
   * leaves out (listed.ts) is given as null without decoding it, unless named.
   */
  named?: ReadonlySet<string>;
  /** Files read at once. */
  concurrency?: number;
  /** Cache dir (default: cacheDir()). */
  dir?: string;
  /** Files from this size on get a saved scan state (default STATE_MIN_BYTES). */
  stateMinBytes?: number;
  /** Told of the lines of every file scanned whole (catalog-scan.ts ScanTaps). */
  taps?: ScanTaps;
  /** Awaited before each chunk read of a file scanned (listSessions' beforeRead). */
  beforeRead?: () => Promise<void>;
  /** Whether files are scanned in a worker thread too (catalog-parallel.ts; default "off"). */
  parallel?: ParallelMode;
  /** Given the stamp of every file listed (null: missing), as the listing stat'ed it. */
  stamps?: Map<string, FileStamp | null>;
}

/** Reads [at, at + length) of an open file. */
function readAt(fd: number, at: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, at + got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}

/** Parses ASCII JSON (catalogText) as latin1: a one-byte string parses faster than UTF-8 text with a few accents in every row. */
function parseAscii(bytes: Buffer): unknown {
  return JSON.parse(bytes.toString(isAscii(bytes) ? "latin1" : "utf8"));
}

/**
 * The catalog's rows (catalog-row.ts). The file is a line with the byte
 * lengths of the keys and of the summaries, the keys and the summaries (ASCII
 * JSON, catalogText), then the texts. The keys are read at once; the rest is
 * read when asked for, from the same open file.
 */
function loadCatalog(file: string): { rows: RowStore; close: () => void } {
  let fd = -1;
  const close = (): void => {
    if (fd >= 0) closeSync(fd);
    fd = -1;
  };
  try {
    fd = openSync(file, "r");
    const size = fstatSync(fd).size;
    const head = readAt(fd, 0, Math.min(size, 40));
    const nl = head.indexOf(10);
    const m = /^([0-9]+) ([0-9]+)$/.exec(head.toString("latin1", 0, Math.max(0, nl)));
    const keysAt = nl + 1;
    const summariesAt = keysAt + Number(m?.[1]);
    const textsAt = summariesAt + Number(m?.[2]);
    if (!m || textsAt > size) return { rows: new RowStore(), close };
    const keys = parseAscii(readAt(fd, keysAt, summariesAt - keysAt)) as CatalogIndex;
    if (keys?.schema !== CATALOG_SCHEMA || typeof keys.rows !== "object" || keys.rows === null || Array.isArray(keys.rows)) return { rows: new RowStore(), close };
    const readSummaries = (): unknown[] => {
      try {
        const all = fd >= 0 ? parseAscii(readAt(fd, summariesAt, textsAt - summariesAt)) : [];
        return Array.isArray(all) ? all : [];
      } catch {
        return []; // every row is then read again
      }
    };
    const readTexts = (): Buffer => (fd >= 0 ? readAt(fd, textsAt, size - textsAt) : Buffer.alloc(0));
    return { rows: new RowStore(keys.rows, readSummaries, readTexts), close };
  } catch {
    return { rows: new RowStore(), close }; // missing or corrupt: rebuilt as files are scanned
  }
}

/** JSON with every non-ASCII character escaped (\uXXXX): the same value, readable as latin1. */
export function catalogText(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

/**
 * The rows in memory: what a warm listing asks of them, and writing them back.
 * catalog-read.ts fills in the rows of files that changed.
 */
export class Catalog implements CatalogRows {
  readonly rows: RowStore;
  /** The file must be written back. */
  changed = false;
  /** Writes the saved scan states, set by catalog-read.ts: they go before the rows that point at them. */
  flushStates: ((keep: (path: string) => boolean) => Promise<void>) | null = null;

  constructor(
    readonly dir: string,
    rows: RowStore,
    readonly stateMinBytes: number,
  ) {
    this.rows = rows;
  }

  get file(): string {
    return join(this.dir, CATALOG_FILE);
  }

  /**
   * What the catalog alone says about one file: its listing row, null when the
   * cwd filter leaves it out, undefined when the file must be read. Synchronous:
   * on a warm run this is all there is to do for every file.
   */
  cached(path: string, st: FileStamp | null, cwd: string | undefined): SessionSummary | null | undefined;
  /** As above, but a row that can be is given as its stored JSON text. */
  cached(path: string, st: FileStamp | null, cwd: string | undefined, raw: true): SessionSummary | RawSummary | null | undefined;
  cached(path: string, st: FileStamp | null, cwd: string | undefined, raw = false): SessionSummary | RawSummary | null | undefined {
    if (st === null || !st.isFile) return undefined;
    return this.cachedKey(path, st.dev, st.ino, st.size, st.mtimeMs, cwd, raw);
  }

  /** As cached, for a regular file's key given as numbers (no object per file on the warm path). */
  cachedKey(path: string, dev: number, ino: number, size: number, mtimeMs: number, cwd: string | undefined, raw: boolean, named?: ReadonlySet<string>): SessionSummary | RawSummary | null | undefined {
    let known: { cwd: string; summary: boolean } | undefined;
    if (cwd !== undefined) {
      // Another project's session, unchanged: ruled out without decoding its row.
      known = this.rows.freshCwd(path, dev, ino, size, mtimeMs);
      if (known && !inProject(known.cwd, cwd)) return null;
    }
    if (raw && (cwd === undefined || known?.summary === true)) {
      const r = this.rows.freshRaw(path, dev, ino, size, mtimeMs);
      if (r) return r;
      // Stored without text: a row the list leaves out, not decoded (decoding one reads every summary).
      if (named && !named.has(path) && this.rows.freshUnlisted(path, dev, ino, size, mtimeMs)) return null;
    }
    const s = this.rows.freshSummary(path, dev, ino, size, mtimeMs);
    if (s === undefined) return undefined;
    return cwd === undefined || (s.valid && inProject(s.cwd, cwd)) ? s : null;
  }

  /** Forgets rows of files that are gone from the dirs just listed. */
  prune(roots: string[], found: Set<string>): void {
    const dirs = roots.map((r) => resolve(r) + sep);
    for (const path of this.rows.paths()) {
      if (!found.has(path) && dirs.some((d) => path.startsWith(d))) {
        this.rows.delete(path);
        this.changed = true;
      }
    }
  }

  async save(): Promise<void> {
    if (!this.changed) return;
    const { keys, summaries, texts } = this.rows.encode();
    try {
      await fsp.mkdir(this.dir, { recursive: true, mode: 0o700 });
      // States first: a catalog row never points at a state that was not written.
      if (this.flushStates) await this.flushStates((p) => this.rows.get(p)?.state === true);
      const k = catalogText({ schema: CATALOG_SCHEMA, rows: keys } satisfies CatalogIndex);
      const s = catalogText(summaries);
      await writeCacheFile(this.file, [Buffer.from(`${k.length} ${s.length}\n${k}${s}`, "latin1"), ...texts]);
    } catch {
      // A cache that cannot be written costs only time.
    }
  }
}

// Synchronous stats in a loop beat thousands of thread-pool round trips: the
// warm path is one stat per file and nothing else (stampAll, fs/stat.ts). A
// file that cannot be stat'ed counts as missing there; reading it words the error.

/**
 * The listing rows of `files` (null for those the cwd filter leaves out), in
 * the same order, through the catalog in the cache dir. `roots` are the dirs
 * the files were found in: rows of files gone from them are forgotten.
 */
export async function catalogSummaries(files: string[], roots: string[], opts: CatalogOptions = {}): Promise<(SessionSummary | null)[]> {
  return (await listing(files, roots, opts, false)) as (SessionSummary | null)[];
}

/** As catalogSummaries, but unchanged rows come as their stored JSON text (for `ls --json`). */
export async function catalogRawSummaries(files: string[], roots: string[], opts: CatalogOptions = {}): Promise<(SessionSummary | RawSummary | null)[]> {
  return listing(files, roots, opts, true);
}

async function listing(files: string[], roots: string[], opts: CatalogOptions, raw: boolean): Promise<(SessionSummary | RawSummary | null)[]> {
  const dir = opts.dir ?? cacheDir();
  const loaded = loadCatalog(join(dir, CATALOG_FILE));
  const cat = new Catalog(dir, loaded.rows, opts.stateMinBytes ?? STATE_MIN_BYTES);
  const out = new Array<SessionSummary | RawSummary | null | undefined>(files.length);
  try {
    // Every file stat'ed first, packed (no object per file), then looked up:
    // only misses get a stamp object.
    const { packed, regular } = stampAll(files);
    if (opts.stamps) for (let i = 0; i < files.length; i++) opts.stamps.set(files[i], stampAt(packed, regular, i));
    const stats = new Array<FileStamp | null>(files.length);
    const todo: number[] = [];
    for (let i = 0; i < files.length; i++) {
      const o = i * 4;
      out[i] = packed[o + 2] >= 0 && regular[i] === 1 ? cat.cachedKey(files[i], packed[o], packed[o + 1], packed[o + 2], packed[o + 3], opts.cwd, raw, raw ? opts.named : undefined) : undefined;
      if (out[i] === undefined) {
        stats[i] = stampAt(packed, regular, i);
        todo.push(i);
      }
    }
    if (todo.length > 0) {
      const { CatalogReader } = await import("./catalog-read.js");
      const reader = new CatalogReader(cat, opts.taps, opts.beforeRead);
      const fresh = reader.promptless(files, todo);
      await reader.readAll(files, stats, todo, out as (SessionSummary | null | undefined)[], { cwd: opts.cwd, concurrency: opts.concurrency ?? 8, parallel: opts.parallel });
      // A Codex title thread read before its task's rollout: found once that rollout is read.
      await reader.relinkTitleThreads(files, fresh, (i) => stampAt(packed, regular, i), out, opts.cwd);
    }
    cat.prune(roots, new Set(files));
    await cat.save();
    if (raw) {
      // Rows read this time, as the texts saving them made (the same bytes summaryJson would give).
      for (let i = 0; i < out.length; i++) {
        const s = out[i];
        const json = s && !("json" in s) ? cat.rows.madeTexts.get(s) : undefined;
        if (s && json) out[i] = { path: s.path, modified: (s as SessionSummary).modified, json };
      }
    }
  } finally {
    loaded.close();
  }
  return out as (SessionSummary | RawSummary | null)[];
}
