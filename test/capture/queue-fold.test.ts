// The queue is the truth (issue 14, item 1): a lock timeout delays a count but
// never loses it; the stdin deadline is an idle deadline; no stdin, no event.
import { beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { hostname } from "node:os";
import { BIN, cli, ensureBuilt, hook, payload, readJson, readLines, REPO, sandbox, type RunResult } from "./helpers.js";
import { send } from "./ingest-helper.js";
import { runBin } from "../helpers/run-bin.js";
import { lockSync } from "../../src/core/fs/lock.js";

beforeAll(ensureBuilt);

const tool = (id: string, n: number) => payload({ session_id: id, hook_event_name: "PostToolUse", cwd: `/work/app-${id}`, tool_name: "Bash", tool_use_id: `call_${n}`, tool_input: { command: `echo ${n}` } });

/** The hook with a real pipe on stdin that the test controls: a socket, as node gives, or a FIFO. */
async function pipedHook(args: string[], env: NodeJS.ProcessEnv, feed: (stdin: NodeJS.WritableStream) => void, feedPipe?: "socket" | "fifo"): Promise<RunResult> {
  const { code, stdout, stderr } = await runBin(["hook", ...args], { cwd: REPO, env, feed, feedPipe });
  return { code, stdout, stderr };
}

describe("the queue is the truth", () => {
  it("200 concurrent hooks for one session whose lock keeps timing out: queued 200, and counted 200 once a reader folds", async () => {
    const sb = sandbox();
    // a lock wait this short makes most hooks time out: their events must still count
    const env = { ...sb.env, OMP_SESSIONS_LOCK_WAIT_MS: "1" };
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => hook(["--harness", "codex", "--if-enabled"], tool("burst", i), env)));
    for (const r of results) expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(readLines(join(sb.root, "queue", "2026-06-13.jsonl")).filter((l) => l.llm_wiki_session_id === "codex:burst")).toHaveLength(200);
    const r = await cli(["captured", "--json"]);
    expect(r.code).toBe(0);
    const state = JSON.parse(r.stdout).sessions.find((s: { llm_wiki_session_id: string }) => s.llm_wiki_session_id === "codex:burst");
    expect(state.event_count).toBe(200);
    expect(state.tool_event_count).toBe(200);
    expect(state.last_events).toHaveLength(20);
    // the file agrees, and every tool-count checkpoint was written (the reader has no time budget)
    const onDisk = readJson(join(sb.root, "state", "codex", "burst.json"));
    expect(onDisk.event_count).toBe(200);
    expect(onDisk.digest_count).toBe(4);
    for (const e of readLines(join(sb.root, "errors.jsonl"))) expect(e.kind).toBe("lock-timeout");
  }, 600_000);

  it("a lock held past the wait: the event waits in the queue and the next event counts both", async () => {
    const sb = sandbox();
    send(sb.root, JSON.parse(tool("held", 0)), "codex");
    const state = join(sb.root, "state", "codex", "held.json");
    const h = lockSync(state, { waitMs: 1000 });
    const r = await hook(["--harness", "codex"], tool("held", 1), { ...sb.env, OMP_SESSIONS_LOCK_WAIT_MS: "50" });
    expect(r.code).toBe(0);
    expect(readJson(state).event_count).toBe(1);
    h.release();
    send(sb.root, JSON.parse(tool("held", 2)), "codex");
    const st = readJson(state);
    expect(st.event_count).toBe(3);
    expect(st.last_events.map((e: { ts: string }) => e.ts)).toHaveLength(3);
    expect(readLines(join(sb.root, "errors.jsonl")).map((e) => e.kind)).toEqual(["lock-timeout"]);
  });

  it("a digest past its time budget is deferred, not lost: the next fold writes it", async () => {
    const sb = sandbox();
    const env = { ...sb.env, OMP_SESSIONS_DIGEST_BUDGET_MS: "0" };
    expect((await hook(["--harness", "codex"], payload({ session_id: "late", hook_event_name: "Stop", cwd: "/w" }), env)).code).toBe(0);
    const path = join(sb.root, "state", "codex", "late.json");
    expect(readJson(path).pending_digest).toBe("stop");
    expect(readJson(path).digest_count).toBeUndefined();
    expect((await cli(["digest", "codex:late", "--path-only"])).code).toBe(0);
    const st = readJson(path);
    expect(st.pending_digest).toBeUndefined();
    expect(st.digest_count).toBe(1);
    expect(existsSync(st.last_digest_path)).toBe(true);
  });
});

// A socket (what node's child_process gives) is read through a net.Socket; a
// FIFO with readSync on a non-blocking descriptor of its own, or, where it
// cannot be opened again, as a socket is (OMP_SESSIONS_STDIN_WAY=stream takes
// that way here). Each way holds to the same rules.
const ways: [string, "socket" | "fifo", NodeJS.ProcessEnv][] = [["a socket", "socket", {}]];
if (process.platform !== "win32") ways.push(["a FIFO", "fifo", {}], ["a FIFO read as a socket is", "fifo", { OMP_SESSIONS_STDIN_WAY: "stream" }]);
describe.each(ways)("stdin on %s", (_, pipe, way) => {
  it("a pipe that stays open with no data records nothing (no fake manual event) and says so", async () => {
    const sb = sandbox();
    const r = await pipedHook(["--harness", "codex"], { ...sb.env, ...way, OMP_SESSIONS_STDIN_IDLE_MS: "200" }, () => {}, pipe);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(existsSync(join(sb.root, "queue"))).toBe(false);
    expect(existsSync(join(sb.root, "state"))).toBe(false);
    expect(readLines(join(sb.root, "errors.jsonl")).map((e) => e.kind)).toEqual(["no-input"]);
  });

  it("a payload that arrives late (the writer was starved) is still recorded in full", async () => {
    const sb = sandbox();
    const r = await pipedHook(["--harness", "codex"], { ...sb.env, ...way }, (stdin) => setTimeout(() => stdin.end(tool("slow", 1)), 1500), pipe);
    expect(r.code).toBe(0);
    expect(readJson(join(sb.root, "state", "codex", "slow.json")).event_count).toBe(1);
    expect(readdirSync(join(sb.root, "state", "codex"))).toEqual(["slow.json"]);
  });

  it("a complete JSON payload ends the read even if the writer never closes the pipe", async () => {
    const sb = sandbox();
    // the idle deadline is far away: only the complete payload can end the read
    const r = await pipedHook(["--harness", "codex"], { ...sb.env, ...way, OMP_SESSIONS_STDIN_IDLE_MS: "600000" }, (stdin) => stdin.write(tool("open", 1)), pipe);
    expect(r.code).toBe(0);
    expect(readJson(join(sb.root, "state", "codex", "open.json")).event_count).toBe(1);
  });

  it("a payload split over several writes is read whole", async () => {
    const sb = sandbox();
    const text = tool("split", 1);
    const r = await pipedHook(
      ["--harness", "codex"],
      { ...sb.env, ...way },
      (stdin) => {
        stdin.write(text.slice(0, 10));
        setTimeout(() => stdin.write(text.slice(10, 30)), 100);
        setTimeout(() => stdin.end(text.slice(30)), 300);
      },
      pipe,
    );
    expect(r.code).toBe(0);
    expect(readJson(join(sb.root, "state", "codex", "split.json")).tool_event_count).toBe(1);
  });

  it("a payload larger than the pipe holds, written as the hook reads, is read whole; past 8 MiB it is too large", async () => {
    const sb = sandbox();
    const big = payload({ session_id: "big", hook_event_name: "PostToolUse", cwd: "/w", tool_name: "Bash", tool_response: { stdout: "x".repeat(3 * 1024 * 1024) } });
    expect((await pipedHook(["--harness", "codex"], { ...sb.env, ...way }, (stdin) => stdin.end(big), pipe)).code).toBe(0);
    expect(readJson(join(sb.root, "state", "codex", "big.json")).event_count).toBe(1);
    expect((await pipedHook(["--harness", "codex"], { ...sb.env, ...way }, (stdin) => stdin.end(Buffer.alloc(9 * 1024 * 1024, 0x61)), pipe)).code).toBe(0);
    const errs = readLines(join(sb.root, "errors.jsonl"));
    expect(errs.map((e) => e.kind)).toEqual(["stdin-too-large"]);
    expect(errs[0].bytes).toBe(9 * 1024 * 1024);
  });
});

describe.skipIf(process.platform === "win32")("stdin, the fast way", () => {
  it("a shell's pipe is read whole", async () => {
    const sb = sandbox();
    await promisify(execFile)("/bin/sh", ["-c", 'printf "%s" "$P" | "$NODE" "$BIN" hook --harness codex'], { env: { ...sb.env, P: tool("shell", 1), NODE: process.execPath, BIN } });
    expect(readJson(join(sb.root, "state", "codex", "shell.json")).event_count).toBe(1);
  });

  it.skipIf(process.platform !== "linux")("a payload on a FIFO is read without loading node:net", async () => {
    const sb = sandbox();
    const probe = ["--require", join(REPO, "test", "cli", "loaded-probe.cjs")];
    const r = await runBin(["hook", "--harness", "codex"], { env: sb.env, nodeArgs: probe, feedPipe: "fifo", feed: (stdin) => stdin.end(tool("nonet", 1)) });
    expect(r.code).toBe(0);
    expect(readJson(join(sb.root, "state", "codex", "nonet.json")).event_count).toBe(1);
    expect((JSON.parse(/LOADED (.*)/.exec(r.stderr)![1]) as { builtins: string[] }).builtins).not.toContain("net");
  });
});

describe("hook clocks are options", () => {
  it("OMP_SESSIONS_LOCK_WAIT_MS, _DIGEST_BUDGET_MS, _STDIN_IDLE_MS and _OUTPUT_BUDGET_MS are read from the env", async () => {
    const { hookClocks } = await import("../../src/hooks-cli/capture/hook.js");
    expect(hookClocks({})).toEqual({ stdinIdleMs: 30_000, lockWaitMs: 3000, digestBudgetMs: 2500, outputBudgetMs: 3000 });
    expect(hookClocks({ OMP_SESSIONS_LOCK_WAIT_MS: "7", OMP_SESSIONS_DIGEST_BUDGET_MS: "8", OMP_SESSIONS_STDIN_IDLE_MS: "9", OMP_SESSIONS_OUTPUT_BUDGET_MS: "10" })).toEqual({
      stdinIdleMs: 9,
      lockWaitMs: 7,
      digestBudgetMs: 8,
      outputBudgetMs: 10,
    });
    expect(hookClocks({ OMP_SESSIONS_LOCK_WAIT_MS: "x" }).lockWaitMs).toBe(3000);
  });

  it("with a live lock from another host the hook still exits 0 and queues its event", async () => {
    const sb = sandbox();
    mkdirSync(join(sb.root, "state", "codex"), { recursive: true });
    const state = join(sb.root, "state", "codex", "far.json");
    writeFileSync(state + ".lock", `{"host": "elsewhere-${hostname()}", "pid": 1, "ts": "2026-06-13T18:10:00Z"}`);
    const r = await hook(["--harness", "codex"], tool("far", 1), { ...sb.env, OMP_SESSIONS_LOCK_WAIT_MS: "50" });
    expect(r.code).toBe(0);
    expect(
      readFileSync(join(sb.root, "queue", "sessions", "codex", "far.jsonl"), "utf8")
        .split("\n")
        .filter(Boolean),
    ).toHaveLength(1);
    expect(existsSync(state)).toBe(false);
  });
});
