// Another agent's transcript copied out of its usual place (a flat folder,
// given by path) is still read as that agent's: no dialect claims it by its
// place, so its first lines tell (dialect-api.ts `sniff`). The tree it gives
// is the one it gives where the agent keeps it; a pi file beside it stays
// pi's, and a JSONL file of no agent stays "not a session file".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runCli } from "../helpers/run-cli.js";

const A = resolve("test/fixtures/agents");
const CASES: [agent: string, from: string, name: string][] = [
  ["claude", join(A, "claude/projects/-home-dev-demo/22222222-2222-4222-8222-222222222222.jsonl"), "claude.jsonl"],
  ["codex", join(A, "codex/sessions/2026/11/30/rollout-2026-11-30T09-15-02-0199a1b2-0000-7000-8000-000000000001.jsonl"), "codex.jsonl"],
  ["gemini", join(A, "gemini/tmp/tide/chats/session-2026-11-28T14-02-5f0c2a1e.jsonl"), "gemini.jsonl"],
];
let dir: string;

const run = (args: string[]) => runCli(args, { env: { ...process.env, NO_COLOR: "1", OMP_SESSIONS_CACHE_DIR: join(dir, ".cache") } });

/** The tree without what names the file's place. */
const shape = (json: string) => {
  const t = JSON.parse(json) as Record<string, unknown>;
  return { agent: t.agent, name: t.name, leafId: t.leafId, roots: t.roots, entries: t.entries, warnings: t.warnings };
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omp-elsewhere-"));
  for (const [, from, name] of CASES) copyFileSync(from, join(dir, name));
  const pi = readdirSync(resolve("test/fixtures/sessions")).find((f) => f.endsWith(".jsonl"))!;
  copyFileSync(join(resolve("test/fixtures/sessions"), pi), join(dir, "pi.jsonl"));
  writeFileSync(join(dir, "log.jsonl"), '{"level":"info","msg":"started","sessionId":"x"}\n{"level":"info","msg":"done"}\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("another agent's transcript outside its usual place", () => {
  for (const [agent, from, name] of CASES) {
    it(`${agent}: tree, context and show read it as the agent's own`, async () => {
      const here = await run(["tree", join(dir, name), "--json"]);
      expect(here.code, here.stderr).toBe(0);
      const home = await run(["tree", from, "--json"]);
      expect(shape(here.stdout)).toEqual(shape(home.stdout));
      expect(shape(here.stdout).agent).toBe(agent);
      const leaf = JSON.parse(here.stdout).leafId as string;
      expect((await run(["context", join(dir, name), "--json"])).code).toBe(0);
      expect((await run(["show", join(dir, name), leaf, "--json"])).code).toBe(0);
    });
  }

  it("search finds a Claude Code prompt in a copy outside ~/.claude", async () => {
    const r = await run(["search", "--json", "--path", dir, "desert"]);
    expect(r.code, r.stderr).toBe(0);
    const hits = JSON.parse(r.stdout) as { path?: string; file?: string }[];
    expect(hits.some((h) => (h.path ?? h.file) === join(dir, "claude.jsonl"))).toBe(true);
  });

  it("search of a word's start, which no entry has whole, finds it as a prefix and says so", async () => {
    const r = await run(["search", "--no-color", "--path", dir, "deser"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("No entry has deser as whole words; words starting with them:");
    expect(r.stdout).toContain("desert");
    const hits = JSON.parse((await run(["search", "--json", "--path", dir, "deser"])).stdout) as { widened?: boolean }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.widened === true)).toBe(true);
  });

  it("ls of the folder lists each with its agent; the pi file stays pi's, a log stays no session", async () => {
    const r = await run(["ls", "--all", "--json", dir]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { path: string; agent: string; valid: boolean }[];
    const by = new Map(rows.map((x) => [x.path.slice(dir.length + 1), x]));
    for (const [agent, , name] of CASES) expect([by.get(name)?.agent, by.get(name)?.valid]).toEqual([agent, true]);
    expect(["pi", "omp"]).toContain(by.get("pi.jsonl")?.agent);
    expect(by.get("log.jsonl")?.valid).toBe(false);
    const log = await run(["tree", join(dir, "log.jsonl")]);
    expect(log.code).toBe(3);
    expect(log.stderr).toContain("not a session file");
  });
});
