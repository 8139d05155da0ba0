// Thousands of stats in a row, cheaply: the warm `ls` and the search's
// freshness check are one stat per session file and little else.
//
// Node 20's statSync builds a Stats object with four Dates for every call; in
// a short-lived process that costs more than the system calls themselves and
// makes most of the garbage. Node's fs binding hands back the raw numbers in
// a reused Float64Array, which is what statSync reads them from. It is an
// internal (process.binding, deprecated but kept for compatibility), so it is
// used only after a probe finds it answering exactly as statSync does, and
// never where it would print a deprecation warning. Anything else, or any
// error other than "no such file", goes through statSync.
import { statSync } from "node:fs";

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

type RawStat = (path: string, bigint: false, req: undefined, throwIfNoEntry: boolean) => Float64Array | undefined;

// Slots of the binding's array (node's src/node_file.h, FillStatsArray).
const DEV = 0;
const MODE = 1;
const INO = 7;
const SIZE = 8;
const MTIME_S = 12;
const MTIME_NS = 13;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

const mtimeOf = (a: Float64Array): number => a[MTIME_S] * 1e3 + a[MTIME_NS] / 1e6;

let raw: RawStat | null | undefined;

function warnsOnBinding(): boolean {
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ");
  return /pending-deprecation|throw-deprecation|trace-deprecation/.test(flags) || process.env.NODE_PENDING_DEPRECATION === "1";
}

/** The binding's stat when it agrees with statSync here, else null. Exported for tests. */
export function rawStat(): RawStat | null {
  if (raw !== undefined) return raw;
  raw = null;
  if (process.platform === "win32" || warnsOnBinding()) return raw;
  try {
    const binding = (process as unknown as { binding(name: string): { stat?: unknown } }).binding("fs");
    if (typeof binding.stat !== "function") return raw;
    const fn = (binding.stat as RawStat).bind(binding);
    const probe = process.execPath;
    const a = fn(probe, false, undefined, false);
    const s = statSync(probe);
    const same = a instanceof Float64Array && a[DEV] === s.dev && a[INO] === s.ino && a[SIZE] === s.size && a[MODE] === s.mode && mtimeOf(a) === s.mtimeMs;
    const missing = fn(probe + ".omp-sessions-probe-missing", false, undefined, false);
    if (same && missing === undefined) raw = fn;
  } catch {
    raw = null;
  }
  return raw;
}

/** Test hook: use statSync only (false) or probe again (true). */
export function useRawStat(on: boolean): void {
  raw = on ? undefined : null;
}

function slow(path: string): FileStamp | null {
  const st = statSync(path, { throwIfNoEntry: false });
  return st ? { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, isFile: st.isFile() } : null;
}

/**
 * The binding's array for path (reused by the next call: read it at once),
 * undefined for a missing file, or null when statSync must answer instead
 * (no binding, a NUL in the path, which the binding would cut at, or an error).
 */
function rawArray(path: string): Float64Array | undefined | null {
  const fn = rawStat();
  if (fn === null || path.includes("\0")) return null;
  try {
    return fn(path, false, undefined, false);
  } catch {
    return null; // statSync throws it as it does
  }
}

const isRegular = (a: Float64Array): boolean => (a[MODE] & S_IFMT) === S_IFREG;

/**
 * The stamp of path, or null when it does not exist. Other errors (no
 * permission, a loop) throw as statSync's do.
 */
export function stampOf(path: string): FileStamp | null {
  const a = rawArray(path);
  if (a === null) return slow(path);
  return a === undefined ? null : { dev: a[DEV], ino: a[INO], size: a[SIZE], mtimeMs: mtimeOf(a), isFile: isRegular(a) };
}

/**
 * Stats path into out at slot i (dev, ino, size, mtimeMs; a size of -1: it
 * does not exist) and whether it is a regular file into regular[i]. Errors
 * other than a missing file throw, or with `lenient` count as missing.
 */
function stampInto(path: string, out: Float64Array, i: number, regular: Uint8Array | undefined, lenient: boolean): void {
  const o = i * 4;
  const a = rawArray(path);
  if (a === null) {
    let s: FileStamp | null = null;
    try {
      s = slow(path);
    } catch (err) {
      if (!lenient) throw err;
    }
    out[o] = s ? s.dev : 0;
    out[o + 1] = s ? s.ino : 0;
    out[o + 2] = s ? s.size : -1;
    out[o + 3] = s ? s.mtimeMs : 0;
    if (regular) regular[i] = s?.isFile ? 1 : 0;
    return;
  }
  out[o] = a ? a[DEV] : 0;
  out[o + 1] = a ? a[INO] : 0;
  out[o + 2] = a ? a[SIZE] : -1;
  out[o + 3] = a ? mtimeOf(a) : 0;
  if (regular) regular[i] = a && isRegular(a) ? 1 : 0;
}

/**
 * Stats each path into `out`, four numbers a file: dev, ino, size, mtimeMs
 * (a size of -1: the file does not exist). No object per file. Other errors
 * throw as statSync's do.
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
