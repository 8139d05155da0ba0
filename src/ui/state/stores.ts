// The browser's stores, made together where the app is made (run.ts, and the
// tests' harness) and handed down: the app shell gives them to the screens by
// context and to every key handler as an argument. Nothing looks a store up
// by its app store, so two browsers in one process (tests) never share one.
import { createAppStore, type AppStore, type StoreInit } from "./store.js";
import { createReviewStore, type ReviewInit, type ReviewStore } from "./review-store.js";
import { createSearchStore, type SearchStore } from "./search-store.js";
import { createWriteStore, type WriteStore } from "./write-store.js";
import { createResumeStore, type ResumeStore } from "./resume-store.js";
import { createDigestFiles, type DigestFilesStore } from "./digest-files.js";
import { createStatsStore, type StatsStore } from "./stats-store.js";
import type { SearchEngine } from "./search-engine.js";
import { createCompareStore, type CompareStore } from "./compare-store.js";
import { createInputQuiet, type InputQuiet } from "./input-quiet.js";

export interface Stores {
  /** The session browser: list, tree, panes, status line. */
  app: AppStore;
  /** The feedback queue and the digests (the capture store). */
  review: ReviewStore;
  /** What the review store was made with (`--hub`, `--local`, the cwd): code that reads captured sessions asks here. */
  reviewOptions: Readonly<Omit<ReviewInit, "notify">>;
  /** The digest files the digests screen draws. */
  digestFiles: DigestFilesStore;
  /** `5 search`: the query, hits and the index build. */
  search: SearchStore;
  /** The tree's write flow (prompt, preview, yes). */
  write: WriteStore;
  /** `r`: the agent the browser gives way to. */
  resume: ResumeStore;
  /** `6 stats`, the list's cost column, the tree's costs. */
  stats: StatsStore;
  /** The tree's compare: the marked entry and the compare view. */
  compare: CompareStore;
  /** When the keyboard was last used: work done in the background (the list's scan off screen, the tree's costs) gives way to keys. */
  quiet: InputQuiet;
}

export interface StoresInit extends StoreInit {
  /** Which capture store the review screens read (`--hub`, `--local`). */
  review?: Omit<ReviewInit, "notify">;
  /** The search screen's engine (tests); otherwise one on the cache dir. */
  searchEngine?: SearchEngine;
  /** How the digests screen reads a digest file (tests); otherwise fs/promises. */
  readDigest?: (path: string) => Promise<string>;
  /** Where the figures cache lives (tests); otherwise the cache dir. */
  statsCacheDir?: string;
  /** When background work may go on (tests); otherwise QUIET_MS after the last key. */
  quiet?: InputQuiet;
}

export function createStores(init: StoresInit): Stores {
  const { review: reviewInit, searchEngine, readDigest, statsCacheDir, quiet, ...appInit } = init;
  const gate = quiet ?? createInputQuiet();
  // A big session just shown whole after its rest's read: the keys the user holds back for it come
  // now, so the work that starts then (the costs' price table and scan, the list's scan) waits as
  // after a key, instead of holding those first keys behind it.
  const app = createAppStore({ ...appInit, beforeRead: () => gate.whenQuiet(), restDone: () => gate.touch() });
  const notify = (text: string, kind?: "info" | "error") => app.getState().setStatus(text, kind);
  const search = createSearchStore({ source: () => app.getState().listSource(), engine: searchEngine });
  // A visit of the search screen ends when the browser leaves it (not when the help overlay covers it).
  app.subscribe((st, prev) => {
    if (prev.screen === "search" && st.screen !== "search") search.getState().endVisit();
    // Arriving with no query: the keys go to the query line at once, so keys sent with the
    // one that switched here ("5zebra") are typed there, as they would be if typed slowly.
    if (prev.screen !== "search" && st.screen === "search" && search.getState().query === "" && !st.searching) app.getState().startSearch();
  });
  const review = createReviewStore({ ...reviewInit, notify });
  // The review screens' rows name sessions as the list does, and `/` there matches those titles.
  review.getState().setListed(app.getState().sessions);
  app.subscribe((st, prev) => {
    if (st.sessions !== prev.sessions) review.getState().setListed(st.sessions);
  });
  return {
    app,
    review,
    reviewOptions: { ...reviewInit },
    digestFiles: createDigestFiles(readDigest),
    search,
    write: createWriteStore(),
    resume: createResumeStore(),
    stats: createStatsStore({ cacheDir: statsCacheDir, beforeRead: () => gate.whenQuiet() }),
    compare: createCompareStore(),
    quiet: gate,
  };
}

/** Ends what the stores started in the background (the rest of a big session's read, the search index build, its query thread, the database): on quit. */
export function disposeStores(stores: Stores): void {
  stores.app.getState().stopReading();
  stores.search.getState().dispose();
}
