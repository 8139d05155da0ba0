// Issue 27: a session file's id or cwd shaped like an option never reaches the
// agent's command line as one.
import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { fixtureNames, tempDir } from "../core/write/helpers.js";
import { sessionIn } from "../helpers/agent-stub.js";
import { commandLine, resumeCommand, resumeRefusal, type ResumeTarget } from "../../src/core/agents/resume-command.js";
import { agentOf } from "../../src/core/session/agents.js";
import { loadSession } from "../../src/core/session/tree/load.js";

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

function setup() {
  const t = tempDir();
  cleanups.push(t.done);
  return realpathSync(t.dir);
}

/** The resume target as the browser builds it from a loaded session. */
async function targetOfFile(file: string): Promise<ResumeTarget> {
  const s = await loadSession(file);
  return { file: s.file, id: typeof s.header.id === "string" ? s.header.id : "", cwd: typeof s.header.cwd === "string" ? s.header.cwd : "", agent: agentOf(s) };
}

const run = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(["resume", ...args], { env: { ...process.env, ...env } });

/** A copy of an agent fixture with every occurrence of its id replaced and its cwd pointed at `cwd`. */
function hostile(src: string, dest: string, id: string, newId: string, oldCwd: string, cwd: string): string {
  mkdirSync(join(dest, ".."), { recursive: true });
  writeFileSync(dest, readFileSync(src, "utf8").split(id).join(newId).split(JSON.stringify(oldCwd)).join(JSON.stringify(cwd)));
  return dest;
}

describe("flag-shaped ids and cwds (issue 27)", () => {
  it("a Claude Code sessionId of --dangerously-skip-permissions: refused with the reason, as the browser's r asks", async () => {
    const dir = setup();
    const id = "44444444-4444-4444-8444-444444444444";
    const src = join(FIXTURES, "agents/claude/projects/-home-dev-demo", `${id}.jsonl`);
    // A transcript named by a session id is resumed by that name: the lines' id never reaches the command.
    const named = await targetOfFile(hostile(src, join(dir, ".claude/projects/-x", `${id}.jsonl`), id, "--dangerously-skip-permissions", "/home/dev/demo", dir));
    expect(named.id).toBe(id);
    expect(resumeCommand(named)?.args).toEqual(["--resume", id]);
    // A file named otherwise (opened by its path, read as Claude Code's by its lines) has the lines' id: refused.
    const t = await targetOfFile(hostile(src, join(dir, "copied-transcript.jsonl"), id, "--dangerously-skip-permissions", "/home/dev/demo", dir));
    expect(t.agent).toBe("claude");
    expect(t.id).toBe("--dangerously-skip-permissions");
    expect(resumeCommand(t)).toBeNull();
    expect(resumeRefusal(t)).toMatch(/^the session id "--dangerously-skip-permissions" is not a claude session id/);
  });

  it("a Codex rollout id of --dangerously-bypass-approvals-and-sandbox: refused the same way", async () => {
    const dir = setup();
    const id = "0199a1b2-0000-7000-8000-000000000003";
    const name = `rollout-2026-10-02T08-00-00-${id}.jsonl`;
    const file = hostile(join(FIXTURES, "agents/codex/archived_sessions", name), join(dir, ".codex/sessions/2026/10/02", name), id, "--dangerously-bypass-approvals-and-sandbox", "/home/dev/projects/tide", dir);
    const t = await targetOfFile(file);
    expect(t.agent).toBe("codex");
    expect(resumeCommand(t)).toBeNull();
    expect(resumeRefusal(t)).toMatch(/^the session id "--dangerously-bypass-approvals-and-sandbox" is not a codex session id/);
  });

  it("each id-keyed agent refuses ids with a leading dash, spaces or shell words, and keeps its own ids", () => {
    for (const agent of ["claude", "codex", "gemini", "opencode"] as const) {
      for (const bad of ["-r", "--yolo", "a b", "$(id)", "", "x;rm"]) {
        expect(resumeRefusal({ file: "x", id: bad, cwd: "", agent }), `${agent} ${bad}`).not.toBeNull();
        expect(resumeCommand({ file: "x", id: bad, cwd: "", agent })).toBeNull();
      }
      for (const good of ["44444444-4444-4444-8444-444444444444", "ses_3f1a2b", "0199a1b2-0000-7000-8000-000000000003"]) expect(resumeRefusal({ file: "x", id: good, cwd: "", agent })).toBeNull();
      // no id at all is said as such, not as an id of the wrong shape
      expect(resumeRefusal({ file: "x", id: "", cwd: "", agent })).toBe(`the session has no ${agent} session id (its file names none): nothing to pass to ${agent}`);
    }
  });

  it("resume --print for a cwd starting with - prints cd -- DIR", async () => {
    const dir = setup();
    const file = sessionIn(fixtureNames("pi-2026")[0], join(dir, "pi.jsonl"), "-P");
    expect((await run([file, "--print"])).stdout).toBe(`cd -- -P && pi --session ${file}\n`);
    expect(commandLine({ agent: "claude", bin: "claude", args: ["--resume", "x"], cwd: "--help" })).toBe("cd -- --help && claude --resume x");
  });
});
