// One pi or omp file through the catalog's scan (catalog-scan.ts): the lines
// from a resume point (or the start) to the size stat'ed, then the listing row
// and the state to save. Shared by the catalog's reading half
// (catalog-read.ts) and the scan worker (scan-worker.ts), so it imports only
// what a scan needs: the worker's bundle stays small.
import type { FileStamp } from "../../fs/stat.js";
import { isGzipPath, scanLines, type ScanResult } from "../read/lines.js";
import { CatalogScan, NeedsRescan, type SavedScan } from "./catalog-scan.js";
import { emptySummary } from "./summary.js";
import type { SessionSummary } from "../model.js";
import { isDir } from "../../fs/home-dir.js";
import { giveListBuffer, takeListBuffer } from "./scan-buffers.js";

/** The lines fed, and a copy of the scan that took a trailing partial line. */
export interface Fed {
  result: ScanResult;
  /** The scan with the trailing partial line applied (null: the file ends with a newline). */
  tail: CatalogScan | null;
  /** The trailing partial line could not be applied to a copy (the listing row must come from a plain scan). */
  tailFailed: boolean;
}

/** Lines from `scan`'s resume point (`from`) to the stamp's size, a trailing partial line applied to a copy only. */
export async function feedScan(path: string, scan: CatalogScan, st: FileStamp, from?: SavedScan, beforeRead?: () => Promise<void>): Promise<Fed> {
  let tail: CatalogScan | null = null;
  let tailFailed = false;
  const gzip = isGzipPath(path);
  const buffer = takeListBuffer();
  const result = await scanLines(
    path,
    (buf, start, end, offset, line, terminated) => {
      if (terminated) {
        scan.line(buf, start, end, offset, line);
        return;
      }
      // An agent may be writing this line: the saved state stops before it.
      try {
        tail = scan.fork();
        tail.line(buf, start, end, offset, line);
      } catch (err) {
        if (!(err instanceof NeedsRescan)) throw err;
        tailFailed = true;
      }
    },
    { gzip, start: from?.resumeOffset, startLine: from?.resumeLine, end: gzip ? undefined : st.size, shouldStop: () => scan.stop, buffer, beforeRead, blocking: true },
  ).finally(() => giveListBuffer(buffer));
  return { result, tail, tailFailed };
}

/** As Stats.mtime shows a stamp's time: the milliseconds rounded. */
export const stampTime = (st: FileStamp): string => new Date(Math.round(st.mtimeMs)).toISOString();

/**
 * The listing row of a fed scan, and the state to save (null: none, for a
 * small, invalid, stopped or gzip file). Null when the row must come from a
 * plain scan instead (the trailing partial line could not be applied).
 */
export function scanOutcome(path: string, st: FileStamp, scan: CatalogScan, fed: Fed, stateMinBytes: number, isDir?: (p: string) => boolean): { summary: SessionSummary; saved: SavedScan | null } | null {
  if (fed.tailFailed) return null;
  const mtime = stampTime(st);
  const summary = (fed.tail ?? scan).summary(emptySummary(path, st.size, mtime), mtime, isDir);
  if (!scan.valid || scan.stop || isGzipPath(path)) return { summary, saved: null };
  // Small files are cheaper to scan again than to keep a state for.
  if (st.size < stateMinBytes) return { summary, saved: null };
  return { summary, saved: scan.save(fed.result.resumeOffset, fed.result.resumeLine) };
}

/** Whether a path is a dir, each path looked at once: for one listing (every session of an agent dir asks of the same dirs). */
export function dirsOnce(): (p: string) => boolean {
  const seen = new Map<string, boolean>();
  return (p) => {
    let d = seen.get(p);
    if (d === undefined) seen.set(p, (d = isDir(p)));
    return d;
  };
}

/** A whole plain file's row and state, with the bytes read; null as scanOutcome. */
export async function scanWhole(path: string, st: FileStamp, stateMinBytes: number, isDir?: (p: string) => boolean): Promise<{ summary: SessionSummary; saved: SavedScan | null; bytes: number } | null> {
  const scan = new CatalogScan();
  const fed = await feedScan(path, scan, st);
  const out = scanOutcome(path, st, scan, fed, stateMinBytes, isDir);
  return out && { ...out, bytes: fed.result.bytes };
}
