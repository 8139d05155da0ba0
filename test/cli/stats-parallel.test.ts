// A cold `stats` loads other agents' sessions (Claude Code's, Codex's, Gemini
// CLI's) in a worker thread too (core/stats/stats-worker.ts,
// dist/stats-worker.cjs: each session's row and its figures, priced there and
// posted as the cache's text): the figures, and the caches it leaves, are the same as
// a load in one thread. OMP_SESSIONS_SCAN_WORKER picks the route
// (test/cli/ls-parallel.test.ts says which).
import { afterAll, beforeAll, describe, it, expect } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentsEnv, geminiHome } from "../helpers/agents-env.js";
import { runBin } from "../helpers/run-bin.js";

/** Gemini CLI's home (its sessions under .gemini/), one for every run: the rows name the same paths. */
let gemini: ReturnType<typeof geminiHome>;

beforeAll(() => {
  gemini = geminiHome("omps-stats-parallel-gemini-");
});
afterAll(() => gemini.remove());

async function stats(mode: string): Promise<{ day: string; session: string; warm: string; stderr: string }> {
  const home = mkdtempSync(join(tmpdir(), "omps-stats-parallel-"));
  try {
    const env = { ...agentsEnv({ home, gemini: gemini.gemini, cache: "cache", worker: mode }), OMP_SESSIONS_STATS: "1" };
    const session = await runBin(["stats", "--all", "--json", "--by", "session"], { env });
    expect(session.code, session.stderr).toBe(0);
    // The caches this route wrote, read back in one thread.
    const warm = await runBin(["stats", "--all", "--json", "--by", "session"], { env: { ...env, OMP_SESSIONS_SCAN_WORKER: "off" } });
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stderr).toMatch(/^read 0 bytes from 0 files$/m);
    rmSync(join(home, "cache"), { recursive: true, force: true });
    const day = await runBin(["stats", "--all", "--json", "--agent", "claude", "--by", "day", "--tz", "UTC"], { env });
    expect(day.code, day.stderr).toBe(0);
    return { day: day.stdout, session: session.stdout, warm: warm.stdout, stderr: session.stderr };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe("stats: other agents' sessions loaded in a worker thread", () => {
  it("gives the figures one thread gives, by every route, and leaves the same caches", async () => {
    const one = await stats("off");
    expect(one.stderr).not.toMatch(/worker thread/);
    const sessions = (JSON.parse(one.session) as { session: string }[]).map((r) => r.session);
    for (const place of ["/claude/", "/codex/", "/.gemini/"]) expect(sessions.some((s) => s.includes(place))).toBe(true);
    expect(one.warm).toBe(one.session);
    for (const mode of ["worker", "on", "fail"]) {
      const r = await stats(mode);
      expect(r.session, mode).toBe(one.session);
      expect(r.warm, mode).toBe(one.session);
      expect(r.day, mode).toBe(one.day);
      if (mode === "worker") expect(r.stderr).toMatch(/^[1-9]\d* of them in a worker thread$/m);
      if (mode === "fail") expect(r.stderr).not.toMatch(/worker thread/);
    }
  });
});
