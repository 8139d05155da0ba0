// Sessions in a session's artifacts dir (`<session>.jsonl` beside `<session>/`):
// omp's task subagents (`<session>/<agent id>.jsonl`, their own subagents a dir
// further down), its advisor (`__advisor.jsonl`), and the pi-subagents
// extension's runs (`<session>/<run id>/run-N/session.jsonl`). omp's own stats
// count every one of them; they are listed, and their calls go to the
// parent's row, once. So does a Claude Code subagent that no Agent call names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { artifactsOwner, findSessionFiles } from "../../src/core/session/index.js";
import { runCli } from "../helpers/run-cli.js";

let agentDir: string;
let project: string;
let parent: string;
const BASE = "2026-11-01T10-00-00-000Z_11111111-1111-4111-8111-111111111111";

function session(path: string, id: string, prompt: string, output: number, parentSession?: string): string {
  mkdirSync(dirname(path), { recursive: true });
  const usage = { input: 10, output, cacheRead: 0, cacheWrite: 0, totalTokens: 10 + output, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: output / 1000 } };
  const lines = [
    { type: "session", version: 3, id, timestamp: "2026-11-01T10:00:00.000Z", cwd: "/proj", ...(parentSession ? { parentSession } : {}) },
    { type: "message", id: "u1", parentId: null, timestamp: "2026-11-01T10:00:01.000Z", message: { role: "user", content: [{ type: "text", text: prompt }], timestamp: 1793527201000 } },
    {
      type: "message",
      id: "a1",
      parentId: "u1",
      timestamp: "2026-11-01T10:00:02.000Z",
      message: { role: "assistant", content: [{ type: "text", text: "done" }], provider: "anthropic", model: "claude-sonnet-4-5", usage, stopReason: "stop", timestamp: 1793527202000 },
    },
  ];
  writeFileSync(path, lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return path;
}

beforeAll(() => {
  agentDir = join(mkdtempSync(join(tmpdir(), "omp-artifacts-")), "agent");
  project = join(agentDir, "sessions", "--proj--");
  parent = session(join(project, BASE + ".jsonl"), "11111111-1111-4111-8111-111111111111", "main task", 100);
  // omp's task subagent: the header names the parent file.
  session(join(project, BASE, "agent-1.jsonl"), "22222222-2222-4222-8222-222222222222", "subtask one", 200, parent);
  // its own subagent, one dir further down
  session(join(project, BASE, "agent-1", "agent-2.jsonl"), "44444444-4444-4444-8444-444444444444", "sub-subtask", 800, join(project, BASE, "agent-1.jsonl"));
  // a pi-subagents run: the header names no parent, the place does.
  session(join(project, BASE, "r1", "run-0", "session.jsonl"), "33333333-3333-4333-8333-333333333333", "subagent run", 400);
  // a folder beside no session is no artifacts dir: not walked
  session(join(project, "notes", "deep", "x.jsonl"), "55555555-5555-4555-8555-555555555555", "stray", 1);
});
afterAll(() => rmSync(dirname(agentDir), { recursive: true, force: true }));

describe("a session's artifacts dir", () => {
  it("is walked for session files; a folder that belongs to no session is not", async () => {
    const files = (await findSessionFiles([agentDir])).map((f) => f.slice(project.length + 1));
    expect(files.sort()).toEqual([BASE + ".jsonl", `${BASE}/agent-1.jsonl`, `${BASE}/agent-1/agent-2.jsonl`, `${BASE}/r1/run-0/session.jsonl`].sort());
  });

  it("names the session it belongs to: the nearest dir with a .jsonl beside it", () => {
    expect(artifactsOwner(parent)).toBeNull();
    expect(artifactsOwner(join(project, BASE, "agent-1.jsonl"))).toBe(parent);
    expect(artifactsOwner(join(project, BASE, "agent-1", "agent-2.jsonl"))).toBe(join(project, BASE, "agent-1.jsonl"));
    expect(artifactsOwner(join(project, BASE, "r1", "run-0", "session.jsonl"))).toBe(parent);
  });

  it("its sessions are listed, and their calls are counted once, in the parent's row", async () => {
    const ls = await runCli(["ls", "--all", "--json", "--agent-dir", agentDir]);
    expect(ls.code).toBe(0);
    const rows = JSON.parse(ls.stdout) as { name?: string; firstMessage?: string }[];
    expect(rows).toHaveLength(4);
    const stats = await runCli(["stats", "--all", "--json", "--agent-dir", agentDir]);
    expect(stats.code).toBe(0);
    const rows2 = JSON.parse(stats.stdout) as { session: string; outputTokens: number; messages: number }[];
    expect(rows2).toEqual([expect.objectContaining({ session: parent, outputTokens: 100 + 200 + 800 + 400, messages: 4 })]);
  });
});

describe("a Claude Code transcript under <session id>/subagents/ that no Agent call names", () => {
  const SID = "66666666-6666-4666-8666-666666666666";
  let config: string;
  const line = (o: Record<string, unknown>): string => JSON.stringify({ sessionId: SID, cwd: "/proj", version: "2.1.88", userType: "external", ...o }) + "\n";
  const user = (uuid: string, parentUuid: string | null, timestamp: string, extra: Record<string, unknown> = {}) => line({ type: "user", uuid, parentUuid, timestamp, message: { role: "user", content: "go on" }, ...extra });
  const reply = (uuid: string, parentUuid: string, timestamp: string, id: string, output: number, extra: Record<string, unknown> = {}) =>
    line({
      type: "assistant",
      uuid,
      parentUuid,
      timestamp,
      requestId: "req_" + id,
      message: { id: "msg_" + id, role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: "ok" }], usage: { input_tokens: 10, output_tokens: output, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } },
      ...extra,
    });

  beforeAll(() => {
    config = mkdtempSync(join(tmpdir(), "omp-claude-acompact-"));
    const project = join(config, "projects", "-proj");
    mkdirSync(join(project, SID, "subagents"), { recursive: true });
    const t = (s: number) => `2026-11-02T10:00:${String(s).padStart(2, "0")}.000Z`;
    writeFileSync(join(project, SID + ".jsonl"), user("u1", null, t(1)) + reply("a1", "u1", t(2), "one", 100) + user("u2", "a1", t(3)) + reply("a2", "u2", t(4), "two", 200));
    // A compaction agent: a copy of the conversation (same lines), then its own summary call.
    const side = { isSidechain: true, agentId: "acompact-1" };
    writeFileSync(
      join(project, SID, "subagents", "agent-acompact-1.jsonl"),
      user("u1", null, t(1), side) + reply("a1", "u1", t(2), "one", 100, side) + user("u2", "a1", t(3), side) + reply("a2", "u2", t(4), "two", 200, side) + user("c1", "a2", t(5), side) + reply("c2", "c1", t(6), "summary", 400, side),
    );
  });
  afterAll(() => rmSync(config, { recursive: true, force: true }));

  it("counts its own calls once, in the session's row; the copied ones stay the session's", async () => {
    const env = { ...process.env, CLAUDE_CONFIG_DIR: config };
    const stats = await runCli(["stats", "--all", "--agent", "claude", "--json"], { env });
    expect(stats.code).toBe(0);
    const rows = JSON.parse(stats.stdout) as { id: string; outputTokens: number; messages: number }[];
    expect(rows).toEqual([expect.objectContaining({ id: SID, outputTokens: 100 + 200 + 400, messages: 3 })]);
  });
});
