// A catalog row as stored. The catalog file holds three parts: the keys (per
// path, the file's dev, ino, size and mtime, and the few fields a listing
// sorts and filters on), the summaries (one array each, without repeated key
// names or a second copy of the path), and every summary's `ls --json` text,
// UTF-8, back to back. A listing reads the keys and the summaries; a warm
// `ls --json` reads the keys and copies the texts of unchanged rows to stdout,
// neither parsing nor serializing them. Decoding a row gives back exactly the
// SessionSummary stored, and its text is its `ls --json` text (summary-json.ts).
import type { AgentId } from "../read/dialect-api.js";
import type { SessionSummary } from "../model.js";
import { summaryJson } from "./summary-json.js";
import { shownInList } from "./listed.js";

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
 * A key entry. `nth` is the summary's place among the summaries (-1: none),
 * `at` and `length` place its JSON text among the texts; `modified`, `cwd`
 * and `valid` repeat the summary's, so that rows are sorted and filtered
 * without decoding them.
 */
type StoredKey = [dev: number, ino: number, size: number, mtimeMs: number, state: 0 | 1, hcwd: string | null, nth: number, at: number, length: number, modified: string | null, cwd: string | null, valid: boolean | null];

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
  valid: boolean,
  error: string | null,
  agent: AgentId,
  warmupOnly: boolean,
  continuedIn: string | null,
];

/** A cached row's `ls --json` text, not decoded. */
export interface RawSummary {
  path: string;
  modified: string;
  json: Uint8Array;
}

function encodeSummary(s: SessionSummary): StoredSummary {
  return [s.id, s.cwd, s.name, s.firstMessage, s.messageCount, s.entryCount, s.branchCount, s.labelCount, s.created, s.modified, s.size, s.parentSession, s.valid, s.error ?? null, s.agent, s.warmupOnly === true, s.continuedIn ?? null];
}

const isKey = (v: unknown): v is StoredKey => Array.isArray(v) && v.length === 12 && typeof v[0] === "number" && typeof v[1] === "number" && typeof v[2] === "number" && typeof v[3] === "number";

/** A key entry whose key is (dev, ino, size, mtimeMs). */
const freshKey = (v: unknown, dev: number, ino: number, size: number, mtimeMs: number): v is StoredKey => isKey(v) && v[0] === dev && v[1] === ino && v[2] === size && v[3] === mtimeMs;

/** The entry holds a summary, by the fields it repeats. */
const hasSummary = (v: StoredKey): boolean => Number.isInteger(v[6]) && v[6] >= 0 && typeof v[9] === "string" && typeof v[10] === "string" && typeof v[11] === "boolean";

/** The summary stored for a key entry, or null when it is missing or does not match the entry. */
function decodeSummary(path: string, v: StoredKey, summaries: unknown[]): SessionSummary | null {
  const s = summaries[v[6]] as StoredSummary | undefined;
  if (!Array.isArray(s) || s.length !== 17 || s[9] !== v[9] || s[1] !== v[10] || s[12] !== v[11]) return null;
  const summary: SessionSummary = {
    path,
    id: s[0],
    cwd: s[1],
    name: s[2],
    firstMessage: s[3],
    messageCount: s[4],
    ...(s[15] === true ? { warmupOnly: true } : {}),
    entryCount: s[5],
    branchCount: s[6],
    labelCount: s[7],
    created: s[8],
    modified: s[9],
    size: s[10],
    parentSession: s[11],
    ...(typeof s[16] === "string" ? { continuedIn: s[16] } : {}),
    agent: s[14],
    valid: s[12],
  };
  if (s[13] !== null) summary.error = s[13];
  return summary;
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The catalog's rows, decoded only when asked for: a warm `ls` of one project
 * looks at the key and cwd of every row but builds summaries only for its own.
 * Rows never touched are written back as they were read.
 */
export class RowStore {
  /** Key entries as read, by path: the parsed keys' own object, not copied. */
  private readonly raw: Record<string, unknown>;
  private readonly decoded = new Map<string, Row | null>();
  private summaries: unknown[] | null = null;
  private texts: Buffer | null = null;
  /** The `ls --json` texts encode() made for rows set in this run: a cold `ls --json` prints them instead of making them again. */
  readonly madeTexts = new WeakMap<SessionSummary, Uint8Array>();

  constructor(
    raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>,
    /** Reads the summaries (a listing needs them, `ls --json` only for rows it cannot copy). */
    private readonly readSummaries: () => unknown[] = () => [],
    /** Reads the texts (`ls --json`, and writing the file back). */
    private readonly readTexts: () => Buffer = () => Buffer.alloc(0),
  ) {
    this.raw = raw;
  }

  private stored(path: string): unknown {
    return Object.hasOwn(this.raw, path) ? this.raw[path] : undefined;
  }

  private decode(path: string, v: unknown): Row | null {
    if (!isKey(v)) return null;
    const row: Row = { dev: v[0], ino: v[1], size: v[2], mtimeMs: v[3] };
    if (hasSummary(v)) {
      const s = decodeSummary(path, v, (this.summaries ??= this.readSummaries()));
      if (s === null) return null;
      row.summary = s;
    } else if (v[6] !== -1) return null;
    if (typeof v[5] === "string") row.hcwd = v[5];
    if (v[4] === 1) row.state = true;
    return row;
  }

  /** The stored text of an entry, or undefined when it is missing or does not look like a summary's. */
  private text(v: StoredKey): Uint8Array | undefined {
    const at = v[7];
    const length = v[8];
    if (!Number.isInteger(at) || at < 0 || typeof length !== "number" || length < 2) return undefined;
    this.texts ??= this.readTexts();
    if (at + length > this.texts.length || this.texts[at] !== OPEN_BRACE || this.texts[at + length - 1] !== CLOSE_BRACE) return undefined;
    return this.texts.subarray(at, at + length);
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
    if (!freshKey(v, dev, ino, size, mtimeMs) || !hasSummary(v)) return undefined;
    return decodeSummary(path, v, (this.summaries ??= this.readSummaries())) ?? undefined;
  }

  /** As freshSummary, but the summary's JSON text as stored, not decoded (undefined when there is none). */
  freshRaw(path: string, dev: number, ino: number, size: number, mtimeMs: number): RawSummary | undefined {
    if (this.decoded.has(path)) return undefined; // changed in this run: no text stored yet
    const v = this.stored(path);
    if (!freshKey(v, dev, ino, size, mtimeMs) || !hasSummary(v)) return undefined;
    const json = this.text(v);
    return json ? { path, modified: v[9]!, json } : undefined;
  }

  /** Whether a row whose key is (dev, ino, size, mtimeMs) holds a summary stored without text: one the list leaves out (encode). */
  freshUnlisted(path: string, dev: number, ino: number, size: number, mtimeMs: number): boolean {
    if (this.decoded.has(path)) return false;
    const v = this.stored(path);
    return freshKey(v, dev, ino, size, mtimeMs) && hasSummary(v) && v[8] === 0;
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
    if (!freshKey(v, dev, ino, size, mtimeMs)) return undefined;
    if (hasSummary(v)) return v[11] === true ? { cwd: v[10]!, summary: true } : undefined;
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

  /** Every row in stored form: the keys, and the summaries and texts they point into (the texts in pieces, written as they are). */
  encode(): { keys: Record<string, StoredKey>; summaries: StoredSummary[]; texts: Uint8Array[] } {
    const keys = Object.create(null) as Record<string, StoredKey>;
    const summaries: StoredSummary[] = [];
    const parts: Uint8Array[] = [];
    let at = 0;
    const put = (path: string, r: Row): void => {
      const s = r.summary;
      let text: Uint8Array | undefined;
      // A row the list leaves out (listed.ts) has no text: a warm `ls --json` decodes it and leaves it out.
      if (s && shownInList(s)) {
        // An unchanged row keeps its text; a damaged one is given a new one.
        const v = this.stored(path);
        text = !this.decoded.has(path) && isKey(v) ? this.text(v) : undefined;
        if (text === undefined) this.madeTexts.set(s, (text = Buffer.from(JSON.stringify(summaryJson(s)))));
      }
      keys[path] = [r.dev, r.ino, r.size, r.mtimeMs, r.state ? 1 : 0, r.hcwd ?? null, s ? summaries.length : -1, text ? at : 0, text ? text.length : 0, s ? s.modified : null, s ? s.cwd : null, s ? s.valid : null];
      if (s) summaries.push(encodeSummary(s));
      if (text) {
        parts.push(text);
        at += text.length;
      }
    };
    for (const p of Object.keys(this.raw)) {
      if (this.decoded.has(p)) continue;
      const r = this.decode(p, this.stored(p));
      if (r) put(p, r);
    }
    for (const [p, r] of this.decoded) if (r) put(p, r);
    return { keys, summaries, texts: parts };
  }
}
