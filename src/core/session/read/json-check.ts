// Whether JSON.parse would read a line, told from its bytes without decoding
// or parsing it: every route that reads a line from its head (the list, the
// figures) or cuts it before parsing (the tree) keeps and rejects exactly the
// lines a full parse keeps and rejects (docs/session-format.md §2).
//
// The structure between strings is checked in JS, byte by byte; the strings,
// most of a session's bytes, are crossed four bytes at a time (a word holding
// no quote, backslash or control byte is skipped whole), so the check costs a
// fraction of a parse. A line is read as UTF-8: a byte of 0x80 or more is a
// character of its own or part of one (or U+FFFD), never a quote or a
// backslash, so inside a string any such byte is kept, outside one it is an
// error, as JSON.parse finds on the decoded text.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Four-byte words over a buffer's memory, for stringEnd's fast loop (made once per buffer, or once per line when a string is long). */
export function wordsOf(buf: Buffer): Int32Array {
  return new Int32Array(buf.buffer, 0, buf.buffer.byteLength >> 2);
}

/** A string this long or longer is crossed with words. */
const WORDS_FROM = 48;

const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** Bytes that end a run of plain string bytes: controls, '"' and '\\'. */
const SPECIAL = new Uint8Array(256).map((_, c) => (c < 0x20 || c === QUOTE || c === BACKSLASH ? 1 : 0));
/** What a backslash starts: 2 for a one-letter escape, 6 for \uXXXX, 0 for none JSON allows. */
const ESCAPE = new Uint8Array(256).map((_, c) => (c === 0x75 ? 6 : '"\\/bfnrt'.includes(String.fromCharCode(c)) ? 2 : 0));

/**
 * The string whose body starts at i (just past its opening quote): the index
 * just past its closing quote, or -1 when it is not a JSON string (a raw
 * control byte, a bad escape, no closing quote before end). `words`:
 * wordsOf(buf), or null to read byte by byte. Between two special bytes (a
 * quote, a backslash, a control byte) it reads bytes up to a word boundary,
 * then words while they hold none, then bytes up to the next one.
 */
export function stringEnd(buf: Buffer, i: number, end: number, words: Int32Array | null): number {
  const base = buf.byteOffset;
  const wordsEnd = words === null ? 0 : (base + end) >> 2;
  for (;;) {
    if (words !== null) {
      while (((base + i) & 3) !== 0 && i < end && SPECIAL[buf[i]] === 0) i++;
      if (((base + i) & 3) === 0) {
        let w = (base + i) >> 2;
        for (; w < wordsEnd; w++) {
          const x = words[w];
          const q = x ^ 0x22222222;
          const b = x ^ 0x5c5c5c5c;
          // A byte below 0x20, or a byte equal to '"' or '\' (its xor is zero): the classic has-less / has-zero tests.
          if ((((x - 0x20202020) & ~x) | ((q - 0x01010101) & ~q) | ((b - 0x01010101) & ~b)) & 0x80808080) break;
        }
        i = (w << 2) - base;
      }
    }
    while (i < end && SPECIAL[buf[i]] === 0) i++;
    if (i >= end) return -1;
    const c = buf[i];
    if (c === QUOTE) return i + 1;
    if (c !== BACKSLASH) return -1;
    const n = i + 1 < end ? ESCAPE[buf[i + 1]] : 0;
    if (n === 0 || i + n > end) return -1;
    if (n === 6 && !(isHex(buf[i + 2]) && isHex(buf[i + 3]) && isHex(buf[i + 4]) && isHex(buf[i + 5]))) return -1;
    i += n;
  }
}

/** Index of the first byte at or after i that is not JSON whitespace. */
function ws(buf: Buffer, i: number, end: number): number {
  while (i < end) {
    const c = buf[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) break;
    i++;
  }
  return i;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** Index just past the number at i, or -1. */
function numberEnd(buf: Buffer, i: number, end: number): number {
  if (buf[i] === 0x2d) i++;
  if (i >= end) return -1;
  if (buf[i] === 0x30) i++;
  else if (isDigit(buf[i])) while (i < end && isDigit(buf[i])) i++;
  else return -1;
  if (i < end && buf[i] === 0x2e) {
    i++;
    if (i >= end || !isDigit(buf[i])) return -1;
    while (i < end && isDigit(buf[i])) i++;
  }
  if (i < end && (buf[i] === 0x65 || buf[i] === 0x45)) {
    i++;
    if (i < end && (buf[i] === 0x2b || buf[i] === 0x2d)) i++;
    if (i >= end || !isDigit(buf[i])) return -1;
    while (i < end && isDigit(buf[i])) i++;
  }
  return i;
}

/** Index just past the literal `word` at i, or -1. */
function literalEnd(buf: Buffer, i: number, end: number, word: string): number {
  if (i + word.length > end) return -1;
  for (let k = 0; k < word.length; k++) if (buf[i + k] !== word.charCodeAt(k)) return -1;
  return i + word.length;
}

const OBJECT = 1;
const ARRAY = 2;

/**
 * (No route calls this since the list's scan stopped checking whole lines, for
 * its cost, docs/formats.md: the tests hold stringEnd, which the tree's cutting
 * uses, to JSON.parse through it.)
 * Whether JSON.parse reads the line [start, end) decoded as UTF-8: any JSON
 * value, with whitespace around it. Nesting has no limit, as the parse's.
 * `words`: wordsOf(buf), when the caller keeps one for the buffer.
 */
export function isJson(buf: Buffer, start: number, end: number, words: Int32Array | null = null): boolean {
  return check(buf, start, end, 0, false, words);
}

/** An object's key at i and its colon: the index of the value after them, or -1. */
function keyEnd(buf: Buffer, i: number, end: number, words: Int32Array | null): number {
  if (i >= end || buf[i] !== QUOTE) return -1;
  i = stringEnd(buf, i + 1, end, words);
  if (i < 0) return -1;
  i = ws(buf, i, end);
  if (i >= end || buf[i] !== 0x3a) return -1;
  return ws(buf, i + 1, end);
}

function check(buf: Buffer, start: number, end: number, objects: number, afterValue: boolean, words: Int32Array | null): boolean {
  const open: number[] = [];
  for (let k = 0; k < objects; k++) open.push(OBJECT);
  let i = start;
  if (!afterValue) i = ws(buf, i, end);
  for (;;) {
    if (!afterValue) {
      // A value starts at i.
      if (i >= end) return false;
      const c = buf[i];
      if (c === 0x7b) {
        i = ws(buf, i + 1, end);
        if (buf[i] === 0x7d && i < end) i++;
        else {
          open.push(OBJECT);
          // The first key.
          if (words === null && end - i > WORDS_FROM) words = wordsOf(buf);
          i = keyEnd(buf, i, end, words);
          if (i < 0) return false;
          continue;
        }
      } else if (c === 0x5b) {
        i = ws(buf, i + 1, end);
        if (buf[i] === 0x5d && i < end) i++;
        else {
          open.push(ARRAY);
          continue;
        }
      } else if (c === QUOTE) {
        if (words === null && end - i > WORDS_FROM) words = wordsOf(buf);
        i = stringEnd(buf, i + 1, end, words);
      } else if (c === 0x2d || isDigit(c)) i = numberEnd(buf, i, end);
      else if (c === 0x74) i = literalEnd(buf, i, end, "true");
      else if (c === 0x66) i = literalEnd(buf, i, end, "false");
      else if (c === 0x6e) i = literalEnd(buf, i, end, "null");
      else return false;
      if (i < 0) return false;
    }
    afterValue = false;
    // After a value: close what it ends, then a comma (and a key) before the next value, or the end of the line.
    for (;;) {
      i = ws(buf, i, end);
      if (open.length === 0) return i === end;
      if (i >= end) return false;
      const d = buf[i];
      const kind = open[open.length - 1];
      if (d === 0x2c) {
        i = ws(buf, i + 1, end);
        if (kind === OBJECT) {
          if (words === null && end - i > WORDS_FROM) words = wordsOf(buf);
          i = keyEnd(buf, i, end, words);
          if (i < 0) return false;
        }
        break;
      }
      if (d !== (kind === OBJECT ? 0x7d : 0x5d)) return false;
      open.pop();
      i++;
    }
  }
}
