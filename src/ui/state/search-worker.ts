// The search screen's worker thread. better-sqlite3 is synchronous: building
// the index (thousands of files, FTS5 batches of megabytes) and ranking a
// common word over a big index would freeze the Ink render loop, so both run
// here. One module, two roles picked by workerData: "index" brings the index
// up to date once and exits; "query" answers queries until terminated.
//
// The spawner finds this file through WORKER_URL (this module's own URL), so
// it works from src/ (tests, tsx) and from esbuild's dist/ chunk alike.
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { updateIndex, IndexAborted, type IndexOptions } from "../../core/search/indexer.js";
import { openSearchDb, type SearchDb } from "../../core/search/db.js";
import { parseQuery, searchDb, SearchQueryError, type SearchHit } from "../../core/search/query.js";

export const WORKER_URL = import.meta.url;

/** Marks a worker started by search-engine.ts. */
export const WORKER_TAG = "omp-sessions-search";

export interface IndexJob {
  agentDirs?: string[];
  paths?: string[];
  cacheDir: string;
}

export type ToWorker = { type: "abort" } | { type: "query"; id: number; text: string; limit: number };

export type FromWorker =
  /** Bytes done and to do, and files (see IndexOptions.onProgress). */
  | { type: "progress"; done: number; total: number; files: number; filesTotal: number }
  | { type: "indexed"; files: number; updated: number; added: number }
  | { type: "aborted" }
  | { type: "failed"; message: string }
  | { type: "hits"; id: number; hits: SearchHit[] }
  | { type: "queryError"; id: number; message: string; usage: boolean };

/** Runs a query against an open index: hits, or a message for the user. */
export function runQuery(db: SearchDb, text: string, limit: number): { hits: SearchHit[] } | { message: string; usage: boolean } {
  try {
    return { hits: searchDb(db, parseQuery(text), { limit }) };
  } catch (err) {
    return { message: (err as Error).message, usage: err instanceof SearchQueryError };
  }
}

/** Brings the index up to date, reporting progress; resolves with what to tell the screen. */
export async function indexOnce(job: IndexJob, signal: AbortSignal, onProgress: (done: number, total: number, files: number, filesTotal: number) => void): Promise<FromWorker> {
  try {
    const opts: IndexOptions = { agentDirs: job.agentDirs, paths: job.paths, cacheDir: job.cacheDir, signal, onProgress };
    const { db, ...stats } = await updateIndex(opts);
    db.close();
    return { type: "indexed", files: stats.files, updated: stats.updated, added: stats.added };
  } catch (err) {
    if (err instanceof IndexAborted || signal.aborted) return { type: "aborted" };
    return { type: "failed", message: (err as Error).message };
  }
}

function serveIndex(port: NonNullable<typeof parentPort>, job: IndexJob): void {
  const ac = new AbortController();
  port.on("message", (m: ToWorker) => {
    if (m.type === "abort") ac.abort();
  });
  // Progress comes per file and per 256 KiB read: at most one message per 50 ms keeps the UI thread idle.
  let last = 0;
  const onProgress = (done: number, total: number, files: number, filesTotal: number) => {
    const now = Date.now();
    if (done !== 0 && done !== total && now - last < 50) return;
    last = now;
    port.postMessage({ type: "progress", done, total, files, filesTotal } satisfies FromWorker);
  };
  void indexOnce(job, ac.signal, onProgress).then((r) => {
    port.postMessage(r);
    port.close();
  });
}

function serveQueries(port: NonNullable<typeof parentPort>, cacheDir: string): void {
  let db: SearchDb | null = null;
  port.on("message", (m: ToWorker) => {
    if (m.type !== "query") return;
    try {
      db ??= openSearchDb(cacheDir, false);
      const r = runQuery(db, m.text, m.limit);
      port.postMessage(("hits" in r ? { type: "hits", id: m.id, hits: r.hits } : { type: "queryError", id: m.id, ...r }) satisfies FromWorker);
    } catch (err) {
      port.postMessage({ type: "queryError", id: m.id, message: (err as Error).message, usage: false } satisfies FromWorker);
    }
  });
}

const data = workerData as { tag?: string; role?: "index" | "query"; job?: IndexJob; cacheDir?: string } | null;
if (!isMainThread && parentPort && data?.tag === WORKER_TAG) {
  if (data.role === "index" && data.job) serveIndex(parentPort, data.job);
  else if (data.role === "query" && data.cacheDir) serveQueries(parentPort, data.cacheDir);
}
