// A catalog row as stored. The catalog file is an index line (ASCII JSON: per
// path, the file's key and the few fields a listing sorts and filters on) and
// then every summary's `ls --json` text, UTF-8, back to back: a warm
// `ls --json` copies those bytes to stdout without parsing or serializing
// them, and a listing parses only the summaries it shows. Decoding a row gives
// back exactly the SessionSummary stored.
import type { SessionSummary } from "./summary.js";

/** One cached file. */
export interface Row {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  /** The listing row, when the file was scanned. */
  summary?: SessionSummary;
  /** Header cwd only ("" when not a session file): the file was ruled out by a cwd filter without a scan. */
  hcwd?: string;
  /** A scan state was saved for this row (catalog-states.ts). */
  state?: boolean;
}

/**
 * The index entry. `at` and `length` place the summary's JSON in the text
 * after the index, which is the JSON array of all summaries: `nth` is this
 * one's place in it.
 */
type Stored = [
  dev: number,
  ino: number,
  size: number,
  mtimeMs: number,
  state: 0 | 1,
  hcwd: string | null,
  at: number,
  length: number,
  modified: string | null,
  cwd: string | null,
  valid: boolean | null,
  nth: number,
];

const isStored = (v: unknown): v is Stored =>
  Array.isArray(v) && v.length === 12 && typeof v[0] === "number" && typeof v[1] === "number" && typeof v[2] === "number" && typeof v[3] === "number";

/** A cached row's `ls --json` text, not decoded. */
export interface RawSummary {
  path: string;
  modified: string;
  json: Uint8Array;
}

const hasSummary = (v: Stored): boolean => v[7] > 0 && typeof v[8] === "string" && typeof v[9] === "string" && typeof v[10] === "boolean";

/**
 * The catalog's rows, decoded only when asked for: a warm `ls` of one project
 * looks at the key and cwd of every row but builds summaries only for its own.
 * Rows never touched are written back as they were read.
 */
export class RowStore {
  /** Index entries as read, by path: the parsed index's own object, not copied. */
  private readonly raw: Record<string, unknown>;
  private readonly decoded = new Map<string, Row | null>();
  /** Every stored summary, parsed at once (parseAll). */
  private all: unknown[] | null = null;

  constructor(
    raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>,
    /** The summaries' JSON, UTF-8. */
    private readonly texts: Buffer = Buffer.alloc(0),
  ) {
    this.raw = raw;
  }

  private stored(path: string): Stored | undefined {
    const v = Object.hasOwn(this.raw, path) ? this.raw[path] : undefined;
    return isStored(v) ? v : undefined;
  }

  /** A stored entry whose key is (dev, ino, size, mtimeMs). */
  private fresh(path: string, dev: number, ino: number, size: number, mtimeMs: number): Stored | undefined {
    const v = this.stored(path);
    return v && v[0] === dev && v[1] === ino && v[2] === size && v[3] === mtimeMs ? v : undefined;
  }

  private text(v: Stored): Uint8Array | undefined {
    const at = v[6];
    const end = at + v[7];
    return Number.isInteger(at) && at >= 0 && end <= this.texts.length ? this.texts.subarray(at, end) : undefined;
  }

  /**
   * Parses every stored summary in one go: cheaper than one parse a row when
   * most rows are wanted (a listing without a cwd filter). The text is read as
   * latin1, which decodes and parses several times faster than UTF-8 with a
   * few accents in every row; strings with bytes past ASCII are then decoded
   * from their bytes (fromLatin1). A string holding a character past U+00FF
   * can only come from a \u escape (JSON.stringify writes the rest raw): its
   * row is then parsed alone, from UTF-8.
   */
  parseAll(): void {
    if (this.all !== null || this.texts.length < 2) return;
    try {
      const all = JSON.parse(this.texts.toString("latin1")) as unknown;
      this.all = Array.isArray(all) ? all.map(fromLatin1) : [];
    } catch {
      this.all = []; // corrupt: every row is read again
    }
  }

  /** The stored summary, or null when it is missing or is not one. */
  private summaryOf(path: string, v: Stored): SessionSummary | null {
    let s: SessionSummary | null = null;
    if (this.all !== null) s = (this.all[v[11]] as SessionSummary | undefined) ?? null;
    if (s === null) {
      const text = this.text(v);
      if (!text) return null;
      try {
        s = JSON.parse(Buffer.from(text.buffer, text.byteOffset, text.length).toString("utf8")) as SessionSummary;
      } catch {
        return null;
      }
    }
    return s !== null && typeof s === "object" && s.path === path && s.modified === v[8] && s.cwd === v[9] && s.valid === v[10] ? s : null;
  }

  private decode(path: string, v: Stored): Row | null {
    const row: Row = { dev: v[0], ino: v[1], size: v[2], mtimeMs: v[3] };
    if (hasSummary(v)) {
      const s = this.summaryOf(path, v);
      if (s === null) return null;
      row.summary = s;
    } else if (v[7] !== 0) return null;
    if (typeof v[5] === "string") row.hcwd = v[5];
    if (v[4] === 1) row.state = true;
    return row;
  }

  get(path: string): Row | undefined {
    let row = this.decoded.get(path);
    if (row === undefined) {
      const v = this.stored(path);
      row = v === undefined ? null : this.decode(path, v);
      this.decoded.set(path, row);
    }
    return row ?? undefined;
  }

  /**
   * The summary of a row whose key is (dev, ino, size, mtimeMs), parsed from
   * its stored text (nothing kept: the warm path builds one object a session);
   * undefined when the row is missing, stale or holds no summary.
   */
  freshSummary(path: string, dev: number, ino: number, size: number, mtimeMs: number): SessionSummary | undefined {
    if (this.decoded.has(path)) {
      const r = this.decoded.get(path);
      return r && r.dev === dev && r.ino === ino && r.size === size && r.mtimeMs === mtimeMs ? r.summary : undefined;
    }
    const v = this.fresh(path, dev, ino, size, mtimeMs);
    return v && hasSummary(v) ? (this.summaryOf(path, v) ?? undefined) : undefined;
  }

  /** As freshSummary, but the summary's JSON text as stored, not parsed. */
  freshRaw(path: string, dev: number, ino: number, size: number, mtimeMs: number): RawSummary | undefined {
    if (this.decoded.has(path)) return undefined; // rewritten in this run: its text is not stored yet
    const v = this.fresh(path, dev, ino, size, mtimeMs);
    const json = v && hasSummary(v) ? this.text(v) : undefined;
    return json ? { path, modified: v![8]!, json } : undefined;
  }

  /**
   * The stored header cwd of a row whose key is (dev, ino, size, mtimeMs) and
   * that holds a valid session's summary or a header-only cwd, without decoding
   * it; undefined when the row is missing, stale or not of that kind.
   */
  freshCwd(path: string, dev: number, ino: number, size: number, mtimeMs: number): { cwd: string; summary: boolean } | undefined {
    if (this.decoded.has(path)) {
      const r = this.decoded.get(path);
      if (!r || r.dev !== dev || r.ino !== ino || r.size !== size || r.mtimeMs !== mtimeMs) return undefined;
      if (r.summary) return r.summary.valid ? { cwd: r.summary.cwd, summary: true } : undefined;
      return r.hcwd !== undefined ? { cwd: r.hcwd, summary: false } : undefined;
    }
    const v = this.fresh(path, dev, ino, size, mtimeMs);
    if (!v) return undefined;
    if (hasSummary(v)) return v[10] === true ? { cwd: v[9]!, summary: true } : undefined;
    return typeof v[5] === "string" ? { cwd: v[5], summary: false } : undefined;
  }

  set(path: string, row: Row): void {
    this.decoded.set(path, row);
    delete this.raw[path];
  }

  delete(path: string): void {
    this.decoded.set(path, null);
    delete this.raw[path];
  }

  paths(): string[] {
    const out = Object.keys(this.raw);
    for (const [p, r] of this.decoded) if (r && !Object.hasOwn(this.raw, p)) out.push(p);
    return out;
  }

  /** Every row in stored form: the index, and the summaries' text it points into. */
  encode(): { index: Record<string, Stored>; texts: Buffer } {
    const index = Object.create(null) as Record<string, Stored>;
    const parts: Uint8Array[] = [OPEN];
    let at = 1;
    let nth = 0;
    const put = (path: string, key: Row, state: boolean, hcwd: string | null, text: Uint8Array | undefined, s: { modified: string; cwd: string; valid: boolean } | null): void => {
      const length = text && s ? text.length : 0;
      index[path] = [key.dev, key.ino, key.size, key.mtimeMs, state ? 1 : 0, hcwd, length ? at : 0, length, s && length ? s.modified : null, s && length ? s.cwd : null, s && length ? s.valid : null, length ? nth : -1];
      if (length) {
        parts.push(text!, COMMA);
        at += length + 1;
        nth++;
      }
    };
    for (const p of Object.keys(this.raw)) {
      const v = this.stored(p);
      if (!v || this.decoded.has(p)) continue;
      const key = { dev: v[0], ino: v[1], size: v[2], mtimeMs: v[3] };
      const text = hasSummary(v) ? this.text(v) : undefined;
      put(p, key, v[4] === 1, typeof v[5] === "string" ? v[5] : null, text, text ? { modified: v[8]!, cwd: v[9]!, valid: v[10]! } : null);
    }
    for (const [p, r] of this.decoded) {
      if (!r) continue;
      const s = r.summary;
      put(p, r, r.state === true, r.hcwd ?? null, s ? Buffer.from(JSON.stringify(s)) : undefined, s ?? null);
    }
    // The last comma closes the array.
    if (nth === 0) parts.push(CLOSE);
    else parts[parts.length - 1] = CLOSE;
    return { index, texts: Buffer.concat(parts) };
  }
}

const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");

const PAST_ASCII = /[^\x00-\x7f]/;
const PAST_LATIN1 = /[^\x00-\xff]/;

/**
 * A summary parsed from latin1 text with its strings decoded as the UTF-8 they
 * were, or null (parse that row from UTF-8) when one cannot be.
 */
function fromLatin1(v: unknown): unknown {
  if (v === null || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  for (const k in o) {
    const x = o[k];
    if (typeof x !== "string" || !PAST_ASCII.test(x)) continue;
    if (PAST_LATIN1.test(x)) return null;
    o[k] = Buffer.from(x, "latin1").toString("utf8");
  }
  return o;
}
