// The tree screen's costs of another agent's session come from the session it
// loaded (collectFigures' `loaded`), not from a second read of the file: the
// same figures as a read, on every Claude Code, Codex and Gemini CLI fixture;
// a file that changed size since the load is read again.
import { describe, expect, it } from "vitest";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { collectFigures } from "../../../src/core/stats/collect.js";
import type { SessionFigures } from "../../../src/core/stats/figures.js";
import { FIXTURES, filesUnder } from "../../helpers/fixtures.js";

const agentFiles = ["claude", "codex", "gemini"].flatMap((a) => filesUnder(join(FIXTURES, "agents", a), (n) => /\.(jsonl|json)$/.test(n) && !n.endsWith(".expect.json") && n !== "projects.json"));
const noOverrides = { rates: new Map(), stamp: "none", error: null, path: "" };

const facts = (f: SessionFigures) => ({ id: f.id, agent: f.agent, cwd: f.cwd, total: f.total, models: f.models, modelTotals: f.modelTotals, buckets: f.buckets, calls: f.calls, branches: f.branches });

describe("costs of a loaded session", () => {
  it("are the figures a read of the file gives, on every other agent's fixture", async () => {
    let compared = 0;
    for (const file of agentFiles) {
      let s;
      try {
        s = await loadSession(file);
      } catch {
        continue; // not a session of its own (an index, a project list)
      }
      if (!s.held) continue;
      const read = await collectFigures([file], { cache: false, overrides: noOverrides });
      const fromLoaded = await collectFigures([file], { cache: false, overrides: noOverrides, loaded: s });
      expect(fromLoaded.figures.map(facts), file).toEqual(read.figures.map(facts));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(6);
  });

  it("are not read again while the file keeps its size, and are when it changed", async () => {
    const file = agentFiles.find((f) => f.includes(join("agents", "claude")) && f.endsWith(".jsonl") && !basename(f).startsWith("agent-"))!;
    const dir = mkdtempSync(join(tmpdir(), "omp-collect-loaded-"));
    try {
      const copy = join(dir, basename(file));
      copyFileSync(file, copy);
      const s = await loadSession(copy);
      const want = (await collectFigures([copy], { cache: false, overrides: noOverrides })).figures.map(facts);
      expect(want[0].total.calls).toBeGreaterThan(0);
      // The same size, other bytes: only a read would see them (it finds no session).
      writeFileSync(copy, " ".repeat(statSync(copy).size));
      const got = await collectFigures([copy], { cache: false, overrides: noOverrides, loaded: s });
      expect(got.figures.map(facts)).toEqual(want);
      // Grown: read again.
      writeFileSync(copy, readFileSync(file, "utf8") + "\n");
      const again = await collectFigures([copy], { cache: false, overrides: noOverrides, loaded: s });
      expect(again.figures.map(facts)).toEqual(want);
      writeFileSync(copy, "x".repeat(10));
      expect((await collectFigures([copy], { cache: false, overrides: noOverrides, loaded: s })).figures).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
