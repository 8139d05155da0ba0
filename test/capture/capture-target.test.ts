// `capture` checkpoints a session that exists: the one --session-id names, else
// the newest captured session of the directory. With neither it says what to
// pass — it never makes up a session named "manual-<time>" on a first run.
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { listing, readJson, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";
import { runCli } from "../helpers/run-cli.js";
import { statePath } from "../../src/core/capture/paths.js";

function event(root: string, at: string, harness: string, id: string, cwd: string): void {
  process.env.OMP_SESSIONS_NOW = at;
  send(root, { session_id: id, hook_event_name: "PostToolUse", tool_name: "Bash", cwd }, harness);
}

describe("capture: which session", () => {
  it("with nothing captured in the directory: exit 3, a message naming --session-id, --cwd and --help, nothing written", async () => {
    const sb = sandbox();
    const dir = join(sb.home, "proj");
    mkdirSync(dir, { recursive: true });
    const r = await runCli(["capture", "--summary", "first try"], { cwd: dir });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`no captured session in ${dir}`);
    expect(r.stderr).toMatch(/--session-id ID/);
    expect(r.stderr).toMatch(/capture --help/);
    expect(r.stdout).toBe("");
    expect(Object.keys(listing(sb.root)).filter((f) => f.startsWith("state/") || f.startsWith("digests/"))).toEqual([]);
  });

  it("without --session-id: the newest captured session of this directory (any spelling of it), of --harness if given", async () => {
    const sb = sandbox();
    const dir = join(sb.home, "proj");
    mkdirSync(dir, { recursive: true });
    event(sb.root, "2026-06-13T10:00:00Z", "claude", "older", dir);
    event(sb.root, "2026-06-13T11:00:00Z", "codex", "newest", dir);
    event(sb.root, "2026-06-13T12:00:00Z", "codex", "elsewhere", join(sb.home, "other"));
    process.env.OMP_SESSIONS_NOW = "2026-06-13T13:00:00Z";

    const r = await runCli(["capture", "--summary", "wrapped up the parser"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(join(sb.root, "digests", "2026", "06", "codex-newest.md"));
    const st = readJson(statePath(sb.root, "codex", "newest"));
    expect(st.manual_summaries.map((m: { summary: string }) => m.summary)).toEqual(["wrapped up the parser"]);
    expect(st.event_count).toBe(2);
    expect(st.cwd).toBe(dir);
    expect(readdirSync(join(sb.root, "state"))).not.toContain("manual");

    const c = await runCli(["capture", "--cwd", `${dir}/./`, "--harness", "claude"], { cwd: sb.home });
    expect(c.code).toBe(0);
    expect(c.stdout.trim()).toBe(join(sb.root, "digests", "2026", "06", "claude-older.md"));

    const none = await runCli(["capture", "--harness", "gemini"], { cwd: dir });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain(`no captured gemini session in ${dir}`);
  });

  it("--session-id: a captured session by its llm-wiki or native id keeps its harness and cwd; an unknown id starts a manual session", async () => {
    const sb = sandbox();
    const dir = join(sb.home, "proj");
    mkdirSync(dir, { recursive: true });
    event(sb.root, "2026-06-13T10:00:00Z", "codex", "abc", dir);
    for (const key of ["abc", "codex:abc"]) {
      const r = await runCli(["capture", "--session-id", key], { cwd: sb.home });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trim()).toBe(join(sb.root, "digests", "2026", "06", "codex-abc.md"));
    }
    const st = readJson(statePath(sb.root, "codex", "abc"));
    expect(st.cwd).toBe(dir);
    expect(st.digest_count).toBe(2);
    expect(existsSync(join(sb.root, "state", "manual"))).toBe(false);

    const fresh = await runCli(["capture", "--session-id", "notes-1", "--cwd", dir], { cwd: sb.home });
    expect(fresh.code).toBe(0);
    expect(fresh.stdout.trim()).toBe(join(sb.root, "digests", "2026", "06", "manual-notes-1.md"));
    expect(readJson(statePath(sb.root, "manual", "notes-1")).cwd).toBe(dir);
  });
});
