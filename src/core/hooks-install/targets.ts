// Where each harness reads its hooks, and which events we wire (capture-store
// §4 "Adapter wiring"). Claude Code, Codex and Gemini CLI take hook commands
// in a JSON settings file; OpenCode loads plugin files from its plugins dir;
// omp and pi load extension files from their agent dir's extensions/.
import { homedir } from "node:os";
import { expandHome } from "../fs/home-path.js";
import { join, resolve } from "node:path";
import type { AgentId } from "../session/index.js";

/** The harnesses `install-hooks` wires, in its order: agents of the registry (session/agent-ids.ts; a test holds them to its capture kinds). */
export const HARNESSES = ["claude", "codex", "gemini", "opencode", "pi", "omp"] as const satisfies readonly AgentId[];
export type HarnessName = (typeof HARNESSES)[number];

export type Scope = "user" | "project";

/** One event in a settings file: its name, and a matcher when the harness filters by tool. */
export interface EventSpec {
  event: string;
  matcher?: string;
}

export interface SettingsTarget {
  harness: HarnessName;
  kind: "settings";
  /** The JSON file holding `{"hooks": {EVENT: [groups]}}`. */
  file: string;
  /** The harness's own folder: `all` skips a harness whose folder is absent (not installed). */
  home: string;
  alsoInstalled?: string[];
  events: EventSpec[];
}

export interface FileTarget {
  harness: HarnessName;
  kind: "file";
  /** The extension or plugin file we own. */
  file: string;
  home: string;
  /** Other folders whose presence shows the harness is installed (OpenCode's data folder: its config folder may not exist yet). */
  alsoInstalled?: string[];
}

export type Target = SettingsTarget | FileTarget;

// Claude Code's `Interrupt` (2.1.337; not in 2.1.100) is left out on purpose:
// a release that does not know a hook event skips the whole settings file
// (2.1.100 validates `hooks` against its fixed event list), and one settings
// file serves every Claude Code on the machine (docs/capture.md).
const EVENTS: Record<"claude" | "codex" | "gemini", EventSpec[]> = {
  claude: [{ event: "SessionStart" }, { event: "UserPromptSubmit" }, { event: "PostToolUse", matcher: "*" }, { event: "PreCompact" }, { event: "Stop" }, { event: "SessionEnd" }],
  codex: [{ event: "SessionStart" }, { event: "UserPromptSubmit" }, { event: "PostToolUse" }, { event: "PreCompact" }, { event: "PostCompact" }, { event: "Stop" }],
  gemini: [{ event: "SessionStart" }, { event: "BeforeAgent" }, { event: "AfterTool", matcher: "*" }, { event: "PreCompress" }, { event: "AfterAgent" }, { event: "SessionEnd" }],
};

export const EXTENSION_FILE = "omp-sessions-capture.ts";
export const PLUGIN_FILE = "omp-sessions-capture.js";

/** A dir named by an env variable (a `~` in it is `home`), else `fallback`. */
const fromEnv = (env: NodeJS.ProcessEnv, key: string, fallback: string, home: string): string => {
  const v = env[key]?.trim();
  return v ? resolve(expandHome(v, home)) : fallback;
};

/** Where a harness's hooks go, in one scope (project: under `cwd`). */
export function targetOf(h: HarnessName, scope: Scope, cwd: string, env: NodeJS.ProcessEnv = process.env, home = homedir()): Target {
  const user = scope === "user";
  switch (h) {
    case "claude": {
      const dir = user ? fromEnv(env, "CLAUDE_CONFIG_DIR", join(home, ".claude"), home) : join(cwd, ".claude");
      return { harness: h, kind: "settings", file: join(dir, "settings.json"), home: dir, events: EVENTS.claude };
    }
    case "codex": {
      const dir = user ? fromEnv(env, "CODEX_HOME", join(home, ".codex"), home) : join(cwd, ".codex");
      return { harness: h, kind: "settings", file: join(dir, "hooks.json"), home: dir, events: EVENTS.codex };
    }
    case "gemini": {
      const dir = join(user ? home : cwd, ".gemini");
      return { harness: h, kind: "settings", file: join(dir, "settings.json"), home: dir, events: EVENTS.gemini };
    }
    case "opencode": {
      const dir = user ? join(fromEnv(env, "XDG_CONFIG_HOME", join(home, ".config"), home), "opencode") : join(cwd, ".opencode");
      // OpenCode keeps its sessions under the data folder and may never have made its config folder
      const data = join(fromEnv(env, "XDG_DATA_HOME", join(home, ".local", "share"), home), "opencode");
      return { harness: h, kind: "file", file: join(dir, "plugins", PLUGIN_FILE), home: dir, alsoInstalled: user ? [data] : [] };
    }
    case "pi": {
      const dir = user ? fromEnv(env, "PI_CODING_AGENT_DIR", join(home, ".pi", "agent"), home) : join(cwd, ".pi");
      return { harness: h, kind: "file", file: join(dir, "extensions", EXTENSION_FILE), home: dir };
    }
    case "omp": {
      const dir = user ? fromEnv(env, "OMP_CODING_AGENT_DIR", join(home, ".omp", "agent"), home) : join(cwd, ".omp");
      return { harness: h, kind: "file", file: join(dir, "extensions", EXTENSION_FILE), home: dir };
    }
  }
}
