// The one whole-file rewrite (docs/session-format.md §7a): renaming an omp file
// that has no title slot. omp reads a name only from the slot (else the
// header's title), never from a title_change, so it renames such a file by
// rewriting it with a slot added; we do the same, without omp's re-encoding:
// the new slot, the header with only title/titleSource set, every other line
// byte for byte, then the title_change line. Written to a temp file beside
// it under omp's lock, and swapped in with a rename only if the file still
// holds exactly the bytes that were copied; else nothing changes.
import { closeSync, fstatSync, fsyncSync, openSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from "node:fs";
import { createHash, randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { OmpSessionsError, SessionError, WriteRefusedError } from "../../errors.js";
import { scanLines } from "../read/lines.js";
import type { Session } from "../model.js";
import { checkLive, type LiveOptions } from "./live.js";
import { serializeSlot } from "./title-slot.js";

type Obj = Record<string, unknown>;

export interface RewritePlan {
  /** The size of the file the plan was made against: the rewrite copies exactly these bytes. */
  size: number;
  /** Where the header line is, and its length without the line end. */
  headerOffset: number;
  headerLength: number;
  /** The title slot line (256 bytes, with its "\n") that will open the file. */
  slotLine: string;
  /** The header as it will be written (one line, no "\n"). */
  headerLine: string;
  /** The title as it fits in the slot. */
  slotTitle: string;
}

/** The first line that is the session header: its place in the file and its object. */
export async function findHeader(file: string, end: number): Promise<{ offset: number; length: number; header: Obj }> {
  let found: { offset: number; length: number; header: Obj } | null = null;
  await scanLines(
    file,
    (buf, start, stop, offset) => {
      if (found) return;
      let obj: unknown;
      try {
        obj = JSON.parse(buf.toString("utf8", start, stop).replace(/^\uFEFF/, ""));
      } catch {
        return;
      }
      if (typeof obj === "object" && obj !== null && (obj as Obj).type === "session") found = { offset, length: stop - start, header: obj as Obj };
    },
    { end, gzip: false, shouldStop: () => found !== null },
  );
  if (!found) throw new SessionError(`${file}: no session header found; reload it`);
  return found;
}

/** What the rename of a slot-less omp file will write, for the preview and for applyRewrite. */
export async function planSlotRewrite(s: Session, title: string, now: Date): Promise<RewritePlan> {
  const at = await findHeader(s.file, s.size);
  const header: Obj = { ...at.header };
  // Existing keys keep their place; a missing one is added last.
  header.title = title;
  header.titleSource = "user";
  const slot = serializeSlot({ title, source: "user", updatedAt: now.toISOString() });
  if (!slot) throw new WriteRefusedError(`${s.file}: cannot build a title slot`);
  return { size: s.size, headerOffset: at.offset, headerLength: at.length, slotLine: slot.text, headerLine: JSON.stringify(header), slotTitle: slot.title };
}

export interface RewriteOptions {
  live?: LiveOptions;
  /**
   * Called once the new file is complete, just before the check that the old
   * one still holds the bytes copied and the swap. Tests change the file here
   * to see the rewrite refused.
   */
  beforeSwap?: (file: string) => void;
}

/** omp's lock beside the file: created exclusively, holding `pid:time`. */
function takeLock(file: string): () => void {
  const lock = join(dirname(file), `.${basename(file)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(lock, "wx", 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw new WriteRefusedError(`${file}: cannot create its lock ${lock} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      if (attempt === 0 && holderDead(lock)) {
        try {
          unlinkSync(lock);
        } catch {
          // someone else broke it
        }
        continue;
      }
      throw new WriteRefusedError(`${file} is locked by another writer (${lock}); try again when it is done`);
    }
    try {
      writeSync(fd, `${process.pid}:${Date.now()}\n`);
    } finally {
      closeSync(fd);
    }
    return () => {
      try {
        unlinkSync(lock);
      } catch {
        // already gone
      }
    };
  }
  throw new WriteRefusedError(`${file} is locked by another writer (${lock})`);
}

/** A lock whose recorded pid no longer runs (on this machine) was left by a crash. */
function holderDead(lock: string): boolean {
  let text: string;
  try {
    text = readFileSync(lock, "utf8");
  } catch {
    return false;
  }
  const m = /^(\d+):\d+\s*$/.exec(text);
  if (!m) return false;
  try {
    process.kill(Number(m[1]), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

const same = (a: Stats, b: Stats) => a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** Copies [from, to) of `src` into `dst`, feeding the hash; returns the last byte copied (-1 for none). */
function copyRange(src: number, dst: number, from: number, to: number, hash: ReturnType<typeof createHash>, buf: Buffer): number {
  let last = -1;
  for (let at = from; at < to;) {
    const n = readSync(src, buf, 0, Math.min(buf.length, to - at), at);
    if (n === 0) throw new WriteRefusedError("the file got shorter while it was being copied; nothing changed");
    hash.update(buf.subarray(0, n));
    let w = 0;
    while (w < n) w += writeSync(dst, buf, w, n - w);
    last = buf[n - 1];
    at += n;
  }
  return last;
}

function hashOf(fd: number, size: number, buf: Buffer): string {
  const h = createHash("sha256");
  for (let at = 0; at < size;) {
    const n = readSync(fd, buf, 0, Math.min(buf.length, size - at), at);
    if (n === 0) break;
    h.update(buf.subarray(0, n));
    at += n;
  }
  return h.digest("hex");
}

/**
 * Writes the new file and swaps it in, or throws WriteRefusedError and leaves
 * the file as it was: when it looks live, is locked, or is not byte for byte
 * what was copied by the time of the swap.
 */
export function applyRewrite(file: string, plan: RewritePlan, titleChangeLine: string, opts: RewriteOptions = {}): void {
  const live = checkLive(file, opts.live);
  if (live.live) {
    throw new WriteRefusedError(`${file} looks live (${live.reasons.join("; ")}): renaming a file without a title slot rewrites it whole, which is never done while an agent may be writing it; close the agent and try again`);
  }
  const release = takeLock(file);
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  let swapped = false;
  try {
    const src = openSync(file, "r");
    try {
      const before = fstatSync(src);
      if (before.size !== plan.size) throw new WriteRefusedError(`${file} changed since it was read (${plan.size} → ${before.size} bytes); nothing changed, reload it and try again`);
      let dst: number;
      try {
        dst = openSync(tmp, "wx", before.mode & 0o777);
      } catch (err) {
        throw new OmpSessionsError(`cannot create a file in ${dirname(file)} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      }
      const hash = createHash("sha256");
      const buf = Buffer.allocUnsafe(1 << 20);
      try {
        writeSync(dst, plan.slotLine);
        // Lines before the header (blank or damaged ones) stay as they are.
        copyRange(src, dst, 0, plan.headerOffset, hash, buf);
        hash.update(readExact(src, plan.headerOffset, plan.headerLength));
        writeSync(dst, plan.headerLine);
        // From the header's own line end on, every byte as it is.
        const last = copyRange(src, dst, plan.headerOffset + plan.headerLength, plan.size, hash, buf);
        writeSync(dst, (last === 0x0a ? "" : "\n") + titleChangeLine + "\n");
        fsyncSync(dst);
      } finally {
        closeSync(dst);
      }
      opts.beforeSwap?.(file);
      // The moment of the swap: the file must still be the one copied, byte for byte.
      const now = statSync(file);
      if (!same(before, now) || hashOf(src, now.size, buf) !== hash.digest("hex")) {
        throw new WriteRefusedError(`${file} changed while it was being rewritten (another writer); nothing changed, reload it and try again`);
      }
      renameSync(tmp, file);
      swapped = true;
    } finally {
      closeSync(src);
    }
  } finally {
    if (!swapped) {
      try {
        unlinkSync(tmp);
      } catch {
        // never created
      }
    }
    release();
  }
}

function readExact(fd: number, offset: number, length: number): Buffer {
  const b = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, b, got, length - got, offset + got);
    if (n === 0) throw new WriteRefusedError("the file got shorter while it was being copied; nothing changed");
    got += n;
  }
  return b;
}
