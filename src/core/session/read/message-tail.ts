// An assistant message's fields after its content, read from the end of the
// line: pi and omp write a message entry as
//   {"type":"message",…,"message":{"role":"assistant","content":[…],"api":…,"provider":…,"model":…,"usage":{…},…}}
// and what stats needs (usage, model, provider, responseId) comes after the
// content, which is most of the line's bytes. Finding the content's end from
// the line's end, then reading only what follows it, reads a few hundred
// bytes of a line of thousands. Whatever does not have exactly this shape
// gives null, and the caller parses the whole line: what stats reads is what
// JSON.parse gives (a test compares them).

import type { EntryHead } from "./dialects/pi/entry-head.js";
import { envSlot } from "../../env.js";

type Json = Record<string, unknown>;

const bytes = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, "latin1"));
const P_CONTENT = bytes(',"content":[');
/** A second entry head in one line: a line cut short and the next one written after it (only JSON.parse can judge). */
const P_PARENT_KEY = Buffer.from('"parentId":', "latin1");
const P_ARRAY_END = Buffer.from('],"', "latin1");

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Milliseconds of an ISO time written as pi and omp write it
 * (YYYY-MM-DDTHH:MM:SS.sssZ, 24 bytes), read from the bytes; NaN for any other text.
 */
function isoMs(buf: Buffer, a: number, b: number): number {
  if (b - a !== 24 || buf[a + 4] !== 0x2d || buf[a + 7] !== 0x2d || buf[a + 10] !== 0x54 || buf[a + 13] !== 0x3a || buf[a + 16] !== 0x3a || buf[a + 19] !== 0x2e || buf[a + 23] !== 0x5a) return NaN;
  const n = (i: number, len: number): number => {
    let v = 0;
    for (let k = i; k < i + len; k++) {
      const d = buf[k] - 0x30;
      if (d < 0 || d > 9) return NaN;
      v = v * 10 + d;
    }
    return v;
  };
  return Date.UTC(n(a, 4), n(a + 5, 2) - 1, n(a + 8, 2), n(a + 11, 2), n(a + 14, 2), n(a + 17, 2), n(a + 20, 3));
}

/**
 * The assistant message of the line [start, end) without its content: the
 * fields stats reads (readTail), when the line has the shape above and the
 * tail holds the usage and the model; null when it does not (then parse the
 * line). `head` is the line's entry head (entry-head.ts): its role and time.
 */
export function assistantTail(buf: Buffer, start: number, end: number, head: EntryHead, texts: TailTexts = tailTexts()): Json | null {
  const roleEnd = head.roleEnd;
  if (roleEnd < 0 || roleEnd + P_CONTENT.length > end) return null;
  for (let k = 0; k < P_CONTENT.length; k++) if (buf[roleEnd + k] !== P_CONTENT[k]) return null;
  const open = roleEnd + P_CONTENT.length - 1;
  // The entry's closing brace, and the message's just before it (the message is the entry's last field).
  let last = end - 1;
  while (last > open && (buf[last] === 0x20 || buf[last] === 0x09 || buf[last] === 0x0d)) last--;
  if (last - 1 <= open || buf[last] !== 0x7d || buf[last - 1] !== 0x7d) return null;
  // `],"` is always structure (a quote inside a string is escaped): the last
  // one ends the content when plain members follow it to the end, which
  // readTail checks byte by byte; an array's end inside those members (or
  // inside the content, when the content is the last member) fails it.
  const close = buf.lastIndexOf(P_ARRAY_END, last);
  if (close <= open) return null;
  const msg = readTail(buf, close + 1, last - 1, texts);
  // The bracket found closes some array: the content's when usage and model
  // follow it (an unknown array field after the content would hide the
  // fields before it; then the whole line is parsed).
  if (msg === null || !("usage" in msg) || !("model" in msg)) return null;
  // A line cut short with the next entry written after it has this entry's
  // head and the next one's tail. A message is written when it ends, after it
  // began: its own time is not after its entry's. Else (or with no time to
  // compare) only a second entry head in the line tells, and JSON.parse judges.
  const at = msg.timestamp;
  const entryTime = head.tsStart >= 0 ? isoMs(buf, head.tsStart, head.tsEnd) : NaN;
  if (!(typeof at === "number" && at <= entryTime)) {
    // (searched in this line only: the buffer holds the lines after it too)
    if (buf.subarray(roleEnd, end).indexOf(P_PARENT_KEY) >= 0) return null;
  }
  return msg;
}

/** The fields read from the tail (callUsage's, stats/usage.ts), by level: the message's, the usage's, the cost's. */
const MESSAGE_KEYS = ["provider", "model", "responseId", "timestamp", "usage"].map(bytes);
const USAGE_KEYS = ["input", "output", "cacheRead", "cacheWrite", "cost"].map(bytes);
const COST_KEYS = ["total"].map(bytes);
const MESSAGE_NAMES: readonly string[] = ["provider", "model", "responseId", "timestamp", "usage"];
const USAGE_NAMES: readonly string[] = ["input", "output", "cacheRead", "cacheWrite", "cost"];

/**
 * The message's fields stats reads (provider, model, responseId, timestamp,
 * and usage with its counts and cost.total) from the members between `at`
 * (just past the content's `]`) and the message's `}` at `close`, as JSON
 * written compactly, the way pi and omp write it. A field holding what stats
 * does not read (an object where a count goes) is kept as null, which stats
 * reads as absent too. Anything it does not take (whitespace, an escape in a
 * field it keeps) gives null, and JSON.parse reads the line.
 */
function readTail(buf: Buffer, at: number, close: number, texts: TailTexts): Json | null {
  const r = new TailReader(buf, close, texts);
  r.pos = at;
  const out: Json = { role: "assistant" };
  return r.members(out, MESSAGE_KEYS, MESSAGE_NAMES, 0) && r.pos === close ? out : null;
}

/** Which of `keys` the bytes [a, b) spell, or -1. */
function keyIndex(buf: Buffer, a: number, b: number, keys: readonly Uint8Array[]): number {
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
    private readonly texts: TailTexts,
  ) {}

  /**
   * Members `,"key":value` (or, nested, `{"key":value,…}`) up to the end:
   * the keys wanted go into `out` (the last of a repeated key wins, as in
   * JSON.parse). `level` 0: the message's own members, led by commas.
   */
  members(out: Json, keys: readonly Uint8Array[], names: readonly string[], level: number): boolean {
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
    if (c === QUOTE) return this.string() ? this.text(this.sa, this.sb) : FAIL;
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number(true) ?? FAIL;
    return this.skip(0) ? null : FAIL;
  }

  /** The text of [a, b): the same model and provider names come again line after line, made into a string once. */
  private text(a: number, b: number): string {
    const buf = this.buf;
    const n = b - a;
    if (n > 64) return buf.toString("utf8", a, b);
    const texts = this.texts;
    for (const known of texts.recent) {
      const kb = known.bytes;
      if (kb.length !== n) continue;
      let i = 0;
      while (i < n && buf[a + i] === kb[i]) i++;
      if (i === n) return known.text;
    }
    const text = buf.toString("utf8", a, b);
    texts.recent[texts.next] = { bytes: Uint8Array.prototype.slice.call(buf, a, b), text };
    texts.next = (texts.next + 1) % RECENT;
    return text;
  }

  /** A number in JSON's grammar, as JSON.parse reads it (0 when not `wanted`: only checked); null when it is not one. */
  private number(wanted: boolean): number | null {
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
    if (!wanted) return 0;
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
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number(false) !== null;
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

/** Strings made lately by TailReader.text, with their bytes (a few: the models and providers of a session). */
const RECENT = 8;
export interface TailTexts {
  recent: { bytes: Uint8Array; text: string }[];
  next: number;
}
/** The current environment's recent strings: a scan takes them once per file and hands them to assistantTail. */
export const tailTexts = envSlot((): TailTexts => ({ recent: [], next: 0 }));
const LITERALS = ["true", "false", "null"].map(bytes);
