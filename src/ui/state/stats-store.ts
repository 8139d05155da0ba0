// Figures for the browser, in a store of their own beside the app's (made
// with the others in stores.ts): the stats screen's figures (read in the
// background, with progress), the session list's cost column (what the
// figures cache holds: the list never reads a session for it), and the open
// session's figures and branches (the tree header, the detail pane).
import { createStore, type StoreApi } from "zustand/vanilla";
import { collectFigures } from "../../core/stats/collect.js";
import { branchesOf, totalOf, type Figure, type SessionFigures } from "../../core/stats/figures.js";
import type { Session } from "../../core/session/index.js";

export interface OpenFigures {
  session: Session;
  figures: SessionFigures;
  /** Branch of each entry, by position in session.entries (figures.ts branchesOf). */
  branchOf: Int32Array;
}

export interface StatsState {
  phase: "idle" | "loading" | "ready" | "failed";
  /** Sessions read so far and to read (cache hits are not counted). */
  progress: { done: number; total: number } | null;
  figures: SessionFigures[];
  /** The files the figures are for (to tell when the list changed). */
  files: readonly string[];
  error: string | null;
  /** Session totals by file, for the list's cost column. */
  costs: ReadonlyMap<string, Figure>;
  open: OpenFigures | null;
  /** First line of the stats screen shown (clamped when drawn: the screen knows how many lines there are). */
  scroll: number;
}

export interface StatsActions {
  /** The figures of these files: cached ones at once, the others read in the background. */
  load(files: readonly string[]): Promise<void>;
  /**
   * The list's cost column: whatever the cache holds for these rows. Only rows
   * new or changed since the last call are looked up (the list is set again on
   * every write an agent makes; the other rows' costs stand).
   */
  loadCachedCosts(rows: readonly { path: string; size: number; modified: string }[]): Promise<void>;
  /** The open session's figures (from the cache when the file did not change). */
  loadOpen(session: Session): Promise<void>;
  /** Scrolls the stats screen by lines, or to its top or bottom. */
  scrollBy(delta: number | "top" | "bottom"): void;
}

export type StatsStore = StoreApi<StatsState & StatsActions>;

export interface StatsStoreOptions {
  cacheDir?: string;
  /** Awaited before each chunk the open session's figures read (input-quiet.ts): they give way to keys. */
  beforeRead?: () => Promise<void>;
}

function withCosts(costs: ReadonlyMap<string, Figure>, figures: SessionFigures[]): Map<string, Figure> {
  const out = new Map(costs);
  for (const f of figures) out.set(f.file, totalOf(f));
  return out;
}

export function createStatsStore(opts: StatsStoreOptions = {}): StatsStore {
  let generation = 0;
  /** The latest loadOpen: an older one still reading (it gives way to keys) never replaces its figures. */
  let openGeneration = 0;
  /** Each row's size and time when its cost was last looked up. */
  const asked = new Map<string, string>();
  return createStore<StatsState & StatsActions>()((set, get) => ({
    phase: "idle",
    progress: null,
    figures: [],
    files: [],
    error: null,
    costs: new Map(),
    open: null,
    scroll: 0,
    scrollBy: (delta) => set({ scroll: delta === "top" ? 0 : delta === "bottom" ? Number.MAX_SAFE_INTEGER : Math.max(0, Math.min(get().scroll, 100_000) + delta) }),
    async load(files) {
      const mine = ++generation;
      set({ phase: "loading", progress: null, error: null, files });
      try {
        const got = await collectFigures(files, {
          cacheDir: opts.cacheDir,
          onProgress: (done, total) => {
            if (mine === generation) set({ progress: { done, total } });
          },
        });
        if (mine !== generation) return;
        set({ phase: "ready", figures: got.figures, progress: null, costs: withCosts(get().costs, got.figures), error: got.overridesError && `prices.json ignored: ${got.overridesError}` });
      } catch (err) {
        if (mine === generation) set({ phase: "failed", error: (err as Error).message, progress: null });
      }
    },
    async loadCachedCosts(rows) {
      const files: string[] = [];
      for (const r of rows) {
        const key = `${r.size}:${r.modified}`;
        if (asked.get(r.path) === key) continue;
        asked.set(r.path, key);
        files.push(r.path);
      }
      if (files.length === 0) return;
      try {
        const got = await collectFigures(files, { cacheDir: opts.cacheDir, readMissing: false });
        set({ costs: withCosts(get().costs, got.figures) });
      } catch {
        // No cost column is no failure: it stays blank.
      }
    },
    async loadOpen(session) {
      if (get().open?.session === session) return;
      const mine = ++openGeneration;
      try {
        // Before the price table loads and the cache is read (a few hundred ms of CPU the first time), not only between the slices read.
        if (opts.beforeRead) await opts.beforeRead();
        if (mine !== openGeneration) return;
        const [figures] = (await collectFigures([session.file], { cacheDir: opts.cacheDir, beforeRead: opts.beforeRead, loaded: session })).figures;
        if (!figures || mine !== openGeneration) return;
        const { branchOf } = branchesOf(session);
        set({ open: { session, figures, branchOf }, costs: withCosts(get().costs, [figures]) });
      } catch {
        // The header then shows no cost; the tree works as ever.
      }
    },
  }));
}
