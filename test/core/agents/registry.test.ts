// Which agent a session or row is, whether we write it, and `--agent` lists.
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve, sep } from "node:path";
import { AGENT_IDS, AGENTS, agentInfo, agentOf, isWritable, parseAgentList, printedDialect, readOnlyReason } from "../../../src/core/session/agents.js";
import { registeredDialects } from "../../../src/core/session/read/dialect-of.js";
import { listedRoots, otherAgentPlaces } from "../../../src/core/session/list/dialect-sources.js";
import { HOOK_HARNESSES } from "../../../src/core/capture/harness.js";
import { EXTENSION_FILE, HARNESSES, PLUGIN_FILE, targetOf } from "../../../src/core/hooks-install/targets.js";
import { labelCommand } from "../../../src/hooks-cli/session/label.js";
import { renameCommand } from "../../../src/hooks-cli/session/rename.js";
import { forkCommand } from "../../../src/hooks-cli/session/fork.js";
import { continueCommand } from "../../../src/hooks-cli/session/continue.js";
import { resumeCommandCli } from "../../../src/hooks-cli/session/resume.js";
import { importSessionCommand } from "../../../src/hooks-cli/capture/import-session.js";

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

// Every table of the agents is the registry or is held to it here: a new agent is added in agent-ids.ts and
// session/agents.ts (its dialect names its places and finds a session by id), and these say what else to touch.
describe("the registry is the one table of agents", () => {
  it("its entries are the one list of ids, in its order", () => {
    expect(AGENTS.map((a) => a.id)).toEqual([...AGENT_IDS]);
  });

  it("every capture harness (the hook's --harness names, install-hooks' targets) is an agent of the registry, and every agent is one", () => {
    expect([...HOOK_HARNESSES].sort()).toEqual([...AGENT_IDS].sort());
    expect([...HARNESSES].sort()).toEqual([...AGENT_IDS].sort());
  });

  it("install-hooks wires each agent the way the registry's capture kind says", () => {
    for (const h of HARNESSES) {
      const t = targetOf(h, "user", "/p", {}, "/home/someone");
      const kind = agentInfo(h)!.capture;
      expect(t.kind === "settings" ? "hooks" : basename(t.file) === PLUGIN_FILE ? "plugin" : basename(t.file) === EXTENSION_FILE ? "extension" : "?", h).toBe(kind);
    }
  });

  it("ls names every other agent's places as the registry has them, missing ones too", () => {
    const home = mkdtempSync(join(tmpdir(), "omp-reg-"));
    try {
      mkdirSync(join(home, ".claude", "projects"), { recursive: true });
      const env = { XDG_CONFIG_HOME: join(home, "cfg"), XDG_DATA_HOME: join(home, "data") };
      const listed = otherAgentPlaces(env, home);
      const expected = registeredDialects().flatMap((d) =>
        agentInfo(d.agent)!
          .places(env, home)
          .map((dir) => ({ label: agentInfo(d.agent)!.label, dir: resolve(dir), exists: existsSync(dir) })),
      );
      expect(listed).toEqual(expected);
      // Claude Code's two places (one missing) and OpenCode's data dir (missing) are named by the registry itself.
      expect(agentInfo("claude")!.places(env, home)).toEqual([join(home, "cfg", "claude", "projects"), join(home, ".claude", "projects")]);
      expect(agentInfo("opencode")!.places(env, home)).toEqual([join(home, "data", "opencode")]);
      expect(listed.filter((p) => p.exists).map((p) => p.dir)).toEqual([join(home, ".claude", "projects")]);
      // Discovery watches the places that exist, the same ones.
      expect(listedRoots({}, env, home)).toContain(join(home, ".claude", "projects"));
      expect(listedRoots({}, env, home)).not.toContain(join(home, "data", "opencode"));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("each agent finds a session by its id through its registry entry (every product dialect has its lookup)", () => {
    for (const d of registeredDialects()) expect(typeof d.findById, d.agent).toBe("function");
    for (const a of AGENTS) expect(typeof a.findById, a.id).toBe("function");
  });

  it("no code outside the dialects, the registry and the capture wiring names another agent by its id", () => {
    const allowed = (f: string) =>
      f.startsWith("src/core/session/read/dialects/") || /^src\/core\/session\/(agents|agent-ids)\.ts$/.test(f) || f.startsWith("src/core/capture/") || f.startsWith("src/core/hooks-install/") || f.startsWith("src/hooks-cli/capture/");
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
    const bad = files("src")
      .map((f) => relative(".", f).split(sep).join("/"))
      .filter((f) => !allowed(f))
      .filter((f) => /["'`](claude|codex|gemini|opencode)["'`]/.test(readFileSync(f, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "")));
    expect(bad).toEqual([]);
  });
});

describe("the commands' help names the agents as the registry does", () => {
  const flat = (s: string) => s.replace(/\s+/g, " ");
  const readOnly = AGENTS.filter((a) => !a.writable)
    .map((a) => a.label)
    .join(", ");

  it.each([labelCommand, renameCommand, forkCommand, continueCommand])("$name: the read-only formats it refuses are the registry's read-only agents", (c) => {
    expect(flat(c.usage)).toContain(`(a read-only format: ${readOnly}`);
  });

  it("import-session: the other agents whose sessions it records under their own name", () => {
    expect(flat(importSessionCommand.usage)).toContain(`A session of another agent (${readOnly})`);
  });

  it("resume: each agent's command, as the registry makes it", () => {
    for (const a of AGENTS) {
      const args = a.resumeArgs({ file: "FILE", id: "ID", cwd: "", agent: a.id });
      expect(flat(resumeCommandCli.usage), a.id).toContain(`${a.label} as \`${[a.id, ...args].join(" ")}\``);
    }
  });
});
