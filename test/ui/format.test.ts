import { describe, expect, it } from "vitest";
import { wrapLines } from "../../src/ui/format/lines.js";
import { displayWidth, fitWidth } from "../../src/ui/format/width.js";
import { entryDetailLines } from "../../src/ui/format/entry-detail.js";
import { contextLines } from "../../src/ui/format/context-lines.js";
import { describeEntry } from "../../src/core/session/index.js";

describe("text fitting", () => {
  it("counts wide characters as two columns", () => {
    expect(displayWidth("abc")).toBe(3);
    expect(displayWidth("日本語")).toBe(6);
    expect(displayWidth("🚀x")).toBe(3);
  });

  it("cuts to a column width with an ellipsis, never past it", () => {
    expect(fitWidth("hello world", 5)).toBe("hell…");
    const cut = fitWidth("日本語日本語", 7);
    expect(displayWidth(cut)).toBeLessThanOrEqual(7);
    expect(cut.endsWith("…")).toBe(true);
    expect(fitWidth("ab", 4, true)).toBe("ab  ");
  });

  it("wraps lines by columns", () => {
    const out = wrapLines([{ text: "日本語".repeat(10) }], 10);
    for (const l of out) expect(displayWidth(l.text)).toBeLessThanOrEqual(10);
    expect(out.map((l) => l.text).join("")).toBe("日本語".repeat(10));
  });

  it("breaks a long path after a slash, a word at a space, a token with neither mid-way", () => {
    const path = wrapLines([{ text: " file /tmp/ui1/codex/sessions/2025/08/01/rollout-2025-08-01T10-00-00-0198a1b2.jsonl:4" }], 48).map((l) => l.text);
    expect(path[0]).toBe(" file /tmp/ui1/codex/sessions/2025/08/01/");
    expect(path[1]).toBe(" rollout-2025-08-01T10-00-00-0198a1b2.jsonl:4");
    expect(wrapLines([{ text: "one two three four" }], 10).map((l) => l.text)).toEqual(["one two", "three four"]);
    expect(wrapLines([{ text: "x".repeat(25) }], 10).map((l) => l.text)).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });
});

describe("entry detail", () => {
  it("shows text, thinking, tool calls with arguments and usage of an assistant turn", () => {
    const lines = entryDetailLines({
      type: "message",
      id: "a1",
      parentId: "u1",
      timestamp: "2026-01-01T00:00:00Z",
      message: {
        role: "assistant",
        provider: "p",
        model: "m",
        content: [
          { type: "thinking", thinking: "let me look" },
          { type: "text", text: "Reading it.\nSecond line" },
          { type: "toolCall", id: "c1", name: "read", arguments: { path: "src/x.ts" } },
        ],
        usage: { input: 1200, output: 30, cacheRead: 0, cacheWrite: 0, totalTokens: 1230, cost: { total: 0.0123 } },
        stopReason: "toolUse",
      },
    }).map((l) => l.text);
    const text = lines.join("\n");
    expect(text).toContain("assistant  p/m");
    expect(text).toContain("let me look");
    expect(lines).toContain("  Second line");
    expect(text).toContain("→ read");
    // One argument per line, name: value (a text argument's own newlines are real lines).
    expect(lines).toContain("    path: src/x.ts");
    expect(text).toContain("usage: in 1,200 · out 30");
    expect(text).toContain("cost $0.0123");
  });

  it("says a recorded cost of 0 with tokens spent was not recorded, never $0.0000 (stats prices such a call)", () => {
    const detail = (cost: number, output: number) =>
      entryDetailLines({
        type: "message",
        id: "a",
        message: { role: "assistant", provider: "p", model: "m", content: [{ type: "text", text: "x" }], usage: { input: 0, output, cacheRead: 0, cacheWrite: 0, totalTokens: output, cost: { total: cost } } },
      })
        .map((l) => l.text)
        .join("\n");
    expect(detail(0, 30)).toContain("cost not recorded");
    expect(detail(0, 30)).not.toContain("$0.0000");
    // nothing spent, nothing owed: a real $0
    expect(detail(0, 0)).toContain("cost $0.0000");
  });

  it("makes control characters in the entry inert", () => {
    const lines = entryDetailLines({ type: "message", id: "u", message: { role: "user", content: "a\u001b[2Jb\u0007" } });
    for (const l of lines) expect(l.text).not.toMatch(/[\u0000-\u001f]/);
    expect(lines.map((l) => l.text).join("")).toContain("␛[2Jb␇");
  });

  it("drops colour sequences from a tool's output, keeping its text", () => {
    const lines = entryDetailLines({ type: "message", id: "r", message: { role: "toolResult", toolName: "bash", content: [{ type: "text", text: "\u001b[1;32mPASS\u001b[0m all" }] } });
    expect(lines.map((l) => l.text)).toContain("  PASS all");
  });

  it("shows Codex's wrapped shell output unwrapped, the exit code apart", () => {
    const out = "\u001b[32m✓\u001b[39m test/a.test.ts\n\u001b[31m✗ test/b.test.ts\u001b[39m\n  expected 1 to be 2";
    const result = (text: string) => ({ type: "message", id: "r1", message: { role: "toolResult", toolCallId: "call_1", toolName: "shell", content: [{ type: "text", text }], isError: true } });
    const lines = entryDetailLines(result(JSON.stringify({ output: out, metadata: { exit_code: 1, duration_seconds: 2.4 } }))).map((l) => l.text);
    expect(lines).toContain("  ✓ test/a.test.ts");
    expect(lines).toContain("  ✗ test/b.test.ts");
    expect(lines).toContain("    expected 1 to be 2");
    expect(lines.some((l) => l.startsWith("exit 1 · 2.4 s"))).toBe(true);
    expect(lines.join("\n")).not.toMatch(/"output"|␛/);
    // a result that is not exactly the wrapper keeps its text as it is
    const plain = entryDetailLines(result('{"output":"x","other":1}')).map((l) => l.text);
    expect(plain).toContain('  {"output":"x","other":1}');
  });

  it("shows unknown entry types as their JSON", () => {
    const text = entryDetailLines({ type: "mystery", id: "x", payload: { k: 1 } })
      .map((l) => l.text)
      .join("\n");
    expect(text).toContain("mystery");
    expect(text).toContain('"k": 1');
  });
});

describe("context view", () => {
  it("draws the compaction boundary before the kept messages", () => {
    const lines = contextLines({
      leafId: "z",
      thinkingLevel: "high",
      model: { provider: "p", modelId: "m" },
      messages: [
        { role: "compactionSummary", summary: "earlier work", tokensBefore: 42000, timestamp: 1 },
        { role: "user", content: "next" },
        { role: "assistant", content: [{ type: "text", text: "ok" }] },
      ],
    }).map((l) => l.text);
    const i = lines.findIndex((l) => l.includes("compaction boundary"));
    expect(i).toBeGreaterThan(0);
    expect(lines[i]).toContain("42k tokens");
    expect(lines.findIndex((l) => l.includes("user: next"))).toBeGreaterThan(i);
    expect(lines[0]).toContain("3 messages · p/m · thinking high");
  });

  it("says of an assistant message without text what the tree's row says (one answer)", () => {
    const wordless = [[], [{ type: "thinking", thinking: "check the parser first" }], [{ type: "thinking", thinking: "", redacted: true }]];
    const lines = contextLines({ leafId: "z", thinkingLevel: "off", model: null, messages: wordless.map((content) => ({ role: "assistant", content })) }).map((l) => l.text);
    const rows = wordless.map((content, i) => describeEntry({ type: "message", id: `a${i}`, parentId: null, timestamp: "2026-01-01T00:00:00.000Z", message: { role: "assistant", content } }).summary);
    expect(rows).toEqual(["assistant: (no text)", "assistant: [thinking] check the parser first", "assistant: [thinking, hidden by the provider]"]);
    rows.forEach((row, i) => expect(lines.find((l) => l.startsWith(`${String(i + 1).padStart(4)} `))).toBe(`${String(i + 1).padStart(4)} ${row}`));
  });
});
