// Writes an export to a file as it is made: chunks go to a temp file next to
// the target, which is renamed into place only when complete (a reader never
// sees half an export). The session being exported is never the target, and
// neither is any other session file unless asked (--force): session files
// are the user's history.
import { randomBytes } from "node:crypto";
import { basename, dirname, join, resolve } from "node:path";
import { OmpSessionsError, WriteRefusedError } from "../errors.js";
import { promises as fsp } from "node:fs";

export interface WriteExportOptions {
  /** The session file being exported: refused as a target. */
  source: string;
  /** Overwrite a file that looks like a session file. */
  force?: boolean;
  /** Never replace an existing file (the browser's `E` picks a free name). */
  exclusive?: boolean;
}

const SESSION_START = /^\uFEFF?\s*\{\s*"type"\s*:\s*"(session|title)"/;

async function looksLikeSession(file: string): Promise<boolean> {
  const fh = await fsp.open(file, "r");
  try {
    const buf = Buffer.alloc(512);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return SESSION_START.test(buf.toString("utf8", 0, bytesRead));
  } finally {
    await fh.close();
  }
}

const codeOf = (err: unknown): string => (err as NodeJS.ErrnoException).code ?? String(err);

async function checkTarget(target: string, o: WriteExportOptions): Promise<void> {
  let st;
  try {
    st = await fsp.stat(target);
  } catch (err) {
    if (codeOf(err) === "ENOENT") return;
    throw new OmpSessionsError(`cannot write ${target} (${codeOf(err)})`);
  }
  const src = await fsp.stat(o.source).catch(() => null);
  if (resolve(target) === resolve(o.source) || (src && src.dev === st.dev && src.ino === st.ino)) {
    throw new WriteRefusedError(`${target} is the session being exported; an export never writes into it`);
  }
  if (st.isDirectory()) throw new OmpSessionsError(`${target} is a directory; give a file name`);
  if (o.exclusive) throw new WriteRefusedError(`${target} already exists; not overwriting it`);
  if (!o.force && st.isFile() && (await looksLikeSession(target))) {
    throw new WriteRefusedError(`${target} is a session file; not overwriting it (--force to replace it)`);
  }
}

/** Writes the chunks to `target` (temp file, then into place). Returns the absolute path and the bytes written. */
export async function writeExportFile(chunks: AsyncIterable<string>, target: string, o: WriteExportOptions): Promise<{ file: string; bytes: number }> {
  const file = resolve(target);
  await checkTarget(file, o);
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  let fh;
  try {
    fh = await fsp.open(tmp, "wx", 0o600);
  } catch (err) {
    const code = codeOf(err);
    throw new OmpSessionsError(code === "ENOENT" ? `${dirname(file)}: no such directory` : `cannot create a file in ${dirname(file)} (${code})`);
  }
  let bytes = 0;
  try {
    try {
      let pending: Buffer[] = [];
      let size = 0;
      const flush = async () => {
        const buf = pending.length === 1 ? pending[0] : Buffer.concat(pending);
        pending = [];
        size = 0;
        for (let at = 0; at < buf.length;) at += (await fh.write(buf, at, buf.length - at)).bytesWritten;
      };
      for await (const chunk of chunks) {
        const b = Buffer.from(chunk, "utf8");
        pending.push(b);
        size += b.length;
        bytes += b.length;
        if (size >= 1 << 20) await flush();
      }
      if (size) await flush();
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (o.exclusive) await fsp.link(tmp, file);
    else await fsp.rename(tmp, file);
  } catch (err) {
    if (err instanceof OmpSessionsError) throw err;
    const code = codeOf(err);
    if (code === "EEXIST") throw new WriteRefusedError(`${file} already exists; not overwriting it`);
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) throw new OmpSessionsError(`cannot write ${file} (${code})`);
    throw err;
  } finally {
    await fsp.unlink(tmp).catch(() => undefined);
  }
  return { file, bytes };
}
