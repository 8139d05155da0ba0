// Is the index up to date? The cheap check before every query: list the
// session files (readdirs only), stat each once and compare with what the
// index recorded for it — indexed files in `files`, files it looked at and
// left out (not a session, gzip) in `skipped`. Any difference (a new, grown,
// replaced or vanished file) sends the caller to the full update, which reads
// the catalog; a warm query reads no catalog and no session bytes.
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

/** Each session file under the roots with its stat (null: it cannot be stat'ed now). */
export async function statSessionFiles(roots: string[]): Promise<Map<string, Stats | null>> {
  const out = new Map<string, Stats | null>();
  for (const path of await findSessionFiles(roots)) out.set(path, statSync(path, { throwIfNoEntry: false }) ?? null);
  return out;
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

export interface IndexCheck {
  db: SearchDb;
  /** The files listed, with their stats. */
  listed: Map<string, Stats | null>;
  prefixes: string[];
  /** Indexed files when the index is up to date, else null. */
  fresh: number | null;
}

/** Opens the index in dir and checks it against the files on disk; the caller closes `db`. */
export async function checkIndex(dir: string, tools: boolean, opts: RootOptions): Promise<IndexCheck> {
  const db = openSearchDb(dir, tools);
  try {
    const listed = await statSessionFiles(listRoots(opts));
    const prefixes = gonePrefixes(opts);
    return { db, listed, prefixes, fresh: freshCount(db, listed, prefixes) };
  } catch (err) {
    db.close();
    throw err;
  }
}
