// Keys that arrive together (one chunk of terminal input: a fast typist,
// tmux send-keys, an unbracketed paste) go key by key, each to the owner it
// would have had if typed slowly; a bracketed paste goes whole into a text
// line and never runs as keys.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { mount, type Mounted } from "./harness.js";
import { copyFixture, fixtureNames, tempDir, age } from "../core/write/helpers.js";
import type { SearchEngine } from "../../src/ui/state/search-engine.js";

let m: Mounted | null = null;
const cleanups: (() => void)[] = [];
afterEach(() => {
  m?.unmount();
  m = null;
  cleanups.splice(0).forEach((c) => c());
});

/** A search engine that finds nothing and indexes nothing (the keys are under test, not the index). */
const quietEngine = (): SearchEngine => ({
  index: (_job, events) => {
    queueMicrotask(() => events.end({ type: "indexed", files: 0, updated: 0, added: 0 }));
    return { cancel() {} };
  },
  query: async () => ({ hits: [] }),
  close() {},
  mode: () => "inline",
});

function pi(): string {
  const t = tempDir();
  cleanups.push(t.done);
  const file = copyFixture(fixtureNames("pi-2026")[0], t.dir);
  age(file);
  return file;
}

describe("keys that arrive together", () => {
  it("'5zebra<Tab>q' in one chunk switches to search, types zebra, leaves the line and quits", async () => {
    m = await mount({ paths: [], searchEngine: quietEngine() });
    await m.burst("5zebra\tq");
    expect(m.stores.search.getState().query).toBe("zebra");
    expect(m.exited()).toBe(true);
  });

  it("'<Tab>q' together after a search quits", async () => {
    m = await mount({ paths: [], searchEngine: quietEngine() });
    await m.press("5");
    await m.type("zebra");
    await m.burst("\tq");
    expect(m.stores.search.getState().query).toBe("zebra");
    expect(m.exited()).toBe(true);
  });

  it("a 200-character paste into the label prompt arrives whole, in one chunk or in several", async () => {
    const file = pi();
    m = await mount({ file, paths: [file] });
    const text = "x".repeat(50) + " words and more ".repeat(9) + "end";
    const paste = (text + "y".repeat(200)).slice(0, 200);
    await m.burst("L", paste.slice(0, 70), paste.slice(70));
    await m.waitFor((f) => f.includes("Enter preview"), "the label prompt");
    const step = m.stores.write.getState().step;
    expect(step?.kind === "text" ? step.value : null).toBe(paste);
  });

  it("a bracketed paste goes whole into the label prompt; its line ends do not submit", async () => {
    const file = pi();
    m = await mount({ file, paths: [file] });
    await m.press("L");
    await m.burst("\u001b[200~", "two\nlines q", "\u001b[201~");
    const step = m.stores.write.getState().step;
    expect(step?.kind === "text" ? step.value : null).toBe("two lines q");
    expect(m.exited()).toBe(false);
  });

  it("a bracketed paste with no text line open is never run as keys", async () => {
    const file = pi();
    m = await mount({ file, paths: [file] });
    const before = readFileSync(file);
    await m.burst("\u001b[200~Lq rm\u001b[201~");
    expect(m.stores.write.getState().step).toBeNull();
    expect(m.exited()).toBe(false);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(m.frame()).toContain("pasted text dropped");
  });
});
