// `stats --json` on the other agents' fixtures, against figures worked out by
// hand from the fixture lines (the per-message usage their *.expect.json
// files give): a Claude Code file with streamed copies (each response counted
// once, with its LAST copy's usage), a Claude Code session with a subagent
// (the subagent counted once, under its parent), and a Codex rollout (running
// totals counted by difference). Claude Code and Codex record no cost, so the
// cost is priced from the bundled table: Claude Sonnet 4.5 at $3 / $15 /
// $0.30 / $3.75 per million input / output / cache-read / cache-write tokens,
// Claude Haiku 4.5 at $1 / $5 / $0.10 / $1.25, GPT-5.1 Codex at $1.25 input,
// $10 output, $0.125 cached input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runCli } from "../helpers/run-cli.js";

const AGENTS = resolve("test/fixtures/agents");
let root: string;
let claude: string;
let codex: string;

const env = (): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME: root, NO_COLOR: "1", OMP_SESSIONS_CACHE_DIR: join(root, "cache"), OMP_SESSIONS_CONFIG_DIR: join(root, "config") };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "GEMINI_CLI_HOME", "TZ"]) delete e[k];
  return e;
};

async function stats(args: string[]): Promise<Record<string, unknown>[]> {
  const { stdout, stderr } = await runCli(["stats", "--json", ...args], { cwd: root, env: env() });
  expect(stderr).toBe("");
  return JSON.parse(stdout) as Record<string, unknown>[];
}

const figures = (r: Record<string, unknown> | undefined) => ({
  inputTokens: r?.inputTokens,
  outputTokens: r?.outputTokens,
  cacheReadTokens: r?.cacheReadTokens,
  cacheWriteTokens: r?.cacheWriteTokens,
  cost: typeof r?.cost === "number" ? Number(r.cost.toFixed(9)) : r?.cost,
  unpriced: r?.unpriced,
});

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "omp-stats-agents-"));
  claude = join(root, "claude", "projects", "-home-dev-demo");
  codex = join(root, "codex");
  cpSync(join(AGENTS, "claude", "projects", "-home-dev-demo"), claude, { recursive: true });
  cpSync(join(AGENTS, "codex"), codex, { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("stats --json on Claude Code and Codex sessions", () => {
  it("Claude Code streamed copies: each response once, with the last copy's usage", async () => {
    const file = join(claude, "44444444-4444-4444-8444-444444444444.jsonl");
    const [row, ...rest] = await stats([file]);
    expect(rest).toEqual([]);
    // msg_04A: 4 in, 300 out (the copies say 30, 120, 300), 9000 cache read, 500 cache write;
    // msg_04B: 6 in, 50 out, 9600 cache read, 80 cache write.
    // Cost: (10 × 3 + 350 × 15 + 18600 × 0.30 + 580 × 3.75) / 1e6 = 0.013035.
    expect(figures(row)).toEqual({ inputTokens: 10, outputTokens: 350, cacheReadTokens: 18600, cacheWriteTokens: 580, cost: 0.013035, unpriced: { messages: 0, tokens: 0 } });
    expect(row.messages).toBe(2);
  });

  it("a Claude Code subagent counts once, under the session that spawned it", async () => {
    const parent = join(claude, "77777777-7777-4777-8777-777777777777.jsonl");
    const sub = join(claude, "77777777-7777-4777-8777-777777777777", "subagents", "agent-a1b2c3d4e5f6a7b8c.jsonl");
    const rows = await stats(["--by", "session", parent, sub]);
    expect(rows.map((r) => r.session)).toEqual([parent]);
    // Parent (Sonnet 4.5): 3+5 in, 140+30 out, 7000+7400 cache read, 900+200 cache write = $0.011019.
    // Subagent (Haiku 4.5): 2+4 in, 40+20 out, 3000+3100 cache read, 1200+60 cache write = $0.002491.
    expect(figures(rows[0])).toEqual({ inputTokens: 14, outputTokens: 230, cacheReadTokens: 20500, cacheWriteTokens: 2360, cost: 0.01351, unpriced: { messages: 0, tokens: 0 } });
    // Listed with its whole project dir, the subagent is still counted once.
    const all = await stats(["--by", "session", claude]);
    expect(figures(all.find((r) => r.session === parent))).toEqual(figures(rows[0]));
    expect(all.some((r) => r.session === sub)).toBe(false);
  });

  it("a Codex rollout: running totals counted by difference, cached input apart", async () => {
    const file = join(codex, "sessions", "2026", "11", "30", "rollout-2026-11-30T09-15-02-0199a1b2-0000-7000-8000-000000000001.jsonl");
    const [row] = await stats([file]);
    // The rollout's own expectation (sessionUsage): 13800 in (without the cached), 1050 out, 19200 cached.
    // Cost: (13800 × 1.25 + 1050 × 10 + 19200 × 0.125) / 1e6 = 0.03015.
    expect(figures(row)).toEqual({ inputTokens: 13800, outputTokens: 1050, cacheReadTokens: 19200, cacheWriteTokens: 0, cost: 0.03015, unpriced: { messages: 0, tokens: 0 } });
  });
});
