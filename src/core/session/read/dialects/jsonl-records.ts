// The records of a JSON Lines file, one parsed line at a time, with each
// line's 1-based number, byte offset and length: the file is read in chunks,
// never whole, so a session of hundreds of MB streams. A line that is not JSON
// comes out as a warning with its number (a truncated last line while an agent
// writes is the usual case); blank lines are skipped.
import { open } from "node:fs/promises";
import type { Origin, RecordSource } from "../dialect-api.js";

type Item = { value: unknown; origin: Origin } | { warning: string; origin: Origin };

const CHUNK = 1 << 20;

export function jsonlRecordSource(path: string): RecordSource {
  return { records: () => jsonlRecords(path) };
}

export async function* jsonlRecords(path: string): AsyncGenerator<Item> {
  const fh = await open(path, "r");
  try {
    let buf = Buffer.allocUnsafe(CHUNK);
    let filled = 0;
    let base = 0; // file offset of buf[0]
    let line = 1;
    let pos = 0; // read position in the file
    let eof = false;
    let bomChecked = false;
    while (!eof || filled > 0) {
      if (!eof) {
        if (filled === buf.length) {
          const bigger = Buffer.allocUnsafe(buf.length * 2);
          buf.copy(bigger, 0, 0, filled);
          buf = bigger;
        }
        const { bytesRead } = await fh.read(buf, filled, buf.length - filled, pos);
        pos += bytesRead;
        filled += bytesRead;
        if (bytesRead === 0) eof = true;
      }
      let start = 0;
      if (!bomChecked && filled >= 3) {
        bomChecked = true;
        if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
      }
      for (;;) {
        let nl = buf.indexOf(0x0a, start);
        if (nl < 0 || nl >= filled) {
          if (!eof) break;
          if (start >= filled) break;
          nl = filled; // a last line without "\n"
        }
        const item = parseLine(buf, start, nl, base + start, line);
        if (item) yield item;
        line++;
        start = nl + 1;
        if (start > filled) start = filled;
      }
      if (eof) break;
      buf.copy(buf, 0, start, filled);
      filled -= start;
      base += start;
    }
  } finally {
    await fh.close();
  }
}

function parseLine(buf: Buffer, start: number, end: number, offset: number, line: number): Item | null {
  const length = end - start;
  let stop = end;
  if (stop > start && buf[stop - 1] === 0x0d) stop--;
  const text = buf.toString("utf8", start, stop);
  if (text.trim() === "") return null;
  const origin = { line, offset, length };
  try {
    return { value: JSON.parse(text) as unknown, origin };
  } catch {
    return { warning: `line ${line}: not valid JSON (skipped)`, origin };
  }
}
