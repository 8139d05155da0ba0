// The built binary's `stats` on the hand-made fixtures (test/fixtures/stats,
// computed by hand in its README): per session, per branch, per day in two
// zones, per model, a fork's copied path counted once, the cache, errors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runCli } from "../helpers/run-cli.js";

const FIXTURES = resolve("test/fixtures/stats");
let root: string;
let dir: string;
let cache: string;
let config: string;

const env = (): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME: root, NO_COLOR: "1", COLUMNS: "120", OMP_SESSIONS_CACHE_DIR: cache, OMP_SESSIONS_CONFIG_DIR: config };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "OMP_PROFILE", "PI_PROFILE", "TZ"]) delete e[k];
  return e;
};

const run = (args: string[]) => runCli(["stats", ...args], { cwd: root, env: env() });
const json = async (args: string[]) => {
  const r = await run([...args, "--json"]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>[];
};

const main = () => join(dir, "pi-branches.jsonl");
const fork = () => join(dir, "pi-branches-fork.jsonl");

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "omp-stats-"));
  dir = join(root, "sessions");
  cache = join(root, "cache");
  config = join(root, "config");
  mkdirSync(dir);
  mkdirSync(config);
  for (const f of ["pi-branches.jsonl", "pi-branches-fork.jsonl"]) copyFileSync(join(FIXTURES, f), join(dir, f));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const figures = (r: Record<string, unknown>) => ({
  inputTokens: r.inputTokens,
  outputTokens: r.outputTokens,
  cacheReadTokens: r.cacheReadTokens,
  cacheWriteTokens: r.cacheWriteTokens,
  cost: typeof r.cost === "number" ? Number(r.cost.toFixed(10)) : r.cost,
  unpriced: r.unpriced,
  messages: r.messages,
});

describe("stats --json on the hand-made pi fixtures", () => {
  it("per session: every branch counted once, the unpriced model apart, the fork's copied call left to its parent", async () => {
    const rows = await json([dir]);
    const by = new Map(rows.map((r) => [r.session, r]));
    expect(by.size).toBe(2);
    // a1 a3 a4 a2 a5: a3 priced from the table (300 × 3 + 120 × 15 per million), a4 unpriced.
    expect(figures(by.get(main())!)).toEqual({
      inputTokens: 1500,
      outputTokens: 320,
      cacheReadTokens: 3000,
      cacheWriteTokens: 200,
      cost: 0.0827,
      unpriced: { messages: 1, tokens: 410 },
      messages: 5,
    });
    expect(by.get(main())!.project).toBe("/work/proj-stats");
    // The fork holds a copy of u1 a1 (the parent counts a1) and its own a6.
    expect(figures(by.get(fork())!)).toEqual({
      inputTokens: 50,
      outputTokens: 20,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      cost: 0.005,
      unpriced: { messages: 0, tokens: 0 },
      messages: 1,
    });
  });

  it("per branch: the active path and each abandoned branch, adding up to the session", async () => {
    const rows = (await json(["--by", "branch", main()])).map((r) => ({ branch: r.branch, leafId: r.leafId, ...figures(r) }));
    expect(rows).toEqual([
      { branch: "active", leafId: "a5", inputTokens: 800, outputTokens: 190, cacheReadTokens: 3000, cacheWriteTokens: 200, cost: 0.08, unpriced: { messages: 0, tokens: 0 }, messages: 3 },
      { branch: "abandoned 1", leafId: "a3", inputTokens: 300, outputTokens: 120, cacheReadTokens: 0, cacheWriteTokens: 0, cost: 0.0027, unpriced: { messages: 0, tokens: 0 }, messages: 1 },
      { branch: "abandoned 2", leafId: "a4", inputTokens: 400, outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0, cost: null, unpriced: { messages: 1, tokens: 410 }, messages: 1 },
    ]);
  });

  it("per day in the zone asked for; --since and --until cut by that zone's days", async () => {
    const utc = await json(["--by", "day", "--tz", "UTC", main()]);
    expect(utc.map((r) => [r.day, r.inputTokens, r.messages])).toEqual([
      ["2026-11-30", 100, 1],
      ["2026-12-01", 1400, 4],
    ]);
    const berlin = await json(["--by", "day", "--tz", "Europe/Berlin", main()]);
    expect(berlin.map((r) => [r.day, r.inputTokens, r.messages])).toEqual([["2026-12-01", 1500, 5]]);
    const since = await json(["--by", "day", "--tz", "UTC", "--since", "2026-12-01", main()]);
    expect(since.map((r) => r.day)).toEqual(["2026-12-01"]);
    const until = await json(["--tz", "UTC", "--until", "20261130", main()]);
    expect(until.map(figures)).toEqual([{ inputTokens: 100, outputTokens: 50, cacheReadTokens: 1000, cacheWriteTokens: 200, cost: 0.01, unpriced: { messages: 0, tokens: 0 }, messages: 1 }]);
  });

  it("per model and per project", async () => {
    const models = await json(["--by", "model", dir]);
    expect(Object.fromEntries(models.map((r) => [r.model, [r.messages, r.inputTokens]]))).toEqual({
      "anthropic/claude-sonnet-4-5": [4, 650],
      "openai/gpt-5": [1, 500],
      "acme/mystery-1": [1, 400],
    });
    const projects = await json(["--by", "project", dir]);
    expect(projects.map((r) => [r.project, r.messages])).toEqual([["/work/proj-stats", 6]]);
  });

  it("prices.json prices a model no table knows; a broken one is ignored with a warning", async () => {
    writeFileSync(join(config, "prices.json"), JSON.stringify({ "acme/mystery-1": { input: 10, output: 100 } }));
    try {
      const [row] = await json([main()]);
      // a4: 400 × 10 + 10 × 100 per million = $0.005, now priced.
      expect(figures(row)).toMatchObject({ cost: 0.0877, unpriced: { messages: 0, tokens: 0 } });
      writeFileSync(join(config, "prices.json"), "{ not json");
      const r = await run([main(), "--json"]);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/prices\.json ignored, bundled prices used: not valid JSON/);
      expect(figures(JSON.parse(r.stdout)[0])).toMatchObject({ cost: 0.0827, unpriced: { messages: 1, tokens: 410 } });
    } finally {
      rmSync(join(config, "prices.json"));
    }
  });

  it("a price of 1e308 is rejected with the reason, and the cost it would overflow is never shown as $0 (issue 27)", async () => {
    writeFileSync(join(config, "prices.json"), JSON.stringify({ "acme/mystery-1": { input: 1e308, output: 100 } }));
    try {
      for (let pass = 0; pass < 2; pass++) {
        // twice: the second run reads the figures cache
        const r = await run([main(), "--json"]);
        expect(r.code).toBe(0);
        expect(r.stderr).toMatch(/prices\.json ignored, bundled prices used: "acme\/mystery-1"\.input: 1e\+308 is over \$1,000,000 per million tokens, not a price/);
        expect(figures(JSON.parse(r.stdout)[0])).toMatchObject({ cost: 0.0827, unpriced: { messages: 1, tokens: 410 } });
        const text = await run([main()]);
        expect(text.stdout).not.toMatch(/\$∞|\$NaN|\$0\+\?/);
      }
    } finally {
      rmSync(join(config, "prices.json"));
    }
  });

  it("keeps figures in its cache file and reads a session again once it grows", async () => {
    const copy = join(root, "grow");
    mkdirSync(copy, { recursive: true });
    copyFileSync(main(), join(copy, "s.jsonl"));
    await json([copy]);
    const stored = JSON.parse(readFileSync(join(cache, "stats-v3.json"), "utf8")) as { sessions: Record<string, unknown> };
    expect(Object.keys(stored.sessions)).toContain(join(copy, "s.jsonl"));
    appendFileSync(
      join(copy, "s.jsonl"),
      JSON.stringify({
        type: "message",
        id: "a7",
        parentId: "a5",
        timestamp: "2026-12-01T11:00:00.000Z",
        message: { role: "assistant", content: [], provider: "openai", model: "gpt-5", usage: { input: 7, output: 3, cacheRead: 0, cacheWrite: 0, totalTokens: 10, cost: { total: 0.001 } } },
      }) + "\n",
    );
    const [row] = await json([copy]);
    expect(row.messages).toBe(6);
    expect(row.inputTokens).toBe(1507);
  });

  it("counts a call once when two files hold copies of one session (same id, same entries)", async () => {
    const copies = join(root, "copies");
    mkdirSync(copies, { recursive: true });
    const text = readFileSync(main(), "utf8");
    writeFileSync(join(copies, "a.jsonl"), text);
    // The other copy grew by one call after it was copied.
    writeFileSync(
      join(copies, "b.jsonl"),
      text +
        JSON.stringify({
          type: "message",
          id: "a9",
          parentId: "a5",
          timestamp: "2026-12-01T12:00:00.000Z",
          message: { role: "assistant", content: [], provider: "openai", model: "gpt-5", usage: { input: 9, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 10, cost: { total: 0.002 } } },
        }) +
        "\n",
    );
    const rows = await json([copies]);
    const by = new Map(rows.map((r) => [r.session, r]));
    expect([by.get(join(copies, "b.jsonl"))!.messages, by.get(join(copies, "a.jsonl"))!.messages]).toEqual([6, 0]);
    const [model] = (await json(["--by", "project", copies])).map(figures);
    expect(model).toMatchObject({ inputTokens: 1509, messages: 6 });
    // From the cache now: the copy that held less still has its branches (all of them counted in the other).
    const branches = await json(["--by", "branch", copies]);
    expect(branches.filter((r) => r.session === join(copies, "b.jsonl")).map((r) => [r.branch, r.messages])).toEqual([
      ["active", 4],
      ["abandoned 1", 1],
      ["abandoned 2", 1],
    ]);
    expect(branches.filter((r) => r.session === join(copies, "a.jsonl"))).toEqual([]);
  });

  it("draws a table with a total line, and says what is wrong with bad flags", async () => {
    const r = await run(["--by", "branch", main()]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^SESSION · BRANCH\s+MSGS\s+INPUT\s+OUTPUT\s+CACHE R\s+CACHE W\s+COST\s+UNPRICED$/);
    expect(lines.some((l) => /· abandoned 2\s+1\s+400\s+10\s+0\s+0\s+\?\s+1 msg, 410 tok$/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^total\s+5\s+1\.50k\s+320\s+3\.00k\s+200\s+\$0\.08\+\?\s+1 msg, 410 tok$/);
    expect(r.stdout).not.toMatch(/\x1b\[/);
    for (const [args, msg] of [
      [["--by", "week"], /--by takes session, model, project, day, branch/],
      [["--since", "yesterday"], /--since takes a day as YYYY-MM-DD/],
      [["--tz", "Mars/Olympus"], /unknown time zone "Mars\/Olympus"/],
      [["--all", "--cwd", "x"], /exclude each other/],
    ] as const) {
      const bad = await run([...args]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(msg);
    }
    const missing = await run([join(root, "nope.jsonl")]);
    expect(missing.code).toBe(3);
    // a file named that is no session is left out with the reason, not silently
    const notSession = join(root, "not-a-session.jsonl");
    writeFileSync(notSession, '{"hello":"world"}\n');
    const left = await run([notSession, main()]);
    expect(left.code).toBe(0);
    expect(left.stderr).toBe(`omp-sessions stats: ${notSession}: not a session file: first entry is "no type", not a session header; left out\n`);
    expect(left.stdout).toMatch(/^total/m);
    expect((await run(["--help"])).stdout).toMatch(/^Usage: omp-sessions stats/);
  });
});
