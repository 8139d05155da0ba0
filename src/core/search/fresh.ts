// Is the index up to date? The cheap check before every query: list the
// session files (readdirs only) and stat each once. The listing, as one
// blob, is compared with the one the index was last found up to date with
// (table `checks`); failing that, file by file with what the index recorded:
// indexed files in `files`, files it looked at and left out (not a session,
// gzip) in `skipped`. Any difference (a new, grown, replaced or vanished
// file) sends the caller to the full update, which reads the catalog; a warm
// query reads no catalog and no session bytes.
import { statSync, type Stats } from "node:fs";
import { resolve, sep } from "node:path";
import { defaultAgentDirs, findSessionFiles } from "../session/discover.js";
import { openSearchDb, type SearchDb } from "./db.js";

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

/**
 * Each file with its stat (null: it cannot be stat'ed now). Synchronous: on
 * libuv's thread pool the same stats, overlapped with the query, made the
 * whole search slower here (2 cores, and the answers are handled on this
 * thread anyway).
 */
export function statFiles(paths: string[]): Map<string, Stats | null> {
  const out = new Map<string, Stats | null>();
  for (const path of paths) out.set(path, statSync(path, { throwIfNoEntry: false }) ?? null);
  return out;
}

/** Each session file under the roots with its stat. */
export async function statSessionFiles(roots: string[]): Promise<Map<string, Stats | null>> {
  return statFiles(await findSessionFiles(roots));
}

interface Recorded {
  path: string;
  dev: number;
  ino: number;
  size: number;
  mtime: number;
  skip: number;
}

export const sameStat = (r: { dev: number; ino: number; size: number; mtime: number }, st: Stats): boolean =>
  r.size === st.size && r.mtime === st.mtimeMs && r.dev === st.dev && r.ino === st.ino;

/**
 * The number of indexed files among `listed` when the index holds exactly
 * what is on disk for them, else null (the full update has work to do).
 */
export function freshCount(db: SearchDb, listed: Map<string, Stats | null>, prefixes: string[]): number | null {
  const recorded = db
    .prepare("SELECT path, dev, ino, size, mtime, 0 AS skip FROM files UNION ALL SELECT path, dev, ino, size, mtime, 1 AS skip FROM skipped")
    .all() as Recorded[];
  const byPath = new Map<string, Recorded>();
  for (const r of recorded) byPath.set(r.path, r);
  let files = 0;
  for (const [path, st] of listed) {
    const r = byPath.get(path);
    if (st === null) {
      // Listed but gone before its stat: an indexed file must leave the index.
      if (r && r.skip === 0) return null;
      continue;
    }
    if (!r || !sameStat(r, st)) return null;
    if (r.skip === 0) files++;
  }
  for (const r of recorded) {
    if (listed.get(r.path)) continue;
    if (prefixes.length === 0 || prefixes.some((p) => r.path.startsWith(p))) {
      // An indexed file no longer listed is dropped by the update; a skipped one only forgotten.
      if (r.skip === 0) return null;
    }
  }
  return files;
}

/** Which check a listing belongs to: the roots listed and where files count as gone. */
export function checkKey(opts: RootOptions): string {
  return JSON.stringify([listRoots(opts).map((r) => resolve(r)), gonePrefixes(opts)]);
}

/**
 * The listing as bytes, in listing order: the paths (NUL never occurs in a
 * path), then dev, ino, size and mtime of each as doubles (-1 size: no stat).
 * Numbers stay binary: formatting 8,000 of them as text costs more than the
 * rest of the check.
 */
export function listingBytes(listed: Map<string, Stats | null>): Buffer {
  const nums = new Float64Array(listed.size * 4);
  let i = 0;
  for (const st of listed.values()) {
    if (st) {
      nums[i] = st.dev;
      nums[i + 1] = st.ino;
      nums[i + 2] = st.size;
      nums[i + 3] = st.mtimeMs;
    } else nums[i + 2] = -1;
    i += 4;
  }
  return Buffer.concat([Buffer.from([...listed.keys()].join("\0")), Buffer.from(nums.buffer)]);
}

/** The indexed files' count when this exact listing was last found up to date, else null. */
export function seenFresh(db: SearchDb, key: string, listing: Buffer): number | null {
  const row = db.prepare("SELECT files FROM checks WHERE roots = ? AND listing = ?").get(key, listing) as { files: number } | undefined;
  return row ? row.files : null;
}

export function rememberFresh(db: SearchDb, key: string, listing: Buffer, files: number): void {
  db.prepare("INSERT OR REPLACE INTO checks (roots, listing, files) VALUES (?, ?, ?)").run(key, listing, files);
}

/** Before the index changes: every remembered listing may be stale (another set of roots may drop files). */
export function forgetFresh(db: SearchDb): void {
  db.prepare("DELETE FROM checks").run();
}

export interface IndexCheck {
  db: SearchDb;
  /** The files listed, with their stats. */
  listed: Map<string, Stats | null>;
  prefixes: string[];
  key: string;
  listing: Buffer;
  /** Indexed files when the index is up to date, else null. */
  fresh: number | null;
}

/** Opens the index in dir and checks it against the files on disk; the caller closes `db`. */
export async function checkIndex(dir: string, tools: boolean, opts: RootOptions): Promise<IndexCheck> {
  const db = openSearchDb(dir, tools);
  try {
    const listed = await statSessionFiles(listRoots(opts));
    const prefixes = gonePrefixes(opts);
    const key = checkKey(opts);
    const listing = listingBytes(listed);
    let fresh = seenFresh(db, key, listing);
    if (fresh === null) {
      fresh = freshCount(db, listed, prefixes);
      if (fresh !== null) rememberFresh(db, key, listing, fresh);
    }
    return { db, listed, prefixes, key, listing, fresh };
  } catch (err) {
    db.close();
    throw err;
  }
}
