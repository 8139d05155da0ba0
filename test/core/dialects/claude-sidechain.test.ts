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

// Claude Code 2.0.x–2.1.x warms the prompt cache of its Explore and Plan agents by sending them the prompt
// `Warmup`; each makes a sidechain transcript. The warming agent's calls are not run: each is answered with
// `Warmup` as an error result.
describe("Claude Code's warm-up sidechains", () => {
  let home: string;
  let proj: string;
  const SESSION = "5c1de0a2-0000-4000-8000-00000000beef";
  const hEnv = (): NodeJS.ProcessEnv => ({ ...env(), HOME: home, OMP_SESSIONS_CACHE_DIR: join(home, "cache"), OMP_SESSIONS_CONFIG_DIR: join(home, "config") });
  const sb = (agentId: string) => ({ isSidechain: true, sessionId: SESSION, cwd: "/x", version: "2.1.1", agentId });
  const usage = { input_tokens: 10, output_tokens: 100, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
  const reply = (b: object, uuid: string, up: string, content: object[]) => ({
    ...b,
    parentUuid: up,
    type: "assistant",
    uuid,
    requestId: `req-${uuid}`,
    timestamp: "2026-01-07T11:00:01.000Z",
    message: { id: `msg-${uuid}`, role: "assistant", model: "claude-sonnet-4-5", content, stop_reason: "end_turn", usage },
  });
  const prompt = (b: object, uuid: string, up: string | null, content: unknown) => ({ ...b, parentUuid: up, type: "user", uuid, timestamp: "2026-01-07T11:00:00.000Z", message: { role: "user", content } });
  const refused = (b: object, uuid: string, up: string, call: string) => prompt(b, uuid, up, [{ type: "tool_result", content: "Warmup", is_error: true, tool_use_id: call }]);
  /** The warm-up exchange: the prompt, a reply that calls a tool, the call refused, a last reply. */
  const warmup = (id: string) => {
    const b = sb(id);
    return [
      prompt(b, `${id}-w`, null, "Warmup"),
      reply(b, `${id}-r1`, `${id}-w`, [
        { type: "text", text: "Ready to explore." },
        { type: "tool_use", id: `call-${id}`, name: "Glob", input: { pattern: "**/*" } },
      ]),
      refused(b, `${id}-t1`, `${id}-r1`, `call-${id}`),
      reply(b, `${id}-r2`, `${id}-t1`, [{ type: "text", text: "Standing by." }]),
    ];
  };
  const put = (rel: string, lines: object[]): string => {
    const file = join(proj, rel);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
    return file;
  };
  let main: string;
  let only: string;
  let nested: string;
  let goesOn: string;
  let ran: string;

  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "omps-claude-warmup-"));
    proj = join(home, ".claude", "projects", "-x");
    const m = { isSidechain: false, sessionId: SESSION, cwd: "/x", version: "2.1.1" };
    // A user typing "Warmup" in a session of their own: their prompt.
    main = put(`${SESSION}.jsonl`, [prompt(m, "m-u", null, "Warmup"), reply(m, "m-a", "m-u", [{ type: "text", text: "Warming up what?" }])]);
    only = put("agent-a0000a1.jsonl", warmup("a0000a1"));
    nested = put(`${SESSION}/subagents/agent-a0000a2.jsonl`, warmup("a0000a2"));
    const b3 = sb("a0000a3");
    goesOn = put("agent-a0000a3.jsonl", [...warmup("a0000a3"), prompt(b3, "a3-p", "a0000a3-r2", "List the test files."), reply(b3, "a3-a", "a3-p", [{ type: "text", text: "Three files." }])]);
    const b4 = sb("a0000a4");
    // A call that ran (its result is no refusal): real work, listed.
    ran = put("agent-a0000a4.jsonl", [...warmup("a0000a4"), prompt(b4, "a4-t", "a0000a4-r2", [{ type: "tool_result", content: "src/a.ts", tool_use_id: "call-a0000a4" }])]);
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  const ls = async (args: string[] = []) => JSON.parse((await runCli(["ls", "--all", "--json", ...args], { cwd: home, env: hEnv() })).stdout) as { path: string; firstMessage: string; name: string | null; warmupOnly?: boolean }[];

  it("a sidechain of nothing but the warm-up is left out of the list, named by doctor, listed when named", async () => {
    const rows = await ls();
    expect(rows.map((r) => r.path).sort()).toEqual([main, goesOn, ran].sort());
    const doctor = (await runCli(["doctor"], { cwd: home, env: hEnv() })).stdout;
    expect(doctor).toContain(only);
    expect(doctor).toContain(nested);
    const [named] = await ls([only]);
    expect(named.path).toBe(only);
    expect(named.warmupOnly).toBe(true);
  });

  it("the warm-up prompt is no title: the next prompt is; a user's own `Warmup` in a session is theirs", async () => {
    const rows = await ls();
    const by = (p: string) => rows.find((r) => r.path === p);
    expect(by(goesOn)?.firstMessage).toBe("List the test files.");
    expect(by(main)?.firstMessage).toBe("Warmup");
    // the tree shows it as the harness's text
    const tree = (await runCli(["tree", goesOn], { cwd: home, env: hEnv() })).stdout;
    expect(tree).toContain("[warmup] Warmup");
  });

  it("a listed sidechain with no prompt past the warm-up is called by the warm-up's row, not (no messages)", async () => {
    // 2.0.77 ran some warming agents' calls: real results, so the transcript is listed, with nothing typed in it.
    const rows = await ls();
    expect(rows.find((r) => r.path === ran)?.firstMessage).toBe("[warmup] Warmup");
    expect((await runCli(["tree", ran], { cwd: home, env: hEnv() })).stdout.split("\n")[0]).toMatch(/^\[warmup\] Warmup · /);
  });

  it("a warm-up's calls still count in stats, in the parent's row", async () => {
    const rows = JSON.parse((await runCli(["stats", "--all", "--json", "--by", "session"], { cwd: home, env: hEnv() })).stdout) as { session: string; outputTokens: number }[];
    expect(rows.map((r) => r.session)).toEqual([main]);
    // main 1 reply, the four sidechains 2 replies each, goesOn one more: 10 replies of 100
    expect(rows[0].outputTokens).toBe(1000);
  });
});
