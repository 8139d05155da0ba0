// Claude Code transcripts line by line, as an async iterable: the file is read
// in chunks, never whole, and each line keeps its byte offset so the entry it
// gave can be read again alone.
import { open } from "node:fs/promises";
import type { Origin } from "../../dialect-api.js";

const CHUNK = 1 << 20;

export interface RawLine {
  text: string;
  origin: Origin;
  /** False for a last line with no "\n" (an agent may be writing it). */
  terminated: boolean;
}

/** Every non-blank line (BOM and "\r" stripped), with its 1-based number and byte range. */
export async function* readLines(path: string): AsyncGenerator<RawLine> {
  const fh = await open(path, "r");
  try {
    let carry: Buffer = Buffer.alloc(0);
    let carryOffset = 0; // file offset of carry[0]
    let pos = 0;
    let line = 1;
    const chunk = Buffer.allocUnsafe(CHUNK);
    const emit = (buf: Buffer, start: number, end: number, offset: number, terminated: boolean): RawLine | null => {
      const length = end - start;
      let stop = end;
      if (stop > start && buf[stop - 1] === 0x0d) stop--;
      let text = buf.toString("utf8", start, stop);
      if (offset === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const out = text.trim() === "" ? null : { text, origin: { line, offset, length }, terminated };
      line++;
      return out;
    };
    for (;;) {
      const { bytesRead } = await fh.read(chunk, 0, CHUNK, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      const buf = carry.length ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
      let start = 0;
      for (;;) {
        const nl = buf.indexOf(0x0a, start);
        if (nl < 0) break;
        const got = emit(buf, start, nl, carryOffset + start, true);
        if (got) yield got;
        start = nl + 1;
      }
      // The unfinished line is copied out: `chunk` is reused by the next read.
      carryOffset += start;
      carry = Buffer.from(buf.subarray(start));
    }
    if (carry.length) {
      const got = emit(carry, 0, carry.length, carryOffset, false);
      if (got) yield got;
    }
  } finally {
    await fh.close();
  }
}
