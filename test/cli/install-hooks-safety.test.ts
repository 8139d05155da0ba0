// install-hooks against planted links, special files and settings whose bytes
// do not survive a JSON round trip (issue 27), and what --uninstall leaves
// behind (issue 24 item 9).
import { afterAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function home(): { h: string; env: NodeJS.ProcessEnv; project: string } {
  const base = mkdtempSync(join(tmpdir(), "omp-install-safe-"));
  dirs.push(base);
  const h = join(base, "home");
  for (const d of [".claude", ".codex", ".gemini", ".pi/agent", ".omp/agent", "project"]) mkdirSync(join(h, d), { recursive: true });
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: h, OMP_SESSIONS_HUB: join(base, "hub"), TZ: "UTC" };
  return { h, env, project: join(h, "project") };
}

const run = (env: NodeJS.ProcessEnv, cwd: string, ...args: string[]) => runCli(args, { env, cwd });
// A process of its own, killed after a generous bound, where a read could block (a FIFO): a
// regression fails instead of hanging the run; nothing waits for the bound. Its code is null when killed.
const runBounded = (env: NodeJS.ProcessEnv, cwd: string, ...args: string[]) => runBin(args, { env, cwd, timeoutMs: 120_000 });

function allFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map((f) => relative(dir, join(dir, f))).sort();
}

describe("install-hooks --project through planted links (issue 27)", () => {
  it("a .bak planted as a link to ~/.bashrc: refused with the reason, ~/.bashrc untouched", async () => {
    const { h, env, project } = home();
    const bashrc = join(h, ".bashrc");
    writeFileSync(bashrc, "# my shell\n");
    mkdirSync(join(project, ".claude"));
    const repoJson = '{"env": {"X": "$(touch /tmp/pwned)"}}\n';
    writeFileSync(join(project, ".claude/settings.json"), repoJson);
    symlinkSync("../../.bashrc", join(project, ".claude/settings.json.omp-sessions.bak"));
    const r = await run(env, project, "install-hooks", "claude", "--project");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/settings\.json\.omp-sessions\.bak is a symbolic link/);
    expect(readFileSync(bashrc, "utf8")).toBe("# my shell\n");
    expect(readFileSync(join(project, ".claude/settings.json"), "utf8")).toBe(repoJson);
  });

  it("an .orig or .none planted as a link is refused in user scope too, and never read back", async () => {
    const { h, env, project } = home();
    writeFileSync(join(h, "secret.txt"), '{"stolen": true}');
    writeFileSync(join(h, ".claude/settings.json"), "{}\n");
    symlinkSync(join(h, "secret.txt"), join(h, ".claude/settings.json.omp-sessions.orig"));
    const r = await run(env, project, "install-hooks", "claude");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("is a symbolic link");
    expect(readFileSync(join(h, ".claude/settings.json"), "utf8")).toBe("{}\n");
  });

  it("a config folder or a settings file that links outside the project: refused, nothing written outside", async () => {
    for (const plant of ["folder", "file", "pi-folder"] as const) {
      const { h, env, project } = home();
      const outside = join(h, "outside");
      mkdirSync(outside);
      if (plant === "folder") symlinkSync(outside, join(project, ".claude"));
      if (plant === "file") {
        mkdirSync(join(project, ".claude"));
        writeFileSync(join(outside, "settings.json"), "{}\n");
        symlinkSync(join(outside, "settings.json"), join(project, ".claude/settings.json"));
      }
      if (plant === "pi-folder") symlinkSync(outside, join(project, ".pi"));
      const before = allFiles(outside).map((f) => [f, readFileSync(join(outside, f), "utf8")]);
      const r = await run(env, project, "install-hooks", plant === "pi-folder" ? "pi" : "claude", "--project");
      expect(r.code, plant).toBe(1);
      expect(r.stdout, plant).toMatch(/is a symbolic link: a project's hook files are not followed out of the project/);
      expect(
        allFiles(outside).map((f) => [f, readFileSync(join(outside, f), "utf8")]),
        plant,
      ).toEqual(before);
    }
  });
});

describe("install-hooks and status on special files (issue 27)", () => {
  it("settings.json as a FIFO, /dev/zero or /dev/urandom: each refused with the reason, no hang, no growth", async () => {
    for (const kind of ["fifo", "zero", "urandom"] as const) {
      const { h, env, project } = home();
      const file = join(h, ".claude/settings.json");
      if (kind === "fifo") execFileSync("mkfifo", [file]);
      else symlinkSync(`/dev/${kind}`, file);
      const r = await runBounded(env, project, "install-hooks", "claude");
      expect(r.code, kind).toBe(1);
      expect(r.stdout, kind).toMatch(kind === "fifo" ? /a FIFO, not a regular file: left alone/ : /a device, not a regular file: left alone/);
      const s = await runBounded(env, project, "status");
      expect(s.code, kind).not.toBe(null);
      expect(s.stdout + s.stderr, kind).toMatch(/not a regular file/);
    }
  });
});

describe("settings bytes kept (issue 27, issue 24 item 9)", () => {
  const USER = '{"big": 12345678901234567890123, "huge": 1e400, "dup": 1, "dup": 2,\n  "list": [1,2,3], "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}\n';

  it("install edits the text in place, and --uninstall gives the bytes back, also after the user changed something", async () => {
    const { h, env, project } = home();
    const file = join(h, ".claude/settings.json");
    writeFileSync(file, USER);
    expect((await run(env, project, "install-hooks", "claude")).code).toBe(0);
    const installed = readFileSync(file, "utf8");
    for (const kept of ["12345678901234567890123", "1e400", '"dup": 1, "dup": 2', '"list": [1,2,3]', '{"type": "command", "command": "say done"}']) expect(installed).toContain(kept);
    expect(JSON.parse(installed).hooks.SessionStart[0].hooks[0].command).toContain("--managed-by=install-hooks");
    expect((await run(env, project, "install-hooks", "claude", "--uninstall")).code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(USER);
    // installed, then edited by the user: uninstall takes out only ours
    await run(env, project, "install-hooks", "claude");
    writeFileSync(file, readFileSync(file, "utf8").replace('"list": [1,2,3]', '"list": [1,2,3,4]'));
    expect((await run(env, project, "install-hooks", "claude", "--uninstall")).code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(USER.replace('"list": [1,2,3]', '"list": [1,2,3,4]'));
  });

  it("a settings file naming hooks twice is refused with the reason", async () => {
    const { h, env, project } = home();
    const text = '{"hooks": {}, "hooks": {"Stop": []}}\n';
    writeFileSync(join(h, ".claude/settings.json"), text);
    const r = await run(env, project, "install-hooks", "claude");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('the key "hooks" appears 2 times');
    expect(readFileSync(join(h, ".claude/settings.json"), "utf8")).toBe(text);
  });
});

describe("install where the harness looks, uninstall leaves nothing (issue 24 item 9)", () => {
  it("OpenCode with only its data folder: the plugin goes to ~/.config/opencode/plugins, after saying so", async () => {
    const { h, env, project } = home();
    mkdirSync(join(h, ".local/share/opencode"), { recursive: true });
    const r = await run(env, project, "install-hooks", "all");
    expect(r.stdout).toMatch(/^opencode +create: /m);
    expect(r.stdout).toContain(`creating ${join(h, ".config/opencode/plugins")} (where OpenCode loads plugins from)`);
    expect(readFileSync(join(h, ".config/opencode/plugins/omp-sessions-capture.js"), "utf8")).toContain("omp-sessions:install-hooks");
  });

  it("after --uninstall no .bak, .orig, 0-byte .none or empty extensions/ folder of ours is left", async () => {
    const { h, env, project } = home();
    writeFileSync(join(h, ".codex/hooks.json"), '{"hooks": {"Stop": []}}\n');
    const before = allFiles(h);
    expect((await run(env, project, "install-hooks", "all")).code).toBe(0);
    expect(allFiles(h).some((f) => f.includes(".omp-sessions."))).toBe(true);
    expect((await run(env, project, "install-hooks", "all", "--uninstall")).code).toBe(0);
    expect(allFiles(h)).toEqual(before);
  });
});
