// Thousands of stats in a row: the warm `ls` and the search's freshness check
// are one stat per session file and little else. Callers get plain numbers
// (packed into a Float64Array for many files), never a Stats object to keep.
//
// Only public fs APIs: Node's internal fs binding answered these a few ms
// faster on a warm `ls`, but an internal can change under any Node release.
import { existsSync, fstatSync, statSync } from "node:fs";

/** What callers compare a file by: its identity, size, and modification time. */
export interface FileStamp {
  dev: number;
  ino: number;
  size: number;
  /** As Stats.mtimeMs (fractional milliseconds). */
  mtimeMs: number;
  /** A regular file (after following symlinks). */
  isFile: boolean;
}

/**
 * The stamp of path, or null when it does not exist. Other errors (no
 * permission, a loop, a path through a file) throw as statSync's do.
 */
export function stampOf(path: string): FileStamp | null {
  const st = statSync(path, { throwIfNoEntry: false });
  if (st) return { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, isFile: st.isFile() };
  const v = virtualSource(path);
  return v ? databaseStamp(v.file) : null;
}

/** The stamp of an open file. */
export function stampOfFd(fd: number): FileStamp {
  const st = fstatSync(fd);
  return { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, isFile: st.isFile() };
}

/** Whether a path the user gave names something: a file or dir, or a session in a database file that is there (`<db>#<id>`, as `ls` prints it). */
export function pathNamed(path: string): boolean {
  if (existsSync(path)) return true;
  const v = virtualSource(path);
  return v !== null && existsSync(v.file);
}

/**
 * A session kept in a database is named `<database file>#<session id>`
 * (read/dialect-api.ts): the parts of such a path, when the path itself does
 * not exist. The last `#` splits it (a dir may hold one; session ids do not).
 */
export function virtualSource(path: string): { file: string; id: string } | null {
  const i = path.lastIndexOf("#");
  if (i <= 0 || i === path.length - 1) return null;
  return { file: path.slice(0, i), id: path.slice(i + 1) };
}

/**
 * A database's stamp as its sessions' freshness: the file's identity, and the
 * size and newest mtime of the file and its `-wal` together (SQLite in WAL
 * mode writes to the -wal file first). Null when nothing is there; isFile false when something other than a file is.
 */
function databaseStamp(file: string): FileStamp | null {
  const db = statSync(file, { throwIfNoEntry: false });
  if (!db) return null;
  // there, but a FIFO, a device or a folder: its row says so instead of "no such file"
  if (!db.isFile()) return { dev: db.dev, ino: db.ino, size: 0, mtimeMs: db.mtimeMs, isFile: false };
  const wal = statSync(`${file}-wal`, { throwIfNoEntry: false });
  const walSize = wal?.isFile() ? wal.size : 0;
  const walTime = wal?.isFile() ? wal.mtimeMs : 0;
  return { dev: db.dev, ino: db.ino, size: db.size + walSize, mtimeMs: Math.max(db.mtimeMs, walTime), isFile: true };
}

/**
 * Stats path into out at slot i (dev, ino, size, mtimeMs; a size of -1: it
 * does not exist) and whether it is a regular file into regular[i]. Errors
 * other than a missing file throw, or with `lenient` count as missing.
 */
function stampInto(path: string, out: Float64Array, i: number, regular: Uint8Array | undefined, lenient: boolean): void {
  let s: FileStamp | null = null;
  try {
    s = stampOf(path);
  } catch (err) {
    if (!lenient) throw err;
  }
  const o = i * 4;
  out[o] = s ? s.dev : 0;
  out[o + 1] = s ? s.ino : 0;
  out[o + 2] = s ? s.size : -1;
  out[o + 3] = s ? s.mtimeMs : 0;
  if (regular) regular[i] = s?.isFile ? 1 : 0;
}

/**
 * Stats each path into `out`, four numbers a file: dev, ino, size, mtimeMs
 * (a size of -1: the file does not exist). Other errors throw as statSync's do.
 */
export function stampsInto(paths: readonly string[], out: Float64Array, regular?: Uint8Array): void {
  for (let i = 0; i < paths.length; i++) stampInto(paths[i], out, i, regular, false);
}

/** The i-th stamp of a packed array (stampsInto), or null for a missing file. */
export function stampAt(packed: Float64Array, regular: Uint8Array, i: number): FileStamp | null {
  const o = i * 4;
  return packed[o + 2] < 0 ? null : { dev: packed[o], ino: packed[o + 1], size: packed[o + 2], mtimeMs: packed[o + 3], isFile: regular[i] === 1 };
}

/**
 * Stamps of many files, packed as stampsInto's, plus whether each is a regular
 * file. A file that cannot be stat'ed at all (no permission, a loop) counts as
 * missing instead of failing the rest.
 */
export function stampAll(paths: readonly string[]): { packed: Float64Array; regular: Uint8Array } {
  const packed = new Float64Array(paths.length * 4);
  const regular = new Uint8Array(paths.length);
  for (let i = 0; i < paths.length; i++) stampInto(paths[i], packed, i, regular, true);
  return { packed, regular };
}
