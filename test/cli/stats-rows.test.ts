// A cold `stats` makes the catalog's rows of other agents' sessions in the
// same pass that reads their figures (FiguresTaps' dialect tap, in this
// thread or in the stats worker): `ls` from the catalog it leaves lists the
// same rows as a cold `ls`, which reads every file without the taps.
import { afterAll, beforeAll, describe, it, expect } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentsEnv, geminiHome } from "../helpers/agents-env.js";
import { runBin } from "../helpers/run-bin.js";

let home: string;
/** Gemini CLI's home (its sessions under .gemini/). */
let gemini: ReturnType<typeof geminiHome>;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "omps-stats-rows-"));
  gemini = geminiHome("omps-stats-rows-gemini-");
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  gemini.remove();
});

const env = (cache: string, mode: string): NodeJS.ProcessEnv => agentsEnv({ home, gemini: gemini.gemini, cache, worker: mode });

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
