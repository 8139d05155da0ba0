// Archives one source file: only the bytes past what is archived, gzip'd as
// a member of their own appended to the copy (a gzip file of several members
// reads back as their concatenation), so the copy is never rewritten. A
// source whose start or archived end changed was rewritten by its agent: it
// is kept as a new version next to the old one.
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, statSync, writeSync, chmodSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname } from "node:path";
import { gzipSync } from "node:zlib";
import { ensureDir } from "../fs/dir.js";
import { openRegularSync } from "../fs/read-capped.js";
import { archiveFileOf } from "./paths.js";
import type { KeptFile } from "./state.js";

/** Bytes fingerprinted at the start and before the archived end. */
const PRINT = 64 * 1024;
/** Bytes read and compressed at a time (one gzip member each); the deadline is checked between chunks. */
export const CHUNK = 4 << 20;

export interface MirrorResult {
  kept: KeptFile;
  /** Bytes written to the archive (compressed). */
  written: number;
  /** Source bytes archived by this call. */
  taken: number;
  /** The deadline passed with bytes left: the rest waits for the next run. */
  unfinished: boolean;
  /** A new version was started (the source was rewritten). */
  newVersion: boolean;
}

function readRange(fd: number, start: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, start + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? buf : buf.subarray(0, got);
}

const print = (fd: number, start: number, end: number): string =>
  createHash("sha256")
    .update(readRange(fd, Math.max(0, start), Math.max(0, end - Math.max(0, start))))
    .digest("hex")
    .slice(0, 16);

const headOf = (fd: number, archived: number) => print(fd, 0, Math.min(PRINT, archived));
const tailOf = (fd: number, archived: number) => print(fd, archived - PRINT, archived);

/** Whether the source still starts with what was archived of it. */
function sameStart(fd: number, size: number, k: KeptFile): boolean {
  return size >= k.archived && headOf(fd, k.archived) === k.head && tailOf(fd, k.archived) === k.tail;
}

/** Appends bytes to an archive file opened for it (created 0600). */
function appendTo(file: string, stored: number, data: Buffer): number {
  ensureDir(dirname(file));
  const fd = openSync(file, "a+", 0o600);
  try {
    // A member half-written by a run that died: cut back to what the state knows.
    if (fstatSync(fd).size > stored) ftruncateSync(fd, stored);
    const n = writeSync(fd, data);
    chmodSync(file, 0o600);
    return n;
  } finally {
    closeSync(fd);
  }
}

export function mirrorFile(source: string, hostDir: string, prev: KeptFile | undefined, deadline = Infinity, now: () => number = Date.now): MirrorResult {
  const fd = openRegularSync(source); // a FIFO named as the transcript must not hold the hook
  try {
    const st = fstatSync(fd);
    const size = st.size;
    let kept: KeptFile = prev ?? { version: 0, archived: 0, head: "", tail: "", stored: 0, mtimeMs: 0 };
    let newVersion = false;
    if (prev && prev.archived === size && prev.mtimeMs === st.mtimeMs) return { kept: prev, written: 0, taken: 0, unfinished: false, newVersion };
    if (!prev || prev.archived === 0 || !sameStart(fd, size, prev)) {
      newVersion = !!prev && prev.archived > 0;
      kept = { version: (prev?.version ?? 0) + (prev && prev.archived === 0 ? 0 : 1), archived: 0, head: "", tail: "", stored: 0, mtimeMs: 0, ...(prev?.agent ? { agent: prev.agent } : {}) };
    }
    const file = archiveFileOf(hostDir, source, kept.version);
    let written = 0;
    let taken = 0;
    let at = kept.archived;
    while (at < size) {
      if (taken > 0 && now() >= deadline) break;
      const data = readRange(fd, at, Math.min(CHUNK, size - at));
      if (data.length === 0) break;
      const member = gzipSync(data);
      written += appendTo(file, kept.stored, member);
      kept = { ...kept, stored: kept.stored + member.length };
      at += data.length;
      taken += data.length;
    }
    kept = { ...kept, archived: at, head: headOf(fd, at), tail: tailOf(fd, at), mtimeMs: at === size ? st.mtimeMs : 0 };
    return { kept, written, taken, unfinished: at < size, newVersion };
  } finally {
    closeSync(fd);
  }
}

/** Size of an archive copy on disk (0 when missing). */
export function storedSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
