// The catalog's reading half: the rows of files the catalog cannot vouch for
// (new, grown, replaced), by scanning them or by resuming a saved scan state.
// Imported only when some file changed: a warm `ls` never loads the scanner.
// session files are opened as regular files only (a FIFO or a device in their place is refused, not waited on)
import { openRegular } from "../../fs/read-capped.js";
import { virtualSource, type FileStamp } from "../../fs/stat.js";
import { join } from "node:path";
import { isGzipPath, isZlibError } from "../read/lines.js";
import type { RawSummary, Row } from "./catalog-row.js";
import { CatalogScan, NeedsRescan, checkSaved, headerHashOf, type SavedScan, type ScanTaps } from "./catalog-scan.js";
import { dirsOnce, feedScan, scanOutcome, stampTime, type Fed } from "./catalog-scan-file.js";
import { StateShards } from "./catalog-states.js";
import { catalogStats, keyOf, type CatalogRows } from "./catalog-common.js";
import { inProject } from "../../fs/same-dir.js";
import { emptySummary, summarizeSession, unreadable, type SessionSummary } from "./summary.js";
import { readSessionHeader } from "../read/dialects/pi/header.js";
import { dialectOf, sniffDialect } from "../read/dialect-of.js";
import { PiLineScanner } from "../read/dialects/pi/scanner.js";
import { limiter, mapLimit } from "../../map-limit.js";
import { scanShared, wantsWorker, workerFile, type ParallelMode } from "./catalog-parallel.js";
import { besideFresh, isRolloutFile, waitsForTask } from "../read/dialects/codex/title-task.js";

/** Reads [0, length) of a plain file (short when the file is). */
async function readHead(path: string, length: number): Promise<Buffer> {
  const fh = await openRegular(path);
  try {
    const buf = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const { bytesRead } = await fh.read(buf, got, length - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    catalogStats().bytesRead += got;
    return buf.subarray(0, got);
  } finally {
    await fh.close();
  }
}

/**
 * Other agents' sessions loaded at once. A load holds its entries until the
 * file is read (a Claude Code transcript's calls and prompts as objects, for
 * the figures and the row), while a pi or omp scan holds little: with eight
 * loads interleaved, each lived eight times as long, and V8's young-generation
 * collections copied what the others still held.
 */
const DIALECT_LOADS = 2;

interface ScanOutcome {
  summary: SessionSummary;
  saved: SavedScan | null;
}

export class CatalogReader {
  private readonly states: StateShards;
  /** The agent dirs' marks, looked at once in this listing. */
  private readonly isDir = dirsOnce();
  private readonly dialectLoad = limiter(DIALECT_LOADS);

  constructor(
    private readonly cat: CatalogRows,
    private readonly taps: ScanTaps | null = null,
    private readonly beforeRead?: () => Promise<void>,
  ) {
    this.states = new StateShards(join(cat.dir, "states"));
    cat.flushStates = (keep) => this.states.flush(keep);
  }

  /** Lines from `scan`'s resume point to the stamp's size (catalog-scan-file.ts), counted in the catalog's stats. */
  private async feed(path: string, scan: CatalogScan, st: FileStamp, from?: SavedScan): Promise<Fed> {
    const fed = await feedScan(path, scan, st, from, this.beforeRead);
    catalogStats().bytesRead += fed.result.bytes;
    catalogStats().filesRead++;
    return fed;
  }

  private async finishScan(path: string, st: FileStamp, scan: CatalogScan, fed: Fed): Promise<ScanOutcome> {
    return scanOutcome(path, st, scan, fed, this.cat.stateMinBytes, this.isDir) ?? { summary: await summarizeSession(path), saved: null };
  }

  private async fullScan(path: string, st: FileStamp): Promise<ScanOutcome> {
    const tap = this.taps?.open(path, st) ?? null;
    const scan = new CatalogScan(undefined, tap);
    let fed: Fed;
    try {
      fed = await this.feed(path, scan, st);
    } catch (err) {
      if (!isGzipPath(path) || !isZlibError(err)) throw err;
      // A truncated or corrupt archive is listed as unreadable, as summarizeSession words it (and not read again until it changes).
      return { summary: { ...emptySummary(path, st.size, stampTime(st)), error: unreadable(err) }, saved: null };
    }
    const out = await this.finishScan(path, st, scan, fed);
    if (tap) await this.taps!.close(path, tap, out.summary);
    return out;
  }

  /** Continues a saved scan over the bytes appended since; null when the file must be scanned anew. */
  private async resume(path: string, st: FileStamp, row: Row): Promise<ScanOutcome | null> {
    if (!row.state) return null;
    const f = await this.states.get(path);
    const saved = f && f.size === row.size && f.mtimeMs === row.mtimeMs ? checkSaved(f.scan) : null;
    if (saved === null || saved.resumeOffset > st.size) return null;
    const { slotStart, slotEnd, headerStart, headerEnd, headerHash } = saved.facts;
    if (headerStart < 0 || headerEnd > saved.resumeOffset) return null;
    // The same header bytes at the same place: the file is the one scanned, grown.
    const head = await readHead(path, headerEnd);
    if (head.length !== headerEnd || headerHashOf(head.subarray(headerStart, headerEnd)) !== headerHash) return null;
    const scan = new CatalogScan(saved);
    if (slotStart >= 0) {
      // omp renames by rewriting the 256-byte title slot in place: read it again, as pi's scanner reads a first line.
      const slot = new PiLineScanner({ entry: () => undefined });
      slot.line(head, slotStart, slotEnd, slotStart, 1);
      if (slot.state.slot === null) return null;
      scan.setTitleSlot(slot.state.slot.title);
    }
    try {
      const fed = await this.feed(path, scan, st, saved);
      return await this.finishScan(path, st, scan, fed);
    } catch (err) {
      if (err instanceof NeedsRescan) return null;
      throw err;
    }
  }

  private store(path: string, st: FileStamp, out: ScanOutcome): void {
    const row: Row = { ...keyOf(st), summary: out.summary };
    if (out.saved) {
      this.states.set(path, { size: st.size, mtimeMs: st.mtimeMs, scan: out.saved });
      row.state = true;
    } else if (this.cat.rows.get(path)?.state) this.states.set(path, null);
    this.cat.rows.set(path, row);
    this.cat.changed = true;
  }

  /** The listing row of one file, from the cache when its key matches, else by (partly) scanning it. */
  async summary(path: string, st: FileStamp | null, cwd: string | undefined): Promise<SessionSummary | null> {
    if (st === null || !st.isFile) {
      // Missing, unreadable or a directory: summarizeSession words the error.
      const s = await summarizeSession(path);
      return cwd !== undefined ? null : s;
    }
    const hit = this.cat.cached(path, st, cwd);
    if (hit !== undefined) return hit;
    const row = this.cat.rows.get(path);
    const wanted = (s: SessionSummary): SessionSummary | null => (cwd === undefined || (s.valid && inProject(s.cwd, cwd)) ? s : null);
    if (dialectOf(path)) {
      // Another agent's session: read whole through its dialect (no header to sniff, no saved state to resume).
      const out = { summary: await this.dialectLoad(() => summarizeSession(path, this.taps?.dialect, st)), saved: null };
      catalogStats().filesRead++;
      this.store(path, st, out);
      return wanted(out.summary);
    }
    if (cwd !== undefined) {
      // A grown file keeps its header: when it belongs to another project, it need not be read now.
      const grown = row?.summary && row.dev === st.dev && row.ino === st.ino && st.size > row.size;
      if (grown && !(row.summary!.valid && inProject(row.summary!.cwd, cwd))) return null;
      if (!row?.summary) {
        // Most sessions belong to other projects: a head read rules them out.
        const header = await readSessionHeader(path);
        if (header !== undefined) {
          const hcwd = header !== null && typeof header.cwd === "string" ? header.cwd : "";
          if (header === null || !inProject(hcwd, cwd)) {
            this.cat.rows.set(path, { ...keyOf(st), hcwd });
            this.cat.changed = true;
            return null;
          }
        }
      }
    }
    let out: ScanOutcome | null = null;
    if (resumable(row, st) && !isGzipPath(path)) {
      out = await this.resume(path, st, row!);
    }
    out ??= await this.fullScan(path, st);
    return wanted(await this.settle(path, st, out));
  }

  /** Stores a scan's row (or, for an invalid file that is another agent's transcript, the row its dialect makes); the row. */
  private async settle(path: string, st: FileStamp, out: ScanOutcome): Promise<SessionSummary> {
    if (!out.summary.valid && !isGzipPath(path) && sniffDialect(path)) {
      // Another agent's transcript outside its usual place: read through its dialect.
      out = { summary: await summarizeSession(path, this.taps?.dialect), saved: null };
    }
    this.store(path, st, out);
    return out.summary;
  }

  /** A file the catalog cannot vouch for, to be scanned whole as a pi or omp file (nothing saved to resume, no tap, no dialect, not gzip). */
  private wholeOnly(path: string, st: FileStamp | null): st is FileStamp {
    return st !== null && st.isFile && !isGzipPath(path) && !dialectOf(path) && !resumable(this.cat.rows.get(path), st);
  }

  /** Another agent's session kept as a file of its own (a session in a database, `DB#ID`, is read here: its database is opened once). */
  private forWorker(path: string, st: FileStamp | null): st is FileStamp {
    return st !== null && st.isFile && dialectOf(path) !== undefined && virtualSource(path) === null;
  }

  /**
   * The files of `todo` that had no first prompt in the catalog (new ones too): before readAll, as
   * the rows were. A Codex title thread may be waiting for one of them (relinkTitleThreads).
   */
  promptless(files: string[], todo: number[]): string[] {
    const out: string[] = [];
    for (const i of todo) if (isRolloutFile(files[i]) && !this.cat.rows.get(files[i])?.summary?.firstMessage) out.push(files[i]);
    return out;
  }

  /**
   * Codex title threads listed before their task's rollout held its prompt kept no parent: once
   * such a rollout is read (`fresh`, from promptless), the title threads started beside it are
   * read again, so that they find it (title-task.ts). Nothing is read when no such rollout came.
   */
  async relinkTitleThreads(files: string[], fresh: string[], stampOf: (i: number) => FileStamp | null, out: (SessionSummary | RawSummary | null | undefined)[], cwd: string | undefined): Promise<void> {
    if (fresh.length === 0) return;
    for (const i of besideFresh(fresh, files)) {
      const s = this.cat.rows.get(files[i])?.summary;
      if (!s || !waitsForTask(files[i], s)) continue;
      this.cat.rows.delete(files[i]);
      out[i] = await this.summary(files[i], stampOf(i), cwd);
    }
  }

  /**
   * The rows of files[i] for every i of `todo` into out[i] (catalog.ts): each
   * as summary() makes it, but when there are enough of them, the files
   * scanned whole (pi, omp) or the sessions the taps' worker loads (other
   * agents') shared with a worker thread (catalog-parallel.ts).
   */
  async readAll(files: string[], stats: (FileStamp | null)[], todo: number[], out: (SessionSummary | null | undefined)[], opts: { cwd: string | undefined; concurrency: number; parallel?: ParallelMode }): Promise<void> {
    const one = async (i: number): Promise<void> => {
      out[i] = await this.summary(files[i], stats[i], opts.cwd);
    };
    const mode = opts.parallel;
    const dialectWorker = this.taps?.worker;
    let shared: number[] = [];
    if (opts.cwd !== undefined || mode === undefined || mode === "off") shared = [];
    else if (this.taps === null) shared = todo.filter((i) => this.wholeOnly(files[i], stats[i]));
    else if (dialectWorker) shared = todo.filter((i) => this.forWorker(files[i], stats[i]));
    let bytes = 0;
    for (const i of shared) bytes += stats[i]!.size;
    if (!wantsWorker(mode, bytes, shared.length, dialectWorker?.minBytes, undefined, undefined, dialectWorker?.loadMargin)) {
      await mapLimit(todo, opts.concurrency, one);
      return;
    }
    const jobs = shared.map((i) => ({ path: files[i], st: stats[i]! }));
    const file = dialectWorker ? (mode === "fail" ? workerFile("fail") : dialectWorker.file) : workerFile(mode!);
    await scanShared(
      jobs,
      { file, stateMinBytes: this.cat.stateMinBytes, concurrency: opts.concurrency, workerFirst: mode === "worker" || mode === "fail" },
      (k) => one(shared[k]),
      async (k, row) => {
        const { path, st } = jobs[k];
        catalogStats().bytesRead += row.bytes;
        catalogStats().filesRead++;
        catalogStats().workerFiles++;
        if (dialectWorker) {
          // As summary() stores another agent's session, its tap told of the load.
          this.store(path, st, { summary: row.summary, saved: null });
          out[shared[k]] = row.summary;
          await dialectWorker.adopt(path, row.extra ?? null);
        } else out[shared[k]] = await this.settle(path, st, { summary: row.summary, saved: row.saved });
      },
    );
    const taken = new Set(shared);
    await mapLimit(
      todo.filter((i) => !taken.has(i)),
      opts.concurrency,
      one,
    );
  }
}

/** The row's file grew (same file, more bytes): its saved scan state may be resumed. */
const resumable = (row: Row | undefined, st: FileStamp): boolean => row?.summary !== undefined && row.dev === st.dev && row.ino === st.ino && st.size > row.size;
