// Per-session figures kept between runs, in a cache file of their own beside
// the catalog (stats-v3.json in the cache dir), keyed by the file's stamp
// (dev, ino, size, mtime) and, for a fork, its parent's: a session that did
// not change is never read again. Figures priced under another price stamp
// (a new table, an edited prices.json) are read again.
import { readFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { FileStamp } from "../fs/stat.js";
import { writeCacheFile } from "../session/list/cache-file.js";
import type { BranchInfo, Bucket, Call, Figure, SessionFigures } from "./figures.js";

const VERSION = 3;
export const FIGURES_CACHE_FILE = "stats-v3.json";

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
  /** Calls: [key, branch, model, slot, input, output, cacheRead, cacheWrite, cost or -1 when unpriced]. */
  c: number[][];
}

const packCall = (c: Call): number[] => [c.key, c.branch, c.model, c.slot, c.input, c.output, c.cacheRead, c.cacheWrite, c.cost ?? -1];
const unpackCall = (a: number[]): Call => ({ key: a[0], branch: a[1], model: a[2], slot: a[3], input: a[4], output: a[5], cacheRead: a[6], cacheWrite: a[7], cost: a[8] < 0 ? null : a[8] });

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

function fromStored(file: string, s: StoredFigures): SessionFigures {
  const { detail: text, ...rest } = s;
  let detail: { buckets: Bucket[]; branches: BranchInfo[]; calls: Call[] } | null = null;
  const decoded = () => {
    if (detail === null) {
      const d = JSON.parse(text) as Detail;
      detail = { buckets: d.b.map(unpack), branches: d.r, calls: d.c.map(unpackCall) };
    }
    return detail;
  };
  const f = { ...rest, file, total: unpackFigure(s.total), modelTotals: s.modelTotals.map(unpackFigure) } as unknown as SessionFigures;
  Object.defineProperty(f, "buckets", { enumerable: true, get: () => decoded().buckets });
  Object.defineProperty(f, "branches", { enumerable: true, get: () => decoded().branches });
  Object.defineProperty(f, "calls", { enumerable: true, get: () => decoded().calls });
  return f;
}

function toStored(f: SessionFigures): StoredFigures {
  const { file: _file, buckets, branches, calls, total, modelTotals, ...rest } = f;
  const detail: Detail = { b: buckets.map(pack), r: branches, c: calls.map(packCall) };
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

export class FiguresCache {
  private sessions: Record<string, Stored>;
  private changed = false;
  private readonly file: string;

  private constructor(
    dir: string,
    private readonly priceStamp: string,
    sessions: Record<string, Stored>,
  ) {
    this.file = join(dir, FIGURES_CACHE_FILE);
    this.sessions = sessions;
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
    const s = this.sessions[file];
    if (!s || s.stamp !== stamp || s.parentStamp !== parentStamp) return undefined;
    if (s.figures === null) return null;
    return fromStored(file, s.figures);
  }

  /** The parent a stored entry was computed against, so a warm check stats only that. */
  parentOf(file: string): string | null {
    const f = this.sessions[file]?.figures;
    return f?.parentSession ?? null;
  }

  set(file: string, stamp: string, parentStamp: string, figures: SessionFigures | null): void {
    this.sessions[file] = { stamp, parentStamp, figures: figures && toStored(figures) };
    this.changed = true;
  }

  /** Forgets files no longer listed under the roots looked at (only when told which are gone). */
  drop(files: Iterable<string>): void {
    for (const f of files) {
      if (f in this.sessions) {
        delete this.sessions[f];
        this.changed = true;
      }
    }
  }

  async save(): Promise<void> {
    if (!this.changed) return;
    mkdirSync(join(this.file, ".."), { recursive: true, mode: 0o700 });
    const data: CacheFile = { version: VERSION, priceStamp: this.priceStamp, sessions: this.sessions };
    await writeCacheFile(this.file, JSON.stringify(data));
    this.changed = false;
  }
}
