// The digests screen never reads a file while it draws: the digest files are
// read asynchronously after the frame (state/digest-files.ts), and the screen
// shows a loading line until they are in.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as fs from "node:fs";
import { join } from "node:path";
import { createDigestFiles } from "../../src/ui/state/digest-files.js";
import { mount, type Mounted } from "./harness.js";
import { codexDigest, mountOn, reviewHub } from "./review-helpers.js";

// Every synchronous file read of this test file's modules, to check none is a digest: whole-file reads
// (readFileSync) and the opens of the capped readers (fs/read-capped.ts, which read with readSync).
vi.mock("node:fs", async (original) => {
  const real = await original<typeof import("node:fs")>();
  return { ...real, readFileSync: vi.fn(real.readFileSync), openSync: vi.fn(real.openSync) };
});

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("digest files off the render path", () => {
  it("the screen draws at once with a loading line, and the digest and its trigger once the read is in", async () => {
    const hub = reviewHub();
    const path = codexDigest(hub.root, "new", "/work/new-project", "2026-06-13T17:00:00Z");
    const reads = new Map<string, ReturnType<typeof deferred<string>>>();
    const readDigest = (p: string) => {
      const d = deferred<string>();
      reads.set(p, d);
      return d.promise;
    };
    m = await mount({ paths: [], width: 120, height: 34, review: { hub: { hub: hub.hub }, cwd: "/work/app" }, readDigest });
    await m.press("4");
    let f = await m.waitFor((x) => x.includes("/work/new-project") && reads.has(path), "the row, and the read of its digest asked for");
    expect(f).toContain("reading the digest…");
    expect(f).toMatch(/codex\s+codex:new\s+\/work\/new-project\s+\S+\s+…/); // the trigger waits for the file too
    expect(f).not.toContain("Session Digest: codex:new");
    reads.get(path)!.resolve(fs.readFileSync(path, "utf8"));
    f = await m.waitFor((x) => x.includes("Session Digest: codex:new"), "the digest");
    expect(f).not.toContain("reading the digest");
    expect(f).toMatch(/codex\s+codex:new\s+\/work\/new-project\s+\S+\s+stop\s+—/);
  });

  it("a digest that cannot be read says so instead of waiting", async () => {
    const hub = reviewHub();
    codexDigest(hub.root, "gone", "/work/gone", "2026-06-13T17:00:00Z");
    m = await mount({ paths: [], width: 120, height: 34, review: { hub: { hub: hub.hub }, cwd: "/work/app" }, readDigest: () => Promise.reject(new Error("EACCES")) });
    await m.press("4");
    const f = await m.waitFor((x) => x.includes("no digest on disk for this session yet"), "the missing digest");
    expect(f).toMatch(/codex\s+codex:gone\s+\/work\/gone\s+\S+\s+\?/);
  });

  it("drawing, moving and reloading the screen reads no digest file synchronously", async () => {
    const hub = reviewHub();
    const paths = [codexDigest(hub.root, "old", "/work/old", "2026-06-12T10:00:00Z"), codexDigest(hub.root, "new", "/work/new", "2026-06-13T17:00:00Z")];
    const sync = vi.mocked(fs.readFileSync);
    const opened = vi.mocked(fs.openSync);
    sync.mockClear();
    opened.mockClear();
    m = await mountOn(hub, "4");
    expect(m.frame()).toContain("Session Digest: codex:new");
    await m.press("j", "r");
    await m.waitFor((x) => x.includes("Session Digest: codex:old"), "the other digest");
    const read = [...sync.mock.calls, ...opened.mock.calls].map((c) => String(c[0]));
    // The mock sees the product's reads (the capture store's state files), none of them a digest.
    expect(read.some((p) => p.endsWith(join("codex", "new.json")))).toBe(true);
    expect(read.filter((p) => paths.includes(p))).toEqual([]);
  });
});

describe("the digest files store", () => {
  it("reads each path once per generation, keeps old texts until new ones are in, and a late old read never wins", async () => {
    const reads: { path: string; d: ReturnType<typeof deferred<string>> }[] = [];
    const files = createDigestFiles((path) => {
      const d = deferred<string>();
      reads.push({ path, d });
      return d.promise;
    });
    const gen1 = {};
    files.getState().want(["a", "b", "a", ""], gen1);
    files.getState().want(["a"], gen1);
    expect(reads.map((r) => r.path)).toEqual(["a", "b"]);
    expect(files.getState().pending).toBe(1);
    reads[0].d.resolve("A1");
    reads[1].d.resolve("B1");
    await vi.waitFor(() => expect(files.getState().pending).toBe(0));
    expect(Object.fromEntries(files.getState().texts)).toEqual({ a: "A1", b: "B1" });

    const gen2 = {};
    files.getState().want(["a"], gen2);
    const gen3 = {};
    files.getState().want(["a"], gen3);
    expect(reads.map((r) => r.path)).toEqual(["a", "b", "a", "a"]);
    expect(files.getState().texts.get("a")).toBe("A1"); // still shown while re-read
    reads[3].d.resolve("A3");
    await vi.waitFor(() => expect(files.getState().texts.get("a")).toBe("A3"));
    reads[2].d.resolve("A2"); // generation 2's answer arrives last: too late
    await vi.waitFor(() => expect(files.getState().pending).toBe(0));
    expect(files.getState().texts.get("a")).toBe("A3");
  });
});
