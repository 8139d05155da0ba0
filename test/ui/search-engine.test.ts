// The search engine behind screen 5: worker threads and the in-thread
// fallback give the same answers; a cancelled build ends as "aborted" and
// leaves what it indexed searchable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSearchEngine, type IndexEvents } from "../../src/ui/state/search-engine.js";
import { fixtureFiles } from "../helpers/fixtures.js";

/** Enough files that a build is still running when it is cancelled. */
const COPIES = 15;
/** Enough for the two engines to be compared on more than one project. */
const FEW = 2;
let tmp: string;
let agent: string;
let few: string;

function copies(at: string, n: number): void {
  for (let i = 0; i < n; i++) {
    const dir = join(at, "sessions", `--p${i}--`);
    mkdirSync(dir, { recursive: true });
    for (const f of fixtureFiles("sessions")) copyFileSync(f.file, join(dir, f.name));
  }
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "omp-search-engine-"));
  agent = join(tmp, "agent");
  few = join(tmp, "few");
  copies(agent, COPIES);
  copies(few, FEW);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type End = Parameters<IndexEvents["end"]>[0];

function build(engine: ReturnType<typeof createSearchEngine>, cancelAfterFirst = false, dir = agent): Promise<{ end: End; progress: [number, number][] }> {
  return new Promise((resolve) => {
    const progress: [number, number][] = [];
    const job = engine.index(
      { agentDirs: [dir] },
      {
        progress: (d, t) => {
          progress.push([d, t]);
          if (cancelAfterFirst && d > 0 && d < t) job.cancel();
        },
        end: (end) => resolve({ end, progress }),
      },
    );
  });
}

describe("search engine", () => {
  it("answers the same in a worker and in this thread", async () => {
    const answers = [];
    for (const inline of [false, true]) {
      const engine = createSearchEngine(join(tmp, `cache-${inline}`), { inline });
      const { end, progress } = await build(engine, false, few);
      expect(end).toMatchObject({ type: "indexed", files: FEW * fixtureFiles("sessions").length });
      expect(progress.at(-1)).toEqual([progress.at(-1)![1], progress.at(-1)![1]]);
      const r = await engine.query("parser", 500);
      const bad = await engine.query("role:nobody", 10);
      expect(engine.mode()).toBe(inline ? "inline" : "worker");
      engine.close();
      expect("hits" in r && r.hits.length).toBeGreaterThan(0);
      expect(bad).toMatchObject({ usage: true });
      answers.push("hits" in r ? r.hits.map((h) => `${h.path} ${h.entryId}`).sort() : r);
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it("a cancelled build ends aborted; the next one finishes the rest", async () => {
    const cache = join(tmp, "cache-cancel");
    const engine = createSearchEngine(cache);
    const first = await build(engine, true);
    expect(first.end.type).toBe("aborted");
    const second = await build(engine);
    expect(second.end).toMatchObject({ type: "indexed" });
    // Only what the first run left undone was indexed again.
    expect((second.end as { updated: number }).updated).toBeLessThan(COPIES * fixtureFiles("sessions").length);
    engine.close();
  });
});
