// The built binary over Codex and Gemini CLI fixtures placed where those
// agents keep them (a temp HOME with .codex and .gemini): found with no path
// given, opened as trees, shown, their context built, found by search; a
// damaged line or file is a warning, never a crash.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBin } from "../helpers/run-bin.js";

const FIX = join(import.meta.dirname, "../fixtures/agents");
let home: string;

const env = (): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: "1", COLUMNS: "120", XDG_CACHE_HOME: join(home, ".cache") };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "OMP_PROFILE", "PI_PROFILE", "CODEX_HOME", "GEMINI_CLI_HOME", "OMP_SESSIONS_CACHE_DIR"]) delete e[k];
  return e;
};

const run = (args: string[]) => runBin(args, { cwd: home, env: env() });

const codex = (rel: string) => join(home, ".codex", rel);
const gemini = (rel: string) => join(home, ".gemini/tmp", rel);
const NORMAL = () => codex("sessions/2026/11/30/rollout-2026-11-30T09-15-02-0199a1b2-0000-7000-8000-000000000001.jsonl");
const ARCHIVED = () => codex("archived_sessions/rollout-2026-10-02T08-00-00-0199a1b2-0000-7000-8000-000000000003.jsonl");
const JSONL = () => gemini("tide/chats/session-2026-11-28T14-02-5f0c2a1e.jsonl");
const DAMAGED = () => gemini("59c0704cae1a598f2252472e0603debba6c5db922a006fe521e3aa440cde5d20/chats/session-2025-06-01T10-00-deadbeef.json");

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "agents-e2e-"));
  cpSync(join(FIX, "codex"), join(home, ".codex"), { recursive: true });
  cpSync(join(FIX, "gemini"), join(home, ".gemini"), { recursive: true });
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe("Codex and Gemini CLI through the binary", () => {
  it("ls --all finds every fixture where the agents keep them, with its agent, cwd and parent", async () => {
    const r = await run(["ls", "--all", "--json"]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { path: string; agent?: string; cwd: string; valid: boolean; parentSession: string | null }[];
    const byName = Object.fromEntries(rows.map((x) => [x.path.split("/").pop()!, x]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        "codebase-investigator-7f3e.jsonl",
        "rollout-2026-10-02T08-00-00-0199a1b2-0000-7000-8000-000000000003.jsonl",
        "rollout-2026-11-30T09-15-02-0199a1b2-0000-7000-8000-000000000001.jsonl",
        "rollout-2026-12-01T10-00-00-0199a1b2-0000-7000-8000-000000000002.jsonl",
        "session-2025-06-01T10-00-deadbeef.json",
        "session-2025-09-14T09-30-a1b2c3d4.json",
        "session-2026-11-28T14-02-5f0c2a1e.jsonl",
      ].sort(),
    );
    expect(rows.every((x) => x.valid)).toBe(true);
    expect(byName["rollout-2026-12-01T10-00-00-0199a1b2-0000-7000-8000-000000000002.jsonl"].parentSession).toBe(NORMAL());
    expect(byName["session-2025-06-01T10-00-deadbeef.json"].cwd).toBe("/home/dev/projects/old-site");
    expect(byName["codebase-investigator-7f3e.jsonl"].parentSession).toBe(JSONL());
  });

  it("tree --json, show and context --json read a Codex rollout", async () => {
    const t = await run(["tree", "--json", NORMAL()]);
    expect(t.code).toBe(0);
    const tree = JSON.parse(t.stdout) as { leafId: string; entries: { id: string }[] };
    expect(tree.leafId).toBe("c33");
    expect(tree.entries).toHaveLength(18);
    const s = await run(["show", NORMAL(), "c12"]);
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout).message.usage).toEqual({ input: 680, output: 240, cacheRead: 5120, cacheWrite: 0, totalTokens: 6040 });
    const c = await run(["context", "--json", NORMAL()]);
    expect(c.code).toBe(0);
    expect((JSON.parse(c.stdout).messages as { role: string }[]).map((m) => m.role)).toEqual(["user", "user", "user", "user", "assistant"]);
  });

  it("a Gemini rewind shows as a branch in the tree", async () => {
    const t = await run(["tree", "--json", JSONL()]);
    expect(t.code).toBe(0);
    const tree = JSON.parse(t.stdout) as { entries: { id: string; children: string[] }[] };
    const g2 = tree.entries.find((e) => e.id.endsWith("g2"))!;
    expect(g2.children.map((id) => id.slice(-2)).sort()).toEqual(["u2", "u3"]);
  });

  it("damaged lines and a cut-off document are warnings, and what was whole is shown", async () => {
    const a = await run(["tree", "--json", ARCHIVED()]);
    expect(a.code).toBe(0);
    expect((JSON.parse(a.stdout).warnings as { line: number }[]).map((w) => w.line)).toEqual([4, 11]);
    const d = await run(["tree", DAMAGED()]);
    expect(d.code).toBe(0);
    expect(d.stdout).toContain("Rebuild the site.");
    expect(d.stderr).toMatch(/cut short/);
  });

  it("search finds their text where the agents keep them, with no path given", async () => {
    const r = await run(["search", "--json", "ShortRowError"]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { entryId: string }[]).map((h) => h.entryId)).toEqual(["c13"]);
  });

  it("search finds their text under the paths given", async () => {
    const r = await run(["search", "--json", "ShortRowError", "--path", join(home, ".codex"), "--path", join(home, ".gemini/tmp")]);
    expect(r.code).toBe(0);
    const hits = JSON.parse(r.stdout) as { path: string; entryId: string }[];
    expect(hits.map((h) => h.entryId)).toEqual(["c13"]);
    const g = await run(["search", "--json", "caller parseTable", "--path", join(home, ".gemini/tmp")]);
    expect((JSON.parse(g.stdout) as { entryId: string }[]).map((h) => h.entryId)).toEqual(["d00d0001-0000-4000-8000-000000000001"]);
  });
});
