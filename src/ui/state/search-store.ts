// State of `5 search`, in a store of its own beside the browser's (made with
// the others in stores.ts): the query, ranked hits, the cursor and
// the index build. Queries are debounced; one runs at a time and only the
// newest typed query runs next, so stale ones never cost anything and their
// late answers are dropped. While the index is built, the current query is
// asked again now and then, so results fill in as files are indexed.
import { createStore, type StoreApi } from "zustand/vanilla";
import { keepCursor, moveCursor, type CursorMove } from "./list-cursor.js";
import type { SearchHit } from "../../core/search/query.js";
import { cacheDir } from "../../core/cache-dir.js";
import { createSearchEngine, type IndexJobHandle, type SearchEngine } from "./search-engine.js";

export const SEARCH_DEBOUNCE_MS = 150;
/** Hits asked for: a screenful many times over; narrowing the query beats scrolling. */
export const SEARCH_LIMIT = 200;
/** While indexing, the current query runs again at most this often. */
const REFRESH_MS = 1000;

export type IndexPhase = "idle" | "indexing" | "ready" | "stopped" | "failed";

export interface SearchState {
  query: string;
  /** The caret in the query line (the shared line editor's). */
  caret: number;
  hits: SearchHit[];
  /** The query the hits answer (they can lag the typed one). */
  answered: string;
  /** A query is waiting or running. */
  busy: boolean;
  /** Why the query found nothing to ask (bad role:, only punctuation), or a failure. */
  queryError: string | null;
  cursor: number;
  pageSize: number;
  phase: IndexPhase;
  /** The build's progress: bytes done and to do, files done and to do. */
  progress: { done: number; total: number; files: number; filesTotal: number } | null;
  indexError: string | null;
  /** Files indexed when the last build ended. */
  files: number;
}

export interface SearchActions {
  /** Brings the index up to date in the background (while a build runs: once more after it). */
  startIndexing(): void;
  /** Esc while indexing: stop; what is indexed so far stays searchable. */
  stopIndexing(): void;
  /** Sets the query; `caret` (default: the end) is where the line editor's caret stands. */
  setQuery(text: string, caret?: number): void;
  move(how: CursorMove): void;
  setPageSize(n: number): void;
  current(): SearchHit | undefined;
  /** True once per visit of the search screen (its first mount after arriving there), then false until endVisit. */
  beginVisit(): boolean;
  endVisit(): void;
  dispose(): void;
}

export type SearchStore = StoreApi<SearchState & SearchActions>;

export interface SearchStoreOptions {
  /** Where sessions are listed from (the browser's list source). */
  source(): { agentDirs?: string[]; paths?: string[] };
  engine?: SearchEngine;
  debounceMs?: number;
}

export function createSearchStore(opts: SearchStoreOptions): SearchStore {
  const engine = opts.engine ?? createSearchEngine(cacheDir());
  const debounceMs = opts.debounceMs ?? SEARCH_DEBOUNCE_MS;
  let job: IndexJobHandle | null = null;
  // Sessions changed while a build ran: build again when it ends.
  let rebuild = false;
  // Queries wait until the database exists (an index build creates it).
  let dbReady = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let again = false;
  let lastRefresh = 0;
  let disposed = false;
  let visiting = false;

  return createStore<SearchState & SearchActions>()((set, get) => {
    const run = async (): Promise<void> => {
      if (disposed) return;
      if (running) {
        again = true;
        return;
      }
      const text = get().query;
      if (text.trim() === "") {
        set({ hits: [], answered: "", busy: false, queryError: null, cursor: 0 });
        return;
      }
      if (!dbReady) return; // asked again when the build has opened the index
      running = true;
      again = false;
      const r = await engine.query(text, SEARCH_LIMIT);
      running = false;
      if (disposed) return;
      if (get().query === text) {
        const hits = "hits" in r ? r.hits : [];
        // A cursor the user moved stays on its hit when a refresh (more of the index built) re-ranks them;
        // an unmoved one stays on the best match.
        const prev = get().answered === text && get().cursor > 0 ? get().current() : undefined;
        const cursor = prev ? keepCursor(hits, (h) => `${h.path}\n${h.entryId}`, prev, get().cursor).cursor : 0;
        set({ hits, answered: text, cursor, queryError: "hits" in r ? null : r.message, busy: again || timer !== null });
      }
      if (again || get().query !== get().answered) void run();
    };

    const schedule = (delay: number) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void run();
      }, delay);
    };

    return {
      query: "",
      caret: 0,
      hits: [],
      answered: "",
      busy: false,
      queryError: null,
      cursor: 0,
      pageSize: 10,
      phase: "idle",
      progress: null,
      indexError: null,
      files: 0,

      startIndexing: () => {
        if (disposed) return;
        if (job) {
          rebuild = true;
          return;
        }
        rebuild = false;
        set({ phase: "indexing", progress: null, indexError: null });
        job = engine.index(opts.source(), {
          progress: (done, total, files, filesTotal) => {
            const first = !dbReady;
            dbReady = true;
            set({ progress: { done, total, files, filesTotal } });
            const now = Date.now();
            if (first || now - lastRefresh >= REFRESH_MS) {
              lastRefresh = now;
              if (get().query.trim()) void run();
            }
          },
          end: (r) => {
            job = null;
            dbReady = true;
            if (r.type === "indexed") set({ phase: "ready", files: r.files, progress: null });
            else if (r.type === "aborted") set({ phase: "stopped" });
            else set({ phase: "failed", indexError: r.message });
            if (get().query.trim()) void run();
            if (rebuild) get().startIndexing();
          },
        });
      },
      stopIndexing: () => {
        rebuild = false;
        if (!job) return;
        job.cancel();
        // Stopped as far as the screen goes: the next Esc acts on the query, not on a build winding down.
        set({ phase: "stopped" });
      },

      setQuery: (text, caret) => {
        const at = Math.max(0, Math.min(caret ?? text.length, text.length));
        if (text === get().query) return set({ caret: at });
        set({ query: text, caret: at, busy: text.trim() !== "" });
        schedule(debounceMs);
      },
      move: (how) => {
        const { hits, cursor, pageSize } = get();
        if (hits.length === 0) return;
        const next = moveCursor(cursor, hits.length, how, pageSize);
        set({ cursor: next });
      },
      setPageSize: (n) => {
        if (n !== get().pageSize) set({ pageSize: Math.max(1, n) });
      },
      current: () => get().hits[get().cursor],
      beginVisit: () => {
        if (visiting) return false;
        visiting = true;
        return true;
      },
      endVisit: () => {
        visiting = false;
      },
      dispose: () => {
        disposed = true;
        if (timer) clearTimeout(timer);
        job?.cancel();
        engine.close();
      },
    };
  });
}
