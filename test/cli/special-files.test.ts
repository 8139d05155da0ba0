// Issue 27: every file we read is a regular file read with a cap. A Claude Code
// subagent's meta file, or OpenCode's database, planted as a FIFO or as a link
// to /dev/zero: ls, stats and search finish and say what they can.
import { afterAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";
import { readSubagentMeta } from "../../src/core/session/read/dialects/claude/subagent-meta.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const META = "projects/-home-dev-demo/77777777-7777-4777-8777-777777777777/subagents/agent-a1b2c3d4e5f6a7b8c.meta.json";

function plant(path: string, kind: "fifo" | "zero" | "urandom"): void {
  rmSync(path, { force: true });
  if (kind === "fifo") execFileSync("mkfifo", [path]);
  else symlinkSync(`/dev/${kind}`, path);
}

function home(kind: "fifo" | "zero" | "urandom"): { env: NodeJS.ProcessEnv; h: string } {
  const h = mkdtempSync(join(tmpdir(), "omp-special-"));
  dirs.push(h);
  cpSync(join(FIXTURES, "agents/claude"), join(h, ".claude"), { recursive: true });
  plant(join(h, ".claude", META), kind);
  mkdirSync(join(h, ".local/share/opencode"), { recursive: true });
  plant(join(h, ".local/share/opencode/opencode.db"), kind);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: h, NO_COLOR: "1", TZ: "UTC", XDG_CACHE_HOME: join(h, ".cache") };
  return { env, h };
}

// A process of its own, killed after a bound, so that a read that blocks (a FIFO) fails the test
// instead of hanging the run; nothing waits on the bound otherwise. Its code is null when killed.
const run = (env: NodeJS.ProcessEnv, ...args: string[]) => runBin(args, { env, cwd: env.HOME, timeoutMs: 120_000 });

describe("special files where we read (issue 27)", () => {
  it.each(["fifo", "zero", "urandom"] as const)("a subagent meta file and opencode.db as %s: ls --all, stats and search finish", async (kind) => {
    const { env, h } = home(kind);
    const ls = await run(env, "ls", "--all", "--json");
    expect(ls.code, ls.stderr).not.toBe(null);
    const rows = JSON.parse(ls.stdout) as { path: string; error?: string | null }[];
    // the subagent is still listed (its place links it), and the database's row says why it was not read
    expect(rows.some((r) => r.path.includes("agent-a1b2c3d4e5f6a7b8c"))).toBe(true);
    const dbRow = rows.find((r) => r.path.startsWith(join(h, ".local/share/opencode/opencode.db")));
    expect(JSON.stringify(dbRow)).toMatch(/not a regular file/);
    for (const args of [
      ["stats", "--json"],
      ["search", "TypeScript"],
    ]) {
      const r = await run(env, ...args);
      expect(r.code, `${args[0]}: ${r.stderr}`).not.toBe(null);
    }
  });

  it("session files that are links to a FIFO or /dev/zero: ls --all lists them invalid with the reason; stats and search finish", async () => {
    const h = mkdtempSync(join(tmpdir(), "omp-special-sessions-"));
    dirs.push(h);
    const pi = join(h, ".pi/agent/sessions/--w--");
    mkdirSync(pi, { recursive: true });
    execFileSync("mkfifo", [join(h, "fifo")]);
    symlinkSync(join(h, "fifo"), join(pi, "2026-01-01T00-00-00-000Z_fifo.jsonl"));
    symlinkSync("/dev/zero", join(pi, "2026-01-02T00-00-00-000Z_zero.jsonl"));
    symlinkSync("/dev/urandom", join(pi, "2026-01-03T00-00-00-000Z_urandom.jsonl.gz"));
    mkdirSync(join(h, ".claude/projects/-x"), { recursive: true });
    symlinkSync("/dev/zero", join(h, ".claude/projects/-x/11111111-1111-4111-8111-111111111111.jsonl"));
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: h, NO_COLOR: "1", TZ: "UTC", XDG_CACHE_HOME: join(h, ".cache") };
    const ls = await run(env, "ls", "--all", "--json");
    expect(ls.code, ls.stderr).not.toBe(null);
    const rows = JSON.parse(ls.stdout) as { path: string; valid: boolean; error?: string | null }[];
    const fifo = rows.find((r) => r.path.endsWith("_fifo.jsonl"));
    expect(fifo?.valid).toBe(false);
    expect(fifo?.error).toMatch(/a FIFO, not a regular file/);
    for (const args of [
      ["stats", "--all", "--json"],
      ["search", "anything"],
    ]) {
      const r = await run(env, ...args);
      expect(r.code, `${args[0]}: ${r.stderr}`).not.toBe(null);
    }
  });

  it("the meta reader itself refuses a FIFO and /dev/zero at once", () => {
    const h = mkdtempSync(join(tmpdir(), "omp-meta-"));
    dirs.push(h);
    const transcript = join(h, "agent-x.jsonl");
    for (const kind of ["fifo", "zero"] as const) {
      plant(join(h, "agent-x.meta.json"), kind);
      expect(readSubagentMeta(transcript)).toEqual({ agentType: null, description: null, toolUseId: null, parentAgentId: null });
    }
  });
});

describe("a transcript path planted as a special file, given to the hook", () => {
  it.each(["fifo", "zero"] as const)("as %s: a user prompt (feedback reads the tail) and a Stop with keep on (the archive reads it) both return at once", async (kind) => {
    const h = mkdtempSync(join(tmpdir(), "omp-hook-special-"));
    dirs.push(h);
    const transcript = join(h, "transcript.jsonl");
    plant(transcript, kind);
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: h, OMP_SESSIONS_HUB: join(h, "hub"), OMP_SESSIONS_CONFIG_DIR: join(h, "cfg"), OMP_SESSIONS_DATA_DIR: join(h, "data"), OMP_SESSIONS_CACHE_DIR: join(h, "cache") };
    expect((await runCli(["enable"], { env, cwd: h })).code).toBe(0);
    mkdirSync(join(h, "cfg"), { recursive: true });
    writeFileSync(join(h, "cfg", "keep.json"), JSON.stringify({ enabled: true, host: "here", sources: [] }));
    for (const event of [
      { session_id: "s1", hook_event_name: "UserPromptSubmit", prompt: "no, that is wrong: use the real test db", cwd: h, transcript_path: transcript },
      { session_id: "s1", hook_event_name: "Stop", cwd: h, transcript_path: transcript },
    ]) {
      const r = await runBin(["hook", "--harness", "claude"], { input: JSON.stringify(event), env, cwd: h, timeoutMs: 120_000 });
      expect(r.code, `${event.hook_event_name}: ${r.stderr}`).toBe(0);
    }
  });
});
