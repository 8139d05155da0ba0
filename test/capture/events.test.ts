// Harness detection, triggers, the classifier and its filters (§4, §7).
import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { normalizeEvent } from "../../src/core/capture/harness.js";
import { classify } from "../../src/core/capture/feedback.js";
import { defaultConfig } from "../../src/core/capture/config.js";
import { ingestEvent } from "../../src/core/capture/ingest.js";
import { readJson, readLines, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";

const sha = (s: string): string => createHash("sha256").update(s).digest("hex");

function writeConfig(root: string, cfg: Record<string, unknown>): void {
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "config.json"), JSON.stringify(cfg));
}

describe("harness detection (19)", () => {
  const claudeStart = { session_id: "s", hook_event_name: "SessionStart", cwd: "/x", model: "claude-opus", permission_mode: "default", source: "startup" };
  it("Claude SessionStart with model and permission_mode → claude (model is never a signal)", () => {
    expect(normalizeEvent(claudeStart, {}, {}).harness).toBe("claude");
  });
  it("the same with a .codex transcript path → codex", () => {
    expect(normalizeEvent({ ...claudeStart, transcript_path: "/home/u/.codex/sessions/a.jsonl" }, {}, {}).harness).toBe("codex");
  });
  it("turn_id → codex; timestamp → gemini; tool.execute.after → opencode", () => {
    expect(normalizeEvent({ session_id: "s", hook_event_name: "PostToolUse", turn_id: "t1" }, {}, {}).harness).toBe("codex");
    expect(normalizeEvent({ session_id: "s", hook_event_name: "SessionStart", timestamp: "2026-01-01T00:00:00Z" }, {}, {}).harness).toBe("gemini");
    expect(normalizeEvent({ sessionID: "s", hook_event_name: "tool.execute.after" }, {}, {}).harness).toBe("opencode");
  });
  it("--harness beats everything, including the environment", () => {
    expect(normalizeEvent({ ...claudeStart, transcript_path: "/h/.codex/a", turn_id: "t" }, { harness: "pi" }, { OMP_SESSIONS_HARNESS: "gemini" }).harness).toBe("pi");
    expect(normalizeEvent({ ...claudeStart }, {}, { OMP_SESSIONS_HARNESS: "omp" }).harness).toBe("omp");
  });
  it("nothing to go on → unknown; the event name family of pi → pi", () => {
    expect(normalizeEvent({}, {}, {}).harness).toBe("unknown");
    expect(normalizeEvent({ hook_event_name: "agent_end" }, {}, {}).harness).toBe("pi");
  });
});

describe("triggers (20, 21)", () => {
  const registry = (root: string) =>
    readLines(join(root, "registry.jsonl"))
      .filter((l) => l.event === "digest_written")
      .map((l) => l.capture_trigger);

  it("compaction, stop and end events map to their triggers", () => {
    const sb = sandbox();
    const cases: [string, string][] = [
      ["PreCompact", "pre-compact"],
      ["PreCompress", "pre-compact"],
      ["PostCompact", "post-compact"],
      ["Stop", "stop"],
      ["AfterAgent", "stop"],
      ["session.idle", "stop"],
      ["agent_end", "stop"],
      ["SessionEnd", "session-end"],
    ];
    cases.forEach(([name], i) => send(sb.root, { session_id: `t${i}`, hook_event_name: name, cwd: "/w" }, "codex"));
    expect(registry(sb.root)).toEqual(cases.map(([, t]) => t));
  });

  it("the 2nd tool event with tool_events 2 fires tool-count-2; tool_events 0 never fires", () => {
    const sb = sandbox();
    writeConfig(sb.root, { auto_capture: { tool_events: 2 } });
    send(sb.root, { session_id: "tc", hook_event_name: "PostToolUse", tool_name: "Bash", cwd: "/w" }, "codex");
    expect(registry(sb.root)).toEqual([]);
    send(sb.root, { session_id: "tc", hook_event_name: "PostToolUse", tool_name: "Bash", cwd: "/w" }, "codex");
    expect(registry(sb.root)).toEqual(["tool-count-2"]);
    // an event of another kind carrying a tool name counts as a tool event
    send(sb.root, { session_id: "tc", hook_event_name: "Notification", tool_name: "Read", cwd: "/w" }, "codex");
    expect(readJson(join(sb.root, "state", "codex", "tc.json")).tool_event_count).toBe(3);
    const sb0 = sandbox();
    writeConfig(sb0.root, { auto_capture: { tool_events: 0 } });
    for (let i = 0; i < 5; i++) send(sb0.root, { session_id: "z", hook_event_name: "PostToolUse", tool_name: "Bash", cwd: "/w" }, "codex");
    expect(existsSync(join(sb0.root, "registry.jsonl")) ? registry(sb0.root) : []).toEqual([]);
  });

  it("Claude Code 2.1.337's Interrupt event (a turn stopped: source, reason, via) is recorded as an event of its own: no trigger, no feedback", () => {
    const sb = sandbox();
    const base = { session_id: "int", transcript_path: "/home/u/.claude/projects/-w/int.jsonl", cwd: "/w", permission_mode: "default" };
    send(sb.root, { ...base, hook_event_name: "UserPromptSubmit", prompt: "Rename the helper." });
    const interrupt = { ...base, hook_event_name: "Interrupt", source: "user", reason: "stop", via: "terminal" };
    expect(normalizeEvent(interrupt, {}, {}).harness).toBe("claude");
    expect(send(sb.root, interrupt).candidate).toBeNull();
    const state = readJson(join(sb.root, "state", "claude", "int.json"));
    expect(state.event_count).toBe(2);
    expect((state.last_events as { hook_event_name: string }[]).map((e) => e.hook_event_name)).toEqual(["UserPromptSubmit", "Interrupt"]);
    expect(existsSync(join(sb.root, "registry.jsonl")) ? registry(sb.root) : []).toEqual([]);
  });

  it("each auto_capture flag set false suppresses its trigger", () => {
    const sb = sandbox();
    writeConfig(sb.root, { auto_capture: { pre_compact: false, post_compact: false, session_end: false, stop: false } });
    for (const name of ["PreCompact", "PostCompact", "SessionEnd", "Stop"]) send(sb.root, { session_id: "off", hook_event_name: name, cwd: "/w" }, "codex");
    expect(registry(sb.root)).toEqual([]);
    expect(readJson(join(sb.root, "state", "codex", "off.json")).event_count).toBe(4);
  });

  it("three Codex Stop events → one digest file, digest_count 3, three digest_written lines (21)", () => {
    const sb = sandbox();
    for (let i = 0; i < 3; i++) send(sb.root, { session_id: "abc", hook_event_name: "Stop", cwd: "/w", turn_id: `t${i}`, model: "gpt-5" }, "codex");
    expect(readdirSync(join(sb.root, "digests", "2026", "06"))).toEqual(["codex-abc.md"]);
    expect(readJson(join(sb.root, "state", "codex", "abc.json")).digest_count).toBe(3);
    expect(registry(sb.root)).toEqual(["stop", "stop", "stop"]);
  });
});

describe("feedback classifier (25, 26, 27)", () => {
  const table: [string, string | null, string | null][] = [
    ["no", "correction", "session"],
    ["yes, that's right", "approval", "session"],
    ["looks good, ship it", "approval", "session"],
    ["go ahead", "decision", "session"],
    ["sounds good", "decision", "session"],
    ["always run tests first", "preference", "global"],
    ["actually default should be on", "correction", "session"],
    ["please fix the bug", null, null],
    ["ok", null, null],
    ["Thanks!", null, null],
    ["👍", null, null],
  ];
  for (const [text, type, scope] of table) {
    it(`${JSON.stringify(text)} → ${type ?? "none"}`, () => {
      const c = classify(text);
      expect(c?.type ?? null).toBe(type);
      expect(c?.scope ?? null).toBe(scope);
    });
  }

  it("a candidate id is fb- + 16 hex of sha256(sid|turn|event|type|text sha); a repeat yields one line (26)", () => {
    const sb = sandbox();
    const ev = { session_id: "abc123", hook_event_name: "UserPromptSubmit", cwd: "/w", turn_id: "t2", prompt: "No, that is the wrong file; use config.json instead." };
    send(sb.root, ev, "codex");
    send(sb.root, ev, "codex");
    const lines = readLines(join(sb.root, "feedback", "candidates.jsonl"));
    expect(lines).toHaveLength(1);
    const textSha = sha(ev.prompt);
    expect(lines[0].text_sha256).toBe(textSha);
    expect(lines[0].id).toBe("fb-" + sha(`codex:abc123|t2|UserPromptSubmit|correction|${textSha}`).slice(0, 16));
    expect(lines[0].distilled_lesson).toBe("User correction/redirection to remember: " + ev.prompt);
    expect(lines[0].scope_hint).toBe("repo");
  });

  it("the classifier is a parameter of ingestEvent: a user prompt without it is refused before anything is written, a tool event needs none", () => {
    const sb = sandbox();
    const at = (p: Record<string, unknown>) => {
      const event = normalizeEvent(p, { harness: "codex" });
      return { root: sb.root, config: defaultConfig(), event, preview: "{}", trigger: event.eventName, topics: [], manualSummary: null, lockWaitMs: 1000, report: () => {} };
    };
    expect(() => ingestEvent(at({ session_id: "p", hook_event_name: "UserPromptSubmit", cwd: "/w", prompt: "no, wrong file" }), null)).toThrow(/candidate builder/);
    expect(existsSync(join(sb.root, "queue"))).toBe(false);
    expect(ingestEvent(at({ session_id: "t", hook_event_name: "PostToolUse", cwd: "/w", tool_name: "Bash" }), null).state?.event_count).toBe(1);
  });

  it("min_confidence high drops approvals and decisions; capture_approvals false drops approvals only; feedback.enabled false creates none (27)", () => {
    const prompts = ["looks good", "go ahead", "no, wrong file"];
    const run = (feedback: Record<string, unknown>): string[] => {
      const sb = sandbox();
      writeConfig(sb.root, { feedback });
      prompts.forEach((p, i) => send(sb.root, { session_id: "f", hook_event_name: "UserPromptSubmit", cwd: "/w", turn_id: `t${i}`, prompt: p }, "codex"));
      return readLines(join(sb.root, "feedback", "candidates.jsonl")).map((c) => c.feedback_type);
    };
    expect(run({})).toEqual(["approval", "decision", "correction"]);
    expect(run({ min_confidence: "high" })).toEqual(["correction"]);
    expect(run({ capture_approvals: false })).toEqual(["decision", "correction"]);
    expect(run({ enabled: false })).toEqual([]);
  });
});
