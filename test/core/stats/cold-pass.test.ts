// What a cold `stats` makes in the listing's pass (FiguresTaps). The price
// table loads once per thread: the pass prices what it reads with the taps'
// pricer, and collectFigures prices with that same pricer (made only when a
// file is priced there), not one of its own; taps made under other prices are
// not used. The figures are kept as the cache's text, as the stats worker
// posts them (no call's object outlives its file), the same figures a read
// gives, and the cache stores that text as it is.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { join } from "node:path";
import { FIXTURES, filesUnder } from "../../helpers/fixtures.js";
import { figureFacts } from "../../helpers/figures.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";

const made = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../../src/core/stats/prices.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/core/stats/prices.js")>();
  return {
    ...real,
    makePricer: (...a: Parameters<typeof real.makePricer>) => {
      made.count++;
      return real.makePricer(...a);
    },
  };
});

const { collectFigures } = await import("../../../src/core/stats/collect.js");
const { FiguresTaps } = await import("../../../src/core/stats/figures-scan.js");
const { summarizeSession } = await import("../../../src/core/session/index.js");
const { listSessions } = await import("../../../src/core/session/list/list.js");
const { encodeFigures } = await import("../../../src/core/stats/figures-cache.js");
const { readSessionFigures } = await import("../../../src/core/stats/read-session.js");
const { makePricer } = await import("../../../src/core/stats/prices.js");

const overrides = { rates: new Map(), stamp: "one-pricer", error: null, path: "" };
const claude = filesUnder(join(FIXTURES, "agents", "claude"), (n) => n.endsWith(".jsonl") && !n.startsWith("agent-"));
const pi = filesUnder(join(FIXTURES, "sessions"), (n) => n.endsWith(".jsonl")).slice(0, 3);

describe("the price table of a cold stats", () => {
  beforeEach(() => {
    made.count = 0;
  });

  it("is made once: by the listing's taps, and collectFigures prices with theirs", async () => {
    const taps = new FiguresTaps(overrides);
    for (const f of claude) await summarizeSession(f, taps.dialect);
    expect(made.count).toBe(1);
    // a file the taps did not read (a pi session) is priced in collectFigures with the same pricer
    const got = await collectFigures([...claude, ...pi], { cache: false, overrides, taps });
    expect(got.figures.length).toBe(claude.length + pi.length);
    expect(made.count).toBe(1);
    const plain = await collectFigures([...claude, ...pi], { cache: false, overrides });
    expect(got.figures.map((f) => f.total)).toEqual(plain.figures.map((f) => f.total));
  });

  it("is not made by collectFigures when the taps priced every file", async () => {
    const taps = new FiguresTaps(overrides);
    for (const f of claude) await summarizeSession(f, taps.dialect);
    made.count = 0;
    await collectFigures(claude, { cache: false, overrides, taps });
    expect(made.count).toBe(0);
  });

  it("is collectFigures' own when the taps price under other prices", async () => {
    const taps = new FiguresTaps({ ...overrides, stamp: "other" });
    await collectFigures(pi, { cache: false, overrides, taps });
    expect(made.count).toBe(1);
    await taps.pricer();
    expect(made.count).toBe(2);
  });
});

describe("the figures of a cold stats' listing pass", () => {
  it("are kept as the cache's text, and are the figures a read gives", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "omp-cold-pass-"));
    try {
      const taps = new FiguresTaps(overrides);
      // pi and omp sessions through the catalog's scan, Claude Code transcripts through their dialect's load
      await listSessions({ paths: [join(FIXTURES, "sessions")], all: true, cacheDir, taps });
      for (const f of claude) await summarizeSession(f, taps.dialect);
      const pricer = await makePricer(overrides);
      let claudeSeen = 0;
      for (const [file, got] of taps.figured) {
        const read = await readSessionFigures(file, pricer);
        expect(figureFacts(got.figures), file).toEqual(figureFacts(read));
        expect((got.figures as { encoded?: unknown }).encoded, file).toEqual(encodeFigures(read!));
        if (got.figures.agent === "claude") claudeSeen++;
      }
      expect(claudeSeen).toBeGreaterThan(2);
      expect(taps.figured.size).toBeGreaterThan(20);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
