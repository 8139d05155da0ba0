// `ls` on a home with no sessions names every agent's places it looked in
// (pi's and omp's, and Claude Code's, Codex's, Gemini CLI's, OpenCode's),
// and `rename`'s usage lists every flag it takes.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBin } from "../helpers/run-bin.js";

const home = mkdtempSync(join(tmpdir(), "omp-empty-home-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, OMP_SESSIONS_CACHE_DIR: join(home, "cache"), XDG_CONFIG_HOME: join(home, ".config"), XDG_DATA_HOME: join(home, ".local", "share") };

describe("an empty home", () => {
  it("ls names every agent's places, missing ones marked", async () => {
    const r = await runBin(["ls"], { env, cwd: home });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("No sessions");
    for (const agent of ["pi, omp", "Claude Code", "Codex", "Gemini", "OpenCode"]) expect(r.stdout).toContain(agent);
    expect(r.stdout).toContain("~/.claude");
    expect(r.stdout).toContain("(not there)");
  });

  it("rename's usage lists --dry-run and --yes", async () => {
    const r = await runBin(["rename", "--help"], { env });
    expect(r.stdout.split("\n")[0]).toBe("Usage: omp-sessions rename FILE NAME [--dry-run] [--yes] [--force] [--json]");
  });
});
