// The generated summary of a branch being left: its size, the user's
// requests (first lines), files read and changed by tool calls, commands, and
// whether it ended in an error.
import { describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { abandonedBranch, autoSummary, planWrite } from "../../../src/core/session/write/index.js";
import { age, tempDir } from "./helpers.js";

const ts = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
const user = (id: string, parentId: string | null, text: string, n: number) => ({ type: "message", id, parentId, timestamp: ts(n), message: { role: "user", content: text, timestamp: n } });
const call = (name: string, args: Record<string, unknown>, i: number) => ({ type: "toolCall", id: `c${i}`, name, arguments: args });

function session(dir: string): string {
  const lines = [
    { type: "session", version: 3, id: "s1", timestamp: ts(0), cwd: "/p" },
    user("a0000001", null, "set up the project", 1),
    { type: "message", id: "a0000002", parentId: "a0000001", timestamp: ts(2), message: { role: "assistant", content: [{ type: "text", text: "done" }], provider: "p", model: "m", stopReason: "stop" } },
    user("b0000001", "a0000002", "Fix the CRLF parser\nIt breaks on Windows files.", 3),
    {
      type: "message",
      id: "b0000002",
      parentId: "b0000001",
      timestamp: ts(4),
      message: {
        role: "assistant",
        content: [call("read", { path: "src/lines.ts" }, 1), call("edit", { path: "src/parse.ts", oldText: "a", newText: "b" }, 2), call("bash", { command: "npm test -- lines" }, 3)],
        provider: "p",
        model: "m",
        stopReason: "toolUse",
      },
    },
    { type: "message", id: "b0000003", parentId: "b0000002", timestamp: ts(5), message: { role: "toolResult", toolCallId: "c3", toolName: "bash", content: [{ type: "text", text: "1 failed" }], isError: true } },
    { type: "label", id: "b0000004", parentId: "b0000003", timestamp: ts(6), targetId: "b0000001", label: "crlf" },
    user("b0000005", "b0000004", "try again", 7),
    { type: "message", id: "b0000006", parentId: "b0000005", timestamp: ts(8), message: { role: "assistant", content: [], provider: "p", model: "m", stopReason: "error", errorMessage: "overloaded_error: try later" } },
  ];
  const file = join(dir, "s.jsonl");
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  age(file);
  return file;
}

describe("generated branch summary", () => {
  it("covers the abandoned branch from the leaf back to the common ancestor, and nothing before it", async () => {
    const { dir, done } = tempDir();
    try {
      const s = await loadSession(session(dir));
      expect(abandonedBranch(s, "a0000002")).toEqual(["b0000001", "b0000002", "b0000003", "b0000004", "b0000005", "b0000006"]);
      expect(abandonedBranch(s, "b0000006")).toEqual([]);
      const { summary, details, facts } = await autoSummary(s, "a0000002");
      expect(facts).toMatchObject({ entries: 6, messages: 5, roles: { user: 2, assistant: 2, toolResult: 1 } });
      expect(summary).toContain("6 entries, 5 messages");
      expect(summary).toContain("- Fix the CRLF parser");
      expect(summary).not.toContain("It breaks on Windows");
      expect(summary).toContain("- try again");
      expect(summary).not.toContain("set up the project");
      expect(summary).toMatch(/Files changed there.*src\/parse\.ts/);
      expect(summary).toMatch(/Files read there: src\/lines\.ts/);
      expect(summary).toMatch(/Commands run there: npm test -- lines/);
      expect(summary).toMatch(/ended in an error: overloaded_error: try later/);
      expect(details).toEqual({ readFiles: ["src/lines.ts"], modifiedFiles: ["src/parse.ts"] });
    } finally {
      done();
    }
  });

  it("is empty when nothing is left behind (moving to the leaf's own path end)", async () => {
    const { dir, done } = tempDir();
    try {
      const s = await loadSession(session(dir));
      const plan = await planWrite(s, { op: "continue", targetId: s.leafId!, summary: { kind: "auto" } });
      expect(plan.entries[0].summary).toBe("");
      expect(plan.entries[0]).not.toHaveProperty("details");
    } finally {
      done();
    }
  });

  it("marks a summary with the flag key the file already uses for summaries", async () => {
    const { dir, done } = tempDir();
    try {
      const file = session(dir);
      const { appendFileSync } = await import("node:fs");
      appendFileSync(file, JSON.stringify({ type: "branch_summary", id: "c0000001", parentId: "a0000002", timestamp: ts(9), fromId: "a0000002", summary: "old", fromHook: false }) + "\n");
      const s = await loadSession(file);
      const plan = await planWrite(s, { op: "continue", targetId: "a0000001", summary: { kind: "text", text: "mine" } });
      expect(plan.entries[0]).toMatchObject({ fromHook: true });
      expect(plan.entries[0]).not.toHaveProperty("fromExtension");
      const none = await planWrite(s, { op: "continue", targetId: "a0000001", summary: { kind: "none" } });
      expect(none.entries[0]).not.toHaveProperty("fromHook");
    } finally {
      done();
    }
  });
});
