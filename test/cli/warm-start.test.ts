// A warm `stats --json` (the catalog and the figures cache filled) is mostly
// node's own start-up: it loads none of Node's stream modules, nor
// node:fs/promises (which loads them, and readline's, and fs watchers'), nor
// node:net for a pipe on stdout. Each was a few ms of its CPU. The output is
// written to fd 1 as it is, the same bytes as through the full CLI.
import { afterAll, beforeAll, describe, it, expect } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES, ROOT } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";

const PROBE = ["--require", join(ROOT, "test", "cli", "loaded-probe.cjs")];
let home: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "omps-warm-start-"));
  const none = join(home, "none");
  env = {
    ...process.env,
    HOME: home,
    CLAUDE_CONFIG_DIR: join(FIXTURES, "agents", "claude"),
    CODEX_HOME: none,
    GEMINI_CLI_HOME: none,
    PI_CODING_AGENT_DIR: join(FIXTURES, "sessions"),
    OMP_CODING_AGENT_DIR: none,
    XDG_DATA_HOME: none,
    OMP_SESSIONS_CONFIG_DIR: join(home, "config"),
    OMP_SESSIONS_CACHE_DIR: join(home, "cache"),
    NO_COLOR: "1",
    TZ: "UTC",
  };
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe("warm stats start-up", () => {
  it("loads no stream module, no node:fs/promises and no node:net, and prints what the full CLI prints", async () => {
    for (const by of ["day", "session"]) {
      const args = ["stats", "--all", "--json", "--by", by];
      const cold = await runBin(args, { env });
      expect(cold.code, cold.stderr).toBe(0);
      const warm = await runBin(args, { env, nodeArgs: PROBE });
      expect(warm.code, warm.stderr).toBe(0);
      expect(warm.stdout, by).toBe(cold.stdout);
      expect(JSON.parse(warm.stdout).length, by).toBeGreaterThan(0);
      const loaded = JSON.parse(/LOADED (.*)/.exec(warm.stderr)![1]) as { files: string[]; builtins: string[] };
      expect(loaded.files, by).toContain(join(ROOT, "dist", "cmd", "stats.cjs"));
      expect(
        loaded.builtins.filter((m) => /^(stream|fs\/promises|net|readline)\b/.test(m)),
        by,
      ).toEqual([]);
      const full = await runBin(args, { env, bin: join(ROOT, "dist", "cli.js") });
      expect(full.stdout, by).toBe(warm.stdout);
    }
  });
});
