// Which agent a session or row is, whether we write it, and `--agent` lists.
import { describe, expect, it } from "vitest";
import { AGENTS, agentInfo, agentOf, isWritable, parseAgentList, printedDialect, readOnlyReason } from "../../../src/core/session/agents.js";
import { registeredDialects } from "../../../src/core/session/read/dialect-of.js";

describe("the agent of a session", () => {
  it("is the reader's agent when it names one, else decided by the place (.omp → omp)", () => {
    expect(agentOf({ agent: "claude", path: "/h/.claude/projects/-w/a.jsonl" })).toBe("claude");
    expect(agentOf({ agent: "omp", path: "/x/a.jsonl" })).toBe("omp");
    expect(agentOf({ agent: "pi", file: "/h/.omp/agent/sessions/a.jsonl" })).toBe("pi");
    expect(agentOf({ agent: null, file: "/h/.omp/agent/sessions/a.jsonl" })).toBe("omp");
    expect(agentOf({ path: "/tmp/a.jsonl" })).toBe("pi");
  });

  it("the dialect key tree --json and ls --json print is made from the agent: pi, omp, else unknown (and unknown for a file that is not a session)", () => {
    expect(AGENTS.map((a) => printedDialect({ agent: a.id }))).toEqual(["pi", "omp", "unknown", "unknown", "unknown", "unknown"]);
    expect(printedDialect({ agent: "omp", valid: true })).toBe("omp");
    expect(printedDialect({ agent: "pi", valid: false })).toBe("unknown");
  });

  it("pi and omp are written; every other agent is read-only, said in one line naming it", () => {
    expect(isWritable({ agent: "pi" })).toBe(true);
    expect(isWritable({ agent: "omp" })).toBe(true);
    expect(readOnlyReason({ agent: "omp" })).toBeNull();
    for (const [agent, label] of [
      ["claude", "Claude Code"],
      ["codex", "Codex"],
      ["gemini", "Gemini CLI"],
      ["opencode", "OpenCode"],
    ] as const) {
      expect(isWritable({ agent })).toBe(false);
      const why = readOnlyReason({ agent })!;
      expect(why).toBe(`read-only: ${label} sessions are not written by omp-sessions (export and resume still work)`);
      expect(why).not.toContain("\n");
    }
  });
});

describe("--agent values", () => {
  it("take repeats and comma lists, any case, without duplicates; the first unknown name is reported", () => {
    expect(parseAgentList(["pi", "claude,codex", " Gemini ", "pi"])).toEqual({ agents: ["pi", "claude", "codex", "gemini"] });
    expect(parseAgentList(["opencode,,omp"])).toEqual({ agents: ["opencode", "omp"] });
    expect(parseAgentList(["pi,cursor", "aider"])).toEqual({ bad: "cursor" });
  });
});

describe("the agent registry", () => {
  it("holds all six agents once, each with a label, write rule, places, resume command and exports", () => {
    expect(AGENTS.map((a) => a.id)).toEqual(["pi", "omp", "claude", "codex", "gemini", "opencode"]);
    expect(AGENTS.filter((a) => a.writable).map((a) => a.id)).toEqual(["pi", "omp"]);
    const t = { file: "/h/.omp/profiles/work/agent/sessions/--p--/a.jsonl", id: "abc", cwd: "/p" };
    expect(Object.fromEntries(AGENTS.map((a) => [a.id, [a.id, ...a.resumeArgs(t)].join(" ")]))).toEqual({
      pi: `pi --session ${t.file}`,
      omp: `omp --profile work --resume ${t.file}`,
      claude: "claude --resume abc",
      codex: "codex resume abc",
      gemini: "gemini --resume abc",
      opencode: "opencode --session abc",
    });
    for (const a of AGENTS) {
      expect(a.exports).toEqual(["md", "html", "jsonl"]);
      expect(Array.isArray(a.places({}, "/nonexistent-home"))).toBe(true);
    }
  });

  it("the dialects read, the registry names: no dialect of the product carries a label or a write rule of its own", () => {
    for (const d of registeredDialects()) {
      expect(agentInfo(d.agent), d.agent).toBeDefined();
      expect("label" in d || "writable" in d, d.agent).toBe(false);
    }
  });
});
