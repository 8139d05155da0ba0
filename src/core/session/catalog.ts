// The catalog: a persistent cache of every session file's listing row, so a
// warm `ls` of thousands of sessions reads one JSON file and stats each
// session file, and reads no session bytes. Rows are keyed by path, size,
// mtime, dev and ino. Session files only grow: when one grew, its saved scan
// state (catalog-scan.ts, one small file per session under states/) lets the
// scan continue at the first byte it has not seen. A file that shrank, was
// replaced or whose first bytes changed is scanned anew.
//
// It is a cache: a missing, old-schema or corrupt catalog is rebuilt without a
// word, every failure to read or write it falls back to scanning, and a listing
// with the cache is the listing without it (tests compare them).
import { mkdir, open } from "node:fs/promises";
import { readFileSync, statSync, type Stats } from "node:fs";
import { isAscii } from "node:buffer";
import { homedir } from "node:os";
import { join, resolve, sep } from "node:path";
import { isGzipPath, scanLines, type ScanResult } from "./lines.js";
import { RowStore, type Row } from "./catalog-row.js";
import { CatalogScan, NeedsRescan, checkSaved, hashBytes, type SavedScan } from "./catalog-scan.js";
import { StateShards } from "./catalog-states.js";
import { writeCacheFile } from "./cache-file.js";
import { emptySummary, readSessionHeader, summarizeSession, type SessionSummary } from "./summary.js";

/** Bump when a row's or a state's shape or meaning changes: older catalogs are then rebuilt. */
export const CATALOG_SCHEMA = 1;

/** Files smaller than this get no saved state: scanning them again costs less than keeping one. */
export const STATE_MIN_BYTES = 32 * 1024;

/** What the catalog read from session files in this process (OMP_SESSIONS_STATS=1 prints it). */
export const catalogStats = { bytesRead: 0, filesRead: 0 };

export function resetCatalogStats(): void {
  catalogStats.bytesRead = 0;
  catalogStats.filesRead = 0;
}

/** `$OMP_SESSIONS_CACHE_DIR`, else `$XDG_CACHE_HOME/omp-sessions`, else `~/.cache/omp-sessions`. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const own = env.OMP_SESSIONS_CACHE_DIR?.trim();
  if (own) return resolve(own);
  const xdg = env.XDG_CACHE_HOME?.trim();
  return join(xdg ? resolve(xdg) : join(homedir(), ".cache"), "omp-sessions");
}

interface CatalogFile {
  schema: number;
  rows: Record<string, unknown>;
}


export interface CatalogOptions {
  /** Only sessions whose header cwd is this dir (as listSessions' `cwd`). */
  cwd?: string;
  /** Files read at once. */
  concurrency?: number;
  /** Cache dir (default: cacheDir()). */
  dir?: string;
  /** Files from this size on get a saved scan state (default STATE_MIN_BYTES). */
  stateMinBytes?: number;
}

const resolved = new Map<string, string>();
/** Both name the same dir (thousands of rows share a few cwds: resolve each once). */
function sameDir(a: string, b: string): boolean {
  if (a === b) return true;
  const r = (p: string) => {
    let v = resolved.get(p);
    if (v === undefined) resolved.set(p, (v = resolve(p)));
    return v;
  };
  return r(a) === r(b);
}

const sameKey = (r: Row, st: Stats): boolean => r.size === st.size && r.mtimeMs === st.mtimeMs && r.ino === st.ino && r.dev === st.dev;

function keyOf(st: Stats): Row {
  return { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs };
}

/**
 * The catalog's rows. The file is written as ASCII (catalogText), which is read
 * as latin1 into a one-byte string: decoding and parsing it then cost a
 * fraction of UTF-8 text with a few accents in every row. A file with other
 * bytes (written by an older version) is read as UTF-8 and rewritten.
 */
function loadCatalog(file: string): { rows: RowStore; ascii: boolean } {
  try {
    const bytes = readFileSync(file);
    const ascii = isAscii(bytes);
    const parsed = JSON.parse(bytes.toString(ascii ? "latin1" : "utf8")) as CatalogFile;
    if (parsed?.schema !== CATALOG_SCHEMA || typeof parsed.rows !== "object" || parsed.rows === null || Array.isArray(parsed.rows)) return { rows: new RowStore(), ascii };
    return { rows: new RowStore(parsed.rows), ascii };
  } catch {
    return { rows: new RowStore(), ascii: true }; // missing or corrupt: rebuilt as files are scanned
  }
}

/** JSON with every non-ASCII character escaped (\uXXXX): the same value, readable as latin1. */
export function catalogText(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Reads [0, length) of a plain file (short when the file is). */
async function readHead(path: string, length: number): Promise<Buffer> {
  const fh = await open(path, "r");
  try {
    const buf = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const { bytesRead } = await fh.read(buf, got, length - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    catalogStats.bytesRead += got;
    return buf.subarray(0, got);
  } finally {
    await fh.close();
  }
}

interface ScanOutcome {
  summary: SessionSummary;
  saved: SavedScan | null;
}

class Catalog {
  private rows: RowStore;
  /** The file must be written back (rows changed, or it is in an older encoding). */
  changed = false;
  private readonly states: StateShards;

  constructor(
    private readonly dir: string,
    rows: RowStore,
    private readonly stateMinBytes: number,
  ) {
    this.rows = rows;
    this.states = new StateShards(join(dir, "states"));
  }

  get file(): string {
    return join(this.dir, "catalog.json");
  }

  /** Lines from `scan`'s resume point to `end`, a trailing partial line applied to a copy only. */
  private async feed(path: string, scan: CatalogScan, st: Stats, from?: SavedScan): Promise<{ result: ScanResult; tail: CatalogScan | null; tailFailed: boolean }> {
    let tail: CatalogScan | null = null;
    let tailFailed = false;
    const gzip = isGzipPath(path);
    const result = await scanLines(
      path,
      (buf, start, end, offset, line, terminated) => {
        if (terminated) {
          scan.line(buf, start, end, offset, line);
          return;
        }
        // An agent may be writing this line: the saved state stops before it.
        try {
          tail = scan.fork();
          tail.line(buf, start, end, offset, line);
        } catch (err) {
          if (!(err instanceof NeedsRescan)) throw err;
          tailFailed = true;
        }
      },
      { gzip, start: from?.resumeOffset, startLine: from?.resumeLine, end: gzip ? undefined : st.size, shouldStop: () => scan.stop },
    );
    catalogStats.bytesRead += result.bytes;
    catalogStats.filesRead++;
    return { result, tail, tailFailed };
  }

  private async finishScan(path: string, st: Stats, scan: CatalogScan, fed: Awaited<ReturnType<Catalog["feed"]>>): Promise<ScanOutcome> {
    const base = emptySummary(path, st.size, st.mtime.toISOString());
    const mtime = st.mtime.toISOString();
    const summary = fed.tailFailed ? await summarizeSession(path) : (fed.tail ?? scan).summary(base, mtime);
    const gzip = isGzipPath(path);
    if (!scan.valid || scan.stop || gzip) return { summary, saved: null };
    // Small files are cheaper to scan again than to keep a state for.
    if (st.size < this.stateMinBytes) return { summary, saved: null };
    return { summary, saved: scan.save(fed.result.resumeOffset, fed.result.resumeLine) };
  }

  private async fullScan(path: string, st: Stats): Promise<ScanOutcome> {
    const scan = new CatalogScan();
    const fed = await this.feed(path, scan, st);
    return this.finishScan(path, st, scan, fed);
  }

  /** Continues a saved scan over the bytes appended since; null when the file must be scanned anew. */
  private async resume(path: string, st: Stats, row: Row): Promise<ScanOutcome | null> {
    if (!row.state) return null;
    const f = await this.states.get(path);
    const saved = f && f.size === row.size && f.mtimeMs === row.mtimeMs ? checkSaved(f.scan) : null;
    if (saved === null || saved.resumeOffset > st.size) return null;
    const { slotStart, slotEnd, headerStart, headerEnd, headerHash } = saved.facts;
    if (headerStart < 0 || headerEnd > saved.resumeOffset) return null;
    // The same header bytes at the same place: the file is the one scanned, grown.
    const head = await readHead(path, headerEnd);
    if (head.length !== headerEnd || hashBytes(head.subarray(headerStart, headerEnd)) !== headerHash) return null;
    const scan = new CatalogScan(saved);
    if (slotStart >= 0) {
      // omp renames by rewriting the 256-byte title slot in place: read it again.
      let title: unknown;
      try {
        const obj = JSON.parse(head.toString("utf8", slotStart, slotEnd)) as Record<string, unknown>;
        if (obj?.type !== "title") return null;
        title = obj.title;
      } catch {
        return null;
      }
      scan.setTitleSlot(typeof title === "string" ? title : "");
    }
    try {
      const fed = await this.feed(path, scan, st, saved);
      return await this.finishScan(path, st, scan, fed);
    } catch (err) {
      if (err instanceof NeedsRescan) return null;
      throw err;
    }
  }

  private store(path: string, st: Stats, out: ScanOutcome): void {
    const row: Row = { ...keyOf(st), summary: out.summary };
    if (out.saved) {
      this.states.set(path, { size: st.size, mtimeMs: st.mtimeMs, scan: out.saved });
      row.state = true;
    } else if (this.rows.get(path)?.state) this.states.set(path, null);
    this.rows.set(path, row);
    this.changed = true;
  }

  /**
   * What the catalog alone says about one file: its listing row, null when the
   * cwd filter leaves it out, undefined when the file must be read. Synchronous:
   * on a warm run this is all there is to do for every file.
   */
  cached(path: string, st: Stats | null, cwd: string | undefined): SessionSummary | null | undefined {
    if (st === null || !st.isFile()) return undefined;
    if (cwd !== undefined) {
      // Another project's session, unchanged: ruled out without decoding its row.
      const known = this.rows.freshCwd(path, st.dev, st.ino, st.size, st.mtimeMs);
      if (known && !(known.cwd !== "" && sameDir(known.cwd, cwd))) return null;
    }
    const row = this.rows.get(path);
    if (row === undefined || !sameKey(row, st)) return undefined;
    if (row.summary) return cwd === undefined || (row.summary.valid && sameDir(row.summary.cwd, cwd)) ? row.summary : null;
    if (cwd !== undefined && row.hcwd !== undefined && !(row.hcwd !== "" && sameDir(row.hcwd, cwd))) return null;
    return undefined;
  }

  /** The listing row of one file, from the cache when its key matches, else by (partly) scanning it. */
  async summary(path: string, st: Stats | null, cwd: string | undefined): Promise<SessionSummary | null> {
    if (st === null || !st.isFile()) {
      // Missing, unreadable or a directory: summarizeSession words the error.
      const s = await summarizeSession(path);
      return cwd !== undefined ? null : s;
    }
    const hit = this.cached(path, st, cwd);
    if (hit !== undefined) return hit;
    const row = this.rows.get(path);
    const wanted = (s: SessionSummary): SessionSummary | null => (cwd === undefined || (s.valid && sameDir(s.cwd, cwd)) ? s : null);
    if (cwd !== undefined) {
      // A grown file keeps its header: when it belongs to another project, it need not be read now.
      const grown = row?.summary && row.dev === st.dev && row.ino === st.ino && st.size > row.size;
      if (grown && !(row.summary!.valid && sameDir(row.summary!.cwd, cwd))) return null;
      if (!row?.summary) {
        // Most sessions belong to other projects: a head read rules them out.
        const header = await readSessionHeader(path);
        if (header !== undefined) {
          const hcwd = header !== null && typeof header.cwd === "string" ? header.cwd : "";
          if (header === null || !sameDir(hcwd, cwd)) {
            this.rows.set(path, { ...keyOf(st), hcwd });
            this.changed = true;
            return null;
          }
        }
      }
    }
    let out: ScanOutcome | null = null;
    if (row?.summary && row.dev === st.dev && row.ino === st.ino && st.size > row.size && !isGzipPath(path)) {
      out = await this.resume(path, st, row);
    }
    out ??= await this.fullScan(path, st);
    this.store(path, st, out);
    return wanted(out.summary);
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
    const rows = this.rows.encode();
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      // States first: a catalog row never points at a state that was not written.
      await this.states.flush((p) => this.rows.get(p)?.state === true);
      await writeCacheFile(this.file, catalogText({ schema: CATALOG_SCHEMA, rows } satisfies CatalogFile));
    } catch {
      // A cache that cannot be written costs only time.
    }
  }
}

// Synchronous stats in a loop beat thousands of thread-pool round trips: the
// warm path is one stat per file and nothing else.
function statAll(files: string[]): (Stats | null)[] {
  return files.map((f) => {
    try {
      return statSync(f);
    } catch {
      return null;
    }
  });
}

/**
 * The listing rows of `files` (null for those the cwd filter leaves out), in
 * the same order, through the catalog in the cache dir. `roots` are the dirs
 * the files were found in: rows of files gone from them are forgotten.
 */
export async function catalogSummaries(files: string[], roots: string[], opts: CatalogOptions = {}): Promise<(SessionSummary | null)[]> {
  const dir = opts.dir ?? cacheDir();
  const loaded = loadCatalog(join(dir, "catalog.json"));
  const cat = new Catalog(dir, loaded.rows, opts.stateMinBytes ?? STATE_MIN_BYTES);
  if (!loaded.ascii) cat.changed = true;
  const stats = statAll(files);
  const out = files.map((file, i) => cat.cached(file, stats[i], opts.cwd));
  const todo: number[] = [];
  for (let i = 0; i < out.length; i++) if (out[i] === undefined) todo.push(i);
  await mapLimit(todo, opts.concurrency ?? 8, async (i) => {
    out[i] = await cat.summary(files[i], stats[i], opts.cwd);
  });
  cat.prune(roots, new Set(files));
  await cat.save();
  return out as (SessionSummary | null)[];
}
