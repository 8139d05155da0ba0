// The shapes Codex's newest rollouts persist beside the ones read since 0.1xx
// (test/fixtures/agents-drift/codex/sessions/2026/12/04, a made rollout in
// 0.171.0's line format): tool search, added tools, image generation, another
// agent's messages and a context compaction are read as what the model saw;
// goal, subagent, guardian, image and plan events are kept with a readable
// line; none is reported unknown, and the figures are those of the token counts.
import { describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { buildContext } from "../../../src/core/session/tree/context.js";
import { readSessionFigures } from "../../../src/core/stats/read-session.js";
import { makePricer } from "../../../src/core/stats/prices.js";
import type { PriceOverrides } from "../../../src/core/stats/price-overrides.js";
import { runCli } from "../../helpers/run-cli.js";

const HOME = join(import.meta.dirname, "../../fixtures/agents-drift/codex");
const ID = "01a2f0a0-1a2b-7c3d-8e4f-000000000171";
const ROLLOUT = join(HOME, `sessions/2026/12/04/rollout-2026-12-04T09-00-00-${ID}.jsonl`);
const noOverrides: PriceOverrides = { rates: new Map(), stamp: "none", error: null, path: "" };

type Obj = Record<string, any>;
const textOf = (content: unknown): string => (Array.isArray(content) ? content.map((b: Obj) => (b.type === "text" ? b.text : b.type === "image" ? "[image]" : "")).join("") : "");

describe("Codex's newest persisted shapes", () => {
  it("tree rows: each shape reads as what it is, none as [unknown: …]", async () => {
    const s = await loadSession(ROLLOUT);
    expect(s.entries.map((e) => `${e.id} ${e.summary}`)).toEqual([
      "c2 [model: openai/gpt-5.4]",
      "c2.1 [thinking: medium]",
      "c3 user: Find a tool that reads tide tables, then draw December's tide chart.",
      "c4 [tool_search: tide tables]",
      "c7 [tool_search result] tools found: read_tides, charts.plot",
      "c8 [codex_additional_tools] tools added: read_tides, charts.plot",
      "c9 assistant: [image] Here is December's tide chart. [image_generation: A line chart of December's two daily high tides at the harb…]",
      "c10 [custom: codex_image_generation_end] image generated: A line chart of December's two daily high tides at the harbour (saved to /home/dev/.codex/generated_images/ig_1.png)",
      "c13 [custom: codex_item_completed] plan: 1. Read the tide table 2. Draw the chart",
      "c15 [custom: codex_thread_goal_updated] goal active: Chart the harbour tides for December",
      "c17 user: Have a helper check the tide data for gaps.",
      "c18 [spawn_agent: Check the tide data for gaps]",
      "c19 [custom: codex_collab_agent_spawn_end] spawned Hooke (01a2f0a1-2b3c-7d4e-8f50-0000000000b1): Check the tide data for gaps [pending_init]",
      'c21 [spawn_agent result] {"agent_id": "01a2f0a1-2b3c-7d4e-8f50-0000000000b1", "nickname": "Hooke"}',
      "c22 [custom: codex_sub_agent_activity] subagent /root/hooke started",
      "c25 [custom: codex_collab_waiting_end] waited for agent — Hooke: completed: Two gaps: Dec 9 and Dec 21.",
      "c26 [codex_agent_message] Two gaps: Dec 9 and Dec 21.",
      "c27 [codex_inter_agent_communication_metadata]",
      "c28 [codex_agent_message] Done; closing.",
      "c29 [custom: codex_guardian_assessment] guardian approved (risk: low): Reading a local file the user asked about.",
      "c30 [custom: codex_collab_agent_interaction_end] sent to Hooke: Fill the Dec 9 gap from the backup [running]",
      "c31 [custom: codex_collab_close_end] closed Hooke [shutdown]",
      "c32 [custom: codex_collab_resume_end] resumed Hooke [running]",
      "c33 [custom: codex_model_reroute] model rerouted: gpt-5.4 → gpt-5.4-mini (high_risk_cyber_activity)",
      "c34 [custom: codex_item_completed] slept 1.5s",
      "c35 [compaction: 330 tokens]",
      "c36 user: Summarise the gaps.",
      "c37 assistant: December has two gaps: the 9th and the 21st.",
    ]);
    expect(s.entries.some((e) => e.summary.startsWith("[unknown"))).toBe(false);
    expect(s.unknownShapes ?? []).toEqual([]);
  });

  it("context: what the model saw before the compaction, and after it", async () => {
    const s = await loadSession(ROLLOUT);
    const before = (await buildContext(s, "c34")).messages as Obj[];
    expect(before.map((m) => `${m.role}${m.customType ? ` ${m.customType}` : ""}: ${textOf(m.content)}`)).toEqual([
      "user: Find a tool that reads tide tables, then draw December's tide chart.",
      "assistant: ",
      "toolResult: tools found: read_tides, charts.plot",
      "custom codex_additional_tools: tools added: read_tides, charts.plot",
      "assistant: [image]Here is December's tide chart.",
      "user: Have a helper check the tide data for gaps.",
      "assistant: ",
      'toolResult: {"agent_id": "01a2f0a1-2b3c-7d4e-8f50-0000000000b1", "nickname": "Hooke"}',
      "custom codex_agent_message: Two gaps: Dec 9 and Dec 21.",
      "custom codex_agent_message: Done; closing.",
    ]);
    // A tool search is a call and its answer, paired by call_id; Codex ran it (a stop for a tool).
    expect(before[1].content).toContainEqual({ type: "toolCall", id: "call_TS1", name: "tool_search", arguments: { query: "tide tables" } });
    expect(before[1].stopReason).toBe("toolUse");
    expect(before[2]).toMatchObject({ toolCallId: "call_TS1", toolName: "tool_search", isError: false });
    // The tools added are Codex's own context, hidden from the user.
    expect(before[3].display).toBe(false);
    // The image is the assistant's: the call with its revised prompt and the picture; made at the provider (no stop).
    expect(before[4].content[0]).toMatchObject({ type: "toolCall", id: "ig_1", name: "image_generation", arguments: { revised_prompt: "A line chart of December's two daily high tides at the harbour" } });
    expect(before[4].content[1]).toMatchObject({ type: "image", mimeType: "image/png" });
    expect(before[4].stopReason).toBe("stop");
    // Another agent's message, new item or older line: the author and recipient with the text.
    expect(before[8]).toMatchObject({ author: "/root/hooke", recipient: "/root", display: true });
    expect(before[9]).toMatchObject({ author: "/root/hooke", recipient: "/root" });
    const after = (await buildContext(s)).messages as Obj[];
    expect(after.map((m) => m.role)).toEqual(["compactionSummary", "user", "assistant"]);
    expect(after[0]).toMatchObject({ summary: "", encrypted: true });
  });

  it("an image's end event keeps its saved path, not the picture again", async () => {
    const s = await loadSession(ROLLOUT);
    const [obj] = await (await import("../../../src/core/session/read/entry.js")).readEntries(s, [s.byId.get("c10")!]);
    expect((obj.data as Obj).saved_path).toBe("/home/dev/.codex/generated_images/ig_1.png");
    expect((obj.data as Obj).result).toBeUndefined();
  });

  it("a rollback counts another agent's message as a turn, as Codex does", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codex-agent-rollback-"));
    const ts = "2026-12-04T10:00:00.000Z";
    const f = join(dir, "rollout-2026-12-04T10-00-00-0199a1b2-0000-7000-8000-0000000000ab.jsonl");
    const lines = [
      { timestamp: ts, type: "session_meta", payload: { id: "0199a1b2-0000-7000-8000-0000000000ab", timestamp: ts, cwd: "/w", cli_version: "0.171.0" } },
      { timestamp: ts, type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: "first" }] } },
      { timestamp: ts, type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "one" }] } },
      { timestamp: ts, type: "response_item", payload: { type: "agent_message", author: "/root/a", recipient: "/root", content: [{ type: "input_text", text: "from a" }] } },
      { timestamp: ts, type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "two" }] } },
      { timestamp: ts, type: "event_msg", payload: { type: "thread_rolled_back", num_turns: 1 } },
      { timestamp: ts, type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: "again" }] } },
    ];
    writeFileSync(f, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const s = await loadSession(f);
    const ctx = (await buildContext(s)).messages as Obj[];
    expect(ctx.map((m) => textOf(m.content))).toEqual(["first", "one", "again"]);
  });

  it("doctor: a Codex home holding the rollout reports nothing unrecognised", async () => {
    const dir = mkdtempSync(join(tmpdir(), "omps-codex-doctor-"));
    const codexHome = join(dir, "codex");
    mkdirSync(codexHome);
    cpSync(join(HOME, "sessions/2026/12/04"), join(codexHome, "sessions/2026/12/04"), { recursive: true });
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: dir, CODEX_HOME: codexHome, OMP_SESSIONS_CACHE_DIR: join(dir, "cache"), XDG_CONFIG_HOME: join(dir, "config"), XDG_DATA_HOME: join(dir, "data") };
    for (const k of ["CLAUDE_CONFIG_DIR", "GEMINI_CLI_HOME", "PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR"]) delete env[k];
    const r = await runCli(["doctor"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Every record of every session was recognised.");
    // A shape no reader knows, beside them, is still named.
    const f = join(codexHome, `sessions/2026/12/04/rollout-2026-12-04T09-00-00-${ID}.jsonl`);
    writeFileSync(f, readFileSync(f, "utf8") + JSON.stringify({ timestamp: "2026-12-04T09:02:00.000Z", type: "event_msg", payload: { type: "tachyon_burst" } }) + "\n");
    const r2 = await runCli(["doctor"], { env });
    expect(r2.stdout).toContain('event_msg "tachyon_burst"');
    expect(r2.stdout).toContain("Codex 0.171.0");
  });

  it("stats: the figures are the token counts' — the new shapes add and move none", async () => {
    const pricer = await makePricer(noOverrides);
    const f = (await readSessionFigures(ROLLOUT, pricer))!;
    expect(f.total).toMatchObject({ input: 900, cacheRead: 100, output: 120, calls: 4 });
    // The same rollout without any of the new shapes: the same figures.
    const NEW = new Set(["tool_search_call", "tool_search_output", "additional_tools", "image_generation_call", "agent_message", "context_compaction", "inter_agent_communication", "inter_agent_communication_metadata"]);
    const bare = readFileSync(ROLLOUT, "utf8")
      .split("\n")
      .filter((l) => {
        if (!l) return false;
        const o = JSON.parse(l) as Obj;
        return !NEW.has(o.type) && !NEW.has(o.payload?.type) && !(o.type === "event_msg" && o.payload?.type !== "token_count" && o.payload?.type !== "user_message");
      });
    const dir = mkdtempSync(join(tmpdir(), "codex-bare-"));
    const copy = join(dir, `rollout-2026-12-04T09-00-00-${ID}.jsonl`);
    writeFileSync(copy, bare.join("\n") + "\n");
    const g = (await readSessionFigures(copy, pricer))!;
    expect(g.total).toEqual(f.total);
  });
});
