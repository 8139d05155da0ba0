// The search screen's link to the index: indexing and queries run in worker
// threads (search-worker.ts), so typing and drawing never wait for SQLite.
// Where a worker cannot start, the same work runs in this thread (correct,
// only less smooth on a big first build).
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { SearchHit } from "../../core/search/query.js";
import type { SearchDb } from "../../core/search/db.js";

export interface IndexEvents {
  /** Bytes done and to do, and files done and to do. */
  progress(done: number, total: number, files: number, filesTotal: number): void;
  /** Once: indexed, aborted or failed. */
  end(result: { type: "indexed"; files: number; updated: number; added: number } | { type: "aborted" } | { type: "failed"; message: string }): void;
}

export interface IndexJobHandle {
  cancel(): void;
}

export type QueryResult = { hits: SearchHit[] } | { message: string; usage: boolean };

export interface SearchEngine {
  index(job: { agentDirs?: string[]; paths?: string[] }, events: IndexEvents): IndexJobHandle;
  query(text: string, limit: number): Promise<QueryResult>;
  close(): void;
  /** Where the work runs: "inline" after a worker could not start. */
  mode(): "worker" | "inline";
}

type WorkerModule = typeof import("./search-worker.js");

let workerModule: Promise<WorkerModule> | undefined;
// A separate import keeps the worker's module a chunk of its own in dist/, so a worker loads only it.
const loadWorkerModule = (): Promise<WorkerModule> => (workerModule ??= import("./search-worker.js"));

/** tsx's ESM API, for a worker started from TypeScript sources (tests, tsx runs). */
function tsxApi(): string {
  try {
    return pathToFileURL(
      createRequire(import.meta.url)
        .resolve("tsx/esm/api")
        .replace(/\.cjs$/, ".mjs"),
    ).href;
  } catch {
    return "tsx/esm/api";
  }
}

function spawn(mod: WorkerModule, workerData: object): Worker {
  const data = { workerData: { tag: mod.WORKER_TAG, ...workerData } };
  const url = new URL(mod.WORKER_URL);
  let w: Worker;
  if (url.pathname.endsWith(".ts")) {
    // Node cannot load .ts, and `--import tsx` does not reach a worker's entry: load it through tsx's API.
    const code = `import(${JSON.stringify(tsxApi())}).then((m) => m.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)}))`;
    w = new Worker(code, { eval: true, ...data });
  } else w = new Worker(url, data);
  w.unref();
  return w;
}

/** The engine for an index in `cacheDir`. `inline` runs everything in this thread (a fallback, and for tests). */
export function createSearchEngine(cacheDir: string, opts: { inline?: boolean } = {}): SearchEngine {
  let inline = opts.inline ?? false;
  let queryWorker: Worker | null = null;
  let inlineDb: SearchDb | null = null;
  let nextId = 1;
  const waiting = new Map<number, { text: string; limit: number; resolve: (r: QueryResult) => void }>();
  let closed = false;
  // Index builds still running (workers and in-thread jobs): close() ends them all.
  const indexWorkers = new Set<Worker>();
  const inlineJobs = new Set<AbortController>();

  const runInline = async (text: string, limit: number): Promise<QueryResult> => {
    const mod = await loadWorkerModule();
    const { openSearchDb } = await import("../../core/search/db.js");
    if (closed) return { message: "closed", usage: false };
    try {
      inlineDb ??= openSearchDb(cacheDir, false);
    } catch (err) {
      return { message: (err as Error).message, usage: false };
    }
    return mod.runQuery(inlineDb, text, limit);
  };

  const startQueryWorker = (mod: WorkerModule): Worker => {
    const w = spawn(mod, { role: "query", cacheDir });
    let answered = false;
    w.on("message", (m: { type: string; id: number; hits?: SearchHit[]; message?: string; usage?: boolean }) => {
      answered = true;
      const q = waiting.get(m.id);
      if (!q) return;
      waiting.delete(m.id);
      q.resolve(m.type === "hits" ? { hits: m.hits ?? [] } : { message: m.message ?? "search failed", usage: m.usage ?? false });
    });
    w.on("error", (err) => {
      queryWorker = null;
      // A worker that never answered could not start here: answer in this thread from now on.
      if (!answered) inline = true;
      for (const [, q] of waiting) {
        if (inline) void runInline(q.text, q.limit).then(q.resolve);
        else q.resolve({ message: err.message, usage: false });
      }
      waiting.clear();
    });
    w.on("exit", () => {
      if (queryWorker === w) queryWorker = null;
    });
    return w;
  };

  const inlineIndex: SearchEngine["index"] = (job, events) => {
    const ac = new AbortController();
    inlineJobs.add(ac);
    void import("./search-worker.js").then(async (mod) => {
      const r = await mod.indexOnce({ ...job, cacheDir }, ac.signal, (d, t, f, ft) => events.progress(d, t, f, ft));
      inlineJobs.delete(ac);
      events.end(r as Parameters<IndexEvents["end"]>[0]);
    });
    return { cancel: () => ac.abort() };
  };

  return {
    index(job, events) {
      if (closed) {
        events.end({ type: "aborted" });
        return { cancel() {} };
      }
      if (inline) return inlineIndex(job, events);
      let worker: Worker | null = null;
      let cancelled = false;
      let ended = false;
      let inner: IndexJobHandle | null = null;
      const end: IndexEvents["end"] = (r) => {
        if (ended) return;
        ended = true;
        events.end(r);
      };
      void loadWorkerModule().then(
        (mod) => {
          if (cancelled || closed) return end({ type: "aborted" });
          try {
            worker = spawn(mod, { role: "index", job: { ...job, cacheDir } });
            indexWorkers.add(worker);
          } catch {
            inline = true;
            inner = inlineIndex(job, { progress: events.progress, end });
            return;
          }
          let heard = false;
          worker.on("message", (m: { type: string; done?: number; total?: number; files?: number; filesTotal?: number }) => {
            heard = true;
            if (m.type === "progress") events.progress(m.done ?? 0, m.total ?? 0, m.files ?? 0, m.filesTotal ?? 0);
            else end(m as Parameters<IndexEvents["end"]>[0]);
          });
          worker.on("error", (err) => {
            if (!heard && !cancelled) {
              // The worker could not even start here: index in this thread instead.
              inline = true;
              inner = inlineIndex(job, { progress: events.progress, end });
            } else end({ type: "failed", message: err.message });
          });
          const w = worker;
          worker.on("exit", () => {
            indexWorkers.delete(w);
            if (!heard && !inline) end(cancelled ? { type: "aborted" } : { type: "failed", message: "the indexing worker stopped" });
          });
        },
        () => {
          inline = true;
          inner = inlineIndex(job, { progress: events.progress, end });
        },
      );
      return {
        cancel() {
          cancelled = true;
          inner?.cancel();
          worker?.postMessage({ type: "abort" });
        },
      };
    },

    async query(text, limit) {
      if (closed) return { message: "closed", usage: false };
      if (!inline) {
        try {
          const mod = await loadWorkerModule();
          queryWorker ??= startQueryWorker(mod);
          const id = nextId++;
          const w = queryWorker;
          return await new Promise<QueryResult>((resolve) => {
            waiting.set(id, { text, limit, resolve });
            w.postMessage({ type: "query", id, text, limit });
          });
        } catch {
          inline = true;
        }
      }
      return runInline(text, limit);
    },

    mode: () => (inline ? "inline" : "worker"),

    close() {
      // Quitting ends the work at once: a build is stopped where it is (its
      // batches are committed one by one, so the next run continues from the
      // last), the query thread is ended and the in-thread database closed.
      closed = true;
      for (const [, q] of waiting) q.resolve({ message: "closed", usage: false });
      waiting.clear();
      for (const w of indexWorkers) void w.terminate();
      indexWorkers.clear();
      for (const ac of inlineJobs) ac.abort();
      inlineJobs.clear();
      void queryWorker?.terminate();
      queryWorker = null;
      inlineDb?.close();
      inlineDb = null;
    },
  };
}
