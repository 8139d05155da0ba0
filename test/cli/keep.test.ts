// `keep` through the built binary: enable it, end a Claude Code session
// through the hook, delete the agent's file, and find the session from the
// archive in ls, tree and search; another machine's folder lists beside
// this one's with a HOST column.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BIN } from "../helpers/fixtures.js";

const SID = "c1a0de00-0000-4000-8000-000000000001";
const FIXTURE = resolve(`test/fixtures/compare/claude/${SID}.jsonl`);
let root: string;
let file: string;

const envFor = (data: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME: join(root, "home"), OMP_SESSIONS_DATA_DIR: data, OMP_SESSIONS_CACHE_DIR: join(root, "cache"), OMP_SESSIONS_CONFIG_DIR: join(root, "cfg"), NO_COLOR: "1", COLUMNS: "160", ...extra };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "OMP_PROFILE", "PI_PROFILE", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME", "OMP_SESSIONS_HUB"]) delete e[k];
  return e;
};
const run = (args: string[], env: NodeJS.ProcessEnv, input?: string) => {
  const r = spawnSync(BIN, args, { env, input, encoding: "utf8", cwd: root });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "omp-keep-cli-"));
  const dir = join(root, "home", ".claude", "projects", "-work-proj-compare");
  mkdirSync(dir, { recursive: true });
  file = join(dir, `${SID}.jsonl`);
  copyFileSync(FIXTURE, file);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(!existsSync(BIN))("omp-sessions keep", () => {
  const data = () => join(root, "data");

  it("is off by default; --enable turns it on; the hook archives the session that ended; deleted, it is found from the archive", () => {
    const env = envFor(data());
    expect(run(["keep", "--status"], env).stdout).toMatch(/^keep is off/);
    expect(run(["keep", "--enable", "--host", "alpha"], env).code).toBe(0);
    const payload = JSON.stringify({ hook_event_name: "SessionEnd", session_id: SID, transcript_path: file, cwd: "/work/proj-compare" });
    const hook = run(["hook", "--harness", "claude", "--hub", join(root, "hub")], env, payload);
    expect(hook.code).toBe(0);
    const status = run(["keep", "--status", "--json"], env);
    const s = JSON.parse(status.stdout);
    expect(s.enabled).toBe(true);
    expect(s.hosts).toHaveLength(1);
    expect(s.hosts[0]).toMatchObject({ host: "alpha", own: true, files: 1, pending: 0 });
    expect(s.hosts[0].bytes).toBeGreaterThan(0);
    expect(statSync(join(data(), "archive", "alpha")).mode & 0o777).toBe(0o700);

    // While the original exists, the list reads it (not the copy).
    const live = JSON.parse(run(["ls", "--all", "--json"], env).stdout);
    expect(live.map((r: { path: string; archived: boolean }) => [r.path, r.archived])).toEqual([[file, false]]);

    rmSync(file);
    const ls = run(["ls", "--all"], env);
    expect(ls.stdout).toMatch(/HOST/);
    expect(ls.stdout).toMatch(/claude\s+alpha\s+\[archived\] why is the build slow\?/);
    const rows = JSON.parse(run(["ls", "--all", "--json"], env).stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: SID, archived: true, host: "alpha", agent: "claude", messageCount: 12 });
    const tree = run(["tree", rows[0].path], env);
    expect(tree.stdout).toContain("assistant: Built once now.");
    const search = run(["search", "cache the bundle"], env);
    expect(search.code).toBe(0);
    expect(search.stdout).toContain(rows[0].path);
    const stats = JSON.parse(run(["stats", "--all", "--json"], env).stdout);
    expect(JSON.stringify(stats)).toContain(SID);
    const out = join(root, "archived.md");
    expect(run(["export", rows[0].path, "--format", "md", "-o", out], env).code).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("Cached.");
    // Resume refuses with the reason: the agent's own files are gone.
    const resume = run(["resume", rows[0].path], env);
    expect(resume.code).not.toBe(0);
    expect(resume.stderr).toContain(`cannot resume an archived copy (omp-sessions keep) of ${file} from host alpha`);
  });

  it("another machine's synced folder lists beside this one's, with a HOST column and --host", () => {
    // beta's archive: its own data dir, as another machine would have made it.
    const betaData = join(root, "beta-data");
    const betaFile = join(root, "beta-src", "d4d4d4d4-0000-4000-8000-000000000001.jsonl");
    mkdirSync(join(root, "beta-src"));
    copyFileSync(resolve("test/fixtures/compare/claude/c1a0de00-0000-4000-8000-000000000002.jsonl"), betaFile);
    const betaEnv = envFor(betaData, { OMP_SESSIONS_CONFIG_DIR: join(root, "beta-cfg") });
    expect(run(["keep", "--enable", "--host", "beta"], betaEnv).code).toBe(0);
    // beta's session reaches its archive through the hook (Stop), as on that machine.
    const payload = JSON.stringify({ hook_event_name: "Stop", session_id: "x", transcript_path: betaFile, cwd: "/work/proj-compare" });
    expect(run(["hook", "--harness", "claude", "--hub", join(root, "beta-hub")], betaEnv, payload).code).toBe(0);

    const env = envFor(data());
    expect(run(["keep", "--add-source", join(betaData, "archive")], env).code).toBe(0);
    const ls = run(["ls", "--all"], env);
    const lines = ls.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/AGENT\s+HOST\s+NAME/);
    expect(lines.some((l) => /claude\s+alpha\s+\[archived\]/.test(l))).toBe(true);
    expect(lines.some((l) => /claude\s+beta\s+\[archived\] why is the build slow\?/.test(l))).toBe(true);
    const beta = JSON.parse(run(["ls", "--all", "--json", "--host", "beta"], env).stdout);
    expect(beta.map((r: { host: string }) => r.host)).toEqual(["beta"]);
  });
});
