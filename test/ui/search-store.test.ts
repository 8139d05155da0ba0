// The search screen's store against a scripted engine: typing runs only the
// newest query, late answers to stale queries are dropped, queries wait for the
// index to exist, and stopping a build keeps what it indexed searchable.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSearchStore } from "../../src/ui/state/search-store.js";
import type { IndexEvents, QueryResult, SearchEngine } from "../../src/ui/state/search-engine.js";
import type { SearchHit } from "../../src/core/search/query.js";

// The store's debounce runs on fake timers: time moves only when a test moves it (and the promises it
// settles run with it), so no step races the clock on a busy machine.
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const hit = (entryId: string): SearchHit => ({
  path: "/s/a.jsonl",
  entryId,
  role: "user",
  cwd: "/p",
  timestamp: "",
  label: null,
  sessionId: "s1",
  title: "a session",
  score: -1,
  snippet: entryId,
  marks: [],
});

function fakeEngine() {
  const asked: string[] = [];
  const answers: { text: string; resolve: (r: QueryResult) => void }[] = [];
  let events: IndexEvents | null = null;
  let cancelled = 0;
  const engine: SearchEngine = {
    index(_job, ev) {
      events = ev;
      return { cancel: () => cancelled++ };
    },
    query(text) {
      asked.push(text);
      return new Promise((resolve) => answers.push({ text, resolve }));
    },
    close() {},
    mode: () => "inline",
  };
  return {
    engine,
    asked,
    answer(i: number, hits: SearchHit[]) {
      answers[i].resolve({ hits });
    },
    get events() {
      return events!;
    },
    get cancelled() {
      return cancelled;
    },
  };
}

describe("search store", () => {
  it("debounces typing: only the last query of a burst is asked", async () => {
    const f = fakeEngine();
    const s = createSearchStore({ source: () => ({ paths: [] }), engine: f.engine, debounceMs: 20 });
    s.getState().startIndexing();
    f.events.end({ type: "indexed", files: 1, updated: 1, added: 1 });
    for (const q of ["z", "ze", "zeb", "zebra"]) s.getState().setQuery(q);
    await sleep(60);
    expect(f.asked).toEqual(["zebra"]);
    f.answer(0, [hit("e1")]);
    await sleep(5);
    expect(s.getState().hits.map((h) => h.entryId)).toEqual(["e1"]);
    expect(s.getState().busy).toBe(false);
  });

  it("a query typed while another runs replaces it; the stale answer never shows", async () => {
    const f = fakeEngine();
    const s = createSearchStore({ source: () => ({ paths: [] }), engine: f.engine, debounceMs: 5 });
    s.getState().startIndexing();
    f.events.end({ type: "indexed", files: 1, updated: 1, added: 1 });
    s.getState().setQuery("old");
    await sleep(20);
    s.getState().setQuery("older");
    s.getState().setQuery("new");
    await sleep(20);
    expect(f.asked).toEqual(["old"]); // one at a time
    f.answer(0, [hit("stale")]);
    await sleep(5);
    expect(s.getState().hits).toEqual([]);
    expect(f.asked).toEqual(["old", "new"]); // "older" never ran
    f.answer(1, [hit("fresh")]);
    await sleep(5);
    expect(s.getState().hits.map((h) => h.entryId)).toEqual(["fresh"]);
  });

  it("queries wait for the index to exist, then run; stopping the build keeps results", async () => {
    const f = fakeEngine();
    const s = createSearchStore({ source: () => ({ paths: [] }), engine: f.engine, debounceMs: 5 });
    s.getState().startIndexing();
    s.getState().setQuery("zebra");
    await sleep(20);
    expect(f.asked).toEqual([]);
    f.events.progress(0, 10, 0, 1);
    await sleep(5);
    expect(f.asked).toEqual(["zebra"]);
    expect(s.getState().progress).toEqual({ done: 0, total: 10, files: 0, filesTotal: 1 });
    f.answer(0, [hit("e1")]);
    s.getState().stopIndexing();
    expect(f.cancelled).toBe(1);
    f.events.end({ type: "aborted" });
    await sleep(5);
    expect(s.getState().phase).toBe("stopped");
    expect(s.getState().hits.map((h) => h.entryId)).toEqual(["e1"]);
  });
});
