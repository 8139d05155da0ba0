// Is the index up to date? The cheap check before every query: list the
// session files and stat each once. The listing (paths and packed stats) is
// compared with the one the index was last found up to date with (table
// `checks`). That row also keeps the dirs the listing was read from, with
// their stats taken before they were read: when none of them changed, the
// same files are there, and the stored paths are stat'ed without a readdir.
// Failing that, the listing is compared file by file with what the index recorded:
// indexed files in `files` (plain and gzip), files it looked at and left out
// (not a session, a damaged archive) in `skipped`. Any difference (a new, grown, replaced or vanished
// file) sends the caller to the full update, which reads the catalog; a warm
// query reads no catalog and no session bytes.
import { resolve, sep } from "node:path";
import { defaultAgentDirs, traceSessionFiles } from "../session/index.js";
import { namesPending, openSearchDb, type SearchDb } from "./db.js";
import { stampsInto } from "../fs/stat.js";
import { dialectSources, joinSources, type DialectSources } from "../session/index.js";

export interface RootOptions {
  agentDirs?: string[];
  /** Dirs or files to index instead of the agent dirs. */
  paths?: string[];
}

/** The roots listed: paths, else agent dirs, else every agent dir that exists. */
export function listRoots(opts: RootOptions): string[] {
  return opts.paths && opts.paths.length > 0 ? opts.paths : (opts.agentDirs ?? defaultAgentDirs());
}

/**
 * The prefixes under which a recorded file that was not listed counts as gone
 * (none given: every recorded file). Files given as roots are never gone.
 */
export function gonePrefixes(opts: RootOptions): string[] {
  return (opts.paths && opts.paths.length > 0 ? opts.paths : (opts.agentDirs ?? [])).map((r) => resolve(r) + sep);
}

/** What a check compares of a file: its stat's dev, ino, size and mtime. */
export interface FileStat {
  dev: number;
  ino: number;
  size: number;
  mtime: number;
}

/**
 * The session files listed, in listing order, with their stats packed four
 * numbers a file (a size of -1: no stat, the file went away). Packed, not
 * kept as Stats objects: 2,000 of those (each with four Dates) surviving
 * until the check ends cost the check more in garbage collection than it
 * spends on anything but the stat calls themselves.
 */
export class Listing {
  private byPath: Map<string, number> | undefined;

  constructor(
    readonly paths: string[],
    readonly stats: Float64Array,
    /** The dirs the paths were read from (discover.ts traceSessionFiles), packed stats as `stats`, taken before each was read. */
    readonly dirs: DirTrace = { dirs: [], stats: new Float64Array(0), at: 0 },
  ) {}

  /** Stats each file, synchronously: overlapped with the query on libuv's pool they made a search slower here (2 cores). */
  static stat(paths: string[], dirs?: DirTrace): Listing {
    const stats = new Float64Array(paths.length * 4);
    stampsInto(paths, stats);
    return new Listing(paths, stats, dirs);
  }

  has(path: string): boolean {
    this.byPath ??= new Map(this.paths.map((p, i) => [p, i]));
    return this.byPath.has(path);
  }

  /** The stat of the i-th file, or null when it had none. */
  statAt(i: number): FileStat | null {
    const s = this.stats;
    return s[i * 4 + 2] < 0 ? null : { dev: s[i * 4], ino: s[i * 4 + 1], size: s[i * 4 + 2], mtime: s[i * 4 + 3] };
  }

  /** The paths as one string (NUL never occurs in a path). */
  pathText(): string {
    return this.paths.join("\0");
  }

  /** The packed stats' bytes (not copied). */
  statBytes(): Buffer {
    return Buffer.from(this.stats.buffer, this.stats.byteOffset, this.stats.byteLength);
  }
}

/** The dirs a listing was read from: their packed stats, and when (ms since the epoch) the reading began. */
export interface DirTrace {
  dirs: string[];
  stats: Float64Array;
  at: number;
}

/** Each session file under the roots with its stat (and other agents' sources, dialect-sources.ts). */
export function statSessionFiles(roots: string[], other?: DialectSources): Listing {
  const at = Date.now();
  const dirs: string[] = [];
  const stamps: number[] = [];
  const one = new Float64Array(4);
  const paths = traceSessionFiles(roots, (dir) => {
    stampsInto([dir], one);
    dirs.push(dir);
    stamps.push(...one);
  });
  return Listing.stat(other ? joinSources(paths, other) : paths, { dirs, stats: Float64Array.from(stamps), at });
}

/**
 * A dir whose mtime is this close to when it was read may have changed again
 * within the same clock tick (file systems with coarse timestamps): such a
 * trace is not trusted.
 */
const MTIME_SLACK_MS = 2000;

/**
 * The listing of the roots again without reading a dir, when the dirs the
 * stored one was read from are all unchanged (their files are then the same),
 * with the indexed files' count if every file's stat is also unchanged.
 * Null: a dir changed (or nothing is stored); the caller lists them anew.
 */
export function relist(db: SearchDb, key: string): { listed: Listing; fresh: number | null } | null {
  const row = db.prepare("SELECT dirs, dirstats, listed_at FROM checks WHERE roots = ?").get(key) as { dirs: string; dirstats: Buffer; listed_at: number } | undefined;
  if (!row || row.dirs === "") return null;
  const dirs = row.dirs.split("\0");
  const now = new Float64Array(dirs.length * 4);
  try {
    stampsInto(dirs, now);
  } catch {
    return null; // a dir became unreadable: list anew, which skips it
  }
  const then = new Float64Array(row.dirstats.buffer.slice(row.dirstats.byteOffset, row.dirstats.byteOffset + row.dirstats.byteLength));
  if (then.length !== now.length) return null;
  for (let i = 0; i < now.length; i++) if (now[i] !== then[i]) return null;
  for (let i = 0; i < dirs.length; i++) if (now[i * 4 + 2] >= 0 && now[i * 4 + 3] > row.listed_at - MTIME_SLACK_MS) return null;
  const stored = db.prepare("SELECT paths, stats, files FROM checks WHERE roots = ?").get(key) as { paths: string; stats: Buffer; files: number } | undefined;
  if (!stored) return null;
  const listed = Listing.stat(stored.paths === "" ? [] : stored.paths.split("\0"), { dirs, stats: now, at: row.listed_at });
  return { listed, fresh: listed.statBytes().equals(stored.stats) ? stored.files : null };
}

interface Recorded extends FileStat {
  path: string;
  skip: number;
}

const sameStat = (a: FileStat, b: FileStat): boolean => a.size === b.size && a.mtime === b.mtime && a.dev === b.dev && a.ino === b.ino;

/**
 * The number of indexed files among `listed` when the index holds exactly
 * what is on disk for them, else null (the full update has work to do).
 */
export function freshCount(db: SearchDb, listed: Listing, prefixes: string[]): number | null {
  const recorded = db.prepare("SELECT path, dev, ino, size, mtime, 0 AS skip FROM files UNION ALL SELECT path, dev, ino, size, mtime, 1 AS skip FROM skipped").all() as Recorded[];
  const byPath = new Map<string, Recorded>();
  for (const r of recorded) byPath.set(r.path, r);
  let files = 0;
  for (let i = 0; i < listed.paths.length; i++) {
    const r = byPath.get(listed.paths[i]);
    const st = listed.statAt(i);
    if (st === null) {
      // Listed but gone before its stat: an indexed file must leave the index.
      if (r && r.skip === 0) return null;
      continue;
    }
    if (!r || !sameStat(r, st)) return null;
    if (r.skip === 0) files++;
  }
  for (const r of recorded) {
    if (r.skip !== 0 || listed.has(r.path)) continue;
    // An indexed file no longer listed (or gone before its stat, above) is dropped by the update.
    if (prefixes.length === 0 || prefixes.some((p) => r.path.startsWith(p))) return null;
  }
  return files;
}

/** Which check a listing belongs to: the roots listed and where files count as gone. */
export function checkKey(opts: RootOptions): string {
  return JSON.stringify([listRoots(opts).map((r) => resolve(r)), gonePrefixes(opts)]);
}

/** The indexed files' count when this exact listing was last found up to date, else null. */
export function seenFresh(db: SearchDb, key: string, listed: Listing): number | null {
  const row = db.prepare("SELECT files FROM checks WHERE roots = ? AND stats = ? AND paths = ?").get(key, listed.statBytes(), listed.pathText()) as { files: number } | undefined;
  return row ? row.files : null;
}

export function rememberFresh(db: SearchDb, key: string, listed: Listing, files: number): void {
  const d = listed.dirs;
  db.prepare("INSERT OR REPLACE INTO checks (roots, paths, stats, files, dirs, dirstats, listed_at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
    key,
    listed.pathText(),
    listed.statBytes(),
    files,
    d.dirs.join("\0"),
    Buffer.from(d.stats.buffer, d.stats.byteOffset, d.stats.byteLength),
    d.at,
  );
}

/** Before the index changes: every remembered listing may be stale (another set of roots may drop files). */
export function forgetFresh(db: SearchDb): void {
  db.prepare("DELETE FROM checks").run();
}

export interface IndexCheck {
  db: SearchDb;
  listed: Listing;
  prefixes: string[];
  key: string;
  /** Indexed files when the index is up to date, else null. */
  fresh: number | null;
}

/** Opens the index in dir and checks it against the files on disk; the caller closes `db`. */
export async function checkIndex(dir: string, tools: boolean, opts: RootOptions): Promise<IndexCheck> {
  const db = openSearchDb(dir, tools);
  try {
    const prefixes = gonePrefixes(opts);
    const key = checkKey(opts);
    // Other agents' sources are named by their dialects, not found in the traced dirs: with any, list anew.
    const other = await dialectSources(opts);
    const again = other.files.length === 0 && other.containers.size === 0 ? relist(db, key) : null;
    const listed = again?.listed ?? statSessionFiles(listRoots(opts), other);
    let fresh = again ? again.fresh : seenFresh(db, key, listed);
    if (fresh === null) {
      fresh = freshCount(db, listed, prefixes);
      if (fresh !== null) rememberFresh(db, key, listed, fresh);
    } else if (!again) {
      // The same files, but the dirs' trace did not hold (a dir changed and
      // changed back, or changed too close to the last listing): keep this one.
      rememberFresh(db, key, listed, fresh);
    }
    // an index brought up from an older schema names its files' sessions at its next update
    if (fresh !== null && namesPending(db)) fresh = null;
    return { db, listed, prefixes, key, fresh };
  } catch (err) {
    db.close();
    throw err;
  }
}
