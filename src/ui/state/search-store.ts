// State of `5 search`, in a store of its own beside the browser's (one per
// app store, like the review screens'): the query, ranked hits, the cursor and
// the index build. Queries are debounced; one runs at a time and only the
// newest typed query runs next, so stale ones never cost anything and their
// late answers are dropped. While the index is built, the current query is
// asked again now and then, so results fill in as files are indexed.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { SearchHit } from "../../core/search/query.js";
import { cacheDir } from "../../core/session/list/cache-dir.js";
import { createSearchEngine, type IndexJobHandle, type SearchEngine } from "./search-engine.js";
import type { AppStore } from "./store.js";

export const SEARCH_DEBOUNCE_MS = 150;
/** Hits asked for: a screenful many times over; narrowing the query beats scrolling. */
export const SEARCH_LIMIT = 200;
/** While indexing, the current query runs again at most this often. */
const REFRESH_MS = 1000;

export type IndexPhase = "idle" | "indexing" | "ready" | "stopped" | "failed";

export interface SearchState {
  query: string;
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
  setQuery(text: string): void;
  move(how: "up" | "down" | "pageUp" | "pageDown" | "first" | "last"): void;
  setPageSize(n: number): void;
  current(): SearchHit | undefined;
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
        let cursor = prev ? hits.findIndex((h) => h.path === prev.path && h.entryId === prev.entryId) : 0;
        if (cursor < 0) cursor = Math.min(get().cursor, Math.max(0, hits.length - 1));
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

      setQuery: (text) => {
        set({ query: text, busy: text.trim() !== "" });
        schedule(debounceMs);
      },
      move: (how) => {
        const { hits, cursor, pageSize } = get();
        const n = hits.length;
        if (n === 0) return;
        const page = Math.max(1, pageSize - 1);
        let next = cursor;
        if (how === "up") next = cursor <= 0 ? n - 1 : cursor - 1;
        else if (how === "down") next = cursor >= n - 1 ? 0 : cursor + 1;
        else if (how === "pageUp") next = Math.max(0, cursor - page);
        else if (how === "pageDown") next = Math.min(n - 1, cursor + page);
        else if (how === "first") next = 0;
        else next = n - 1;
        set({ cursor: next });
      },
      setPageSize: (n) => {
        if (n !== get().pageSize) set({ pageSize: Math.max(1, n) });
      },
      current: () => get().hits[get().cursor],
      dispose: () => {
        disposed = true;
        if (timer) clearTimeout(timer);
        job?.cancel();
        engine.close();
      },
    };
  });
}

const stores = new WeakMap<AppStore, SearchStore>();

/** The search store that belongs to this browser (created on first use). */
export function searchStoreOf(app: AppStore): SearchStore {
  let s = stores.get(app);
  if (!s) {
    s = createSearchStore({ source: () => app.getState().listSource() });
    stores.set(app, s);
    const search = s;
    // A visit ends when the browser leaves the screen (not when the help overlay covers it).
    app.subscribe((st, prev) => {
      if (prev.screen === "search" && st.screen !== "search") visits.delete(search);
    });
  }
  return s;
}

/** Ends this browser's search work, if it started any: index build, query thread, database (on quit). */
export function closeSearchOf(app: AppStore): void {
  stores.get(app)?.getState().dispose();
  stores.delete(app);
}

const visits = new WeakSet<SearchStore>();

/** True once per visit of the search screen: the first mount after arriving there. */
export function newVisit(search: SearchStore): boolean {
  if (visits.has(search)) return false;
  visits.add(search);
  return true;
}
