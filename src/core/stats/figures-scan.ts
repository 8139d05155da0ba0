// A pi or omp session's calls read in the list's own pass over its lines
// (catalog-scan.ts ScanTap): the tree from the entry heads, the usage from
// the end of each assistant line (message-tail.ts), a tool result's only when
// its line holds a usage key (pi 1.6.0), the other lines never parsed for it. What it gives is what read-session.ts gives through the
// tree loader, for the same bytes (a test compares them on every fixture);
// a v1 file (no ids: the loader gives them) is left to read-session.ts.
import { stampOf, type FileStamp } from "../fs/stat.js";
import { isGzipPath, scanLines } from "../session/index.js";
import { dialectOf } from "../session/index.js";
import { CatalogScan } from "../session/index.js";
import { emptySummary } from "../session/index.js";
import { headerVersion, type EntryHead } from "../session/index.js";
import { assistantTail, tailTexts } from "../session/index.js";
import { ParentLinks } from "../session/index.js";
import type { DialectTap, DialectWorker, EntryLine, ParallelMode, ScanTap, ScanTaps } from "../session/index.js";
import { workerFile } from "../session/index.js";
import type { WorkerFigures } from "./stats-worker.js";
import type { SessionSummary } from "../session/index.js";
import { branchesOfShape, entryKey, figuresOf, type CallEntry, type FigureParts, type SessionFigures } from "./figures.js";
import { makePricer, PRICE_TABLE, type Pricer } from "./prices.js";
import type { PriceOverrides } from "./price-overrides.js";
import { resolveParent, subagentOf } from "./parent.js";
import { callUsage, mayCarryUsage, type CallUsage } from "./usage.js";
import { decodeFigures, encodeFigures, stampText } from "./figures-cache.js";
import { figuresOfSession, heldMayCarryUsage } from "./read-session.js";

type Json = Record<string, unknown>;

/** A usage key as pi writes it (JSON.stringify escapes nothing in it). */
const USAGE_KEY = Buffer.from('"usage"', "latin1");

/** A session's calls as one pass read them: its figures but for a fork's copied calls (collect.ts settles those). */
export interface ScannedSession {
  /** The stamp of the bytes read (stampText): what the figures are cached under. */
  stamp: string;
  parts: FigureParts;
  /** Every entry that may carry usage (entryKey): what a fork of this session copied. */
  callKeys(): Set<string>;
}

/**
 * The calls of a file being read, a column per field: a call's objects then
 * live only while its line is read, not until the file ends (thousands of
 * small objects kept that long cost the collector more than the reading).
 */
class CallColumns {
  readonly pos: number[] = [];
  readonly timestamp: string[] = [];
  /** 1: the call has usage (the other columns hold it). */
  private readonly has: number[] = [];
  private readonly input: number[] = [];
  private readonly output: number[] = [];
  private readonly cacheRead: number[] = [];
  private readonly cacheWrite: number[] = [];
  /** NaN: no recorded cost. */
  private readonly recorded: number[] = [];
  private readonly time: number[] = [];
  private readonly provider: string[] = [];
  private readonly model: string[] = [];
  private readonly responseId: string[] = [];

  get length(): number {
    return this.pos.length;
  }

  push(pos: number, timestamp: string, u: CallUsage | null): void {
    this.pos.push(pos);
    this.timestamp.push(timestamp);
    this.has.push(u ? 1 : 0);
    this.input.push(u ? u.input : 0);
    this.output.push(u ? u.output : 0);
    this.cacheRead.push(u ? u.cacheRead : 0);
    this.cacheWrite.push(u ? u.cacheWrite : 0);
    this.recorded.push(u && u.recordedCost !== null ? u.recordedCost : NaN);
    this.time.push(u ? u.time : NaN);
    this.provider.push(u ? u.provider : "");
    this.model.push(u ? u.modelId : "");
    this.responseId.push(u ? u.responseId : "");
  }

  usage(i: number): CallUsage | null {
    if (!this.has[i]) return null;
    const r = this.recorded[i];
    return {
      input: this.input[i],
      output: this.output[i],
      cacheRead: this.cacheRead[i],
      cacheWrite: this.cacheWrite[i],
      recordedCost: Number.isNaN(r) ? null : r,
      provider: this.provider[i],
      modelId: this.model[i],
      time: this.time[i],
      responseId: this.responseId[i],
    };
  }
}

/**
 * Reads one file's calls from the lines the catalog's scan is told of. On
 * the scan's own tree (`shared`: the ids and parents it keeps anyway) unless
 * told to keep one of its own: the scan takes an entry's head on trust where
 * the loader, parsing, finds no entry (a line cut short); a call line is the
 * only kind this tap parses, and when one fails the shared tree is not the
 * loader's, and the tap gives up (finish: null) for a read on its own tree.
 */
export class FiguresTap implements ScanTap {
  private head: Json | null = null;
  /** v1: entries have no ids of their own (the loader's migration gives them). */
  private linear = false;
  private links: ParentLinks | null;
  /** The shared tree cannot be trusted for this file. */
  private spoiled = false;
  private readonly calls = new CallColumns();
  /** The environment's recent model and provider names, taken once per file. */
  private readonly texts = tailTexts();

  constructor(private readonly shared: boolean) {
    this.links = shared ? null : new ParentLinks();
  }

  header(obj: Json): void {
    this.head = obj;
    this.linear = headerVersion(obj) < 2;
  }

  entry(f: EntryHead, line: EntryLine): void {
    if (this.head === null || this.linear || this.spoiled) return;
    const id = f.id;
    if (id === undefined || id === "") return; // left out of the tree, as the loader does
    let links = this.links;
    if (this.shared) {
      // The scan's tree, the same one for every line (a copy made for a trailing line keeps none).
      if (links === null) links = this.links = line.links;
      if (links === null || line.links !== links) {
        this.spoiled = true;
        return;
      }
    }
    if (!mayCarryUsage(f.type, f.role)) {
      if (!this.shared) links!.add(id, f.parentId ?? null);
      return;
    }
    const assistant = f.type === "message" && f.role === "assistant";
    const ts = f.tsStart >= 0 ? line.buf.toString("latin1", f.tsStart, f.tsEnd) : undefined;
    let usage: CallUsage | null;
    const tail = assistant && ts !== undefined && line.parsed === undefined ? assistantTail(line.buf, line.start, line.end, f, this.texts) : null;
    if (tail !== null) usage = callUsage({ type: "message", timestamp: ts, message: tail });
    else if (f.type === "message" && !assistant && line.parsed === undefined && line.buf.subarray(line.start, line.end).indexOf(USAGE_KEY) < 0) {
      // A tool result (often the biggest line) without the bytes of a usage key carries none: not parsed.
      usage = null;
    } else {
      // Parsed whole: a line JSON.parse refuses (cut short, another written after it) is no entry, as in the loader.
      const obj = line.parse();
      if (obj === null) {
        this.spoiled ||= this.shared;
        return;
      }
      usage = callUsage(obj);
    }
    const timestamp = ts ?? (typeof line.parsed?.timestamp === "string" ? (line.parsed.timestamp as string) : "");
    this.calls.push(links!.size, timestamp, usage);
    if (!this.shared) links!.add(id, f.parentId ?? null);
  }

  /**
   * The session's calls on its resolved tree; null when this tap cannot tell
   * (no header, a v1 file, a shared tree it cannot vouch for). `summary` is
   * the list row the same pass made: its agent is the one answer.
   */
  finish(file: string, stamp: string, summary: SessionSummary): ScannedSession | null {
    const header = this.head;
    const links = this.links ?? new ParentLinks();
    if (header === null || this.linear || this.spoiled || !summary.valid) return null;
    const { kept, parent, hasChild } = links.resolve();
    let leaf = -1;
    for (let i = links.size - 1; i >= 0 && leaf < 0; i--) if (kept[i]) leaf = i;
    const { branchOf, branches } = branchesOfShape({ n: links.size, parent, hasChild: (i) => hasChild[i] === 1, leaf, idAt: (i) => links.ids[i], kept });
    const calls: CallEntry[] = [];
    const c = this.calls;
    for (let i = 0; i < c.length; i++) {
      const pos = c.pos[i];
      if (kept[pos]) calls.push({ id: links.ids[pos], timestamp: c.timestamp[i], branch: branchOf[pos], usage: c.usage(i) });
    }
    // pi or omp: the list row's agent, decided once by the pi dialect's scanner (omp-marks.ts isOmpFile).
    const agent = summary.agent === "omp" ? "omp" : "pi";
    const { subagent, placedIn, inherits } = subagentOf(file, agent, header);
    const parts: FigureParts = { file, header, agent, calls, branches, subagent, placedIn, inherits };
    return { stamp, parts, callKeys: () => new Set(calls.map((c) => entryKey(c.id, c.timestamp))) };
  }
}

/**
 * Figures kept until the listing ends, as the cache's text (decoded again on
 * use, as the stats worker's are): a call's object then lives only while its
 * file is read. Kept as objects, every call of every file outlived the young
 * generation, and the collector copied and marked them all through a cold
 * `stats`; and the cache stores the text as it is.
 */
const kept = (f: SessionFigures): SessionFigures => decodeFigures(f.file, encodeFigures(f));

/** A session's figures as the listing's pass made them, and the stamp of the bytes read. */
export interface Figured {
  stamp: string;
  figures: SessionFigures;
}

/**
 * ScanTaps that make the figures of every file a listing scans whole
 * (listSessions' `taps`), priced as each file ends so that little of a
 * file's reading outlives it. A fork waits in `scanned`: its parent's calls
 * settle what it copied (collect.ts).
 */
export class FiguresTaps implements ScanTaps {
  readonly figured = new Map<string, Figured>();
  readonly scanned = new Map<string, ScannedSession>();
  private readonly stamps = new Map<FiguresTap, string>();
  private pricing: Promise<Pricer> | null = null;

  /** Other agents' sessions (Claude Code's, Codex's…) loaded in a worker thread too, in a cold listing with enough of them (stats-worker.ts). */
  readonly worker: DialectWorker;

  constructor(
    private readonly overrides: PriceOverrides,
    parallel: ParallelMode = "off",
  ) {
    this.worker = {
      file: workerFile(parallel, "stats-worker.cjs"),
      // Loading them costs about 10 ms of one core per MB: a worker's start pays off from a few MB on.
      minBytes: 8 * 1024 * 1024,
      // Only with a core to spare (a load average under the cores' count less one): it won ~8% of the wall on an idle
      // 2-core machine, lost 35-45% at a load of 2-3.7 and 13% at 11-22, while costing 25-35% more CPU (docs/performance.md).
      loadMargin: -1,
      adopt: (path, extra) => {
        const got = extra as WorkerFigures | null;
        // None, or priced under other prices (prices.json changed meanwhile): read again by collect.ts, as when the tap's take fails.
        if (!got || got.priceStamp !== this.priceStamp) return Promise.resolve();
        this.figured.set(path, { stamp: got.stamp, figures: decodeFigures(path, got.figures) });
        return Promise.resolve();
      },
    };
  }

  /** What these taps price under (Pricer.stamp). */
  get priceStamp(): string {
    return `${PRICE_TABLE}+${this.overrides.stamp}`;
  }

  /** The pricer of these taps' overrides, made once (the table loads at the first file read: a listing that reads none never loads it); collect.ts prices with it too. */
  pricer(): Promise<Pricer> {
    return (this.pricing ??= makePricer(this.overrides));
  }

  /** Another agent's session the listing loaded: its figures from that load (its calls held as objects, read-session.ts). */
  readonly dialect: DialectTap = {
    holdObjects: heldMayCarryUsage,
    take: async (s, stamp) => {
      this.figured.set(s.file, { stamp: stampText(stamp), figures: kept(await figuresOfSession(s, await this.pricer())) });
    },
  };

  open(_path: string, stamp: FileStamp): ScanTap {
    const tap = new FiguresTap(true);
    this.stamps.set(tap, stampText(stamp));
    // The table loads while the files are read.
    void this.pricer();
    return tap;
  }

  async close(path: string, tap: ScanTap, summary: SessionSummary): Promise<void> {
    const t = tap as FiguresTap;
    const got = t.finish(path, this.stamps.get(t) ?? "", summary);
    this.stamps.delete(t);
    if (!got) return;
    const { parts } = got;
    const parent = parts.inherits === false ? null : resolveParent(path, parts.header.parentSession);
    if (parent !== null && parent !== path) this.scanned.set(path, got);
    else this.figured.set(path, { stamp: got.stamp, figures: kept(figuresOf(parts, await this.pricer())) });
  }
}

/**
 * One file's calls read on their own (a file the listing did not scan whole):
 * the list's scan with a tap, fed every line. null when the tap cannot tell
 * (another agent's file, a v1 file, no session): read-session.ts reads those.
 */
/**
 * What a scan that gives way (beforeRead: the browser's costs) reads at a
 * time: a key that comes meanwhile waits for one slice (a millisecond or two
 * of work), not for a whole 1 MB chunk.
 */
export const BACKGROUND_SLICE = 1 << 18;

export async function scanFigures(file: string, beforeRead?: () => Promise<void>): Promise<ScannedSession | null> {
  if (dialectOf(file)) return null;
  const st = stampOf(file);
  if (st === null || !st.isFile) return null;
  const tap = new FiguresTap(false);
  const scan = new CatalogScan(undefined, tap);
  const gzip = isGzipPath(file);
  try {
    await scanLines(file, (buf, start, end, offset, line) => scan.line(buf, start, end, offset, line), {
      gzip,
      end: gzip ? undefined : st.size,
      shouldStop: () => scan.stop,
      beforeRead,
      buffer: beforeRead ? Buffer.allocUnsafe(BACKGROUND_SLICE) : undefined,
    });
  } catch {
    return null;
  }
  const mtime = new Date(Math.round(st.mtimeMs)).toISOString();
  return tap.finish(file, stampText(st), scan.summary(emptySummary(file, st.size, mtime), mtime));
}
