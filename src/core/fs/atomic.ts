// Atomic replace: readers see the old file or the new one, never a half-written
// one. The temp file lives next to the target so the rename stays on one disk.
import { openSync, writeSync, fsyncSync, closeSync, renameSync, unlinkSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { sleepSync } from "./sleep.js";

const RETRY_CODES = new Set(["EPERM", "EACCES", "EBUSY"]);

/** Writes `data` to a temp file (`wx`, `mode`), fsyncs, then renames it over `path`. */
export function atomicWrite(path: string, data: string | Uint8Array, mode = 0o600): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(8).toString("hex")}.tmp`);
  const fd = openSync(tmp, "wx", mode);
  try {
    try {
      writeSync(fd, typeof data === "string" ? Buffer.from(data, "utf8") : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameWithRetry(tmp, path);
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
