// Feedback review (dismiss, edit, promote), rehydrate and damaged candidates (§3.7, §9, §10.2).
import { describe, expect, it } from "vitest";
import matter from "gray-matter";
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cli, readJson, readLines, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";
import { NO_MATCH } from "../../src/core/capture/rehydrate.js";

const prompt = (root: string, sid: string, text: string, turn = "t1") => send(root, { session_id: sid, hook_event_name: "UserPromptSubmit", cwd: "/w", turn_id: turn, prompt: text }, "codex").candidate?.id as string;

const listIds = async (...flags: string[]) => JSON.parse((await cli(["feedback", "list", "--json", ...flags])).stdout).feedback_candidates.map((c: { id: string }) => c.id);

describe("feedback review", () => {
  it("dismiss hides a candidate; --include-dismissed shows it; --undo restores it; a promoted one → exit 4 (28)", async () => {
    const sb = sandbox();
    const id = prompt(sb.root, "s", "no, that is the wrong file");
    expect((await cli(["feedback", "dismiss", id, "--reason", "too vague"])).code).toBe(0);
    const status = readJson(join(sb.root, "feedback", "status.json"));
    expect(status.dismissed[id]).toEqual({ reason: "too vague", ts: "2026-06-13T18:10:00Z" });
    expect(status.promoted).toEqual({});
    expect(await listIds("--unpromoted")).toEqual([]);
    expect(await listIds("--unpromoted", "--include-dismissed")).toEqual([id]);
    expect((await cli(["feedback", "dismiss", id, "--undo"])).code).toBe(0);
    expect(await listIds("--unpromoted")).toEqual([id]);
    const reg = readLines(join(sb.root, "registry.jsonl")).filter((l) => l.event === "feedback_dismissed");
    expect(reg.map((l) => l.undone ?? false)).toEqual([false, true]);
    mkdirSync(join(sb.hub, "topics", "demo", "raw", "notes"), { recursive: true });
    expect((await cli(["feedback", "promote", id, "--topic", "demo"])).code).toBe(0);
    expect((await cli(["feedback", "dismiss", id])).code).toBe(4);
    expect((await cli(["feedback", "edit", id, "--lesson", "x"])).code).toBe(4);
    expect((await cli(["feedback", "dismiss", "fb-0000000000000000"])).code).toBe(3);
    const fbIndex = readJson(join(sb.root, "indexes", "feedback.json"));
    expect(fbIndex).toMatchObject({ candidate_count: 1, unpromoted_count: 0, unpromoted: [], dismissed: [] });
  });

  it("edit then promote: the note's summary and lesson are the edited text; preview lines quoted; metadata table (29)", async () => {
    const sb = sandbox();
    const id = prompt(sb.root, "s", "No, that is the wrong file; use config.json instead.");
    expect((await cli(["feedback", "edit", id, "--lesson", "Use config.json for hub settings."])).code).toBe(0);
    const show = await cli(["feedback", "show", id]);
    expect(show.stdout).toContain("lesson: Use config.json for hub settings.");
    expect(show.stdout).toContain("original lesson: User correction/redirection to remember:");
    mkdirSync(join(sb.hub, "topics", "demo", "raw", "notes"), { recursive: true });
    const r = await cli(["feedback", "promote", id, "--topic", "demo"]);
    expect(r.code).toBe(0);
    const note = readFileSync(r.stdout.trim(), "utf8");
    const fm = matter(note);
    expect(fm.data.summary).toBe("Use config.json for hub settings.");
    expect(fm.data.type).toBe("notes");
    expect(fm.data.tags).toEqual(["feedback", "feedback-candidate", "user-feedback", "correction", "demo"]);
    expect(fm.content).toContain("## Distilled Lesson\n\nUse config.json for hub settings.\n");
    const preview = fm.content.split("## Redacted User Feedback Preview\n\n")[1].split("\n\n")[0];
    for (const l of preview.split("\n")) expect(l.startsWith("> ")).toBe(true);
    expect(fm.content).toContain("| Feedback type | correction |");
    expect(r.stdout.trim().endsWith(`2026-06-13-feedback-correction-${id}.md`)).toBe(true);
    expect(readJson(join(sb.root, "feedback", "status.json")).promoted[id]).toMatchObject({ topic: "demo", path: r.stdout.trim() });
    expect((await cli(["feedback", "promote", id, "--topic", "demo"])).code).toBe(4);
  });

  it("a torn last line in candidates.jsonl: list works; the next candidate starts on a new line (31)", async () => {
    const sb = sandbox();
    const first = prompt(sb.root, "s", "no, not that one");
    appendFileSync(join(sb.root, "feedback", "candidates.jsonl"), '{"id": "fb-torn", "feedback_ty');
    expect(await listIds()).toEqual([first]);
    const second = prompt(sb.root, "s", "actually use the other branch", "t2");
    const lines = readFileSync(join(sb.root, "feedback", "candidates.jsonl"), "utf8").split("\n");
    expect(JSON.parse(lines[lines.length - 2]).id).toBe(second);
    expect(await listIds()).toEqual([second, first]);
  });

  it("feedback capture forces a candidate and prints its id", async () => {
    const sb = sandbox();
    const r = await cli(["feedback", "capture", "--text", "the docs build is slow", "--session-id", "m1", "--cwd", "/w"]);
    expect(r.code).toBe(0);
    const c = readLines(join(sb.root, "feedback", "candidates.jsonl"));
    expect(c.map((x) => [x.id, x.feedback_type, x.hook_event_name])).toEqual([[r.stdout.trim(), "manual", "ManualFeedback"]]);
  });
});

describe("rehydrate (30)", () => {
  it("selects by process cwd without flags, by sid or native id, by topic; limit 3; no match → exit 1", async () => {
    const sb = sandbox();
    const cwd = process.cwd();
    for (let i = 0; i < 5; i++) {
      process.env.OMP_SESSIONS_NOW = `2026-06-13T18:1${i}:00Z`;
      send(sb.root, { session_id: `here${i}`, hook_event_name: "Stop", cwd }, "codex");
    }
    send(sb.root, { session_id: "there", hook_event_name: "Stop", cwd: "/elsewhere" }, "claude");
    const r = await cli(["rehydrate"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toBe("llm-wiki session context: review these distilled session digests before continuing.");
    expect(lines.at(-1)).toBe("Do not treat session digests as canonical topic knowledge until promoted into a topic wiki.");
    expect(lines.slice(1, -1).map((l) => l.split(" — ")[0])).toEqual(["- codex:here4", "- codex:here3", "- codex:here2"]);
    expect(lines[1]).toMatch(/^- codex:here4 — Automated stop checkpoint for codex:here4 in .* Digest: \/.*codex-here4\.md$/);
    expect((await cli(["rehydrate", "--session-id", "there"])).stdout).toContain("- claude:there — ");
    expect((await cli(["rehydrate", "--session-id", "claude:there"])).stdout).toContain("- claude:there — ");
    expect((await cli(["rehydrate", "--cwd", "/elsewhere", "--limit", "1"])).stdout.trim().split("\n")).toHaveLength(3);
    const none = await cli(["rehydrate", "--topic", "demo"]);
    expect(none).toMatchObject({ code: 1, stdout: NO_MATCH + "\n" });
    mkdirSync(join(sb.hub, "topics", "demo", "raw", "notes"), { recursive: true });
    await cli(["promote", "here1", "--topic", "demo"]);
    expect((await cli(["rehydrate", "--topic", "demo"])).stdout).toContain("- codex:here1 — ");
  });
});
