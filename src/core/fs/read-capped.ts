// Reading a file someone else may have planted: settings files, a subagent's
// meta file, a database we are about to open. Such a path may be a FIFO (an
// open that blocks until a writer comes, a read that never ends), a device
// (/dev/zero: endless bytes, /dev/urandom), a directory, or a link to any of
// these. Every read here opens without blocking, checks the open file is a
// regular file, and reads at most a cap: a special file fails at once with a
// reason, a huge one never fills memory.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync, promises as fsp } from "node:fs";
import { O_NOFOLLOW } from "./guard.js";
import type { FileHandle } from "node:fs/promises";

/** A path that is there but is no regular file, or a link where none may be, or larger than allowed. */
export class UnsafeFileError extends Error {
  override name = "UnsafeFileError";
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

const kindOf = (st: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isDirectory(): boolean; isSocket(): boolean }): string =>
  st.isFIFO() ? "a FIFO" : st.isCharacterDevice() || st.isBlockDevice() ? "a device" : st.isDirectory() ? "a directory" : st.isSocket() ? "a socket" : "not a regular file";

/** Throws UnsafeFileError unless the open file `st` describes is a regular file (what every reader here checks after its open). */
export function assertRegular(path: string, st: Parameters<typeof kindOf>[0] & { isFile(): boolean }): void {
  if (!st.isFile()) throw new UnsafeFileError(path, `${kindOf(st)}, not a regular file`);
}

export interface ReadCappedOptions {
  /** Refuse a symbolic link at the path itself (ours to write, or a project's file we must not follow out of). */
  noFollow?: boolean;
  /** Return the first `cap` bytes of a larger file instead of refusing it. */
  truncate?: boolean;
}

/**
 * The bytes of a regular file, at most `cap` of them; null when nothing is
 * there. A FIFO, device, directory or socket (also behind a link), a link with
 * noFollow, or a file over the cap (unless truncate) throws UnsafeFileError.
 */
export function readCapped(path: string, cap: number, o: ReadCappedOptions = {}): Buffer | null {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (o.noFollow ? O_NOFOLLOW : 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    if (code === "ELOOP" && o.noFollow) throw new UnsafeFileError(path, "a symbolic link (not followed)");
    throw err;
  }
  try {
    const st = fstatSync(fd);
    assertRegular(path, st);
    if (st.size > cap && !o.truncate) throw new UnsafeFileError(path, `larger than ${cap} bytes`);
    const buf = Buffer.alloc(Math.min(cap, st.size));
    let n = 0;
    // the size may change while we read: read until the end or the cap, never past it
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, n);
      if (got === 0) break;
      n += got;
    }
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * A descriptor open for reading on a regular file (after links), opened
 * without blocking on a FIFO: for a reader that reads ranges itself (a
 * transcript's tail, the archive's new bytes). Throws UnsafeFileError for a
 * FIFO, device, directory or socket, and as openSync does otherwise.
 */
export function openRegularSync(path: string): number {
  return openRegularSyncSized(path).fd;
}

/** openRegularSync, with the size its check found. */
export function openRegularSyncSized(path: string): { fd: number; size: number } {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const st = fstatSync(fd);
    assertRegular(path, st);
    return { fd, size: st.size };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/**
 * The whole text of a regular file, or null when nothing is there: the
 * store's and the config dir's own files, which the hook reads. Opened without
 * blocking and refused unless regular (UnsafeFileError), like readCapped, but
 * with no cap (these files are ours, and as large as they grew).
 */
export function readRegularText(path: string): string | null {
  return readCapped(path, Number.MAX_SAFE_INTEGER)?.toString("utf8") ?? null;
}

/** The text of a regular file (readCapped, as UTF-8). */
export function readTextCapped(path: string, cap: number, o: ReadCappedOptions = {}): string | null {
  return readCapped(path, cap, o)?.toString("utf8") ?? null;
}

/**
 * Throws UnsafeFileError unless `path` is a regular file (after links, unless
 * noFollow), for a file another library opens by name (a SQLite database).
 * False when nothing is there.
 */
export function checkRegularFile(path: string, o: { noFollow?: boolean } = {}): boolean {
  const st = (o.noFollow ? lstatSync : statSync)(path, { throwIfNoEntry: false });
  if (!st) return false;
  if (st.isSymbolicLink()) throw new UnsafeFileError(path, "a symbolic link (not followed)");
  assertRegular(path, st);
  return true;
}

/** True when path is a symbolic link (false when missing). */
export const isLink = (path: string): boolean => lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;

/**
 * Opens a file for reading as a handle, like fs/promises' open(path, "r"),
 * but without blocking on a FIFO and only when it is a regular file (after
 * links): a session file planted as a FIFO or a link to /dev/zero throws
 * UnsafeFileError instead of hanging or streaming forever.
 */
export async function openRegular(path: string): Promise<FileHandle> {
  return (await openRegularSized(path)).fh;
}

/** openRegular, with the size its check found (no second stat for a reader that needs it). */
export async function openRegularSized(path: string): Promise<{ fh: FileHandle; size: number }> {
  const fh = await fsp.open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const st = await fh.stat();
    assertRegular(path, st);
    return { fh, size: st.size };
  } catch (err) {
    await fh.close();
    throw err;
  }
}
