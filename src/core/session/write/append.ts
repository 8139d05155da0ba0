// The two byte-level writes the browser ever makes to a session file:
// appending whole lines (one write(2) per line on an O_APPEND handle, so
// concurrent appenders never interleave inside a line) and overwriting omp's
// title slot in place (one positioned write of exactly its size, after
// checking the bytes there are the ones we planned against).
// Neither creates, truncates or moves anything.
import { closeSync, constants, openSync, readSync, writeSync } from "node:fs";
import { WriteRefusedError } from "../../errors.js";
import { stampOfFd, type FileStamp } from "../../fs/stat.js";

export type AppendOutcome =
  | { kind: "done"; offset: number; bytes: number; newlineAdded: boolean }
  /** The file grew since `expect` was taken: re-read it and plan again. */
  | { kind: "moved"; size: number };

/** Who the file is (a different inode: it was replaced under us) and how long. */
function checkSame(file: string, now: FileStamp, expect: FileStamp): void {
  if (now.ino !== expect.ino || now.dev !== expect.dev) {
    throw new WriteRefusedError(`${file} was replaced since it was read (another program rewrote it); reload it and try again`);
  }
  if (now.size < expect.size) {
    throw new WriteRefusedError(`${file} shrank from ${expect.size} to ${now.size} bytes since it was read; refusing to write to a file that lost history`);
  }
}

/**
 * Appends `lines` (JSON text without "\n") when the file is still exactly as
 * `expect` describes it; else reports "moved" and writes nothing (with
 * `allowGrowth`, a file that only grew is written to anyway). A file that
 * does not end with "\n" (a writer died mid-line) gets a "\n" before our first
 * line, so ours is never glued to the torn one.
 */
export function appendLines(file: string, lines: string[], expect: FileStamp, allowGrowth = false): AppendOutcome {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDWR | constants.O_APPEND);
  } catch (err) {
    throw new WriteRefusedError(`${file}: cannot open for appending (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  try {
    const now = stampOfFd(fd);
    checkSame(file, now, expect);
    if (now.size !== expect.size && !allowGrowth) return { kind: "moved", size: now.size };
    let newlineAdded = false;
    if (now.size > 0 && lastByteAt(fd, now.size) !== 0x0a) {
      // A reader can see part of another writer's line while it is being written:
      // wait a moment before calling the line torn (and gluing a "\n" after it).
      Atomics.wait(PAUSE, 0, 0, 25);
      const later = stampOfFd(fd);
      if (later.size === now.size) newlineAdded = true;
      else if (!allowGrowth) return { kind: "moved", size: later.size };
      else newlineAdded = lastByteAt(fd, later.size) !== 0x0a;
    }
    let bytes = 0;
    lines.forEach((text, i) => {
      const buf = Buffer.from((i === 0 && newlineAdded ? "\n" : "") + text + "\n", "utf8");
      const n = writeSync(fd, buf, 0, buf.length);
      if (n !== buf.length) throw new Error(`${file}: short write (${n} of ${buf.length} bytes); the file may end with a partial line`);
      bytes += n;
    });
    return { kind: "done", offset: now.size, bytes, newlineAdded };
  } finally {
    closeSync(fd);
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

function lastByteAt(fd: number, size: number): number {
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0];
}

export type SlotOutcome = { kind: "done" } | { kind: "moved" };

/**
 * Overwrites `before.length` bytes at `offset` with `after` (same length) if
 * the bytes there still equal `before`. The handle is not O_APPEND: on Linux a
 * positioned write to an O_APPEND handle would append instead.
 */
export function rewriteInPlace(file: string, offset: number, before: Buffer, after: Buffer, expect: FileStamp): SlotOutcome {
  if (after.length !== before.length) throw new Error("in-place rewrite must keep the size");
  const fd = openSync(file, constants.O_RDWR);
  try {
    checkSame(file, stampOfFd(fd), expect);
    const cur = Buffer.alloc(before.length);
    const got = readSync(fd, cur, 0, cur.length, offset);
    if (got !== cur.length || !cur.equals(before)) return { kind: "moved" };
    const n = writeSync(fd, after, 0, after.length, offset);
    if (n !== after.length) {
      writeSync(fd, before, 0, before.length, offset); // put the old slot back
      throw new Error(`${file}: short write of the title slot`);
    }
    return { kind: "done" };
  } finally {
    closeSync(fd);
  }
}

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export function readBytes(file: string, offset: number, length: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(length);
    const n = readSync(fd, buf, 0, length, offset);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

export function statStamp(file: string): FileStamp {
  const fd = openSync(file, "r");
  try {
    return stampOfFd(fd);
  } finally {
    closeSync(fd);
  }
}
