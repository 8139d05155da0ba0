// Per-session figures kept between runs, in cache files of their own beside
// the catalog (stats-v3.json in the cache dir; each call apart, in
// stats-v5-calls, a line per session), keyed by the file's stamp (dev, ino, size, mtime)
// and, for a fork, its parent's: a session that did not change is never
// read again. Figures priced under another price stamp
// (a new table, an edited prices.json) are read again.
import { readFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { FileStamp } from "../fs/stat.js";
import { writeCacheFile } from "../session/index.js";
import type { BranchInfo, Bucket, Call, Figure, SessionFigures } from "./figures.js";

// 4: pi 1.6.0's usage entries, tool-result and summary usage counted (figures cached before lack them);
// 5: a Claude Code leaf past an orphan line (the active path, so the branches, may differ); Claude Code's
// "<synthetic>" messages are no calls; 7: a Claude Code transcript's id from its name before its lines', Codex's
// newest items (a tool search joins its turn); 8: a pi or omp session in another's artifacts dir (an omp task, a pi-subagents
// run) is a subagent, counted in its parent's row; 9: the calls file's calls as one flat array (CALLS_VERSION 7);
// 10: a Gemini CLI chat in an old hash-named folder has the path of the folder its project moved to (its project, in
// stats by project); an older Gemini CLI's built-in agent chat under its caller's session id is a subagent, counted in
// its caller's row; 11: a Claude Code message's usage is its last copy's that has one (a gateway's later `usage: {}`
// no longer wipes it); 12: a Claude Code sidechain beside the sessions (`<project>/agent-<id>.jsonl`) is a subagent,
// counted in its parent's row; 13: a relocated Claude Code session's cwd is the folder it moved to (its project in
// stats by project).
const VERSION = 13;
export const FIGURES_CACHE_FILE = "stats-v3.json";
/**
 * The calls file: a first line of JSON (version, price stamp), then a line per
 * session, `STAMP<tab>"FILE"<tab>CALLS` (the file name as a JSON string, the
 * calls as packCalls writes them). A run that read one session again copies
 * every other line as bytes, without parsing or writing its calls again.
 */
export const CALLS_FILE = "stats-v5-calls";
const CALLS_VERSION = 7;
/** The calls file of earlier builds (one JSON object): removed at the first save. */
export const OLD_CALLS_FILE = "stats-v3-calls.json";

/** A bucket as stored: [branch, model, slot, input, output, cacheRead, cacheWrite, cost, calls, unpricedCalls, unpricedTokens]. */
type StoredBucket = [number, number, number, number, number, number, number, number, number, number, number];

/** A figure as stored: [input, output, cacheRead, cacheWrite, cost, calls, unpricedCalls, unpricedTokens]. */
type StoredFigure = [number, number, number, number, number, number, number, number];

interface StoredFigures extends Omit<SessionFigures, "buckets" | "branches" | "calls" | "total" | "modelTotals" | "file"> {
  total: StoredFigure;
  modelTotals: StoredFigure[];
  /**
   * The buckets and branches as JSON text inside the JSON: a warm report by
   * session, model or project never needs them, and a string costs the parse
   * of the cache file almost nothing (tens of thousands of small arrays and
   * objects would).
   */
  detail: string;
}

interface Detail {
  b: StoredBucket[];
  r: BranchInfo[];
}

/**
 * Each session's calls, as JSON text of one flat array (packCalls: key, branch,
 * model, slot, input, output, cacheRead, cacheWrite, cost or -1 when
 * unpriced, for each call in turn), in a file of
 * their own (CALLS_FILE): only copies of one session need them, so a warm
 * run reads the small file alone. Loaded, it is the file's bytes and where
 * each session's line lies in them.
 */
interface CallsLine {
  stamp: string;
  /** The line in the file's bytes, its newline included; the calls' JSON from `text` to `end - 1`. */
  start: number;
  text: number;
  end: number;
}

interface LoadedCalls {
  bytes: Buffer;
  lines: Map<string, CallsLine>;
}

const TAB = 9;
const NL = 10;

/** The calls file's lines (none when it is absent, damaged or of another version or price stamp). */
export function readCallsFile(bytes: Buffer, priceStamp: string): LoadedCalls {
  const lines = new Map<string, CallsLine>();
  const none = { bytes: Buffer.alloc(0), lines };
  const first = bytes.indexOf(NL);
  if (first < 0) return none;
  try {
    const head = JSON.parse(bytes.toString("utf8", 0, first)) as { version?: unknown; priceStamp?: unknown };
    if (head.version !== CALLS_VERSION || head.priceStamp !== priceStamp) return none;
  } catch {
    return none;
  }
  for (let start = first + 1; start < bytes.length;) {
    const nl = bytes.indexOf(NL, start);
    if (nl < 0) break; // a line without its newline: not written whole
    const t1 = bytes.indexOf(TAB, start);
    const t2 = t1 >= 0 && t1 < nl ? bytes.indexOf(TAB, t1 + 1) : -1;
    if (t2 > t1 && t2 < nl) {
      try {
        const file = JSON.parse(bytes.toString("utf8", t1 + 1, t2)) as unknown;
        if (typeof file === "string") lines.set(file, { stamp: bytes.toString("latin1", start, t1), start, text: t2 + 1, end: nl + 1 });
      } catch {
        // a damaged line: that session's calls are read again from its file
      }
    }
    start = nl + 1;
  }
  return { bytes, lines };
}

/** Numbers per call in the calls file: key, branch, model, slot, input, output, cacheRead, cacheWrite, cost (-1: unpriced). */
const CALL_FIELDS = 9;

/**
 * The calls as the JSON text of one flat array, CALL_FIELDS numbers a call:
 * one JSON.stringify of numbers, not a string per call joined (those pieces
 * were a twentieth of what a cold `stats` over Claude Code allocated).
 */
export function packCalls(calls: readonly Call[]): string {
  const flat = new Array<number>(calls.length * CALL_FIELDS);
  let j = 0;
  for (const c of calls) {
    flat[j++] = c.key;
    flat[j++] = c.branch;
    flat[j++] = c.model;
    flat[j++] = c.slot;
    flat[j++] = c.input;
    flat[j++] = c.output;
    flat[j++] = c.cacheRead;
    flat[j++] = c.cacheWrite;
    flat[j++] = c.cost ?? -1;
  }
  return JSON.stringify(flat);
}

/** packCalls' text back as calls; throws on text that is not such an array (a damaged line). */
function unpackCalls(text: string): Call[] {
  const a = JSON.parse(text) as number[];
  if (!Array.isArray(a) || a.length % CALL_FIELDS !== 0) throw new Error("not packed calls");
  const out: Call[] = [];
  for (let i = 0; i < a.length; i += CALL_FIELDS) {
    const cost = a[i + 8];
    out.push({ key: a[i], branch: a[i + 1], model: a[i + 2], slot: a[i + 3], input: a[i + 4], output: a[i + 5], cacheRead: a[i + 6], cacheWrite: a[i + 7], cost: cost < 0 ? null : cost });
  }
  return out;
}

interface Stored {
  /** The file's stamp, and its parent's when figures depend on it ("" for none). */
  stamp: string;
  parentStamp: string;
  /** null: not a session file (kept, so it is not read again until it changes). */
  figures: StoredFigures | null;
}

interface CacheFile {
  version: number;
  priceStamp: string;
  sessions: Record<string, Stored>;
}

export const stampText = (s: FileStamp | null): string => (s ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}` : "");

const packFigure = (f: Figure): StoredFigure => [f.input, f.output, f.cacheRead, f.cacheWrite, f.cost, f.calls, f.unpricedCalls, f.unpricedTokens];
const unpackFigure = (a: StoredFigure): Figure => ({ input: a[0], output: a[1], cacheRead: a[2], cacheWrite: a[3], cost: a[4], calls: a[5], unpricedCalls: a[6], unpricedTokens: a[7] });

/**
 * Stored figures as SessionFigures: the totals, buckets, branches and calls
 * decoded on first use (getters on a class keep the objects' shape fast,
 * which per-object defineProperty would not). A warm report reads one of
 * them (by day the buckets, by session the total): objects made for the
 * others were a twentieth of what a warm `stats --by day` allocated.
 */
class StoredSessionFigures implements SessionFigures {
  readonly file: string;
  readonly id: string;
  readonly cwd: string;
  readonly agent: string;
  readonly created: string;
  readonly parentSession: string | null;
  readonly subagent: boolean;
  readonly models: string[];
  readonly inherited: number;
  readonly duplicates: number;
  private detail: { buckets: Bucket[]; branches: BranchInfo[] } | null = null;
  private decodedCalls: Call[] | null = null;
  private decodedTotal: Figure | null = null;
  private decodedModelTotals: Figure[] | null = null;

  constructor(
    file: string,
    private readonly stored: StoredFigures,
    private readonly callsOf: () => Call[],
    /** The cache's text of these figures, when they were made from it (decodeFigures): stored as it is. */
    readonly encoded: EncodedFigures | null = null,
  ) {
    this.file = file;
    this.id = stored.id;
    this.cwd = stored.cwd;
    this.agent = stored.agent;
    this.created = stored.created;
    this.parentSession = stored.parentSession;
    this.subagent = stored.subagent;
    this.models = stored.models;
    this.inherited = stored.inherited;
    this.duplicates = stored.duplicates;
  }

  get total(): Figure {
    return (this.decodedTotal ??= unpackFigure(this.stored.total));
  }

  get modelTotals(): Figure[] {
    return (this.decodedModelTotals ??= this.stored.modelTotals.map(unpackFigure));
  }

  private decoded(): { buckets: Bucket[]; branches: BranchInfo[] } {
    if (this.detail === null) {
      const d = JSON.parse(this.stored.detail) as Detail;
      this.detail = { buckets: d.b.map(unpack), branches: d.r };
    }
    return this.detail;
  }

  get buckets(): Bucket[] {
    return this.decoded().buckets;
  }

  get branches(): BranchInfo[] {
    return this.decoded().branches;
  }

  get calls(): Call[] {
    return (this.decodedCalls ??= this.callsOf());
  }
}

/**
 * A session's figures as the cache's JSON text: the figures (StoredFigures)
 * and the calls (packCalls). Made where the figures are made: stats' worker
 * thread makes those of the sessions it reads, and the main thread only
 * decodes the totals and stores the text as it is.
 */
export interface EncodedFigures {
  figures: string;
  calls: string;
}

export function encodeFigures(f: SessionFigures): EncodedFigures {
  return { figures: JSON.stringify(toStored(f)), calls: packCalls(f.calls) };
}

/** Figures from their text (encodeFigures): what the cache would give for them on the next run. */
export function decodeFigures(file: string, e: EncodedFigures): SessionFigures {
  return new StoredSessionFigures(file, JSON.parse(e.figures) as StoredFigures, () => unpackCalls(e.calls), e);
}

function toStored(f: SessionFigures): StoredFigures {
  const { file: _file, buckets, branches, calls: _calls, total, modelTotals, ...rest } = f;
  const detail: Detail = { b: buckets.map(pack), r: branches };
  return { ...rest, total: packFigure(total), modelTotals: modelTotals.map(packFigure), detail: JSON.stringify(detail) };
}

const pack = (b: Bucket): StoredBucket => [b.branch, b.model, b.slot, b.input, b.output, b.cacheRead, b.cacheWrite, b.cost, b.calls, b.unpricedCalls, b.unpricedTokens];
const unpack = (a: StoredBucket): Bucket => ({
  branch: a[0],
  model: a[1],
  slot: a[2],
  input: a[3],
  output: a[4],
  cacheRead: a[5],
  cacheWrite: a[6],
  cost: a[7],
  calls: a[8],
  unpricedCalls: a[9],
  unpricedTokens: a[10],
});

/** A session's entry set in this run, kept as text (written out as it is). */
interface Made {
  stamp: string;
  parentStamp: string;
  parentSession: string | null;
  /** The figures' JSON text (StoredFigures); null: not a session file. */
  figures: string | null;
  calls: string | null;
}

export class FiguresCache {
  /** The entries the cache file held (those set again in this run are in `made`). */
  private sessions: Record<string, Stored>;
  private readonly made = new Map<string, Made>();
  private changed = false;
  private readonly file: string;
  private readonly callsFile: string;
  /** The calls file, read on first need. */
  private calls: LoadedCalls | null = null;

  private constructor(
    dir: string,
    private readonly priceStamp: string,
    sessions: Record<string, Stored>,
  ) {
    this.file = join(dir, FIGURES_CACHE_FILE);
    this.callsFile = join(dir, CALLS_FILE);
    this.sessions = sessions;
  }

  private loadCalls(): LoadedCalls {
    if (this.calls === null) {
      let bytes = Buffer.alloc(0);
      try {
        bytes = readFileSync(this.callsFile);
      } catch {
        // absent: copies of a session then count as separate sessions until their files are read again
      }
      this.calls = readCallsFile(bytes, this.priceStamp);
    }
    return this.calls;
  }

  /** A stored session's calls (empty when the calls file lost them). */
  private callsOf(file: string, stamp: string): Call[] {
    const { bytes, lines } = this.loadCalls();
    const c = lines.get(file);
    if (!c || c.stamp !== stamp) return [];
    try {
      return unpackCalls(bytes.toString("latin1", c.text, c.end - 1));
    } catch {
      return []; // a damaged line
    }
  }

  /** Opens the cache (a missing, damaged or differently priced file starts empty). */
  static open(dir: string, priceStamp: string): FiguresCache {
    let sessions: Record<string, Stored> = {};
    try {
      const data = JSON.parse(readFileSync(join(dir, FIGURES_CACHE_FILE), "utf8")) as CacheFile;
      if (data && data.version === VERSION && data.priceStamp === priceStamp && typeof data.sessions === "object" && data.sessions !== null) sessions = data.sessions;
    } catch {
      // absent or damaged: rebuilt
    }
    return new FiguresCache(dir, priceStamp, sessions);
  }

  /** The stored figures when both stamps still hold; undefined when the file must be read. */
  get(file: string, stamp: string, parentStamp: string): SessionFigures | null | undefined {
    const m = this.made.get(file);
    if (m) {
      if (m.stamp !== stamp || m.parentStamp !== parentStamp) return undefined;
      return m.figures === null ? null : decodeFigures(file, { figures: m.figures, calls: m.calls ?? "[]" });
    }
    const s = this.sessions[file];
    if (!s || s.stamp !== stamp || s.parentStamp !== parentStamp) return undefined;
    if (s.figures === null) return null;
    return new StoredSessionFigures(file, s.figures, () => this.callsOf(file, stamp));
  }

  /** The parent a stored entry was computed against, so a warm check stats only that. */
  parentOf(file: string): string | null {
    const m = this.made.get(file);
    if (m) return m.parentSession;
    const f = this.sessions[file]?.figures;
    return f?.parentSession ?? null;
  }

  set(file: string, stamp: string, parentStamp: string, figures: SessionFigures | null): void {
    // Figures decoded from their text (a worker's, or this cache's own) are stored as that text; others are encoded now.
    const e = figures === null ? null : figures instanceof StoredSessionFigures && figures.encoded ? figures.encoded : encodeFigures(figures);
    this.made.set(file, { stamp, parentStamp, parentSession: figures?.parentSession ?? null, figures: e?.figures ?? null, calls: e?.calls ?? null });
    delete this.sessions[file];
    this.changed = true;
  }

  /**
   * Writes both files, the entries set in this run as their text (no
   * JSON.stringify of every call again): the same JSON a stringify of the
   * whole would give, but for the order of the entries.
   */
  async save(): Promise<void> {
    if (!this.changed) return;
    mkdirSync(join(this.file, ".."), { recursive: true, mode: 0o700 });
    const q = JSON.stringify;
    const { bytes, lines } = this.loadCalls();
    // The calls file: every line kept from the file read as its bytes, then the lines of this run.
    const callParts: Buffer[] = [Buffer.from(`{"version":${CALLS_VERSION},"priceStamp":${q(this.priceStamp)}}\n`)];
    // Lines kept side by side in the file read go out as one piece.
    let from = -1;
    let to = -1;
    for (const [file, c] of lines) {
      if (this.made.has(file)) continue;
      if (c.start !== to) {
        if (to > from) callParts.push(bytes.subarray(from, to));
        from = c.start;
      }
      to = c.end;
    }
    if (to > from) callParts.push(bytes.subarray(from, to));
    const made: string[] = [];
    const parts: string[] = [];
    for (const [file, s] of Object.entries(this.sessions)) parts.push(`${q(file)}:${q(s)}`);
    for (const [file, m] of this.made) {
      parts.push(`${q(file)}:{"stamp":${q(m.stamp)},"parentStamp":${q(m.parentStamp)},"figures":${m.figures ?? "null"}}`);
      // stampText's digits and colons, the name as JSON (no raw tab or newline), packCalls' numbers: one line each.
      if (m.calls !== null) made.push(`${m.stamp}\t${q(file)}\t${m.calls}\n`);
    }
    if (made.length > 0) callParts.push(Buffer.from(made.join("")));
    await writeCacheFile(this.callsFile, callParts);
    rmSync(join(this.callsFile, "..", OLD_CALLS_FILE), { force: true });
    await writeCacheFile(this.file, `{"version":${VERSION},"priceStamp":${q(this.priceStamp)},"sessions":{` + parts.join(",") + "}}");
    this.changed = false;
  }
}
