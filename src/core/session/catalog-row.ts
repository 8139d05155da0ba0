// A catalog row as stored. The catalog file holds an index (ASCII JSON: per
// path, the file's key and its summary as one array, without repeated key
// names or a second copy of the path), then every summary's `ls --json` text,
// UTF-8, back to back. A listing reads and parses only the index; a warm
// `ls --json` copies the texts of unchanged rows to stdout, neither parsing
// nor serializing them. Decoding a row gives back exactly the SessionSummary
// stored, and its text is JSON.stringify of it.
import type { Dialect } from "./types.js";
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

/** The index entry: `at` and `length` place the summary's JSON text in the texts. */
type Stored = [
  dev: number,
  ino: number,
  size: number,
  mtimeMs: number,
  summary: StoredSummary | null,
  hcwd: string | null,
  state: 0 | 1,
  at: number,
  length: number,
];

type StoredSummary = [
  id: string,
  cwd: string,
  name: string | null,
  firstMessage: string,
  messageCount: number,
  entryCount: number,
  branchCount: number,
  labelCount: number,
  created: string,
  modified: string,
  size: number,
  parentSession: string | null,
  dialect: Dialect,
  valid: boolean,
  error: string | null,
];

/** A cached row's `ls --json` text, not decoded. */
export interface RawSummary {
  path: string;
  modified: string;
  json: Uint8Array;
}

function encodeSummary(s: SessionSummary): StoredSummary {
  return [s.id, s.cwd, s.name, s.firstMessage, s.messageCount, s.entryCount, s.branchCount, s.labelCount, s.created, s.modified, s.size, s.parentSession, s.dialect, s.valid, s.error ?? null];
}

/** The row, or null when the stored value does not have the expected shape. */
function decodeRow(path: string, v: unknown): Row | null {
  if (!Array.isArray(v) || v.length !== 9) return null;
  const [dev, ino, size, mtimeMs, s, hcwd, state] = v as Stored;
  if (typeof dev !== "number" || typeof ino !== "number" || typeof size !== "number" || typeof mtimeMs !== "number") return null;
  const row: Row = { dev, ino, size, mtimeMs };
  if (Array.isArray(s) && s.length === 15) {
    const summary: SessionSummary = {
      path,
      id: s[0],
      cwd: s[1],
      name: s[2],
      firstMessage: s[3],
      messageCount: s[4],
      entryCount: s[5],
      branchCount: s[6],
      labelCount: s[7],
      created: s[8],
      modified: s[9],
      size: s[10],
      parentSession: s[11],
      dialect: s[12],
      valid: s[13],
    };
    if (s[14] !== null) summary.error = s[14];
    row.summary = summary;
  } else if (s !== null) return null;
  if (typeof hcwd === "string") row.hcwd = hcwd;
  if (state === 1) row.state = true;
  return row;
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The catalog's rows, decoded only when asked for: a warm `ls` of one project
 * looks at the key and cwd of every row but builds summaries only for its own.
 * Rows never touched are written back as they were read.
 */
export class RowStore {
  /** Index entries as read, by path: the parsed index's own object, not copied. */
  private readonly raw: Record<string, unknown>;
  private readonly decoded = new Map<string, Row | null>();
  private texts: Buffer | null = null;

  constructor(
    raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>,
    /** Reads the summaries' texts (only `ls --json` and writing the file back need them). */
    private readonly readTexts: () => Buffer = () => Buffer.alloc(0),
  ) {
    this.raw = raw;
  }

  private stored(path: string): unknown {
    return Object.hasOwn(this.raw, path) ? this.raw[path] : undefined;
  }

  /** The stored text of an entry, or undefined when it is missing or does not look like a summary's. */
  private text(v: unknown[]): Uint8Array | undefined {
    const at = v[7];
    const length = v[8];
    if (typeof at !== "number" || typeof length !== "number" || !Number.isInteger(at) || at < 0 || length < 2) return undefined;
    this.texts ??= this.readTexts();
    if (at + length > this.texts.length || this.texts[at] !== OPEN_BRACE || this.texts[at + length - 1] !== CLOSE_BRACE) return undefined;
    return this.texts.subarray(at, at + length);
  }

  get(path: string): Row | undefined {
    let row = this.decoded.get(path);
    if (row === undefined) {
      const v = this.stored(path);
      row = v === undefined ? null : decodeRow(path, v);
      this.decoded.set(path, row);
    }
    return row ?? undefined;
  }

  /**
   * The summary of a row whose key is (dev, ino, size, mtimeMs), built straight
   * from the stored row (the warm path: one object per session, nothing kept);
   * undefined when the row is missing, stale or holds no summary.
   */
  freshSummary(path: string, dev: number, ino: number, size: number, mtimeMs: number): SessionSummary | undefined {
    if (this.decoded.has(path)) {
      const r = this.decoded.get(path);
      return r && r.dev === dev && r.ino === ino && r.size === size && r.mtimeMs === mtimeMs ? r.summary : undefined;
    }
    const v = this.stored(path);
    if (!Array.isArray(v) || v.length !== 9 || v[0] !== dev || v[1] !== ino || v[2] !== size || v[3] !== mtimeMs) return undefined;
    return Array.isArray(v[4]) && v[4].length === 15 ? decodeRow(path, v)?.summary : undefined;
  }

  /** As freshSummary, but the summary's JSON text as stored, not decoded (undefined when there is none). */
  freshRaw(path: string, dev: number, ino: number, size: number, mtimeMs: number): RawSummary | undefined {
    if (this.decoded.has(path)) return undefined; // changed in this run: no text stored yet
    const v = this.stored(path);
    if (!Array.isArray(v) || v.length !== 9 || v[0] !== dev || v[1] !== ino || v[2] !== size || v[3] !== mtimeMs) return undefined;
    const s = v[4] as unknown;
    if (!Array.isArray(s) || s.length !== 15 || typeof s[9] !== "string") return undefined;
    const json = this.text(v);
    return json ? { path, modified: s[9], json } : undefined;
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
    const v = this.stored(path);
    if (!Array.isArray(v) || v.length !== 9 || v[0] !== dev || v[1] !== ino || v[2] !== size || v[3] !== mtimeMs) return undefined;
    const s = v[4] as unknown;
    if (Array.isArray(s)) return s[13] === true && typeof s[1] === "string" ? { cwd: s[1], summary: true } : undefined;
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

  /** Every row in stored form: the index, and the texts it points into. */
  encode(): { index: Record<string, Stored>; texts: Buffer } {
    const index = Object.create(null) as Record<string, Stored>;
    const parts: Uint8Array[] = [];
    let at = 0;
    const put = (path: string, entry: Stored, text: Uint8Array | undefined): void => {
      entry[7] = text ? at : 0;
      entry[8] = text ? text.length : 0;
      index[path] = entry;
      if (text) {
        parts.push(text);
        at += text.length;
      }
    };
    for (const p of Object.keys(this.raw)) {
      const v = this.stored(p);
      if (this.decoded.has(p) || !Array.isArray(v) || v.length !== 9) continue;
      // A row read back without its text (damaged) gets one from its decoded summary.
      const s = Array.isArray(v[4]) ? (this.text(v) ?? this.textOf(decodeRow(p, v)?.summary)) : undefined;
      put(p, [...v] as Stored, s);
    }
    for (const [p, r] of this.decoded) {
      if (!r) continue;
      const s = r.summary;
      put(p, [r.dev, r.ino, r.size, r.mtimeMs, s ? encodeSummary(s) : null, r.hcwd ?? null, r.state ? 1 : 0, 0, 0], this.textOf(s));
    }
    return { index, texts: Buffer.concat(parts, at) };
  }

  private textOf(s: SessionSummary | undefined): Uint8Array | undefined {
    return s ? Buffer.from(JSON.stringify(s)) : undefined;
  }
}
