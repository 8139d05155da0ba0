// Header sniffing: a session file's header from its first bytes, so a listing
// filtered by cwd can rule out most files without scanning them. Read with
// the one line scanner (lines.ts), stopped after its first HEAD_READ bytes.
import { isGzipPath, scanLines } from "../../lines.js";
import { isBlank } from "../../line-bytes.js";
import { parseObject } from "../../parse-line.js";
import { isTitleSlot } from "./omp-marks.js";

type Json = Record<string, unknown>;

const HEAD_READ = 16 * 1024;

/**
 * The header of a plain session file from its first bytes, or null when the
 * file is not a session file; undefined when that cannot be told cheaply
 * (gzip, or a first line longer than the read), so the caller scans it.
 */
export async function readSessionHeader(file: string): Promise<Json | null | undefined> {
  if (isGzipPath(file)) return undefined;
  let found: Json | null | undefined;
  // A last line without "\n": the file's own end when the read stopped short of HEAD_READ.
  let partial: Json | null | undefined;
  let cut = false;
  let bytes: number;
  try {
    ({ bytes } = await scanLines(
      file,
      (buf, start, end, _offset, line, terminated) => {
        if (terminated) found = lineHeader(buf, start, end, line);
        else {
          cut = true;
          partial = lineHeader(buf, start, end, line);
        }
      },
      { end: HEAD_READ, shouldStop: () => found !== undefined, buffer: Buffer.allocUnsafe(HEAD_READ) },
    ));
  } catch {
    return undefined;
  }
  if (found !== undefined) return found;
  if (bytes >= HEAD_READ) return undefined; // the first lines go on past the read
  return cut ? (partial ?? null) : null;
}

/** A header, null (definitely not a session), or undefined (skip this line). */
function lineHeader(buf: Buffer, start: number, end: number, lineNo: number): Json | null | undefined {
  if (isBlank(buf, start, end)) return undefined;
  const obj = parseObject(buf, start, end);
  if (obj === null) return undefined;
  if (isTitleSlot(obj, lineNo)) return undefined;
  return obj.type === "session" && typeof obj.id === "string" ? obj : null;
}
