// The environment of a run over the other agents' fixtures (test/fixtures/agents:
// Claude Code, Codex, Gemini CLI; no pi or omp sessions): one set-up for the
// tests that compare a cold `stats` with other routes (stats-rows, stats-parallel).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES } from "./fixtures.js";

export const AGENTS = join(FIXTURES, "agents");

/** Gemini CLI's fixture sessions copied to a home of their own (its sessions live under `<home>/.gemini`). */
export function geminiHome(prefix: string): { gemini: string; remove(): void } {
  const gemini = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(AGENTS, "gemini"), join(gemini, ".gemini"), { recursive: true });
  return { gemini, remove: () => rmSync(gemini, { recursive: true, force: true }) };
}

/**
 * A run's environment: the agents' fixtures, `home` as HOME with the config
 * and `cache` (a folder name) under it, pi and omp pointed at nothing, the
 * stats worker as `worker` says (OMP_SESSIONS_SCAN_WORKER).
 */
export function agentsEnv(o: { home: string; gemini: string; cache: string; worker: string }): NodeJS.ProcessEnv {
  const none = join(o.home, "none");
  return {
    ...process.env,
    HOME: o.home,
    CLAUDE_CONFIG_DIR: join(AGENTS, "claude"),
    CODEX_HOME: join(AGENTS, "codex"),
    GEMINI_CLI_HOME: o.gemini,
    PI_CODING_AGENT_DIR: none,
    OMP_CODING_AGENT_DIR: none,
    XDG_DATA_HOME: none,
    OMP_SESSIONS_CONFIG_DIR: join(o.home, "config"),
    OMP_SESSIONS_CACHE_DIR: join(o.home, o.cache),
    OMP_SESSIONS_SCAN_WORKER: o.worker,
    NO_COLOR: "1",
    TZ: "UTC",
  };
}
