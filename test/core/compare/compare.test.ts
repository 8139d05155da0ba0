// compare on hand-made pi, omp and Claude Code sessions (test/fixtures/compare,
// figures computed by hand in its README): the common point, each side's
// messages, files, commands, cost and last answer.
import { beforeAll, describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { compareSessions, pointAt, type Comparison } from "../../../src/core/compare/compare.js";
import { loadPoint } from "../../../src/core/compare/point-arg.js";
import { makePricer, type Pricer } from "../../../src/core/stats/prices.js";
import { compareText } from "../../../src/core/compare/compare-text.js";

const DIR = resolve("test/fixtures/compare");
const PI = `${DIR}/pi-compare.jsonl`;
const PI_FORK = `${DIR}/pi-compare-fork.jsonl`;
const OMP = `${DIR}/omp-compare.jsonl`;
const OMP_FORK = `${DIR}/omp-compare-fork.jsonl`;
const CC = `${DIR}/claude/c1a0de00-0000-4000-8000-000000000001.jsonl`;
const CC_FORK = `${DIR}/claude/c1a0de00-0000-4000-8000-000000000002.jsonl`;
const cc = (n: number) => `c1a0de00-0000-4000-8000-0000000001${String(n).padStart(2, "0")}`;

let pricer: Pricer;
beforeAll(async () => {
  pricer = await makePricer({ rates: new Map(), stamp: "none", error: null, path: "" });
});

async function inFile(file: string, a: string, b: string): Promise<Comparison> {
  const s = await loadSession(file);
  return compareSessions(pointAt(s, a), pointAt(s, b), pricer);
}
const twoFiles = async (a: string, b: string) => compareSessions(await loadPoint(a), await loadPoint(b), pricer);
const ids = (c: Comparison["a"]) => c.messages.map((m) => m.id);

describe("two branches of one session", () => {
  it("pi: from the branch point a2, each side's messages, files, commands and cost", async () => {
    const c = await inFile(PI, "a4", "a6");
    expect(c.common).toEqual({ kind: "branch", id: "a2" });
    expect(ids(c.a)).toEqual(["u2", "a3", "a4"]);
    expect(ids(c.b)).toEqual(["u3", "a5", "b1", "a6"]);
    expect(c.a.entries).toBe(4);
    expect(c.a.filesRead).toEqual([]);
    expect(c.a.filesChanged).toEqual(["src/parse.ts", "test/parse.test.ts"]);
    expect(c.a.commands).toEqual(["npm test"]);
    expect(c.b.filesRead).toEqual(["src/lex.ts"]);
    expect(c.b.filesChanged).toEqual(["src/parse.ts"]);
    expect(c.b.commands).toEqual(["npm test", "git diff --stat"]);
    expect(c.a.figure.cost).toBeCloseTo(0.0055, 10);
    expect(c.a.figure.calls).toBe(2);
    expect(c.a.figure.input + c.a.figure.output).toBe(450);
    expect(c.b.figure.cost).toBeCloseTo(0.006, 10);
    expect(c.b.figure.input + c.b.figure.output).toBe(505);
    expect(c.a.lastAnswer).toEqual({ id: "a4", text: "Patched, tests pass." });
    expect(c.b.lastAnswer).toEqual({ id: "a6", text: "Rewritten." });
    expect(c.alike).toEqual({ messages: [], filesRead: [], filesChanged: ["src/parse.ts"], commands: ["npm test"] });
  });

  it("pi: an entry and its own descendant part at the first one (its side is empty)", async () => {
    const c = await inFile(PI, "a2", "a6");
    expect(c.common.id).toBe("a2");
    expect(c.a.entries).toBe(0);
    expect(c.a.lastAnswer).toBeNull();
    expect(c.a.figure.calls).toBe(0);
  });

  it("omp: model_usage side calls count in the side's cost, not as messages", async () => {
    const c = await inFile(OMP, "o6", "o8");
    expect(c.common).toEqual({ kind: "branch", id: "o2" });
    expect(ids(c.a)).toEqual(["o3", "o4", "o6"]);
    expect(ids(c.b)).toEqual(["o7", "o8"]);
    expect(c.a.filesChanged).toEqual(["src/store.ts"]);
    expect(c.a.commands).toEqual(["npm run build"]);
    expect(c.b.filesRead).toEqual(["src/types.ts"]);
    expect(c.b.filesChanged).toEqual(["src/store.ts"]);
    expect(c.a.figure.cost).toBeCloseTo(0.0051, 10);
    expect(c.a.figure.calls).toBe(3);
    expect(c.b.figure.cost).toBeCloseTo(0.002, 10);
    expect(c.b.lastAnswer?.text).toBe("Map in place.");
  });

  it("Claude Code: Read/Edit/MultiEdit/Bash calls, cost priced from the table", async () => {
    const c = await inFile(CC, cc(8), cc(12));
    expect(c.common).toEqual({ kind: "branch", id: cc(4) });
    expect(ids(c.a)).toEqual([cc(5), cc(6), cc(8)]);
    expect(ids(c.b)).toEqual([cc(9), cc(10), cc(12)]);
    expect(c.a.filesChanged).toEqual(["/work/proj-compare/build.mjs"]);
    expect(c.a.commands).toEqual(["node build.mjs"]);
    expect(c.b.filesRead).toEqual(["/work/proj-compare/package.json"]);
    expect(c.b.filesChanged).toEqual(["/work/proj-compare/build.mjs"]);
    expect(c.b.commands).toEqual([]);
    // claude-sonnet-4-5: $3 per million input, $15 per million output
    expect(c.a.figure.cost).toBeCloseTo((4000 * 3 + 250 * 15) / 1e6, 10);
    expect(c.b.figure.cost).toBeCloseTo((4500 * 3 + 320 * 15) / 1e6, 10);
    expect(c.a.lastAnswer?.text).toBe("Built once now.");
    expect(c.b.lastAnswer?.text).toBe("Cached.");
  });
});

describe("a fork and its source", () => {
  it("pi: from the fork point (parentSession names the source), either way round", async () => {
    const c = await twoFiles(PI_FORK, PI);
    expect(c.common).toEqual({ kind: "fork", id: "a2", linked: true });
    expect(ids(c.a)).toEqual(["u7", "a7"]);
    expect(c.a.filesChanged).toEqual(["src/parse.ts"]);
    expect(c.a.figure.cost).toBeCloseTo(0.0002, 10);
    expect(c.a.lastAnswer?.text).toBe("Third way done.");
    expect(ids(c.b)).toEqual(["u3", "a5", "b1", "a6"]);
    const back = await twoFiles(`${PI}#a4`, PI_FORK);
    expect(back.common).toEqual({ kind: "fork", id: "a2", linked: true });
    expect(ids(back.a)).toEqual(["u2", "a3", "a4"]);
  });

  it("omp: from the fork point", async () => {
    const c = await twoFiles(OMP_FORK, OMP);
    expect(c.common).toEqual({ kind: "fork", id: "o2", linked: true });
    expect(ids(c.a)).toEqual(["o9", "o10"]);
    expect(c.a.commands).toEqual(["git checkout src/store.ts"]);
    expect(c.a.figure.cost).toBeCloseTo(0.0003, 10);
  });

  it("Claude Code: a fork holding the source's uuids parts at the last shared one", async () => {
    const c = await twoFiles(CC_FORK, CC);
    expect(c.common).toEqual({ kind: "fork", id: cc(4), linked: false });
    expect(ids(c.a)).toEqual([cc(20), cc(21)]);
    expect(c.a.filesChanged).toEqual(["/work/proj-compare/build.mjs"]);
    expect(c.a.figure.cost).toBeCloseTo((100 * 3 + 10 * 15) / 1e6, 10);
  });
});

describe("two unrelated sessions", () => {
  it("pi and omp: compared from their starts, whole paths on each side", async () => {
    const c = await twoFiles(PI, OMP);
    expect(c.common).toEqual({ kind: "start", id: null });
    expect(ids(c.a)).toEqual(["u1", "a1", "a2", "u3", "a5", "b1", "a6"]);
    expect(c.a.filesRead).toEqual(["src/lex.ts"]);
    expect(c.a.filesChanged).toEqual(["src/parse.ts"]);
    expect(c.a.figure.cost).toBeCloseTo(0.009, 10);
    expect(ids(c.b)).toEqual(["o1", "o2", "o7", "o8"]);
    expect(c.b.filesRead).toEqual(["src/types.ts"]);
    expect(c.b.filesChanged).toEqual(["src/store.ts"]);
    expect(c.b.figure.cost).toBeCloseTo(0.005, 10);
  });

  it("Claude Code and pi: from their starts", async () => {
    const c = await twoFiles(CC, `${PI}#a4`);
    expect(c.common.kind).toBe("start");
    expect(ids(c.a)).toEqual([cc(1), cc(2), cc(4), cc(9), cc(10), cc(12)]);
    expect(ids(c.b)).toEqual(["u1", "a1", "a2", "u2", "a3", "a4"]);
    expect(c.a.figure.cost).toBeCloseTo((7500 * 3 + 520 * 15) / 1e6, 10);
    expect(c.b.figure.cost).toBeCloseTo(0.0085, 10);
  });
});

describe("the text form", () => {
  it("says where the sides part and marks what is alike with =", async () => {
    const text = compareText(await inFile(PI, "a4", "a6"));
    expect(text.split("\n")[0]).toBe("common point: a2 (the branch point: both paths hold the entries up to it)");
    expect(text).toContain("  = src/parse.ts");
    expect(text).toContain("    test/parse.test.ts");
    expect(text).toContain("  tokens and cost: 450 tokens · 2 calls · $0.0055");
  });

  it("an unknown entry is a SessionError naming it", async () => {
    const s = await loadSession(PI);
    expect(() => pointAt(s, "nope")).toThrow(/no entry nope/);
  });
});
