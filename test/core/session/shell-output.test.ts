// Codex's older shell output (JSON the model saw) shown unwrapped in the tree's
// preview (the entry's detail: test/ui/format.test.ts).
import { describe, expect, it } from "vitest";
import { shellOutputHead, unwrapShellOutput } from "../../../src/core/session/text/shell-output.js";
import { describeEntry, toolArg } from "../../../src/core/session/tree/describe.js";
import { parseLine, parseRecord } from "../../../src/core/session/read/parse-line.js";

const wrapped = (output: string, exit = 1): string => JSON.stringify({ output, metadata: { exit_code: exit, duration_seconds: 2.4 } });
const resultLine = (text: string): Buffer =>
  Buffer.from(JSON.stringify({ type: "message", id: "r1", parentId: "a1", timestamp: "2025-08-01T10:00:03.000Z", message: { role: "toolResult", toolCallId: "call_1", toolName: "shell", content: [{ type: "text", text }], isError: true } }));

describe("Codex's wrapped shell output", () => {
  const out = "\u001b[1m\u001b[32m✓\u001b[39m\u001b[22m test/a.test.ts\n\u001b[31m✗ test/b.test.ts\u001b[39m\n  expected 1 to be 2";

  it("unwraps exactly {output, metadata} and nothing else", () => {
    expect(unwrapShellOutput(wrapped(out))).toEqual({ output: out, exitCode: 1, seconds: 2.4 });
    expect(unwrapShellOutput(JSON.stringify({ output: "x", metadata: {}, more: 1 }))).toBeNull();
    expect(unwrapShellOutput(JSON.stringify({ output: 3, metadata: {} }))).toBeNull();
    expect(unwrapShellOutput(JSON.stringify({ output: "x" }))).toBeNull();
    expect(unwrapShellOutput('{"output":"not closed')).toBeNull();
    expect(unwrapShellOutput("plain text")).toBeNull();
  });

  it("decodes the output's beginning from any cut of the text, each cut a prefix of the whole", () => {
    const text = wrapped(`a "quoted" path C:\\dir\ttab \u00e9 \ud83d\ude80 ${out}`);
    const whole = shellOutputHead(text)!;
    expect(whole).toBe(`a "quoted" path C:\\dir\ttab \u00e9 \ud83d\ude80 ${out}`);
    for (let n = 0; n <= text.length; n++) {
      const head = shellOutputHead(text.slice(0, n));
      if (n < 11) expect(head).toBeNull();
      else expect(whole.startsWith(head!), `cut at ${n}`).toBe(true);
    }
    expect(shellOutputHead('{"output":"bad \\q escape"}')).toBe("bad ");
    expect(shellOutputHead('{"other":"x"}')).toBeNull();
  });

  it("the tree shows the output, not its JSON, the same from the cut parse and the full one", () => {
    // long enough for the tree's parse to cut the text (over 4 KB), colours straddling the cut
    const long = wrapped(out + "\n" + "\u001b[33mwarn\u001b[0m line\n".repeat(400));
    const line = resultLine(long);
    const full = describeEntry(parseRecord(line, 0, line.length) as Record<string, unknown>);
    const fast = describeEntry(parseLine(line, 0, line.length) as Record<string, unknown>);
    expect(fast).toEqual(full);
    expect(full.preview.startsWith("✓ test/a.test.ts ✗ test/b.test.ts expected 1 to be 2 warn line warn line")).toBe(true);
    expect(full.summary.startsWith("[shell error] ✓ test/a.test.ts")).toBe(true);
    expect(full.preview).not.toMatch(/␛|\\u001b|"output"/);
  });

  it("a call's argv shows as the command it runs", () => {
    expect(toolArg("shell", { command: ["bash", "-lc", "npm test"] })).toBe("npm test");
    expect(toolArg("shell", { command: ["git", "status", "--short"] })).toBe("git status --short");
    expect(toolArg("shell", { command: "ls -la" })).toBe("ls -la");
  });
});
