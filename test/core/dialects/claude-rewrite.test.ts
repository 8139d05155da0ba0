// Claude Code records a subagent's rows anew when the agent is resumed: its
// writer appends sidechain rows whether or not their uuid is in the file
// (2.1.72 appendEntry; 2.1.332's "dedup-transcript" policy skips a known uuid
// only for main-session rows), and the resume first loads the agent's chain
// and records it again from the top (insertMessageChain: each row's parent the
// row before it, a tool result's its call's message) with the row's own uuid
// and timestamp. A row off that chain (a progress line beside a result) is not
// written again. Claude Code's loader keeps one row per uuid, the later line
// (Map.set), so the tree takes the later line too; these files are made the
// way that writer makes them.
import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeDialect } from "../../../src/core/session/read/dialects/claude/index.js";
import { loadDialectSession } from "../../../src/core/session/tree/load-dialect.js";
import { summarizeSession } from "../../../src/core/session/list/summary.js";
import { buildContext } from "../../../src/core/session/tree/context.js";

const SID = "3e1f0c2a-0000-4000-8000-00000000beef";
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

type Row = Record<string, unknown> & { uuid: string; type: string };

let clock = Date.parse("2026-03-01T10:00:00.000Z");
const at = (): string => new Date((clock += 1000)).toISOString();
const user = (uuid: string, text: string): Row => ({ type: "user", uuid, timestamp: at(), message: { role: "user", content: text } });
const asst = (uuid: string, id: string, block: object): Row => ({
  type: "assistant",
  uuid,
  timestamp: at(),
  requestId: `req-${id}`,
  message: { id, role: "assistant", model: "claude-sonnet-4-5", content: [block], stop_reason: null, usage: { input_tokens: 5, output_tokens: 7 } },
});
const result = (uuid: string, call: string, from: string, text: string): Row => ({
  type: "user",
  uuid,
  timestamp: at(),
  sourceToolAssistantUUID: from,
  toolUseResult: { stdout: text },
  message: { role: "user", content: [{ type: "tool_result", tool_use_id: call, content: text }] },
});
const progress = (uuid: string, call: string): Row => ({ type: "progress", uuid, timestamp: at(), toolUseID: call, parentToolUseID: call, data: { type: "bash_progress", output: "…" } });

/** The lines insertMessageChain writes for `rows` after `parent` (the ambient fields first, the row's own over them). */
function chain(rows: Row[], parent: string | null, extra: object = {}): object[] {
  const out: object[] = [];
  let prev = parent;
  for (const r of rows) {
    const parentUuid = r.type === "user" && typeof r.sourceToolAssistantUUID === "string" ? r.sourceToolAssistantUUID : prev;
    out.push({ parentUuid, isSidechain: true, userType: "external", cwd: "/x", sessionId: SID, version: "2.1.72", agentId: "a7c0ffee", ...extra, ...r });
    prev = r.uuid;
  }
  return out;
}

/**
 * A subagent's first run (a call with its progress line beside the result),
 * then a resume: the chain to its newest row recorded again, and a new turn.
 */
function resumedAgent(extra: object = {}): { file: string; lines: object[] } {
  const u0 = user("u0", "Find the flaky test.");
  const a1 = asst("a1", "msg-1", { type: "text", text: "Looking." });
  const a2 = asst("a2", "msg-1", { type: "tool_use", id: "t1", name: "Bash", input: { command: "npm test" } });
  const p1 = progress("p1", "t1");
  const r1 = result("r1", "t1", "a2", "1 failing");
  const a3 = asst("a3", "msg-2", { type: "text", text: "cache.test.ts fails." });
  const first = chain([u0, a1, a2, p1, r1, a3], null);
  // p1 is beside r1 (both hang from a2), so the newest row's chain is u0 a1 a2 r1 a3
  const again = chain([u0, a1, a2, r1, a3], null, extra);
  const next = chain([user("u4", "Now fix it."), asst("a5", "msg-3", { type: "text", text: "Fixed." })], "a3");
  const lines = [...first, ...again, ...next];
  return { file: writeAgent(lines), lines };
}

/** The transcript of `lines` where Claude Code keeps a subagent's: `<project>/<session id>/subagents/agent-<id>.jsonl`. */
function writeAgent(lines: object[]): string {
  const root = mkdtempSync(join(tmpdir(), "omps-claude-rewrite-"));
  made.push(root);
  const dir = join(root, "projects", "-x", SID, "subagents");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "agent-a7c0ffee.jsonl");
  writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return file;
}

describe("a Claude Code subagent resumed (its history recorded again)", () => {
  it("draws one conversation: the rows written again take their later lines, the side line stays in line", async () => {
    const { file } = resumedAgent();
    const s = await loadDialectSession(file, claudeDialect);
    // one path, no branch: the progress line beside the result is in line before it, as in a file written once
    const branched = [...s.children.entries()].filter(([, kids]) => kids.length > 1);
    expect(branched).toEqual([]);
    expect(s.leafId).toBe("a5");
    const row = await summarizeSession(file);
    expect(row.branchCount).toBe(1);
    // the context is the resumed chain once, then the new turn
    const ctx = await buildContext(s);
    expect(ctx.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant", "user", "assistant"]);
  });

  it("a row written again as it was (same uuid and time) is no conflict: no duplicate-id warning; one that differs is", async () => {
    const { file } = resumedAgent();
    const s = await loadDialectSession(file, claudeDialect);
    expect(s.warnings.filter((w) => w.message.startsWith("duplicate id"))).toEqual([]);
    // a later 2.1.1xx writes the copy with its own ambient fields (slug, version): still the same row
    const slugged = await loadDialectSession(resumedAgent({ slug: "quiet-fox", version: "2.1.143" }).file, claudeDialect);
    expect(slugged.warnings.filter((w) => w.message.startsWith("duplicate id"))).toEqual([]);
    // a line reusing a uuid at another time is another record: warned of, the later line wins
    const { lines } = resumedAgent();
    const clash = { ...(lines[0] as Row), timestamp: "2026-03-02T00:00:00.000Z", message: { role: "user", content: "Something else." } };
    const c = await loadDialectSession(writeAgent([...lines, clash]), claudeDialect);
    expect(c.warnings.filter((w) => w.message.startsWith("duplicate id u0:")).length).toBeGreaterThan(0);
    expect(c.warnings.filter((w) => w.message.startsWith("duplicate id") && !w.message.startsWith("duplicate id u0:"))).toEqual([]);
  });
});
