// install-hooks end to end, on a temp HOME holding the user's own hooks: the
// dry run, two installs giving the same files, the uninstall giving the
// originals back byte for byte, a settings file that is not JSON, a Claude
// Code hook call through the installed command line landing in the store,
// and the OpenCode plugin and pi extension it writes, run for real.
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { BIN } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const USER_CLAUDE = JSON.stringify({ model: "opus", hooks: { Stop: [{ hooks: [{ type: "command", command: "notify-send done" }] }] } }, null, 4) + "\n";
// Laid out by hand: JSON.stringify never writes it this way, so only the kept original gives these bytes back.
const USER_CODEX = '{ "hooks": { "SessionStart": [ { "hooks": [ { "type": "command", "command": "echo hi" } ] } ] } }\n';
const USER_GEMINI = JSON.stringify({ theme: "GitHub", hooks: { AfterTool: [{ matcher: "write_file", hooks: [{ type: "command", command: "lint" }] }] } }, null, 2) + "\n";

function home(): { home: string; env: NodeJS.ProcessEnv } {
  const base = mkdtempSync(join(tmpdir(), "omp-install-"));
  dirs.push(base);
  const h = join(base, "home");
  for (const d of [".claude", ".codex", ".gemini", ".config/opencode", ".pi/agent", ".omp/agent", "project"]) mkdirSync(join(h, d), { recursive: true });
  writeFileSync(join(h, ".claude/settings.json"), USER_CLAUDE);
  writeFileSync(join(h, ".codex/hooks.json"), USER_CODEX);
  writeFileSync(join(h, ".gemini/settings.json"), USER_GEMINI);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: h, OMP_SESSIONS_HUB: join(base, "hub"), TZ: "UTC" };
  return { home: h, env };
}

const run = (env: NodeJS.ProcessEnv, ...args: string[]) => runCli(args, { env, cwd: join(env.HOME!, "project") });

/** Every file under dir, by relative path, with its bytes. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p, "latin1");
    }
  };
  walk(dir);
  return out;
}

const settingsFiles = (f: Record<string, string>) => Object.fromEntries(Object.entries(f).filter(([k]) => !k.includes(".omp-sessions.")));

describe("install-hooks", () => {
  it("all --dry-run prints the changes and writes nothing", async () => {
    const { home: h, env } = home();
    const before = files(h);
    const r = await run(env, "install-hooks", "all", "--dry-run");
    expect(r.code).toBe(0);
    for (const name of ["claude", "codex", "gemini", "opencode", "pi", "omp"]) expect(r.stdout).toMatch(new RegExp(`^${name} +would (update|create): `, "m"));
    expect(r.stdout).toContain(`+ PostToolUse: ${BIN} hook --harness claude --if-enabled --managed-by=install-hooks`);
    expect(r.stdout).toContain(join(h, ".omp/agent/extensions/omp-sessions-capture.ts"));
    expect(files(h)).toEqual(before);
  });

  it("twice gives the same files with the user's hooks kept; --uninstall gives the originals back byte for byte", async () => {
    const { home: h, env } = home();
    const before = files(h);
    expect((await run(env, "install-hooks", "all")).code).toBe(0);
    const once = files(h);
    const second = await run(env, "install-hooks", "all");
    expect(second.code).toBe(0);
    expect(second.stdout).not.toMatch(/^\S+ +(create|update)/m);
    expect(files(h)).toEqual(once);
    // The user's hooks are still there, ours beside them.
    const claude = JSON.parse(once[".claude/settings.json"]);
    expect(claude.model).toBe("opus");
    expect(claude.hooks.Stop.map((g: { hooks: { command: string }[] }) => g.hooks[0].command)).toEqual(["notify-send done", `${BIN} hook --harness claude --if-enabled --managed-by=install-hooks`]);
    expect(Object.keys(claude.hooks).sort()).toEqual(["PostToolUse", "PreCompact", "SessionEnd", "SessionStart", "Stop", "UserPromptSubmit"]);
    const gemini = JSON.parse(once[".gemini/settings.json"]);
    expect(gemini.hooks.AfterTool[0]).toEqual({ matcher: "write_file", hooks: [{ type: "command", command: "lint" }] });
    expect(JSON.parse(once[".codex/hooks.json"]).hooks.SessionStart[0].hooks[0].command).toBe("echo hi");
    // A backup of each settings file came first.
    expect(once[".claude/settings.json.omp-sessions.bak"]).toBe(USER_CLAUDE);
    for (const f of [".pi/agent/extensions/omp-sessions-capture.ts", ".omp/agent/extensions/omp-sessions-capture.ts", ".config/opencode/plugins/omp-sessions-capture.js"]) expect(once[f]).toContain("omp-sessions:install-hooks");

    const un = await run(env, "install-hooks", "all", "--uninstall");
    expect(un.code).toBe(0);
    const after = files(h);
    expect(settingsFiles(after)).toEqual(settingsFiles(before));
    expect(after[".claude/settings.json"]).toBe(USER_CLAUDE);
    expect(after[".codex/hooks.json"]).toBe(USER_CODEX);
    expect(after[".gemini/settings.json"]).toBe(USER_GEMINI);
  });

  it("a file it created is removed again; hand-written hook lines are kept and count as wired", async () => {
    const { home: h, env } = home();
    rmSync(join(h, ".claude/settings.json"));
    const handMade = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "omp-sessions hook --harness codex --if-enabled" }] }] } });
    writeFileSync(join(h, ".codex/hooks.json"), handMade);
    const r = await run(env, "install-hooks", "claude", "codex");
    expect(r.stdout).toContain("already wired by hand: Stop");
    expect(JSON.parse(readFileSync(join(h, ".codex/hooks.json"), "utf8")).hooks.Stop).toHaveLength(1);
    expect(existsSync(join(h, ".claude/settings.json"))).toBe(true);
    await run(env, "install-hooks", "claude", "codex", "--uninstall");
    expect(existsSync(join(h, ".claude/settings.json"))).toBe(false);
    expect(readFileSync(join(h, ".codex/hooks.json"), "utf8")).toBe(handMade);
  });

  it("a settings file that is not valid JSON is left alone with a clear error; the others are done", async () => {
    const { home: h, env } = home();
    const broken = '{ "theme": "dark", // a comment\n}\n';
    writeFileSync(join(h, ".gemini/settings.json"), broken);
    const r = await run(env, "install-hooks", "all");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^gemini +error: .*settings\.json\n +not valid hooks settings \(.*\): left alone/m);
    expect(readFileSync(join(h, ".gemini/settings.json"), "utf8")).toBe(broken);
    expect(existsSync(join(h, ".gemini/settings.json.omp-sessions.bak"))).toBe(false);
    expect(readFileSync(join(h, ".claude/settings.json"), "utf8")).toContain("--managed-by=install-hooks");
  });

  it("--project writes the project's files; all skips a harness that is not installed", async () => {
    const { home: h, env } = home();
    rmSync(join(h, ".gemini"), { recursive: true });
    expect((await run(env, "install-hooks", "all")).stdout).toMatch(/^gemini +skip: .*\n +not installed here/m);
    const p = join(h, "project");
    mkdirSync(join(p, ".claude"));
    await run(env, "install-hooks", "claude", "pi", "--project");
    expect(JSON.parse(readFileSync(join(p, ".claude/settings.json"), "utf8")).hooks.Stop).toHaveLength(1);
    expect(readFileSync(join(p, ".pi/extensions/omp-sessions-capture.ts"), "utf8")).toContain('"--harness","pi"');
  });

  it("a Claude Code hook call through the installed command line lands in the store, and status shows claude wired with its last call", async () => {
    const { home: h, env } = home();
    await run(env, "install-hooks", "claude");
    const settings = JSON.parse(readFileSync(join(h, ".claude/settings.json"), "utf8"));
    const command: string = settings.hooks.UserPromptSubmit.at(-1).hooks[0].command;
    // As Claude Code runs it: the command line through a shell, the event on stdin.
    const payload = { session_id: "cc-5f1e", transcript_path: join(h, ".claude/projects/-w/cc-5f1e.jsonl"), cwd: join(h, "project"), permission_mode: "default", hook_event_name: "UserPromptSubmit", prompt: "no, use tabs here" };
    const r = spawnSync("sh", ["-c", command], { input: JSON.stringify(payload), encoding: "utf8", env });
    expect(r.status).toBe(0);
    const root = join(env.OMP_SESSIONS_HUB!, ".sessions");
    const state = JSON.parse(readFileSync(join(root, "state", "claude", "cc-5f1e.json"), "utf8"));
    expect(state.last_events.at(-1)).toMatchObject({ hook_event_name: "UserPromptSubmit" });
    const st = await run(env, "status", "--json");
    const claude = JSON.parse(st.stdout).hooks.find((x: { harness: string }) => x.harness === "claude");
    expect(claude.wired).toEqual([{ scope: "user", file: join(h, ".claude/settings.json"), by: "install-hooks" }]);
    // The state file's write time (to the millisecond an ISO time holds).
    expect(Math.abs(Date.parse(claude.lastCall) - statSync(join(root, "state", "claude", "cc-5f1e.json")).mtimeMs)).toBeLessThan(1);
    expect((await run(env, "status")).stdout).toMatch(/^ {2}claude +wired +last call: \d{4}-/m);
    expect((await run(env, "status")).stdout).toMatch(/^ {2}gemini +not wired +last call: never/m);
  });

  it("the OpenCode plugin and the pi extension it writes send their events through the hook", async () => {
    const { home: h, env } = home();
    await run(env, "install-hooks", "opencode", "pi");
    const root = join(env.OMP_SESSIONS_HUB!, ".sessions");
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const plugin = (await import(pathToFileURL(join(h, ".config/opencode/plugins/omp-sessions-capture.js")).href)) as { OmpSessionsCapture: (i: { directory: string }) => Promise<Record<string, (...a: unknown[]) => Promise<void>>> };
      const hooks = await plugin.OmpSessionsCapture({ directory: join(h, "project") });
      await hooks.event({ event: { type: "session.created", properties: { info: { id: "ses_oc1" } } } });
      await hooks["chat.message"]({ sessionID: "ses_oc1" }, { message: {}, parts: [{ type: "text", text: "always run the tests" }] });
      await hooks["tool.execute.after"]({ tool: "bash", sessionID: "ses_oc1", callID: "c1", args: {} }, { title: "", output: "", metadata: {} });
      const oc = JSON.parse(readFileSync(join(root, "state", "opencode", "ses_oc1.json"), "utf8"));
      expect(oc.last_events.map((e: { hook_event_name: string }) => e.hook_event_name)).toEqual(["session.created", "chat.message", "tool.execute.after"]);

      const ext = (await import(pathToFileURL(join(h, ".pi/agent/extensions/omp-sessions-capture.ts")).href)) as { default: (pi: unknown) => void };
      const handlers = new Map<string, (e: unknown, ctx: unknown) => unknown>();
      ext.default({ on: (name: string, fn: (e: unknown, ctx: unknown) => unknown) => handlers.set(name, fn) });
      expect([...handlers.keys()].sort()).toEqual(["agent_end", "before_agent_start", "session_before_compact", "session_compact", "session_shutdown", "session_start", "tool_result"]);
      const ctx = { cwd: join(h, "project"), sessionManager: { getSessionId: () => "pi-77", getSessionFile: () => join(h, ".pi/agent/sessions/--w--/pi-77.jsonl") } };
      handlers.get("session_start")!({}, ctx);
      handlers.get("tool_result")!({ toolName: "read", toolCallId: "t1" }, ctx);
      const pi = JSON.parse(readFileSync(join(root, "state", "pi", "pi-77.json"), "utf8"));
      expect(pi.last_events.map((e: { hook_event_name: string }) => e.hook_event_name)).toEqual(["session_start", "tool_result"]);
    } finally {
      process.env = saved;
    }
  });
});
