// `stats` on pi 1.6.0's own files equals pi's own session totals: besides
// assistant messages, pi 1.6.0 counts `usage` entries (a cache warm-up),
// usage on tool results, and what compactions and branch summaries cost.
//
// The expected figures are pi 1.6.0's own: `getSessionStats()` of
// @earendil-works/pi-coding-agent@1.6.0 (dist/core/agent-session.js, which
// sums with addUsageToTotals from usage-totals.js), called on a
// SessionManager.open() of each file (run under bun: that module imports
// undici 8, which needs Node 22), with this object:
//   AgentSession.prototype.getSessionStats.call({ sessionManager, sessionFile, sessionId, getContextUsage: () => undefined })
// and its `tokens` and `cost` copied here. Counting assistant usage only
// gives 69,839 and 121,815 tokens for these two files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BIN } from "../helpers/fixtures.js";

const FIXTURES = resolve("test/fixtures/sessions-pi16");

const PI_TOTALS: Record<string, { input: number; output: number; cacheRead: number; cacheWrite: number; total: number; cost: number }> = {
  "2026-01-05T10-24-45-391Z_019b8db0-134f-708c-bfbf-c75a1d7cd4f0.jsonl": { input: 62943, output: 33896, cacheRead: 38644, cacheWrite: 0, total: 135483, cost: 0.697269 },
  "2026-01-05T13-38-48-143Z_019b8e61-bacf-708c-bfbf-c767ca5e166f.jsonl": { input: 114034, output: 49361, cacheRead: 57700, cacheWrite: 0, total: 221095, cost: 1.082517 },
};

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "omp-stats-pi16-"));
  mkdirSync(join(root, "sessions"));
  mkdirSync(join(root, "config"));
  for (const f of Object.keys(PI_TOTALS)) copyFileSync(join(FIXTURES, f), join(root, "sessions", f));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function stats(file: string, extra: string[]): Promise<Record<string, unknown>> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: root, NO_COLOR: "1", OMP_SESSIONS_CACHE_DIR: join(root, "cache"), OMP_SESSIONS_CONFIG_DIR: join(root, "config") };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "OMP_PROFILE", "PI_PROFILE", "TZ"]) delete env[k];
  const { stdout, stderr } = await promisify(execFile)(BIN, ["stats", file, "--json", ...extra], { cwd: root, env, maxBuffer: 1 << 26 });
  expect(stderr).toBe("");
  const rows = JSON.parse(stdout) as Record<string, unknown>[];
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe("stats on pi 1.6.0 files", () => {
  for (const [name, pi] of Object.entries(PI_TOTALS)) {
    it(`${name}: pi's own totals (assistant, usage entries, tool results, summaries)`, async () => {
      const file = join(root, "sessions", name);
      // Read fresh, then again from the cache the first run filled: both the same.
      for (const extra of [["--no-cache"], [], []]) {
        const row = await stats(file, extra);
        expect({ input: row.inputTokens, output: row.outputTokens, cacheRead: row.cacheReadTokens, cacheWrite: row.cacheWriteTokens, total: row.totalTokens }).toEqual({
          input: pi.input,
          output: pi.output,
          cacheRead: pi.cacheRead,
          cacheWrite: pi.cacheWrite,
          total: pi.total,
        });
        expect(row.cost as number).toBeCloseTo(pi.cost, 9);
        expect(row.unpriced).toEqual({ messages: 0, tokens: 0 });
      }
    });
  }
});
