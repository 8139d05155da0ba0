// A catalog row as stored: one JSON array per file instead of an object, so a
// warm `ls` parses about half the bytes (no repeated key names, no second copy
// of the path). Decoding a row gives back exactly the SessionSummary stored.
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

type Stored = [
  dev: number,
  ino: number,
  size: number,
  mtimeMs: number,
  summary: StoredSummary | null,
  hcwd: string | null,
  state: 0 | 1,
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

export function encodeRow(r: Row): Stored {
  const s = r.summary;
  const summary: StoredSummary | null = s
    ? [s.id, s.cwd, s.name, s.firstMessage, s.messageCount, s.entryCount, s.branchCount, s.labelCount, s.created, s.modified, s.size, s.parentSession, s.dialect, s.valid, s.error ?? null]
    : null;
  return [r.dev, r.ino, r.size, r.mtimeMs, summary, r.hcwd ?? null, r.state ? 1 : 0];
}

/** The row, or null when the stored value does not have the expected shape. */
export function decodeRow(path: string, v: unknown): Row | null {
  if (!Array.isArray(v) || v.length !== 7) return null;
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

/**
 * The catalog's rows, decoded only when asked for: a warm `ls` of one project
 * looks at the key and cwd of every row but builds summaries only for its own.
 * Rows never touched are written back as they were read.
 */
export class RowStore {
  /** Rows as read, by path: the parsed file's own object, not copied. */
  private readonly raw: Record<string, unknown>;
  private readonly decoded = new Map<string, Row | null>();

  constructor(raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>) {
    this.raw = raw;
  }

  private stored(path: string): unknown {
    return Object.hasOwn(this.raw, path) ? this.raw[path] : undefined;
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
    if (!Array.isArray(v) || v.length !== 7 || v[0] !== dev || v[1] !== ino || v[2] !== size || v[3] !== mtimeMs) return undefined;
    return Array.isArray(v[4]) && v[4].length === 15 ? decodeRow(path, v)?.summary : undefined;
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
    if (!Array.isArray(v) || v.length !== 7 || v[0] !== dev || v[1] !== ino || v[2] !== size || v[3] !== mtimeMs) return undefined;
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

  /** Every row in stored form. */
  encode(): Record<string, unknown> {
    const out = Object.create(null) as Record<string, unknown>;
    for (const p of Object.keys(this.raw)) if (!this.decoded.has(p)) out[p] = this.raw[p];
    for (const [p, r] of this.decoded) if (r) out[p] = encodeRow(r);
    return out;
  }
}
