// Claude Code's older sidechain layout (2.0.x–2.1.1): an agent's transcript
// `<project>/agent-<id>.jsonl` beside the sessions, its records marked
// `isSidechain: true` and carrying the parent's `sessionId`. Made-up files of
// that shape: it resumes its parent's session and folds into its parent's
// stats row, as a `<session id>/subagents/` transcript does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../helpers/run-cli.js";

const SID = "5c1de0a2-0000-4000-8000-00000000c0de";
let root: string;
let project: string;

const env = (): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME: root, NO_COLOR: "1", OMP_SESSIONS_CACHE_DIR: join(root, "cache"), OMP_SESSIONS_CONFIG_DIR: join(root, "config") };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "GEMINI_CLI_HOME", "TZ"]) delete e[k];
  return e;
};

const base = (sidechain: boolean, agentId?: string) => ({ isSidechain: sidechain, sessionId: SID, cwd: "/x", version: "2.1.1", ...(agentId ? { agentId } : {}) });

/** A user prompt and the assistant's reply (with usage), `n` apart in time. */
function exchange(sidechain: boolean, tag: string, prompt: string, reply: string, n: number, agentId?: string): object[] {
  const b = base(sidechain, agentId);
  return [
    { ...b, parentUuid: null, type: "user", uuid: `${tag}-u`, timestamp: `2026-01-07T10:0${n}:00.000Z`, message: { role: "user", content: prompt } },
    {
      ...b,
      parentUuid: `${tag}-u`,
      type: "assistant",
      uuid: `${tag}-a`,
      requestId: `req-${tag}`,
      timestamp: `2026-01-07T10:0${n}:05.000Z`,
      message: {
        id: `msg-${tag}`,
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [{ type: "text", text: reply }],
        stop_reason: "end_turn",
        usage: { input_tokens: 10, output_tokens: 100, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      },
    },
  ];
}

const write = (name: string, lines: object[]): string => {
  const file = join(project, name);
  writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return file;
};

let parent: string;
let agent: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "omps-claude-sidechain-"));
  project = join(root, ".claude", "projects", "-x");
  mkdirSync(project, { recursive: true });
  parent = write(`${SID}.jsonl`, exchange(false, "p", "Tidy the build script.", "Tidied.", 1));
  agent = write("agent-a0b1c2d.jsonl", exchange(true, "s", "Find where the build script reads its flags.", "In scripts/flags.mjs.", 2, "a0b1c2d"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("an old-style Claude Code sidechain (agent-<id>.jsonl beside the sessions)", () => {
  it("resumes its parent's session, not the agent id (claude --resume takes session ids)", async () => {
    const got = await runCli(["resume", agent, "--print"], { cwd: root, env: env() });
    expect(got.stdout).toBe(`cd /x && claude --resume ${SID}\n`);
    // from the list's row too
    const rows = JSON.parse((await runCli(["ls", "--all", "--json"], { cwd: root, env: env() })).stdout) as { path: string; id: string }[];
    expect(rows.find((r) => r.path === agent)?.id).toBe("a0b1c2d");
  });

  it("counts once, in its parent's stats row", async () => {
    const rows = JSON.parse((await runCli(["stats", "--all", "--json", "--by", "session"], { cwd: root, env: env() })).stdout) as { session: string; outputTokens: number }[];
    expect(rows.map((r) => r.session)).toEqual([parent]);
    expect(rows[0].outputTokens).toBe(200);
  });
});
