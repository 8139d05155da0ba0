// config.json writers, status, hub resolution, file modes, errors rotation.
import { describe, expect, it } from "vitest";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, existsSync } from "node:fs";
import { join, isAbsolute } from "node:path";
import { presetConfig, type Mode } from "../../src/core/capture/config.js";
import { resolveHub } from "../../src/core/capture/hub.js";
import { logHookError } from "../../src/core/capture/errlog.js";
import { cli, listing, readJson, readLines, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";

const TABLE: Record<Mode, { enabled: boolean; tool: number; rehydrate: boolean }> = {
  off: { enabled: false, tool: 50, rehydrate: false },
  "capture-only": { enabled: true, tool: 50, rehydrate: false },
  balanced: { enabled: true, tool: 50, rehydrate: true },
  aggressive: { enabled: true, tool: 25, rehydrate: true },
};

describe("enable / disable / status", () => {
  for (const [mode, row] of Object.entries(TABLE)) {
    it(`enable --mode ${mode} writes exactly the preset (3)`, async () => {
      const sb = sandbox();
      expect((await cli(["enable", "--mode", mode])).code).toBe(0);
      expect(readJson(join(sb.root, "config.json"))).toEqual({
        schema_version: 1,
        enabled: row.enabled,
        mode,
        auto_capture: { tool_events: row.tool, pre_compact: true, post_compact: true, session_end: true, stop: true },
        rehydrate: { session_start: row.rehydrate, user_prompt: row.rehydrate, strict: false },
        raw_transcripts: false,
        privacy: "redacted",
        feedback: { enabled: true, capture_approvals: true, min_confidence: "medium" },
      });
      for (const d of ["state", "queue", "digests", "indexes"]) expect(statSync(join(sb.root, d)).isDirectory()).toBe(true);
    });
  }

  it("--tool-events overrides; --force drops unknown keys; without it feedback.min_confidence survives (3)", async () => {
    const sb = sandbox();
    await cli(["enable", "--tool-events", "2"]);
    expect(readJson(join(sb.root, "config.json")).auto_capture.tool_events).toBe(2);
    const cfg = readJson(join(sb.root, "config.json"));
    writeFileSync(join(sb.root, "config.json"), JSON.stringify({ ...cfg, custom_key: 1, feedback: { ...cfg.feedback, min_confidence: "high" } }));
    await cli(["enable", "--mode", "aggressive"]);
    const kept = readJson(join(sb.root, "config.json"));
    expect(kept.feedback.min_confidence).toBe("high");
    expect(kept.custom_key).toBe(1);
    expect(kept.auto_capture.tool_events).toBe(25);
    await cli(["enable", "--force"]);
    expect(readJson(join(sb.root, "config.json"))).toEqual(JSON.parse(JSON.stringify(presetConfig("balanced"))));
    expect((await cli(["enable", "--mode", "loud"])).code).toBe(2);
    expect((await cli(["enable", "--tool-events", "-1"])).code).toBe(2);
  });

  it("the config file is written sorted, 2-space indented, ASCII-only", async () => {
    const sb = sandbox();
    await cli(["enable"]);
    const text = readFileSync(join(sb.root, "config.json"), "utf8");
    expect(text.startsWith('{\n  "auto_capture": {\n    "post_compact": true,')).toBe(true);
    expect(text.endsWith("}\n")).toBe(true);
  });

  it("disable keeps everything else; status reports a corrupt config; enable keeps a .corrupt copy (4)", async () => {
    const sb = sandbox();
    await cli(["enable", "--mode", "aggressive"]);
    await cli(["disable"]);
    const off = readJson(join(sb.root, "config.json"));
    expect(off.enabled).toBe(false);
    expect(off.mode).toBe("off");
    expect(off.auto_capture.tool_events).toBe(25);
    writeFileSync(join(sb.root, "config.json"), "[1,2");
    const st = await cli(["status", "--json"]);
    const doc = JSON.parse(st.stdout);
    expect(doc.config_error).toMatch(/not valid JSON/);
    expect(doc.enabled).toBe(false);
    expect(Object.keys(doc).sort()).toEqual(["config", "config_error", "enabled", "errors", "hooks", "hub", "mode", "session_count", "sessions_root"]);
    expect((await cli(["enable"])).code).toBe(0);
    expect(readdirSync(sb.root).filter((n) => n.startsWith("config.json.corrupt-"))).toHaveLength(1);
    expect(readJson(join(sb.root, "config.json")).enabled).toBe(true);
  });

  it("status counts state files and error kinds over both error files (38)", async () => {
    const sb = sandbox();
    send(sb.root, { session_id: "a", hook_event_name: "Stop", cwd: "/w" }, "codex");
    send(sb.root, { session_id: "b", hook_event_name: "Stop", cwd: "/w" }, "claude");
    logHookError(sb.root, "invalid-json", "x");
    const doc = JSON.parse((await cli(["status", "--json"])).stdout);
    expect(doc.session_count).toBe(2);
    expect(doc.errors).toEqual({ "invalid-json": 1 });
  });
});

describe("store files", () => {
  it("errors.jsonl at 1 MiB moves to errors.jsonl.1 and a new file starts (38)", () => {
    const sb = sandbox();
    mkdirSync(sb.root, { recursive: true });
    const line = JSON.stringify({ event: "hook_error", kind: "internal", message: "x".repeat(1000) }) + "\n";
    writeFileSync(join(sb.root, "errors.jsonl"), line.repeat(Math.ceil((1024 * 1024) / line.length)));
    logHookError(sb.root, "invalid-json", "hook input is not valid JSON");
    expect(statSync(join(sb.root, "errors.jsonl.1")).size).toBeGreaterThanOrEqual(1024 * 1024);
    expect(readLines(join(sb.root, "errors.jsonl")).map((e) => e.kind)).toEqual(["invalid-json"]);
  });

  it.skipIf(process.platform === "win32")("every file we create is 0600 and every directory 0700 (33)", async () => {
    const sb = sandbox();
    await cli(["enable"]);
    send(sb.root, { session_id: "m", hook_event_name: "UserPromptSubmit", cwd: "/w", prompt: "no, the other one" }, "codex");
    send(sb.root, { session_id: "m", hook_event_name: "Stop", cwd: "/w" }, "codex");
    logHookError(sb.root, "internal", "x");
    const id = readLines(join(sb.root, "feedback", "candidates.jsonl"))[0].id;
    await cli(["feedback", "dismiss", id]);
    await cli(["reindex", "--full"]);
    const walk = (d: string): void => {
      expect(statSync(d).mode & 0o777, d).toBe(0o700);
      for (const n of readdirSync(d)) {
        const p = join(d, n);
        if (statSync(p).isDirectory()) walk(p);
        else expect(statSync(p).mode & 0o777, p).toBe(0o600);
      }
    };
    walk(sb.root);
    expect(Object.keys(listing(sb.root)).length).toBeGreaterThan(10);
  });
});

describe("hub resolution (39)", () => {
  it("--local > --hub > OMP_SESSIONS_HUB > hub_path > resolved_path > ~/wiki", () => {
    const sb = sandbox();
    const cfgDir = join(sb.home, ".config", "llm-wiki");
    mkdirSync(cfgDir, { recursive: true });
    writeFileSync(join(cfgDir, "config.json"), JSON.stringify({ hub_path: "~/hp", resolved_path: "/rp" }));
    const cwd = "/some/where";
    expect(resolveHub({ local: true, hub: "/h" }, cwd).hub).toBe("/some/where/.wiki");
    expect(resolveHub({ hub: "/h" }, cwd).hub).toBe("/h");
    expect(resolveHub({}, cwd).hub).toBe(sb.hub);
    delete process.env.OMP_SESSIONS_HUB;
    expect(resolveHub({}, cwd).hub).toBe(join(sb.home, "hp"));
    writeFileSync(join(cfgDir, "config.json"), JSON.stringify({ hub_path: "", resolved_path: "/rp" }));
    expect(resolveHub({}, cwd).hub).toBe("/rp");
    writeFileSync(join(cfgDir, "config.json"), JSON.stringify({}));
    expect(resolveHub({}, cwd).hub).toBe(join(sb.home, "wiki"));
    writeFileSync(join(cfgDir, "config.json"), "[]");
    expect(() => resolveHub({}, cwd)).toThrow(/llm-wiki config/);
  });

  it("an invalid llm-wiki config makes CLI commands exit 2 naming the file", async () => {
    const sb = sandbox();
    delete process.env.OMP_SESSIONS_HUB;
    mkdirSync(join(sb.home, ".config", "llm-wiki"), { recursive: true });
    writeFileSync(join(sb.home, ".config", "llm-wiki", "config.json"), "nope");
    const r = await cli(["status"]).catch((e: { exitCode: number; message: string }) => ({ code: e.exitCode, stdout: "", stderr: e.message }));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(join(".config", "llm-wiki", "config.json"));
  });

  it("a relative --hub yields absolute paths in state", async () => {
    const sb = sandbox();
    const prev = process.cwd();
    mkdirSync(sb.home, { recursive: true });
    process.chdir(sb.home);
    try {
      const r = await cli(["capture", "--hub", "relhub", "--session-id", "r1", "--cwd", "/w"]);
      expect(r.code).toBe(0);
      const state = readJson(join(sb.home, "relhub", ".sessions", "state", "manual", "r1.json"));
      expect(isAbsolute(state.last_digest_path)).toBe(true);
      expect(existsSync(state.last_digest_path)).toBe(true);
    } finally {
      process.chdir(prev);
    }
  });
});
