// Header sniffing: a session file's header from its first bytes, so a listing
// filtered by cwd can rule out most files without scanning them.
import { open } from "node:fs/promises";
import { isGzipPath } from "./lines.js";
import { isBlank } from "./entry-head.js";
import { parseObject } from "./parse-line.js";

type Json = Record<string, unknown>;

const HEAD_READ = 16 * 1024;

/**
 * The header of a plain session file from its first bytes, or null when the
 * file is not a session file; undefined when that cannot be told cheaply
 * (gzip, or a first line longer than the read), so the caller scans it.
 */
export async function readSessionHeader(file: string): Promise<Json | null | undefined> {
  if (isGzipPath(file)) return undefined;
  let buf: Buffer;
  let got: number;
  try {
    const fh = await open(file, "r");
    try {
      buf = Buffer.allocUnsafe(HEAD_READ);
      got = (await fh.read(buf, 0, HEAD_READ, 0)).bytesRead;
    } finally {
      await fh.close();
    }
  } catch {
    return undefined;
  }
  let pos = got >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  let lineNo = 1;
  while (pos < got) {
    const nl = buf.indexOf(10, pos);
    if (nl === -1 || nl >= got) return got < HEAD_READ ? lineHeader(buf, pos, got, lineNo) ?? null : undefined;
    const r = lineHeader(buf, pos, nl, lineNo);
    if (r !== undefined) return r;
    pos = nl + 1;
    lineNo++;
  }
  return got < HEAD_READ ? null : undefined;
}

/** A header, null (definitely not a session), or undefined (skip this line). */
function lineHeader(buf: Buffer, start: number, end: number, lineNo: number): Json | null | undefined {
  if (isBlank(buf, start, end)) return undefined;
  const obj = parseObject(buf, start, end);
  if (obj === null) return undefined;
  if (obj.type === "title" && lineNo === 1) return undefined;
  return obj.type === "session" && typeof obj.id === "string" ? obj : null;
}

