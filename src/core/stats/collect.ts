// The figures of many session files: from the cache when a file (and a fork's
// parent) did not change, else read and priced, a few files at a time. The
// price table is loaded only when some file has to be read.
import { stampOf, type FileStamp } from "../fs/stat.js";
import { cacheDir as defaultCacheDir } from "../cache-dir.js";
import { FiguresCache, stampText } from "./figures-cache.js";
import type { SessionFigures } from "./figures.js";
import { loadPriceOverrides, type PriceOverrides } from "./price-overrides.js";
import { makePricer, PRICE_TABLE, type Pricer } from "./prices.js";
import { callKeysOf, figuresOfSession, readSessionFigures } from "./read-session.js";
import type { Session } from "../session/index.js";
import { figuresOf } from "./figures.js";
import { scanFigures, type FiguresTaps, type ScannedSession } from "./figures-scan.js";
import { resolveParent } from "./parent.js";

export interface CollectOptions {
  /** The cache's dir (default: the catalog's, cache-dir.ts). */
  cacheDir?: string;
  /** false: read every file, keep nothing. Default true. */
  cache?: boolean;
  concurrency?: number;
  /** After each file read (not for cache hits): how many are done of how many to read. */
  onProgress?: (done: number, total: number) => void;
  /** The user's prices (default: prices.json in the config dir). */
  overrides?: PriceOverrides;
  /** false: only what the cache holds (the list's cost column never reads a session). Default true. */
  readMissing?: boolean;
  /** What the listing's own pass read (figures-scan.ts FiguresTaps, made with the same overrides). */
  taps?: FiguresTaps;
  /** Awaited before each chunk of a pi or omp file is read (read/lines.ts): the browser holds its background reads while keys come. */
  beforeRead?: () => Promise<void>;
  /** The files' stamps as the listing just took them (listSessions' `stamps`): not stat'ed again. */
  stamps?: ReadonlyMap<string, FileStamp | null>;
  /**
   * The session the tree screen loaded whole: another agent's, whose entries
   * the loader holds, gives its figures from them while the file keeps the
   * size it was loaded at, instead of being read and parsed again (its
   * dialect's read does not give way to keys).
   */
  loaded?: Session;
}

/** The loaded session of `file` when its entries are held and the file has not grown or shrunk since. */
function heldAsLoaded(file: string, s: Session | undefined): Session | null {
  if (s?.file !== file || !s.held) return null;
  try {
    return stampOf(file)?.size === s.size ? s : null;
  } catch {
    return null;
  }
}

export interface Collected {
  /** One per file that is a session, in the order of the files given. */
  figures: SessionFigures[];
  /** Files read this time (the others came from the cache). */
  read: number;
  /** prices.json was ignored, and why (null: fine or absent). */
  overridesError: string | null;
}

const statStamp = (file: string): string => {
  try {
    return stampText(stampOf(file));
  } catch {
    return "";
  }
};

export async function collectFigures(files: readonly string[], opts: CollectOptions = {}): Promise<Collected> {
  const overrides = opts.overrides ?? loadPriceOverrides();
  const priceStamp = `${PRICE_TABLE}+${overrides.stamp}`;
  const useCache = opts.cache !== false;
  const cache = useCache ? FiguresCache.open(opts.cacheDir ?? defaultCacheDir(), priceStamp) : null;
  const out: (SessionFigures | null)[] = new Array(files.length).fill(null);
  const known = opts.stamps;
  const safeStamp = (file: string): string => {
    const st = known?.get(file);
    return st !== undefined ? stampText(st) : statStamp(file);
  };
  const misses: number[] = [];
  const stamps: string[] = [];
  files.forEach((file, i) => {
    const stamp = safeStamp(file);
    stamps.push(stamp);
    if (!cache) return misses.push(i);
    const parent = resolveParent(file, cache.parentOf(file));
    const hit = cache.get(file, stamp, parent ? safeStamp(parent) : "");
    if (hit === undefined) misses.push(i);
    else out[i] = hit;
  });
  if (misses.length > 0 && opts.readMissing !== false) {
    // Made when a file is priced here, not before: a cold `stats` has the listing's pass price them all (the taps',
    // whose pricer is this one: loading the table again cost a cold run 60-70 ms of one core after the reading).
    let pricing: Promise<Pricer> | null = null;
    const pricer = (): Promise<Pricer> => (pricing ??= opts.taps?.priceStamp === priceStamp ? opts.taps.pricer() : makePricer(overrides));
    let next = 0;
    let done = 0;
    const scanned: ReadonlyMap<string, ScannedSession> = opts.taps?.scanned ?? new Map();
    const figured = opts.taps?.figured;
    /** A fork's parent's call keys: from this run's pass when it read the parent, else read now. */
    const parentKeys = async (parent: string): Promise<Set<string>> => {
      const pre = scanned.get(parent) ?? (await scanFigures(parent, opts.beforeRead));
      return pre ? pre.callKeys() : callKeysOf(parent);
    };
    const read = async (file: string): Promise<{ figures: SessionFigures | null; stamp: string | null }> => {
      const done = figured?.get(file);
      if (done) return done;
      const held = heldAsLoaded(file, opts.loaded);
      if (held) return { figures: await figuresOfSession(held, await pricer()), stamp: null };
      const pre = scanned.get(file) ?? (await scanFigures(file, opts.beforeRead));
      if (!pre) return { figures: await readSessionFigures(file, await pricer()), stamp: null };
      const { parts } = pre;
      const parent = parts.inherits === false ? null : resolveParent(file, parts.header.parentSession);
      const inheritedKeys = parent !== null && parent !== file ? await parentKeys(parent) : undefined;
      return { figures: figuresOf({ ...parts, inheritedKeys }, await pricer()), stamp: pre.stamp };
    };
    const worker = async (): Promise<void> => {
      while (next < misses.length) {
        const i = misses[next++];
        const { figures: f, stamp } = await read(files[i]);
        out[i] = f;
        if (cache) {
          // Cached under the stamp of the bytes read (the listing's pass may be a moment older than the stat above).
          const parent = f ? resolveParent(files[i], f.parentSession) : null;
          cache.set(files[i], stamp ?? stamps[i], parent ? safeStamp(parent) : "", f);
        }
        opts.onProgress?.(++done, misses.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 4, misses.length) }, worker));
    await cache?.save().catch(() => {
      // A cache that cannot be written costs the next run its speed, never this run's answer.
    });
  }
  const read = opts.readMissing === false ? 0 : misses.length;
  return { figures: out.filter((f): f is SessionFigures => f !== null), read, overridesError: overrides.error };
}
