// Atomic replace: readers see the old file or the new one, never a half-written
// one. Inside a guarded tree with staging (the store), temp files live in
// `<top>/.tmp`, one small directory: a writer killed mid-write (kill -9) leaves
// its temp there, and the next process's first write sweeps the old ones
// without listing any big directory (the hook never lists state/ or digests/).
// Elsewhere the temp sits next to the target. Either way the rename stays on
// one file system (EXDEV, a mount inside the store, falls back to the target's
// directory).
import { openSync, writeSync, fsyncSync, closeSync, renameSync, unlinkSync, readdirSync, lstatSync, constants } from "node:fs";
import { basename, dirname, join } from "node:path";
import { sleepSync } from "./sleep.js";
import { randomHex } from "./random-hex.js";
import { checkWritePath, ensureDirGuarded, O_NOFOLLOW, treeOf } from "./guard.js";
import { envSlot } from "../env.js";

const RETRY_CODES: ReadonlySet<string> = new Set(["EPERM", "EACCES", "EBUSY"]);
const TMP_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW;
const TMP_NAME = /^\..*\.(\d+)\.[0-9a-f]{16}\.tmp$/;

/**
 * A temp file is swept only when it is old: a live writer holds its temp for
 * one write and an fsync, never a minute. (No pid test: a store shared over a
 * network file system has writers on other hosts.)
 */
export const TMP_STALE_MS = 60_000;

/** The staging directories swept already. */
const sweptDirs = envSlot(() => new Set<string>());

/** Removes temp files older than TMP_STALE_MS from a staging directory; once per environment (a process) per directory. */
export function sweepStaleTemps(dir: string, now = Date.now(), force = false): number {
  const swept = sweptDirs();
  if (!force && swept.has(dir)) return 0;
  swept.add(dir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const n of names) {
    if (!TMP_NAME.test(n)) continue;
    const p = join(dir, n);
    try {
      const st = lstatSync(p);
      if (now - st.mtimeMs > TMP_STALE_MS && !st.isDirectory()) {
        unlinkSync(p);
        removed++;
      }
    } catch {}
  }
  return removed;
}

/** Where a temp for `path` is created: the tree's staging directory, else the target's own. */
export function tempDirFor(path: string): string {
  const t = treeOf(path);
  if (!t || !t.staging) return dirname(path);
  const dir = join(t.top, ".tmp");
  ensureDirGuarded(dir);
  sweepStaleTemps(dir);
  return dir;
}

export const tempName = (path: string): string => `.${basename(path)}.${process.pid}.${randomHex(8)}.tmp`;

/** Writes `data` to a temp file (`wx`, `mode`), fsyncs, then renames it over `path` (the rename replaces a link, never follows it). */
export function atomicWrite(path: string, data: string | Uint8Array, mode = 0o600): void {
  checkWritePath(path);
  let tmp = join(tempDirFor(path), tempName(path));
  const write = (p: string): void => {
    const fd = openSync(p, TMP_FLAGS, mode);
    try {
      writeSync(fd, typeof data === "string" ? Buffer.from(data, "utf8") : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  };
  try {
    write(tmp);
    try {
      renameWithRetry(tmp, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
      unlinkSync(tmp);
      tmp = join(dirname(path), tempName(path));
      write(tmp);
      renameWithRetry(tmp, path);
    }
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {}
    throw err;
  }
}

// Windows refuses to rename over a file another process has open; that is brief.
function renameWithRetry(from: string, to: string): void {
  const deadline = Date.now() + 2000;
  for (;;) {
    try {
      renameSync(from, to);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? "";
      if (process.platform !== "win32" || !RETRY_CODES.has(code) || Date.now() > deadline) throw err;
      sleepSync(10);
    }
  }
}
