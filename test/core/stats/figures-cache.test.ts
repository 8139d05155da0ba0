// The figures cache's calls file: a line per session, kept as bytes by a run
// that read only some sessions again. Round trip, a second save that copies
// the untouched lines byte for byte, and the fallbacks (a damaged line, a file
// of another version or price stamp, a line cut short) reading nothing wrong.
import { describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CALLS_FILE, FiguresCache, OLD_CALLS_FILE, readCallsFile } from "../../../src/core/stats/figures-cache.js";
import { emptyFigure, type Call, type SessionFigures } from "../../../src/core/stats/figures.js";
import { writeCacheFile } from "../../../src/core/session/index.js";

const call = (key: number, cost: number | null): Call => ({ key, branch: 0, model: 0, slot: 7, input: key, output: 2, cacheRead: 3, cacheWrite: 4, cost });

function figures(file: string, calls: Call[]): SessionFigures {
  return {
    file,
    id: "id-" + file,
    cwd: "/p",
    agent: "pi",
    created: "2026-12-01T10:00:00.000Z",
    parentSession: null,
    subagent: false,
    models: ["m"],
    branches: [],
    total: { ...emptyFigure(), calls: calls.length },
    modelTotals: [],
    buckets: [],
    calls,
    inherited: 0,
    duplicates: 0,
  };
}

function withDir(f: (dir: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), "omp-figcache-"));
    try {
      await f(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

describe("the figures cache's calls file", () => {
  it(
    "gives back each session's calls; a save after one session changed keeps the other lines byte for byte",
    withDir(async (dir) => {
      writeFileSync(join(dir, OLD_CALLS_FILE), '{"version":4,"priceStamp":"p1","calls":{}}');
      const a = FiguresCache.open(dir, "p1");
      const odd = '/h/odd\tname\n"é".jsonl';
      a.set("/h/a.jsonl", "1:2:3:4", "", figures("/h/a.jsonl", [call(1, 0.5), call(2, null)]));
      a.set(odd, "1:9:3:4", "", figures(odd, [call(3, 1e-7)]));
      a.set("/h/none.jsonl", "1:5:3:4", "", null);
      await a.save();
      const first = readFileSync(join(dir, CALLS_FILE));
      expect(existsSync(join(dir, OLD_CALLS_FILE))).toBe(false); // an earlier build's calls file goes at the first save

      const b = FiguresCache.open(dir, "p1");
      expect(b.get("/h/a.jsonl", "1:2:3:4", "")!.calls).toEqual([call(1, 0.5), call(2, null)]);
      expect(b.get(odd, "1:9:3:4", "")!.calls).toEqual([call(3, 1e-7)]);
      expect(b.get("/h/none.jsonl", "1:5:3:4", "")).toBeNull();
      expect(b.get("/h/a.jsonl", "1:2:3:5", "")).toBeUndefined(); // the file grew: read it again
      b.set("/h/a.jsonl", "1:2:3:5", "", figures("/h/a.jsonl", [call(1, 0.5), call(2, null), call(4, 2)]));
      await b.save();
      const second = readFileSync(join(dir, CALLS_FILE));
      const oddLine = first
        .toString("utf8")
        .split("\n")
        .find((l) => l.startsWith("1:9:3:4\t"))!;
      expect(second.toString("utf8").split("\n")).toContain(oddLine);

      const c = FiguresCache.open(dir, "p1");
      expect(c.get("/h/a.jsonl", "1:2:3:5", "")!.calls.map((x) => x.key)).toEqual([1, 2, 4]);
      expect(c.get(odd, "1:9:3:4", "")!.calls).toEqual([call(3, 1e-7)]);
      // another price stamp: nothing stored is used
      expect(FiguresCache.open(dir, "p2").get(odd, "1:9:3:4", "")).toBeUndefined();
    }),
  );

  it("reads past a damaged line, refuses another version or price stamp, and drops a last line cut short", () => {
    const head = '{"version":7,"priceStamp":"p1"}\n';
    const good = '1:2\t"/h/a.jsonl"\t[1,0,0,7,1,2,3,4,0.5]\n';
    const text = head + "garbage without tabs\n" + '1:3\t"/h/b.jsonl\t[]\n' + good + '1:4\t"/h/c.jsonl"\t[2,0,0';
    const got = readCallsFile(Buffer.from(text), "p1");
    expect([...got.lines.keys()]).toEqual(["/h/a.jsonl"]);
    const a = got.lines.get("/h/a.jsonl")!;
    expect(got.bytes.toString("utf8", a.start, a.end)).toBe(good);
    expect(readCallsFile(Buffer.from(text), "p2").lines.size).toBe(0);
    expect(readCallsFile(Buffer.from(text.replace('"version":7', '"version":6')), "p1").lines.size).toBe(0);
    expect(readCallsFile(Buffer.from('{"version":3,"priceStamp":"p1","calls":{}}'), "p1").lines.size).toBe(0);
  });

  it(
    "a line whose calls are damaged gives no calls for that session, and the others stay",
    withDir(async (dir) => {
      const a = FiguresCache.open(dir, "p1");
      a.set("/h/a.jsonl", "1:2:3:4", "", figures("/h/a.jsonl", [call(1, 0.5)]));
      a.set("/h/b.jsonl", "1:7:3:4", "", figures("/h/b.jsonl", [call(2, 0.5)]));
      await a.save();
      const file = join(dir, CALLS_FILE);
      writeFileSync(file, readFileSync(file, "utf8").replace('"/h/b.jsonl"\t[2,', '"/h/b.jsonl"\t[2,,'));
      const b = FiguresCache.open(dir, "p1");
      expect(b.get("/h/a.jsonl", "1:2:3:4", "")!.calls).toEqual([call(1, 0.5)]);
      expect(b.get("/h/b.jsonl", "1:7:3:4", "")!.calls).toEqual([]);
      expect(b.get("/h/b.jsonl", "1:7:3:4", "")!.total.calls).toBe(1);
    }),
  );
});

describe("writeCacheFile", () => {
  it(
    "writes pieces of bytes as one file, more pieces than one writev takes, empty ones among them",
    withDir(async (dir) => {
      const pieces: Uint8Array[] = [];
      let want = "";
      for (let i = 0; i < 3000; i++) {
        const t = i % 7 === 0 ? "" : `piece ${i};`;
        pieces.push(Buffer.from(t));
        want += t;
      }
      await writeCacheFile(join(dir, "f"), pieces);
      expect(readFileSync(join(dir, "f"), "utf8")).toBe(want);
      await writeCacheFile(join(dir, "f"), []);
      expect(readFileSync(join(dir, "f"), "utf8")).toBe("");
    }),
  );
});

describe("figures read back from the cache", () => {
  it(
    "give the totals, model totals and buckets stored, each decoded once on first use",
    withDir(async (dir) => {
      const f: SessionFigures = {
        ...figures("/h/t.jsonl", [call(1, 0.5)]),
        models: ["m1", "m2"],
        total: { input: 10, output: 20, cacheRead: 30, cacheWrite: 40, cost: 0.125, calls: 3, unpricedCalls: 1, unpricedTokens: 7 },
        modelTotals: [
          { input: 4, output: 5, cacheRead: 6, cacheWrite: 7, cost: 0.1, calls: 2, unpricedCalls: 0, unpricedTokens: 0 },
          { input: 6, output: 15, cacheRead: 24, cacheWrite: 33, cost: 0.025, calls: 1, unpricedCalls: 1, unpricedTokens: 7 },
        ],
        buckets: [{ branch: 0, model: 1, slot: 9, input: 6, output: 15, cacheRead: 24, cacheWrite: 33, cost: 0.025, calls: 1, unpricedCalls: 1, unpricedTokens: 7 }],
      };
      const a = FiguresCache.open(dir, "p1");
      a.set(f.file, "1:2:3:4", "", f);
      await a.save();
      const back = FiguresCache.open(dir, "p1").get(f.file, "1:2:3:4", "")!;
      expect(back.total).toEqual(f.total);
      expect(back.total).toBe(back.total);
      expect(back.modelTotals).toEqual(f.modelTotals);
      expect(back.modelTotals).toBe(back.modelTotals);
      expect(back.buckets).toEqual(f.buckets);
      expect({ id: back.id, agent: back.agent, models: back.models, file: back.file }).toEqual({ id: f.id, agent: f.agent, models: f.models, file: f.file });
    }),
  );
});
