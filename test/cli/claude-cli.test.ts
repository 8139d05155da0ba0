// The built binary on the Claude Code fixtures: they list, open as a tree
// (the fork with two branches), show every entry, build the context the
// fixture expects, and are found by search; a damaged line is a warning.
import { describe, it, expect, beforeAll } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

const ROOT = join(FIXTURES, "agents", "claude", "projects");
const PROJECT = join(ROOT, "-home-dev-demo");
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  // A cache of its own, and no agent dirs of the machine's.
  const home = mkdtempSync(join(tmpdir(), "omps-claude-cli-"));
  env = { ...process.env, HOME: home, OMP_SESSIONS_CACHE_DIR: join(home, "cache"), PI_CODING_AGENT_DIR: join(home, "none"), CLAUDE_CONFIG_DIR: join(home, "none") };
});

const run = (args: string[]) => runCli(args, { env });

const expectations = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? expectations(p) : n.endsWith(".expect.json") ? [p] : [];
  });

describe("omp-sessions on Claude Code sessions", () => {
  for (const x of expectations(PROJECT)) {
    const file = x.replace(/\.expect\.json$/, ".jsonl");
    const want = JSON.parse(readFileSync(x, "utf8"));
    it(`${relative(PROJECT, file)}: tree --json, show of every entry, context --json`, async () => {
      const t = await run(["tree", file, "--json"]);
      expect(t.code).toBe(0);
      const tree = JSON.parse(t.stdout);
      expect(tree.header.agent).toBe("claude");
      expect(tree.entries.map((e: { id: string }) => e.id)).toEqual(want.entries.map((e: { id: string }) => e.id));
      expect(tree.roots).toEqual(want.roots);
      expect(tree.leafId).toBe(want.activeLeaf);
      expect(tree.entries.filter((e: { children: string[] }) => e.children.length === 0).map((e: { id: string }) => e.id)).toEqual(want.leaves);
      expect(tree.name).toBe(want.facts.name);
      if (want.facts.parentSession) expect(tree.header.parentSession).toBe(join(PROJECT, want.facts.parentSession));
      if (want.facts.parentEntryId) expect(tree.header.parentEntryId).toBe(want.facts.parentEntryId);
      for (const e of want.entries) {
        const s = await run(["show", file, e.id]);
        expect(s.code, e.id).toBe(0);
        expect(JSON.parse(s.stdout).id).toBe(e.id);
      }
      const c = await run(["context", file, "--json"]);
      expect(c.code).toBe(0);
      expect(JSON.parse(c.stdout).messages.map((m: { role: string }) => m.role)).toEqual(want.contextRoles);
      expect(tree.warnings.map((w: { line: number }) => w.line)).toEqual(want.warnings);
    });
  }

  it("show with a streamed copy's own uuid prints the one merged entry", async () => {
    const file = join(PROJECT, "44444444-4444-4444-8444-444444444444.jsonl");
    const want = JSON.parse(readFileSync(file.replace(/\.jsonl$/, ".expect.json"), "utf8")) as { merged: Record<string, string[]> };
    for (const [id, copies] of Object.entries(want.merged)) {
      const own = await run(["show", file, id, "--json"]);
      expect(own.code).toBe(0);
      for (const copy of copies) {
        const r = await run(["show", file, copy, "--json"]);
        expect(r.code, r.stderr).toBe(0);
        expect(JSON.parse(r.stdout)).toEqual(JSON.parse(own.stdout));
      }
    }
  });

  it("the fork fixture draws two branches under the reply both prompts answer", async () => {
    const r = await run(["tree", join(PROJECT, "22222222-2222-4222-8222-222222222222.jsonl")]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines.some((l) => l.includes("├─ user: Now one about the desert."))).toBe(true);
    expect(lines.some((l) => l.includes("└─ user: Now one about mountains."))).toBe(true);
  });

  it("ls lists every Claude Code session under a projects dir with its name or first prompt", async () => {
    const r = await run(["ls", "--all", "--json", ROOT]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { path: string; name: string | null; firstMessage: string; valid: boolean; branchCount: number }[];
    expect(rows).toHaveLength(11);
    expect(rows.every((s) => s.valid)).toBe(true);
    const byFile = new Map(rows.map((s) => [relative(PROJECT, s.path), s]));
    expect(byFile.get("22222222-2222-4222-8222-222222222222.jsonl")).toMatchObject({ name: "haiku practice", branchCount: 2 });
    expect(byFile.get("77777777-7777-4777-8777-777777777777/subagents/agent-a1b2c3d4e5f6a7b8c.jsonl")?.name).toBe("Explore: Find cache invalidation");
  });

  it("search finds a Claude Code prompt, a subagent's prompt and a reply", async () => {
    const r = await run(["search", "invalidated", "--path", ROOT, "--json"]);
    expect(r.code).toBe(0);
    const hits = (JSON.parse(r.stdout) as { path: string; entryId: string }[]).map((h) => `${relative(PROJECT, h.path)} ${h.entryId}`).sort();
    expect(hits).toEqual([
      "77777777-7777-4777-8777-777777777777.jsonl 77777777-0000-4000-8000-000000000001",
      "77777777-7777-4777-8777-777777777777.jsonl 77777777-0000-4000-8000-000000000002",
      "77777777-7777-4777-8777-777777777777.jsonl 77777777-0000-4000-8000-000000000005",
      "77777777-7777-4777-8777-777777777777/subagents/agent-a1b2c3d4e5f6a7b8c.jsonl 77777777-0000-4000-8000-000000000101",
    ]);
  });
});
