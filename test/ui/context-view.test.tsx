// The context view of an omp session: what omp adds (model per role, mode,
// TTSR rules) and the turns omp's rule leaves out, drawn where they were.
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";

let m: Mounted | null = null;
const dirs: string[] = [];
afterEach(() => {
  m?.unmount();
  m = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function ompSession(): string {
  const dir = mkdtempSync(join(tmpdir(), "omp-ctxview-"));
  dirs.push(dir);
  let i = 0;
  let parent: string | null = null;
  const entry = (e: Record<string, unknown>) => {
    i++;
    const id = `a${String(i).padStart(7, "0")}`;
    const full = { id, parentId: parent, timestamp: new Date(Date.UTC(2026, 3, 1, 9, 0, i)).toISOString(), ...e };
    parent = id;
    return full;
  };
  const lines = [
    { type: "session", version: 3, id: "s-view", timestamp: "2026-04-01T09:00:00.000Z", cwd: "/p", title: "view test", titleSource: "user" },
    entry({ type: "model_change", model: "anthropic/claude-opus-4-5" }),
    entry({ type: "model_change", model: "google/gemini-3-flash", role: "smol" }),
    entry({ type: "mode_change", mode: "plan", data: { planFile: "PLAN.md" } }),
    entry({ type: "message", message: { role: "user", content: "fix the parser" } }),
    entry({ type: "ttsr_injection", injectedRules: ["no-console-log"] }),
    entry({ type: "message", message: { role: "assistant", provider: "anthropic", model: "claude-opus-4-5", stopReason: "aborted", content: [{ type: "toolCall", id: "call-1", name: "read", arguments: { path: "src/p.ts" } }] } }),
    entry({ type: "message", message: { role: "toolResult", toolCallId: "call-1", toolName: "read", content: [{ type: "text", text: "aborted" }], isError: true } }),
    entry({ type: "message", message: { role: "user", content: "try again please" } }),
    entry({ type: "message", message: { role: "assistant", provider: "anthropic", model: "claude-opus-4-5", stopReason: "stop", content: [{ type: "text", text: "done now" }] } }),
  ];
  const file = join(dir, "2026-04-01T09-00-00-000Z_s-view.jsonl");
  writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return file;
}

describe("context view of an omp session", () => {
  it("c shows the models per role, the mode, the TTSR rules, and the aborted turn and its result as left out", async () => {
    m = await mount({ file: ompSession(), height: 40 });
    await m.press("G");
    await m.press("c");
    const frame = await m.waitFor((f) => f.includes("── context") && f.includes("TTSR rules injected"), "context view");
    expect(frame).toContain("models: default anthropic/claude-opus-4-5 · smol google/gemini-3-flash");
    expect(frame).toContain('mode: plan {"planFile":"PLAN.md"}');
    expect(frame).toContain("TTSR rules injected: no-console-log");
    expect(frame).toMatch(/✗ left out: assistant a0000006 — an aborted turn/);
    expect(frame).toMatch(/✗ left out: toolResult a0000007 — the result of a left-out turn/);
    // Drawn where they were: after the first request, before the second.
    const lines = frame.split("\n");
    const at = (s: string) => lines.findIndex((l) => l.includes(s));
    expect(at("   1 user: fix the parser")).toBeGreaterThan(at("── context"));
    expect(at("   1 user: fix the parser")).toBeLessThan(at("an aborted turn"));
    expect(at("the result of a left-out turn")).toBeLessThan(at("   2 user: try again please"));
    expect(frame).toContain("3 messages");
    await m.press(KEYS.escape);
    await m.waitFor((f) => !f.includes("── context"), "context closed");
  });
});

describe("context view: wrapped messages", () => {
  it("a message too long for one line goes on under its role, not under its number (items 1-9 and 10+ alike)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "omp-ctxwrap-"));
    dirs.push(dir);
    const lines: Record<string, unknown>[] = [{ type: "session", version: 3, id: "s-wrap", timestamp: "2026-04-01T09:00:00.000Z", cwd: "/p" }];
    let parent: string | null = null;
    for (let i = 1; i <= 12; i++) {
      const id = `w${String(i).padStart(7, "0")}`;
      const role = i % 2 ? "user" : "assistant";
      const words = Array.from({ length: 14 }, (_, k) => `word${i}x${k}`).join(" ");
      const content = role === "user" ? words : [{ type: "text", text: words }];
      lines.push({ type: "message", id, parentId: parent, timestamp: new Date(Date.UTC(2026, 3, 1, 9, 0, i)).toISOString(), message: { role, content } });
      parent = id;
    }
    const file = join(dir, "2026-04-01T09-00-00-000Z_s-wrap.jsonl");
    writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
    m = await mount({ file, width: 70, height: 70 });
    await m.press("G");
    await m.press("c");
    const frame = await m.waitFor((f) => f.includes("12 assistant: word12x0"), "the context's last message");
    const body = frame.split("\n");
    for (const n of [1, 9, 10, 12]) {
      const at = body.findIndex((l) => new RegExp(`^\\s+${n} (user|assistant): word${n}x0 `).test(l));
      expect(at, `message ${n}`).toBeGreaterThan(0);
      const textCol = body[at].indexOf(`word${n}x0`) - (n % 2 ? "user: " : "assistant: ").length;
      // The next line is the same message going on: it starts where the role does.
      const next = body[at + 1];
      expect(next.length - next.trimStart().length, `message ${n}: ${body[at]}\n${next}`).toBe(textCol);
      expect(next.trimStart()).toMatch(new RegExp(`^word${n}x`));
    }
  });
});
