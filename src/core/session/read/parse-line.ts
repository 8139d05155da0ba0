// The one line parser: a JSONL line's bytes to its value. parseRecord and
// parseObject read the line exactly (a dialect's records, a header, the
// summary's few parsed lines); parseLine is the tree pass's, which may cut
// long nested strings (below).
//
// A line is decoded to a one-byte string when its bytes allow (half the
// memory of a two-byte one, which JSON.parse reads about twice as fast):
// parseLine decodes an ASCII line as latin1; parseRecord leaves it to the
// UTF-8 decoder, which makes one of ASCII bytes too. A line with any other
// byte is decoded as UTF-8, exactly.
//
// The tree keeps previews, never bodies, and a preview reads at most
// PREVIEW_SOURCE_UNITS characters of any one string (text/safe-text.ts). So before
// parsing, a line's long strings nested inside the entry (message text, tool
// output, tool arguments) are cut to just over that many characters, in the
// bytes: the parse then reads and allocates a fraction of a session made
// mostly of tool output. A long string directly in the entry (an id, a label,
// a name, a compaction summary) is never cut: such a line is parsed whole.
import { isAscii } from "node:buffer";
import { PREVIEW_SOURCE_UNITS } from "../text/safe-text.js";
import { envSlot } from "../../env.js";
import { stringEnd } from "./json-check.js";

/**
 * Parses one line. Strings nested below the entry's own fields keep at least
 * PREVIEW_SOURCE_UNITS UTF-16 units; the rest of them is left out.
 */
export function parseLine(buf: Buffer, start: number, end: number, words: Int32Array | null = null): unknown {
  if (end - start > SHORTEN_FROM) {
    const n = shorten(buf, start, end, words);
    if (n >= 0) {
      buf = scratchBuffer().buf;
      start = 0;
      end = n;
    }
  }
  const ascii = isAscii(buf.subarray(start, end));
  return JSON.parse(buf.toString(ascii ? "latin1" : "utf8", start, end));
}

/**
 * One line's value, exactly; throws a SyntaxError when it is not JSON.
 * Decoded as UTF-8 without asking first whether it is ASCII: V8 makes a
 * one-byte string of ASCII bytes decoded so (as fast to parse as latin1's),
 * and the check would cost a pass over the line of its own.
 */
export function parseRecord(buf: Buffer, start: number, end: number): unknown {
  return JSON.parse(buf.toString("utf8", start, end));
}

/**
 * parseRecord over the lines of a file read in runs (lines.ts ScanOptions
 * `run`): a run of ASCII lines is decoded once, as one string, and each of
 * its lines parsed from a slice of it (a string that points into the run's,
 * made without copying), instead of a string of its own per line: that
 * string was a sixth of what a cold `stats` over Claude Code allocated. A
 * run with any other byte, and a line outside the run told of, is decoded
 * line by line, as parseRecord does (UTF-8 and ASCII decode alike for ASCII
 * bytes, so the value is the same either way).
 */
export class RunParser {
  private text: string | null = null;
  private buf: Buffer | null = null;
  private from = 0;
  private to = 0;

  /** The run of whole lines [from, to) of `buf`, about to be parsed line by line. */
  run(buf: Buffer, from: number, to: number): void {
    const ascii = isAscii(buf.subarray(from, to));
    this.text = ascii ? buf.toString("latin1", from, to) : null;
    this.buf = ascii ? buf : null;
    this.from = from;
    this.to = to;
  }

  /** One line's value, as parseRecord gives it. */
  parse(buf: Buffer, start: number, end: number): unknown {
    if (this.text !== null && buf === this.buf && start >= this.from && end <= this.to) return JSON.parse(this.text.slice(start - this.from, end - this.from));
    return parseRecord(buf, start, end);
  }
}

/** One line's object, exactly; null when the line is not JSON or not an object. */
export function parseObject(buf: Buffer, start: number, end: number): Record<string, unknown> | null {
  let v: unknown;
  try {
    v = parseRecord(buf, start, end);
  } catch {
    return null;
  }
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** Where `shorten` writes its copy (grown as needed, reused line after line). */
const scratchBuffer = envSlot(() => ({ buf: Buffer.allocUnsafe(64 * 1024) }));
/** Two more than previews read: a cut between the halves of an escaped surrogate pair stays out of sight. */
const KEEP_UNITS = PREVIEW_SOURCE_UNITS + 2;
/**
 * Cutting costs a pass over the line's structure and the kept parts, in JS;
 * it pays off on lines several times longer than what is kept (measured on
 * the bench's 200 MB session: 4 KB beats 1 KB and 8 KB).
 */
const SHORTEN_FROM = 4096;

/**
 * Copies the line into `scratch` with every over-long string at depth 2 or
 * more cut at a character boundary, and returns the copy's length; returns -1
 * when nothing needed cutting (or the line is not well-formed enough to tell:
 * JSON.parse then judges the original).
 *
 * Every string is checked whole as JSON.parse would check it (json-check.ts
 * stringEnd: no raw control bytes, valid escapes), the part left out too, so a
 * damaged line is rejected exactly as a full parse would reject it; the
 * structure between strings is copied as it is and left to the parse.
 */
export function shorten(buf: Buffer, start: number, end: number, words: Int32Array | null = null): number {
  // Taken once per long line (shorten runs only on lines over SHORTEN_FROM bytes).
  const held = scratchBuffer();
  let scratch = held.buf;
  let depth = 0;
  let copied = start; // first byte of buf not yet copied
  let out = 0;
  let i = start;
  while (i < end) {
    const c = buf[i];
    if (c !== 34) {
      if (c === 123 || c === 91) depth++;
      else if (c === 125 || c === 93) depth--;
      i++;
      continue;
    }
    const close = stringEnd(buf, i + 1, end, words);
    if (close < 0) return -1;
    // A string of no more bytes than KEEP_UNITS has no more UTF-16 units.
    if (close - i - 2 <= KEEP_UNITS) {
      i = close;
      continue;
    }
    // Count its UTF-16 units up to the limit (its escapes are well-formed: stringEnd checked them).
    const q = close - 1;
    let j = i + 1;
    let units = 0;
    let cutAt = -1;
    while (j < q) {
      const b = buf[j];
      if (units >= KEEP_UNITS && (b & 0xc0) !== 0x80) {
        cutAt = j;
        break;
      }
      if (b === 92) {
        j += buf[j + 1] === 117 ? 6 : 2;
        units++;
      } else {
        j++;
        if (b < 0x80 || b >= 0xc0) units += b >= 0xf0 ? 2 : 1;
      }
    }
    if (cutAt < 0) {
      i = close;
      continue;
    }
    if (depth < 2) return -1;
    const keep = cutAt - copied;
    if (out + keep + 1 + (end - q) > scratch.length) {
      const bigger = Buffer.allocUnsafe(Math.max(scratch.length * 2, out + keep + 1 + (end - q)));
      scratch.copy(bigger, 0, 0, out);
      scratch = held.buf = bigger;
    }
    buf.copy(scratch, out, copied, cutAt);
    out += keep;
    scratch[out++] = 34;
    copied = close;
    i = close;
  }
  if (copied === start) return -1;
  if (out + (end - copied) > scratch.length) {
    const bigger = Buffer.allocUnsafe(out + (end - copied));
    scratch.copy(bigger, 0, 0, out);
    scratch = held.buf = bigger;
  }
  buf.copy(scratch, out, copied, end);
  return out + (end - copied);
}

/** The bytes `shorten` produced, for tests. */
export function shortened(buf: Buffer, start = 0, end = buf.length): Buffer | null {
  const n = shorten(buf, start, end);
  return n < 0 ? null : Buffer.from(scratchBuffer().buf.subarray(0, n));
}
