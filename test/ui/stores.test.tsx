// The browser's stores are made together where the app is made (createStores)
// and handed down: the screens use the very stores the app was given, and
// nothing in src/ui finds a store through a module-level lookup.
import { afterEach, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SearchEngine } from "../../src/ui/state/search-engine.js";
import type { SearchHit } from "../../src/core/search/query.js";
import { ROOT } from "../helpers/fixtures.js";
import { createStores, disposeStores } from "../../src/ui/state/stores.js";
import { mount, type Mounted } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

/** An engine that has indexed one session and answers every query with one hit that names the query. */
function fakeEngine(asked: string[]): SearchEngine {
  const hit = (text: string): SearchHit => ({
    path: "/nowhere/s.jsonl",
    entryId: "e1",
    role: "user",
    cwd: "/work/fake",
    timestamp: "2026-06-01T10:00:00.000Z",
    label: null,
    sessionId: "s1",
    title: "the fake session",
    score: 0,
    snippet: `the fake engine answered ${text}`,
    marks: [],
  });
  return {
    index(_job, events) {
      queueMicrotask(() => events.end({ type: "indexed", files: 1, updated: 1, added: 1 }));
      return { cancel() {} };
    },
    async query(text) {
      asked.push(text);
      return { hits: [hit(text)] };
    },
    close() {},
    mode: () => "inline",
  };
}

describe("stores made where the app is made", () => {
  it("the search screen asks the engine the app was made with", async () => {
    const asked: string[] = [];
    m = await mount({ paths: [], searchEngine: fakeEngine(asked) });
    await m.press("5");
    await m.type("otter");
    // the screen may ask as the words come ("otte" first, on a slow machine): wait for the answer to the whole word
    const f = await m.waitFor((x) => x.includes("the fake engine answered otter"), "the fake engine's hit for the whole word");
    expect(f).toContain("index up to date · 1 session");
    expect(asked.at(-1)).toBe("otter");
  });

  it("two browsers in one process share no store", async () => {
    const a = await mount({ paths: [] });
    const b = await mount({ paths: [] });
    try {
      for (const k of ["app", "review", "reviewOptions", "search", "write", "resume", "digestFiles"] as const) expect(a.stores[k], k).not.toBe(b.stores[k]);
      await a.press("5");
      await a.type("only in a");
      expect(a.stores.search.getState().query).toBe("only in a");
      expect(b.stores.search.getState().query).toBe("");
    } finally {
      a.unmount();
      b.unmount();
    }
  });

  it("what the review store was made with stays with the stores (hub, cwd)", () => {
    const stores = createStores({ cwd: "/w", list: { paths: [] }, review: { hub: { hub: "/hub-a" }, cwd: "/work/a" } });
    expect(stores.reviewOptions).toEqual({ hub: { hub: "/hub-a" }, cwd: "/work/a" });
    disposeStores(stores);
  });

  it("no module in src/ui looks a store up by another store (WeakMap registries, *StoreOf helpers)", () => {
    const files = readdirSync(join(ROOT, "src/ui"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
      .map((e) => join(e.parentPath ?? e.path, e.name));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((f) => /new Weak(Map|Set)<\s*\w*Store\b|\b\w+StoreOf\(/.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});
