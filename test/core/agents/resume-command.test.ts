// The command each agent is resumed with, and the shell line shown for it.
import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync, chmodSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commandLine, resumeCommand, resumeRefusal, shownCommand } from "../../../src/core/agents/resume-command.js";
import { shellWord } from "../../../src/core/agents/shell-word.js";
import { findBinary } from "../../../src/core/agents/find-binary.js";
import { resumeProblem } from "../../../src/core/agents/run-agent.js";
import type { AgentId } from "../../../src/core/session/agents.js";

const at = (file: string, agent: string | undefined, cwd = "/work/p") => ({ file, id: "0199-abc", cwd, agent: agent as AgentId | undefined });

describe("resume commands", () => {
  it("pi resumes a file with --session, omp with --resume (adding the profile a file lives in)", () => {
    expect(resumeCommand(at("/h/.pi/agent/sessions/--p--/a.jsonl", "pi"))).toEqual({ agent: "pi", bin: "pi", args: ["--session", "/h/.pi/agent/sessions/--p--/a.jsonl"], cwd: "/work/p" });
    expect(resumeCommand(at("/h/.omp/agent/sessions/x/a.jsonl", "omp"))?.args).toEqual(["--resume", "/h/.omp/agent/sessions/x/a.jsonl"]);
    expect(resumeCommand(at("/h/.omp/profiles/work/agent/sessions/x/a.jsonl", "omp"))?.args).toEqual(["--profile", "work", "--resume", "/h/.omp/profiles/work/agent/sessions/x/a.jsonl"]);
  });

  it("a file with no omp-only entry is omp's under a .omp dir, else pi's", () => {
    expect(resumeCommand(at("/h/.omp/agent/sessions/x/a.jsonl", undefined))?.agent).toBe("omp");
    expect(resumeCommand(at("/tmp/a.jsonl", undefined))?.agent).toBe("pi");
  });

  it("the id-keyed agents are ready for their readers", () => {
    expect(resumeCommand(at("x", "claude"))?.args).toEqual(["--resume", "0199-abc"]);
    expect(resumeCommand(at("x", "codex"))?.args).toEqual(["resume", "0199-abc"]);
    expect(resumeCommand(at("x", "gemini"))?.args).toEqual(["--resume", "0199-abc"]);
    expect(resumeCommand(at("x", "opencode"))?.args).toEqual(["--session", "0199-abc"]);
    expect(resumeCommand(at("x", "cursor"))).toBeNull();
  });

  it("a Claude Code subagent's transcript resumes the session it ran in (claude --resume takes session ids, not agent ids)", () => {
    const sid = "ad723d79-d1aa-4c89-9a82-926c1918e7ee";
    const sub = { file: `/h/.claude/projects/-p/${sid}/subagents/agent-a748a8288f97dda64.jsonl`, id: "a748a8288f97dda64", cwd: "/p", agent: "claude" as AgentId };
    expect(resumeCommand(sub)?.args).toEqual(["--resume", sid]);
    const nested = { ...sub, file: `/h/.claude/projects/-p/${sid}/subagents/workflows/wf_1/agent-b1.jsonl`, id: "b1" };
    expect(resumeCommand(nested)?.args).toEqual(["--resume", sid]);
    // The session itself, and a subagent dir that is no session id, keep the transcript's own id.
    expect(resumeCommand({ ...sub, file: `/h/.claude/projects/-p/${sid}.jsonl`, id: sid })?.args).toEqual(["--resume", sid]);
    expect(resumeCommand({ ...sub, file: "/h/.claude/projects/-p/odd/subagents/agent-a1.jsonl", id: "a1" })?.args).toEqual(["--resume", "a1"]);
    // An older sidechain beside the sessions resumes the parent its records name; with none named, its own id.
    const side = { file: "/h/.claude/projects/-p/agent-a0b1c2d.jsonl", id: "a0b1c2d", cwd: "/p", agent: "claude" as AgentId };
    expect(resumeCommand({ ...side, parentSession: `/h/.claude/projects/-p/${sid}.jsonl` })?.args).toEqual(["--resume", sid]);
    expect(resumeCommand({ ...side, parentSession: null })?.args).toEqual(["--resume", "a0b1c2d"]);
  });

  it("a Gemini CLI subagent's chat resumes the session it ran in; one in a folder naming no session is refused", () => {
    // Gemini CLI lists (and resumes) only the main chats in chats/; a subagent's is in chats/<parent session id>/.
    const sid = "b1f31681-4b57-4337-8bc5-ac73580f752a";
    const chats = "/h/.gemini/tmp/proj/chats";
    const sub = { file: `${chats}/${sid}/tl63m8.json`, id: "tl63m8", cwd: "/p", agent: "gemini" as AgentId };
    expect(resumeCommand(sub)?.args).toEqual(["--resume", sid]);
    expect(resumeCommand({ ...sub, file: `${chats}/${sid}/tl63m8.jsonl` })?.args).toEqual(["--resume", sid]);
    const main = { ...sub, file: `${chats}/session-2026-03-30T20-25-b1f31681.jsonl`, id: sid };
    expect(resumeCommand(main)?.args).toEqual(["--resume", sid]);
    const loose = { ...sub, file: `${chats}/skill-extraction-3c4008c8/iy6d1l.json`, id: "iy6d1l" };
    expect(resumeCommand(loose)).toBeNull();
    expect(resumeRefusal(loose)).toMatch(/Gemini CLI cannot resume this chat/);
  });

  it("the shell line quotes what a shell would split or expand, and the shown line is terminal-safe", () => {
    expect(shellWord("/a/b-c.jsonl")).toBe("/a/b-c.jsonl");
    expect(shellWord("it's here")).toBe(`'it'\\''s here'`);
    expect(shellWord("$HOME")).toBe("'$HOME'");
    const c = resumeCommand(at("/s/a b.jsonl", "pi", "/w/\u001b[31mred"))!;
    expect(commandLine(c)).toBe("cd '/w/\u001b[31mred' && pi --session '/s/a b.jsonl'");
    expect(shownCommand(c)).not.toContain("\u001b");
    expect(commandLine({ ...c, cwd: "" })).toBe("pi --session '/s/a b.jsonl'");
  });
});

describe("a session made on Windows", () => {
  it("read elsewhere: the agent's command alone (no shell here can enter its folder), with a comment saying where it was made", () => {
    const pi = resumeCommand(at("/h/.pi/agent/sessions/--E--work-app--/a.jsonl", "pi", "E:\\work\\app"), "linux")!;
    expect(pi).toEqual({ agent: "pi", bin: "pi", args: ["--session", "/h/.pi/agent/sessions/--E--work-app--/a.jsonl"], cwd: "", windowsCwd: "E:\\work\\app" });
    expect(commandLine(pi, "linux")).toBe("pi --session /h/.pi/agent/sessions/--E--work-app--/a.jsonl  # made on Windows in E:\\work\\app (no such folder here)");
    for (const agent of ["claude", "codex", "gemini"]) {
      const c = resumeCommand(at("x", agent, "c:/Users/dev/app"), "darwin")!;
      expect(commandLine(c, "darwin"), agent).toMatch(new RegExp(`^${agent} \\S+ 0199-abc  # made on Windows in c:/Users/dev/app \\(no such folder here\\)$`));
    }
    // the comment is the line's end: a newline in the recorded cwd cannot start a command of its own
    const hostile = resumeCommand(at("/s/a.jsonl", "pi", "C:\\x\nrm -rf ~"), "linux")!;
    expect(commandLine(hostile, "linux")).not.toContain("\n");
    // and `resume` refuses to start it, saying why, with the command to run by hand
    expect(resumeProblem(pi, { PATH: "" }, pi.args[1])).toBe(`the session was made on Windows, in E:\\work\\app: that folder is not on this machine; to resume by hand: ${commandLine(pi, "linux")}`);
    // a POSIX cwd is as before
    expect(resumeCommand(at("/s/a.jsonl", "pi"), "linux")?.windowsCwd).toBeUndefined();
  });

  it("on Windows: cmd's line, pushd (which enters a share too) and double quotes where cmd would split", () => {
    const c = resumeCommand(at("C:\\Users\\dev\\.pi\\agent\\sessions\\a b.jsonl", "pi", "E:\\work\\my app"), "win32")!;
    expect(c.cwd).toBe("E:\\work\\my app");
    expect(commandLine(c, "win32")).toBe('pushd "E:\\work\\my app" && pi --session "C:\\Users\\dev\\.pi\\agent\\sessions\\a b.jsonl"');
    expect(commandLine(resumeCommand(at("x", "claude", "\\\\server\\share\\app"), "win32")!, "win32")).toBe("pushd \\\\server\\share\\app && claude --resume 0199-abc");
    expect(commandLine({ ...c, cwd: "" }, "win32")).toBe('pi --session "C:\\Users\\dev\\.pi\\agent\\sessions\\a b.jsonl"');
  });
});

describe("can it start", () => {
  it("finds a program on PATH only when it is an executable file; says what is missing with the command to run by hand", () => {
    const dir = mkdtempSync(join(tmpdir(), "omp-resume-"));
    try {
      mkdirSync(join(dir, "bin"));
      mkdirSync(join(dir, "proj"));
      writeFileSync(join(dir, "bin", "pi"), "#!/bin/sh\n");
      const env = { PATH: join(dir, "bin") };
      expect(findBinary("pi", env)).toBeNull(); // not executable yet
      chmodSync(join(dir, "bin", "pi"), 0o755);
      expect(findBinary("pi", env)).toBe(join(dir, "bin", "pi"));
      expect(findBinary("omp", env)).toBeNull();
      const ok = resumeCommand(at("/s/a.jsonl", "pi", join(dir, "proj")))!;
      expect(resumeProblem(ok, env)).toBeNull();
      expect(resumeProblem({ ...ok, cwd: join(dir, "gone") }, env)).toBe(`the session's folder is missing: ${join(dir, "gone")}; to resume by hand: cd ${join(dir, "gone")} && pi --session /s/a.jsonl`);
      expect(resumeProblem(resumeCommand(at("/s/a.jsonl.gz", "pi", join(dir, "proj")))!, env)).toBe(
        "pi cannot open an archived session (.jsonl.gz): gunzip it first; to resume by hand: cd " + join(dir, "proj") + " && pi --session /s/a.jsonl.gz",
      );
      expect(resumeProblem(resumeCommand(at("/s/a.jsonl", "omp", join(dir, "proj")))!, env)).toMatch(/^omp is not on PATH \(is omp installed\?\); to resume by hand: cd .* && omp --resume \/s\/a.jsonl$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
