// A session with messages but no prompt to be called by: Claude Code 2.1.212's
// SDK runs write every prompt the program sends as `isMeta: true` (with
// `promptSource: "sdk"`), and Claude Code's own list skips isMeta prompts too,
// calling such a session `No prompt`. The one title rule (title.ts) says
// "(no prompt)" for it, in the list and in the tree alike, and keeps
// "(no messages)" for a session that has none. Made-up files of that shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../helpers/run-cli.js";
import { NO_PROMPT, NO_TITLE, sessionTitle } from "../../../src/core/session/title.js";

const SID = "0b5e7e40-0000-4000-8000-000000000212";
let root: string;
let file: string;

const env = (): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME: root, NO_COLOR: "1", COLUMNS: "200", OMP_SESSIONS_CACHE_DIR: join(root, "cache"), OMP_SESSIONS_CONFIG_DIR: join(root, "config") };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "GEMINI_CLI_HOME", "TZ"]) delete e[k];
  return e;
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "no-prompt-"));
  const project = join(root, ".claude", "projects", "-srv-observer");
  mkdirSync(project, { recursive: true });
  const b = { isSidechain: false, userType: "external", entrypoint: "sdk-cli", cwd: "/srv/observer", sessionId: SID, version: "2.1.212", gitBranch: "HEAD" };
  const lines = [
    { ...b, parentUuid: null, type: "user", uuid: "u1", isMeta: true, promptSource: "sdk", timestamp: "2026-11-02T09:00:00.000Z", message: { role: "user", content: "You are an observer. Record what was built." } },
    {
      ...b,
      parentUuid: "u1",
      type: "assistant",
      uuid: "a1",
      requestId: "req-1",
      timestamp: "2026-11-02T09:00:04.000Z",
      message: { id: "msg-1", role: "assistant", model: "claude-haiku-4-5", type: "message", content: [{ type: "text", text: "Observed." }], usage: { input_tokens: 10, output_tokens: 5 } },
    },
    { ...b, parentUuid: "a1", type: "user", uuid: "u2", isMeta: true, promptSource: "sdk", timestamp: "2026-11-02T09:01:00.000Z", message: { role: "user", content: "<observed>a tool ran</observed>" } },
    {
      ...b,
      parentUuid: "u2",
      type: "assistant",
      uuid: "a2",
      requestId: "req-2",
      timestamp: "2026-11-02T09:01:03.000Z",
      message: { id: "msg-2", role: "assistant", model: "claude-haiku-4-5", type: "message", content: [{ type: "text", text: "Noted." }], usage: { input_tokens: 12, output_tokens: 4 } },
    },
  ];
  file = join(project, `${SID}.jsonl`);
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a session whose prompts are all Claude Code's isMeta (2.1.212 SDK runs)", () => {
  it("is listed with its messages and called (no prompt), not (no messages)", async () => {
    const json = JSON.parse((await runCli(["ls", "--all", "--json"], { cwd: root, env: env() })).stdout) as { path: string; firstMessage: string; messageCount: number }[];
    const row = json.find((r) => r.path === file);
    expect(row?.firstMessage).toBe("");
    expect(row?.messageCount).toBeGreaterThan(0);
    const table = (await runCli(["ls", "--all"], { cwd: root, env: env() })).stdout;
    expect(table).toContain(NO_PROMPT);
    expect(table).not.toContain(NO_TITLE);
  });

  it("the tree's first line says the same", async () => {
    const out = await runCli(["tree", file], { cwd: root, env: env() });
    expect(out.stdout.split("\n")[0]).toMatch(/^\(no prompt\) · /);
  });

  it("a session with no message keeps (no messages); a name or a prompt comes first", () => {
    expect(sessionTitle({ name: null, firstMessage: "", messageCount: 0 })).toBe(NO_TITLE);
    expect(sessionTitle({ name: null, firstMessage: "", entries: [{ type: "model_change" }] })).toBe(NO_TITLE);
    expect(sessionTitle({ name: null, firstMessage: "", entries: [{ type: "message" }] })).toBe(NO_PROMPT);
    expect(sessionTitle({ name: null, firstMessage: "fix it", messageCount: 3 })).toBe("fix it");
    expect(sessionTitle({ name: "named", firstMessage: "", messageCount: 3 })).toBe("named");
  });
});
