// Claude Code parallel tool calls are one turn, not branches: on a session with
// three parallel TaskCreate calls (each result hanging from its own call's line,
// hook attachments and a progress line beside them) and one edited prompt,
// `tree --json` has exactly one branch point, the edit's, and the context at
// each leaf holds every call and every result in order.
import { describe, it, expect, beforeAll } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";

const FILE = join(FIXTURES, "agents", "claude-parallel", "projects", "-home-dev-tasks", "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa.jsonl");
const u = (n: number): string => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, "0")}`;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  const home = mkdtempSync(join(tmpdir(), "omps-claude-parallel-"));
  env = { ...process.env, HOME: home, OMP_SESSIONS_CACHE_DIR: join(home, "cache"), CLAUDE_CONFIG_DIR: join(home, "none") };
});

type Obj = Record<string, any>;

describe("Claude Code parallel tool calls", () => {
  it("tree --json: one branch point (the edited prompt), none from the parallel calls, one root", async () => {
    const r = await runBin(["tree", FILE, "--json"], { env });
    expect(r.code, r.stderr).toBe(0);
    const t = JSON.parse(r.stdout) as Obj;
    const forks = (t.entries as Obj[]).filter((e) => e.children.length > 1);
    expect(forks.map((e) => e.id)).toEqual([u(14)]);
    expect(forks[0].children).toEqual([u(15), u(19)]);
    expect(t.roots).toEqual([u(1)]);
    expect(t.leafId).toBe(u(20));
    // Nothing left out: every line with a uuid is an entry (the merged copies are one).
    expect((t.entries as Obj[]).length).toBe(17);
  });

  it("the context at either leaf holds the three calls and their three results, in order", async () => {
    for (const [leaf, tail] of [
      [u(20), ["user", "assistant"]],
      [u(18), ["user", "assistant", "toolResult", "assistant"]],
    ] as const) {
      const r = await runBin(["context", FILE, "--json", "--leaf", leaf], { env });
      expect(r.code, r.stderr).toBe(0);
      const msgs = (JSON.parse(r.stdout) as Obj).messages as Obj[];
      expect(msgs.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "toolResult", "toolResult", "assistant", ...tail]);
      const calls = (msgs[1].content as Obj[]).filter((b) => b.type === "toolCall").map((b) => b.id);
      expect(calls).toEqual(["toolu_T1", "toolu_T2", "toolu_T3"]);
      expect(msgs.slice(2, 5).map((m) => m.toolCallId)).toEqual(["toolu_T1", "toolu_T2", "toolu_T3"]);
    }
  });
});
