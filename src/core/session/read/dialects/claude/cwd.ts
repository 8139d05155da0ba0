// A Claude Code transcript's cwd without loading it, for a listing that keeps
// one project's sessions (Dialect.cwdOf): the cwd the reader gives its row
// (reader.ts facts: the last `relocated` record's relocatedCwd, else the first
// line's cwd), or undefined when it cannot be told from a few reads, and the
// whole file is loaded instead. Claude Code's own list tells a transcript's
// project the same way, from its first and last 64 KB (2.1.332: the last
// `relocated` in the tail, else the head's cwd), and writes `relocated` again
// at the end with the session's other metadata when it leaves it, so the tail
// usually holds it. Here a tail without one is taken as saying "none" only
// when no byte of the rest of the file could start one either (a search of
// the bytes, nothing parsed): the reader's rule takes the last one anywhere.
import { promises as fsp } from "node:fs";
import { isGzipPath, readAt } from "../../lines.js";
import { isObj, str } from "./blocks.js";

const SPAN = 64 * 1024;
/** What every `relocated` record holds (a key: inside a JSON string its quotes would be escaped). */
const MARK = Buffer.from('"relocatedCwd":');
const SCAN = 1024 * 1024;

type FileHandle = Awaited<ReturnType<typeof fsp.open>>;

/** A line's JSON object (NUL padding before it skipped, as jsonl-source does), or null. */
function objectOf(buf: Buffer, start: number, end: number): Record<string, unknown> | null {
  while (start < end && buf[start] === 0) start++;
  try {
    const v: unknown = JSON.parse(buf.toString("utf8", start, end));
    return isObj(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * The last `relocated` record's cwd in the tail: a string; "none" when the
 * tail holds no mark of one; undefined when the last mark is in a line that is
 * cut, is not such a record, or names no folder (an earlier one may then be the
 * one: the caller loads the file).
 */
function lastRelocated(tail: Buffer, whole: boolean): string | "none" | undefined {
  const at = tail.lastIndexOf(MARK);
  if (at < 0) return "none";
  const nl = tail.lastIndexOf(10, at);
  if (nl < 0 && !whole) return undefined;
  const end = tail.indexOf(10, at);
  const v = objectOf(tail, nl + 1, end < 0 ? tail.length : end);
  return v && v.type === "relocated" && str(v.relocatedCwd) !== "" ? str(v.relocatedCwd) : undefined;
}

/** Whether bytes [0, end) hold `what`, read in chunks that overlap by its length. */
async function holds(fh: FileHandle, what: Buffer, end: number): Promise<boolean> {
  for (let at = 0; at < end; at += SCAN) {
    const chunk = await readAt(fh, at, Math.min(SCAN + what.length - 1, end - at));
    if (chunk.includes(what)) return true;
  }
  return false;
}

/** The first whole line's cwd in the head (the reader's `cwd` before any relocation), or undefined. */
function firstCwd(head: Buffer, whole: boolean): string | undefined {
  let start = 0;
  while (start < head.length) {
    let end = head.indexOf(10, start);
    if (end < 0) {
      if (!whole) return undefined; // cut by the read
      end = head.length;
    }
    const v = objectOf(head, start, end);
    if (v && str(v.cwd) !== "") return str(v.cwd);
    start = end + 1;
  }
  return undefined;
}

/** The cwd a Claude Code transcript's row has, or undefined when only loading it tells (see above). */
export async function claudeCwdOf(path: string): Promise<string | undefined> {
  if (isGzipPath(path)) return undefined;
  let fh: FileHandle;
  try {
    fh = await fsp.open(path, "r");
  } catch {
    return undefined;
  }
  try {
    const size = (await fh.stat()).size;
    const from = Math.max(0, size - SPAN);
    const tail = await readAt(fh, from, size - from);
    const moved = lastRelocated(tail, from === 0);
    if (moved !== "none") return moved;
    if (from > 0 && (await holds(fh, MARK, from + MARK.length - 1))) return undefined;
    return firstCwd(from === 0 ? tail : await readAt(fh, 0, Math.min(SPAN, size)), size <= SPAN);
  } catch {
    return undefined;
  } finally {
    await fh.close();
  }
}
