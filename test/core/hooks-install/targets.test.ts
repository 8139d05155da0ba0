// Where each harness's hooks go: the env overrides, with a `~` in them read
// as the home given (not the process's), and the project scope under cwd.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { HARNESSES, targetOf } from "../../../src/core/hooks-install/targets.js";

const HOME = "/home/someone";

describe("hook targets", () => {
  it("read a ~ in an env override as the home given", () => {
    const env = { CLAUDE_CONFIG_DIR: "~/cc", CODEX_HOME: "~/cx", XDG_CONFIG_HOME: "~/cfg", PI_CODING_AGENT_DIR: "~/pi-agent", OMP_CODING_AGENT_DIR: "~" };
    expect(targetOf("claude", "user", "/p", env, HOME).file).toBe(join(HOME, "cc", "settings.json"));
    expect(targetOf("codex", "user", "/p", env, HOME).file).toBe(join(HOME, "cx", "hooks.json"));
    expect(targetOf("opencode", "user", "/p", env, HOME).home).toBe(join(HOME, "cfg", "opencode"));
    expect(targetOf("pi", "user", "/p", env, HOME).home).toBe(join(HOME, "pi-agent"));
    expect(targetOf("omp", "user", "/p", env, HOME).home).toBe(HOME);
  });

  it("default to the home's own dirs, and to cwd for the project scope", () => {
    for (const h of HARNESSES) {
      expect(targetOf(h, "user", "/p", {}, HOME).home.startsWith(HOME + "/")).toBe(true);
      expect(targetOf(h, "project", "/p", { CLAUDE_CONFIG_DIR: "/elsewhere" }, HOME).home.startsWith("/p/")).toBe(true);
    }
  });

  it("Claude Code's events are the ones every release knows: not Interrupt (2.1.100 skips a settings file holding an event it does not know, hooks and all)", () => {
    const t = targetOf("claude", "user", "/p", {}, HOME);
    expect(t.kind === "settings" && t.events.map((e) => e.event)).toEqual(["SessionStart", "UserPromptSubmit", "PostToolUse", "PreCompact", "Stop", "SessionEnd"]);
  });
});
