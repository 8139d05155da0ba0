// The real hook process: stdin handling, fail-closed behaviour, output.
import { beforeAll, describe, expect, it } from "vitest";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureBuilt, hook, listing, payload, readJson, readLines, sandbox } from "./helpers.js";
import { runCli } from "../helpers/run-cli.js";

beforeAll(ensureBuilt);

const postTool = (id = "abc123", extra: Record<string, unknown> = {}) =>
  payload({ session_id: id, hook_event_name: "PostToolUse", cwd: "/home/dev/app", tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "call_1", turn_id: "t9", ...extra });

const errorLines = (root: string) => [...readLines(join(root, "errors.jsonl"))];

describe("hook process", () => {
  it("with no config, records a PostToolUse event: its state file and one queue line (1)", async () => {
    const sb = sandbox();
    const r = await hook(["--harness", "codex", "--if-enabled"], postTool(), sb.env);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    const state = readJson(join(sb.root, "state", "codex", "abc123.json"));
    expect(state.event_count).toBe(1);
    expect(state.tool_event_count).toBe(1);
    const q = readLines(join(sb.root, "queue", "2026-06-13.jsonl"));
    expect(q).toHaveLength(1);
    expect(q[0]).toMatchObject({ llm_wiki_session_id: "codex:abc123", hook_event_name: "PostToolUse", trigger: "PostToolUse", tool_name: "Bash", turn_id: "t9", ts: "2026-06-13T18:10:00Z" });
    // the queue line's exact serialization: sorted keys, py-compact separators
    const raw = readFileSync(join(sb.root, "queue", "2026-06-13.jsonl"), "utf8");
    expect(raw.startsWith('{"cwd": "/home/dev/app", "event": "session_event", "harness": "codex", ')).toBe(true);
  });

  it("after disable, an --if-enabled hook changes nothing and prints nothing (2)", async () => {
    const sb = sandbox();
    expect((await runCli(["disable"], { env: sb.env })).code).toBe(0);
    const before = listing(sb.hub);
    const r = await hook(["--harness", "codex", "--if-enabled"], postTool(), sb.env);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(listing(sb.hub)).toEqual(before);
  });

  it("a corrupt config.json yields exactly one config-invalid line and nothing else (4)", async () => {
    const sb = sandbox();
    mkdirSync(sb.root, { recursive: true });
    writeFileSync(join(sb.root, "config.json"), "{not json");
    const r = await hook(["--harness", "codex", "--if-enabled"], postTool(), sb.env);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(Object.keys(listing(sb.root)).sort()).toEqual(["config.json", "errors.jsonl"]);
    const errs = errorLines(sb.root);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatchObject({ event: "hook_error", kind: "config-invalid", schema_version: 1 });
  });

  it("an unknown --harness (a typo) still records the event, exits 0, goes to errors.jsonl and status shows it", async () => {
    const sb = sandbox();
    const r = await hook(["--harness", "claud"], postTool(), sb.env);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(readJson(join(sb.root, "state", "claud", "abc123.json")).event_count).toBe(1);
    const errs = errorLines(sb.root);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatchObject({ event: "hook_error", kind: "unknown-harness", harness: "claud" });
    expect((await hook(["--harness", "claude"], postTool("def456"), sb.env)).code).toBe(0);
    expect(errorLines(sb.root)).toHaveLength(1);
    const status = await runCli(["status"], { env: sb.env });
    expect(status.stdout).toContain("hook errors: unknown-harness 1");
    expect(status.stdout).toMatch(/unknown harnesses.*: claud 1/);
    expect(JSON.parse((await runCli(["status", "--json"], { env: sb.env })).stdout).errors).toEqual({ "unknown-harness": 1 });
  });

  it("malformed stdin: exit 0, no output, no queue or state, one invalid-json line without the input (13)", async () => {
    const sb = sandbox();
    const r = await hook(["--harness", "codex"], '{"session_id": "SECRETSESSION", oops', sb.env);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(existsSync(join(sb.root, "queue"))).toBe(false);
    expect(existsSync(join(sb.root, "state"))).toBe(false);
    const errs = errorLines(sb.root);
    expect(errs.map((e) => e.kind)).toEqual(["invalid-json"]);
    expect(readFileSync(join(sb.root, "errors.jsonl"), "utf8")).not.toContain("SECRETSESSION");
  });

  it("a JSON array is not-an-object; binary garbage is invalid-json (13)", async () => {
    const sb = sandbox();
    expect(await hook(["--harness", "codex"], "[1, 2]", sb.env)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await hook(["--harness", "codex"], Buffer.from([0xff, 0x00, 0xfe, 0x7b, 0x80]), sb.env)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(errorLines(sb.root).map((e) => e.kind)).toEqual(["not-an-object", "invalid-json"]);
    expect(existsSync(join(sb.root, "queue"))).toBe(false);
  });

  it("9 MiB of stdin: one stdin-too-large line with the byte count, nothing else (14)", async () => {
    const sb = sandbox();
    const big = Buffer.alloc(9 * 1024 * 1024, 0x61);
    const r = await hook(["--harness", "codex"], big, sb.env);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    const errs = errorLines(sb.root);
    expect(errs).toHaveLength(1);
    expect(errs[0].kind).toBe("stdin-too-large");
    expect(errs[0].bytes).toBeGreaterThanOrEqual(8_388_608);
    expect(Object.keys(listing(sb.root))).toEqual(["errors.jsonl"]);
  });

  it("empty stdin twice in one cwd → one derived session with event_count 2 (15)", async () => {
    const sb = sandbox();
    await hook(["--harness", "codex"], "", sb.env);
    await hook(["--harness", "codex"], "  \n", sb.env);
    const files = readdirSync(join(sb.root, "state", "codex"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^derived-[0-9a-f]{16}\.json$/);
    expect(readJson(join(sb.root, "state", "codex", files[0])).event_count).toBe(2);
  });

  it.skipIf(process.platform === "win32" || process.getuid?.() === 0)("a read-only hub: exit 0, nothing printed (16)", async () => {
    const sb = sandbox();
    mkdirSync(sb.hub, { recursive: true });
    chmodSync(sb.hub, 0o500);
    const r = await hook(["--harness", "codex"], postTool(), sb.env);
    chmodSync(sb.hub, 0o700);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("an unwritable hub path (a file in the way, works as root too): exit 0, no output, no stack trace (16)", async () => {
    const sb = sandbox();
    mkdirSync(join(sb.hub, ".."), { recursive: true });
    writeFileSync(sb.hub, "not a directory");
    const r = await hook(["--harness", "codex"], postTool(), sb.env);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    const dbg = await hook(["--harness", "codex"], postTool(), { ...sb.env, OMP_SESSIONS_DEBUG: "1" });
    expect(dbg.code).toBe(0);
    expect(dbg.stdout).toBe("");
  });

  it("a missing hub is created; an invalid llm-wiki config makes the hook write nothing (2, 16)", async () => {
    const sb = sandbox();
    const env = { ...sb.env, OMP_SESSIONS_HUB: "" };
    mkdirSync(join(sb.home, ".config", "llm-wiki"), { recursive: true });
    writeFileSync(join(sb.home, ".config", "llm-wiki", "config.json"), "[]");
    const r = await hook(["--harness", "codex"], postTool(), env);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(existsSync(join(sb.home, "wiki"))).toBe(false);
  });

  it("balanced with a digest in this cwd: SessionStart and UserPromptSubmit print one rehydration line; PostToolUse prints nothing (17)", async () => {
    const sb = sandbox();
    await hook(["--harness", "codex"], payload({ session_id: "old", hook_event_name: "Stop", cwd: "/home/dev/app" }), sb.env);
    const start = await hook(["--harness", "claude"], payload({ session_id: "new", hook_event_name: "SessionStart", cwd: "/home/dev/app", source: "startup" }), sb.env);
    expect(start.code).toBe(0);
    expect(start.stdout.endsWith("\n")).toBe(true);
    expect(start.stdout.trim().split("\n")).toHaveLength(1);
    const out = JSON.parse(start.stdout);
    expect(out.hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(out.hookSpecificOutput.additionalContext.startsWith("llm-wiki session context:")).toBe(true);
    expect(out.hookSpecificOutput.additionalContext).toContain("- codex:old — Automated stop checkpoint for codex:old in /home/dev/app. Digest: ");
    const prompt = await hook(["--harness", "claude"], payload({ session_id: "new", hook_event_name: "UserPromptSubmit", cwd: "/home/dev/app", prompt: "please fix the bug" }), sb.env);
    expect(JSON.parse(prompt.stdout).hookSpecificOutput.hookEventName).toBe("UserPromptSubmit");
    const tool = await hook(["--harness", "claude"], payload({ session_id: "new", hook_event_name: "PostToolUse", cwd: "/home/dev/app", tool_name: "Read" }), sb.env);
    expect(tool.stdout).toBe("");
  });

  it("capture-only mode never prints rehydration (17)", async () => {
    const sb = sandbox();
    await runCli(["enable", "--mode", "capture-only"], { env: sb.env });
    await hook(["--harness", "codex"], payload({ session_id: "old", hook_event_name: "Stop", cwd: "/home/dev/app" }), sb.env);
    const start = await hook(["--harness", "codex", "--if-enabled"], payload({ session_id: "n", hook_event_name: "SessionStart", cwd: "/home/dev/app" }), sb.env);
    expect(start).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("Gemini BeforeAgent: a correction candidate and a BeforeAgent output line (18)", async () => {
    const sb = sandbox();
    await hook(["--harness", "gemini"], payload({ session_id: "g0", hook_event_name: "AfterAgent", cwd: "/home/dev/app" }), sb.env);
    const r = await hook([], payload({ session_id: "g1", hook_event_name: "BeforeAgent", cwd: "/home/dev/app", prompt: "no, use the other file", timestamp: "2026-06-13T18:00:00Z" }), sb.env);
    expect(JSON.parse(r.stdout).hookSpecificOutput.hookEventName).toBe("BeforeAgent");
    const cands = readLines(join(sb.root, "feedback", "candidates.jsonl"));
    expect(cands).toHaveLength(1);
    expect(cands[0]).toMatchObject({ feedback_type: "correction", harness: "gemini", llm_wiki_session_id: "gemini:g1" });
  });

  it("a corrupt state heals or restarts its counts and leaves a .corrupt copy (32)", async () => {
    const sb = sandbox();
    const dir = join(sb.root, "state", "codex");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "healme.json"), JSON.stringify({ llm_wiki_session_id: "codex:healme", event_count: 5, tool_event_count: 2 }) + "\n}garbage{");
    writeFileSync(join(dir, "restart.json"), "\u0000\u0001garbage");
    const a = await hook(["--harness", "codex"], postTool("healme"), sb.env);
    const b = await hook(["--harness", "codex"], postTool("restart"), sb.env);
    expect([a, b]).toEqual([
      { code: 0, stdout: "", stderr: "" },
      { code: 0, stdout: "", stderr: "" },
    ]);
    expect(readJson(join(dir, "healme.json")).event_count).toBe(6);
    expect(readJson(join(dir, "restart.json")).event_count).toBe(1);
    const names = readdirSync(dir);
    expect(names.filter((n) => n.startsWith("healme.json.corrupt-"))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith("restart.json.corrupt-"))).toHaveLength(1);
    expect(errorLines(sb.root).map((e) => e.kind)).toEqual(["corrupt-file", "corrupt-file"]);
  });

  it("hook --help prints usage and exits 0", async () => {
    const sb = sandbox();
    const r = await hook(["--help"], null, sb.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: omp-sessions hook");
  });

  it("unknown options are ignored", async () => {
    const sb = sandbox();
    const r = await hook(["--harness", "codex", "--frobnicate", "--what=ever"], postTool(), sb.env);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(readJson(join(sb.root, "state", "codex", "abc123.json")).event_count).toBe(1);
  });
});
