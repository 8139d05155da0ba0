// A cold `stats` makes the catalog's rows of other agents' sessions in the
// same pass that reads their figures (FiguresTaps' dialect tap, in this
// thread or in the stats worker): `ls` from the catalog it leaves lists the
// same rows as a cold `ls`, which reads every file without the taps.
import { afterAll, beforeAll, describe, it, expect } from "vitest";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";

const AGENTS = join(FIXTURES, "agents");
let home: string;
/** Gemini CLI's home (its sessions under .gemini/). */
let gemini: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "omps-stats-rows-"));
  gemini = join(home, "gemini");
  cpSync(join(AGENTS, "gemini"), join(gemini, ".gemini"), { recursive: true });
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function env(cache: string, mode: string): NodeJS.ProcessEnv {
  const none = join(home, "none");
  return {
    ...process.env,
    HOME: home,
    CLAUDE_CONFIG_DIR: join(AGENTS, "claude"),
    CODEX_HOME: join(AGENTS, "codex"),
    GEMINI_CLI_HOME: gemini,
    PI_CODING_AGENT_DIR: none,
    OMP_CODING_AGENT_DIR: none,
    XDG_DATA_HOME: none,
    OMP_SESSIONS_CONFIG_DIR: join(home, "config"),
    OMP_SESSIONS_CACHE_DIR: join(home, cache),
    OMP_SESSIONS_SCAN_WORKER: mode,
    NO_COLOR: "1",
    TZ: "UTC",
  };
}

async function ls(cache: string): Promise<string> {
  const r = await runBin(["ls", "--all", "--json"], { env: env(cache, "off") });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

describe("the rows a cold stats leaves in the catalog", () => {
  it("are the rows a cold ls makes, by every route of the stats pass", async () => {
    const cold = await ls("ls-cold");
    const rows = JSON.parse(cold) as { path: string }[];
    for (const place of ["/claude/", "/codex/", "/.gemini/"])
      expect(
        rows.some((r) => r.path.includes(place)),
        place,
      ).toBe(true);
    for (const mode of ["off", "worker", "on"]) {
      const cache = `stats-${mode}`;
      const s = await runBin(["stats", "--all", "--json"], { env: { ...env(cache, mode), OMP_SESSIONS_STATS: "1" } });
      expect(s.code, s.stderr).toBe(0);
      // ls reads nothing again: every row is the one the stats pass made
      const again = await runBin(["ls", "--all", "--json"], { env: { ...env(cache, "off"), OMP_SESSIONS_STATS: "1" } });
      expect(again.stderr, mode).toMatch(/^read 0 bytes from 0 files$/m);
      expect(again.stdout, mode).toBe(cold);
    }
  });
});
