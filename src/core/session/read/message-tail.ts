// An assistant message's fields after its content, read from the end of the
// line: pi and omp write a message entry as
//   {"type":"message",…,"message":{"role":"assistant","content":[…],"api":…,"provider":…,"model":…,"usage":{…},…}}
// and what stats needs (usage, model, provider, responseId) comes after the
// content, which is most of the line's bytes. Walking back from the line's
// end to the content's closing bracket, then parsing only what follows it,
// reads a few hundred bytes of a line of thousands. Whatever does not have
// exactly this shape gives null, and the caller parses the whole line: the
// answer is always the one JSON.parse gives.

type Json = Record<string, unknown>;

const bytes = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, "latin1"));
const P_CONTENT = bytes(',"content":[');
/** A second entry head in one line: a line cut short and the next one written after it (only JSON.parse can judge). */
const P_PARENT_KEY = Buffer.from('"parentId":', "latin1");

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True when the quote at i is escaped (an odd run of backslashes before it). */
function escaped(buf: Buffer, i: number, floor: number): boolean {
  let k = i - 1;
  while (k >= floor && buf[k] === BACKSLASH) k--;
  return (i - 1 - k) % 2 === 1;
}

/** The opening quote of the string whose closing quote is at `close`, or -1 (none after `floor`). */
function stringStart(buf: Buffer, close: number, floor: number): number {
  let j = close - 1;
  while (j > floor) {
    j = buf.lastIndexOf(QUOTE, j);
    if (j <= floor) return -1;
    if (!escaped(buf, j, floor)) return j;
    j--;
  }
  return -1;
}

/**
 * Walking back from `from` (inside an object, outside any string), the first
 * `]` that closes a value of that object itself: the content array when the
 * members after it are plain. -1 when `floor` is reached first or the bytes
 * do not nest.
 */
function closingBracket(buf: Buffer, from: number, floor: number): number {
  let depth = 0;
  for (let i = from; i > floor; i--) {
    const c = buf[i];
    if (c === QUOTE) {
      i = stringStart(buf, i, floor);
      if (i < 0) return -1;
    } else if (c === 0x7d || c === 0x5d) {
      if (depth === 0 && c === 0x5d) return i;
      depth++;
    } else if (c === 0x7b || c === 0x5b) {
      if (--depth < 0) return -1;
    }
  }
  return -1;
}

/**
 * The assistant message of the line [start, end) without its content, as
 * JSON.parse would give it (role included), when the line has the shape
 * above and the tail holds the usage and the model; null when it does not
 * (then parse the line). `roleEnd` is where the
 * entry head found the role's closing quote (entry-head.ts).
 */
export function assistantTail(buf: Buffer, start: number, end: number, roleEnd: number): Json | null {
  if (roleEnd < 0 || roleEnd + P_CONTENT.length > end) return null;
  for (let k = 0; k < P_CONTENT.length; k++) if (buf[roleEnd + k] !== P_CONTENT[k]) return null;
  const open = roleEnd + P_CONTENT.length - 1;
  // The entry's closing brace, and the message's just before it (the message is the entry's last field).
  let last = end - 1;
  while (last > open && (buf[last] === 0x20 || buf[last] === 0x09 || buf[last] === 0x0d)) last--;
  if (last - 1 <= open || buf[last] !== 0x7d || buf[last - 1] !== 0x7d) return null;
  const close = closingBracket(buf, last - 2, open - 1);
  if (close < open + 1) return null;
  // Unbounded on purpose: past this line's end the search stops at the next line's head.
  const other = buf.indexOf(P_PARENT_KEY, roleEnd);
  if (other >= 0 && other < end) return null;
  const msg = readTail(buf, close + 1, last - 1);
  // The bracket found closes some array: the content's when usage and model
  // follow it (an unknown array field after the content would hide the
  // fields before it; then the whole line is parsed).
  return msg !== null && "usage" in msg && "model" in msg ? msg : null;
}

/** The fields read from the tail (callUsage's, stats/usage.ts), by level: the message's, the usage's, the cost's. */
const MESSAGE_KEYS = ["provider", "model", "responseId", "timestamp", "usage"].map(bytes);
const USAGE_KEYS = ["input", "output", "cacheRead", "cacheWrite", "cost"].map(bytes);
const COST_KEYS = ["total"].map(bytes);
const MESSAGE_NAMES = ["provider", "model", "responseId", "timestamp", "usage"];
const USAGE_NAMES = ["input", "output", "cacheRead", "cacheWrite", "cost"];

/**
 * The message's fields stats reads (provider, model, responseId, timestamp,
 * and usage with its counts and cost.total) from the members between `at`
 * (just past the content's `]`) and the message's `}` at `close`, as JSON
 * written compactly, the way pi and omp write it. A field holding what stats
 * does not read (an object where a count goes) is kept as null, which stats
 * reads as absent too. Anything it does not take (whitespace, an escape in a
 * field it keeps) gives null, and JSON.parse reads the line.
 */
function readTail(buf: Buffer, at: number, close: number): Json | null {
  const r = new TailReader(buf, close);
  r.pos = at;
  const out: Json = { role: "assistant" };
  return r.members(out, MESSAGE_KEYS, MESSAGE_NAMES, 0) && r.pos === close ? out : null;
}

/** Which of `keys` the bytes [a, b) spell, or -1. */
function keyIndex(buf: Buffer, a: number, b: number, keys: Uint8Array[]): number {
  const n = b - a;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    if (key.length !== n) continue;
    let i = 0;
    while (i < n && buf[a + i] === key[i]) i++;
    if (i === n) return k;
  }
  return -1;
}

/** A small reader of compact JSON over bytes: the fields stats wants, the rest stepped over. */
class TailReader {
  pos = 0;
  /** The last string's byte range (from string()). */
  private sa = 0;
  private sb = 0;

  constructor(
    private readonly buf: Buffer,
    private readonly limit: number,
  ) {}

  /**
   * Members `,"key":value` (or, nested, `{"key":value,…}`) up to the end:
   * the keys wanted go into `out` (the last of a repeated key wins, as in
   * JSON.parse). `level` 0: the message's own members, led by commas.
   */
  members(out: Json, keys: Uint8Array[], names: string[], level: number): boolean {
    const buf = this.buf;
    if (level > 0) {
      if (buf[this.pos] !== 0x7b) return false;
      this.pos++;
      if (buf[this.pos] === 0x7d) {
        this.pos++;
        return true;
      }
    }
    for (;;) {
      if (level === 0) {
        if (this.pos >= this.limit) return true;
        if (buf[this.pos++] !== 0x2c) return false;
      }
      if (!this.string()) return false;
      if (buf[this.pos] !== 0x3a) return false;
      this.pos++;
      const k = keyIndex(buf, this.sa, this.sb, keys);
      if (k < 0) {
        if (!this.skip(0)) return false;
      } else {
        const name = names[k];
        if (keys === MESSAGE_KEYS && name === "usage") {
          if (buf[this.pos] === 0x7b) {
            const usage: Json = {};
            if (!this.members(usage, USAGE_KEYS, USAGE_NAMES, 1)) return false;
            out.usage = usage;
          } else {
            if (!this.skip(0)) return false;
            out.usage = null;
          }
        } else if (keys === USAGE_KEYS && name === "cost") {
          if (buf[this.pos] === 0x7b) {
            const cost: Json = {};
            if (!this.members(cost, COST_KEYS, ["total"], 1)) return false;
            out.cost = cost;
          } else {
            if (!this.skip(0)) return false;
            out.cost = null;
          }
        } else {
          const v = this.scalar();
          if (v === FAIL) return false;
          out[name] = v;
        }
      }
      if (level > 0) {
        const next = buf[this.pos++];
        if (next === 0x7d) return this.pos <= this.limit;
        if (next !== 0x2c) return false;
      }
    }
  }

  /** A string's range (no escapes, no control characters) into sa/sb; false when it is not one. */
  private string(): boolean {
    const buf = this.buf;
    if (buf[this.pos] !== QUOTE) return false;
    for (let i = this.pos + 1; i < this.limit; i++) {
      const c = buf[i];
      if (c === QUOTE) {
        this.sa = this.pos + 1;
        this.sb = i;
        this.pos = i + 1;
        return true;
      }
      if (c === BACKSLASH || c < 0x20) return false;
    }
    return false;
  }

  /** A field's value stats may read: a string or a number as JSON.parse gives it, null for anything else (stepped over). */
  private scalar(): string | number | null | typeof FAIL {
    const buf = this.buf;
    const c = buf[this.pos];
    if (c === QUOTE) return this.string() ? buf.toString("utf8", this.sa, this.sb) : FAIL;
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number() ?? FAIL;
    return this.skip(0) ? null : FAIL;
  }

  /** A number in JSON's grammar, as JSON.parse reads it; null when it is not one. */
  private number(): number | null {
    const buf = this.buf;
    const from = this.pos;
    let i = from;
    if (buf[i] === 0x2d) i++;
    const intStart = i;
    while (i < this.limit && buf[i] >= 0x30 && buf[i] <= 0x39) i++;
    const n = i - intStart;
    if (n === 0 || (n > 1 && buf[intStart] === 0x30)) return null;
    let plain = n <= 15;
    if (buf[i] === 0x2e) {
      const f = ++i;
      while (i < this.limit && buf[i] >= 0x30 && buf[i] <= 0x39) i++;
      if (i === f) return null;
      plain = false;
    }
    if (buf[i] === 0x65 || buf[i] === 0x45) {
      i++;
      if (buf[i] === 0x2b || buf[i] === 0x2d) i++;
      const e = i;
      while (i < this.limit && buf[i] >= 0x30 && buf[i] <= 0x39) i++;
      if (i === e) return null;
      plain = false;
    }
    this.pos = i;
    if (!plain) return Number(buf.toString("latin1", from, i));
    let v = 0;
    for (let k = intStart; k < i; k++) v = v * 10 + (buf[k] - 0x30);
    return buf[from] === 0x2d ? -v : v;
  }

  /** Steps over one value of any kind (strings with escapes too); false when the bytes are not one. */
  private skip(depth: number): boolean {
    const buf = this.buf;
    const c = buf[this.pos];
    if (c === QUOTE) {
      for (let i = this.pos + 1; i < this.limit; i++) {
        const d = buf[i];
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) {
          this.pos = i + 1;
          return true;
        } else if (d < 0x20) return false;
      }
      return false;
    }
    if (c === 0x7b || c === 0x5b) {
      if (depth > 32) return false;
      const object = c === 0x7b;
      const end = object ? 0x7d : 0x5d;
      this.pos++;
      if (buf[this.pos] === end) {
        this.pos++;
        return true;
      }
      for (;;) {
        if (object) {
          if (!this.skip(depth + 1) || buf[this.pos] !== 0x3a) return false;
          this.pos++;
        }
        if (!this.skip(depth + 1)) return false;
        const next = buf[this.pos++];
        if (next === end) return this.pos <= this.limit;
        if (next !== 0x2c || this.pos >= this.limit) return false;
      }
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number() !== null;
    for (const word of LITERALS) {
      if (keyIndex(buf, this.pos, this.pos + word.length, [word]) === 0) {
        this.pos += word.length;
        return true;
      }
    }
    return false;
  }
}

const FAIL: unique symbol = Symbol("not read");
const LITERALS = ["true", "false", "null"].map(bytes);
