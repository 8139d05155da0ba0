// A cold listing of thousands of pi and omp files on two cores: the main
// thread and one worker thread (scan-worker.ts, a small bundle of its own,
// dist/scan-worker.cjs) both scan whole files. The main thread takes files
// from the front of the list, the worker from the back; a file is claimed in
// a SharedArrayBuffer (one Int32 per file, set once with compareExchange), so
// each file is scanned once. The worker's rows are taken in the list's order
// after the main thread's own, so the catalog and the listing are the same as
// a scan in one thread. A worker that cannot start, dies or fails on a file
// costs only time: the main thread scans whatever the worker claimed and did
// not deliver.
import type { FileStamp } from "../../fs/stat.js";
import type { SessionSummary } from "../model.js";
import type { SavedScan } from "./catalog-scan.js";
import type { MessagePort } from "node:worker_threads";
import { availableParallelism, loadavg } from "node:os";

/**
 * Whether a listing scans in a worker too: "auto" when there is enough to
 * read, "on" whatever there is, "off" never. For tests: "worker" lets the
 * worker scan every file it can before this thread takes what is left, and
 * "fail" does the same with a worker file that does not exist (the fallback
 * when a worker cannot start).
 */
export type ParallelMode = "auto" | "on" | "off" | "worker" | "fail";

/** What the worker is given (workerData). */
export interface ScanJobs {
  paths: string[];
  /** Per file: dev, ino, size, mtimeMs. */
  stamps: Float64Array;
  /** Per file: 0 free, 1 the main thread's, 2 the worker's. */
  claims: SharedArrayBuffer;
  stateMinBytes: number;
}

/** One file as a worker read it: its row, its saved state, the bytes read, and what a tap made of it (stats' DialectWorker). */
export interface WorkerScan {
  summary: SessionSummary;
  saved: SavedScan | null;
  bytes: number;
  extra?: unknown;
}

/** A message from the worker: one file's row (or that it could not make one), or that it is done. */
export type WorkerMessage = ({ k: number } & WorkerScan) | { k: number; failed: true } | { done: true };

export type WorkerRow = Extract<WorkerMessage, { summary: SessionSummary }>;

export const MAIN = 1;
export const WORKER = 2;

/**
 * Bytes of pi and omp files to read before a worker pays for its start
 * (about 40 ms of one core; their scan costs about 1 ms per MB).
 */
export const PARALLEL_MIN_BYTES = 64 * 1024 * 1024;

// The dir of the workers' bundles, from a command's bundle (build.mjs defines it; from the sources, as in tests, there is none).
declare const OMP_WORKER_DIR: string | undefined;

/** A worker's file (dist/NAME) for a mode, or null when this build has none (the sources, the app's bundle). */
export function workerFile(mode: ParallelMode, name = "scan-worker.cjs"): URL | null {
  if (typeof OMP_WORKER_DIR !== "string") return null;
  return new URL(OMP_WORKER_DIR + (mode === "fail" ? "no-such-" + name : name), import.meta.url);
}

/**
 * Whether jobs of this many bytes are scanned with a worker's help. "auto"
 * asks for a core the worker can run on as well: on one core, or with the
 * cores busy already (the last minute's load at their count and `margin` or
 * more), a second thread only adds its own start and compiling to the same
 * work. Measured on 2 cores shared with other work: at a load of about 3 the
 * scan worker still cut a cold `ls` from 1.07 s to 0.93 s; at 5 to 10 it
 * lost (margin 1, the default). The stats worker asks for a free core
 * (DialectWorker.loadMargin).
 */
export function wantsWorker(mode: ParallelMode | undefined, bytes: number, count: number, minBytes = PARALLEL_MIN_BYTES, cores = availableParallelism(), load = loadavg()[0], margin = 1): boolean {
  if (mode === undefined || mode === "off" || count < 2) return false;
  if (mode !== "auto") return true;
  return bytes >= minBytes && cores >= 2 && load < cores + margin;
}

/**
 * A worker's side (scan-worker.ts, stats' worker): claims jobs from the back
 * of the list until the main thread has the next one, posting what `scanOne`
 * makes of each (null, or a throw: the main thread scans it itself).
 */
export async function serveClaims(port: MessagePort, jobs: ScanJobs, scanOne: (path: string, st: FileStamp) => Promise<WorkerScan | null>): Promise<void> {
  const claims = new Int32Array(jobs.claims);
  const s = jobs.stamps;
  for (let k = jobs.paths.length - 1; k >= 0; k--) {
    // The main thread takes files from the front: once it has this one, it has every one before.
    if (Atomics.compareExchange(claims, k, 0, WORKER) !== 0) break;
    const o = k * 4;
    let m: WorkerMessage;
    try {
      const r = await scanOne(jobs.paths[k], { dev: s[o], ino: s[o + 1], size: s[o + 2], mtimeMs: s[o + 3], isFile: true });
      m = r ? { k, ...r } : { k, failed: true };
    } catch {
      // The main thread scans it again and words the error as a listing does.
      m = { k, failed: true };
    }
    port.postMessage(m);
  }
  port.postMessage({ done: true } satisfies WorkerMessage);
}

/**
 * Scans `jobs` with a worker's help. `scanHere(k)` scans job k in this
 * thread; `take(k, row)` is given each row the worker made, in the jobs'
 * order, once this thread is done with its own.
 */
export async function scanShared(
  jobs: { path: string; st: FileStamp }[],
  opts: { file: URL | null; stateMinBytes: number; concurrency: number; workerFirst?: boolean },
  scanHere: (k: number) => Promise<void>,
  take: (k: number, row: WorkerRow) => void | Promise<void>,
): Promise<void> {
  const n = jobs.length;
  const claims = new Int32Array(new SharedArrayBuffer(4 * n));
  const rows = new Array<WorkerRow | undefined>(n);
  // (an object: a promise given as a promise's value would be awaited here)
  const { finished, stop } = opts.file ? await startWorker(jobs, claims, opts.file, opts.stateMinBytes, rows) : { finished: Promise.resolve(), stop: () => undefined };
  try {
    if (opts.workerFirst) await finished;
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < n) {
        const k = next++;
        if (Atomics.compareExchange(claims, k, 0, MAIN) === 0) await scanHere(k);
      }
    };
    await Promise.all(Array.from({ length: Math.min(opts.concurrency, n) }, lane));
    await finished;
    for (let k = 0; k < n; k++) {
      if (Atomics.load(claims, k) !== WORKER) continue;
      const row = rows[k];
      // Claimed but not delivered (the worker failed on it, or died): scanned here.
      if (row) await take(k, row);
      else await scanHere(k);
    }
  } finally {
    // Done, or this thread failed: a worker still running would keep the process alive.
    stop();
  }
}

/** Starts the worker; the promise it gives settles when the worker is done, failed or gone (never rejects). */
async function startWorker(jobs: { path: string; st: FileStamp }[], claims: Int32Array, file: URL, stateMinBytes: number, rows: (WorkerRow | undefined)[]): Promise<{ finished: Promise<void>; stop: () => void }> {
  const stamps = new Float64Array(jobs.length * 4);
  jobs.forEach((j, k) => stamps.set([j.st.dev, j.st.ino, j.st.size, j.st.mtimeMs], k * 4));
  const workerData: ScanJobs = { paths: jobs.map((j) => j.path), stamps, claims: claims.buffer as SharedArrayBuffer, stateMinBytes };
  // taken only now (a warm listing starts no worker); not by import(), which code run from a V8 code cache cannot do (bin/omp-sessions)
  const { Worker } = process.getBuiltinModule("node:worker_threads") as typeof import("node:worker_threads");
  let worker: InstanceType<typeof Worker>;
  try {
    worker = new Worker(file, { workerData, stdout: false, stderr: false });
  } catch {
    return { finished: Promise.resolve(), stop: () => undefined };
  }
  const finished = new Promise<void>((resolve) => {
    const end = (): void => {
      resolve();
      void worker.terminate();
    };
    worker.on("message", (m: WorkerMessage) => {
      if ("done" in m) end();
      else if ("summary" in m) rows[m.k] = m;
    });
    worker.on("error", end);
    worker.on("exit", end);
  });
  return { finished, stop: () => void worker.terminate() };
}
