// Header sniffing: a session file's header from its first bytes, so a listing
// filtered by cwd can rule out most files without scanning them. Read with
// the one line scanner (lines.ts), stopped after its first HEAD_READ bytes.
import { isGzipPath, scanLines } from "../../lines.js";
import { PiLineScanner, type PiSink } from "./scanner.js";

type Json = Record<string, unknown>;

const HEAD_READ = 16 * 1024;

/**
 * The header of a plain session file from its first bytes, or null when the
 * file is not a session file; undefined when that cannot be told cheaply
 * (gzip, or a first line longer than the read), so the caller scans it.
 * Its lines are decided by pi's line scanner (scanner.ts), stopped at the header.
 */
export async function readSessionHeader(file: string): Promise<Json | null | undefined> {
  if (isGzipPath(file)) return undefined;
  let found: Json | null | undefined;
  // A last line without "\n": the file's own end when the read stopped short of HEAD_READ.
  let partial: Json | null | undefined;
  let cut = false;
  let bytes: number;
  let answer: Json | null | undefined;
  // The scanner tells of the header, or that the file is none; a damaged line or the title slot tells nothing.
  const sink: PiSink = { header: (obj) => (answer = obj), notSession: () => (answer = null), entry: () => undefined };
  const scanner = new PiLineScanner(sink);
  try {
    ({ bytes } = await scanLines(
      file,
      (buf, start, end, offset, line, terminated) => {
        scanner.line(buf, start, end, offset, line, terminated);
        if (terminated) found = answer;
        else {
          cut = true;
          partial = answer;
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

/**
 * The same decision on bytes in hand (a file's first lines, as another
 * agent's sniffing reads them): the header, null when the lines say the file
 * is no pi or omp session, undefined when they end before telling.
 */
export function sessionHeaderIn(head: Buffer): Json | null | undefined {
  let answer: Json | null | undefined;
  const scanner = new PiLineScanner({ header: (obj) => (answer = obj), notSession: () => (answer = null), entry: () => undefined });
  // As lines.ts splits them: a leading BOM dropped, each line without its "\n" and a trailing "\r".
  let start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  for (let lineNo = 1; answer === undefined && start < head.length; lineNo++) {
    const nl = head.indexOf(10, start);
    const terminated = nl >= 0;
    let end = terminated ? nl : head.length;
    if (end > start && head[end - 1] === 13) end--;
    scanner.line(head, start, end, start, lineNo, terminated);
    if (!terminated) break;
    start = nl + 1;
  }
  return answer;
}
