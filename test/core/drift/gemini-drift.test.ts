// Gemini CLI 0.61's chats (test/fixtures/agents-drift/gemini): a rewind and a
// compression (`$set` of `messages`, which replaces the list). The context at
// the session's leaf must be what Gemini's own loadConversationRecord +
// convertSessionToClientHistory rebuild (agents-drift/expected/*.gemini-own.json).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { buildContext } from "../../../src/core/session/tree/context.js";

const DRIFT = join(import.meta.dirname, "../../fixtures/agents-drift");
type Obj = Record<string, any>;
const norm = (t: unknown): string =>
  String(t ?? "")
    .replace(/\s+/g, " ")
    .trim();

/** Gemini's client history as one line per content: role and parts. */
function theirs(name: string): string[] {
  const own = JSON.parse(readFileSync(join(DRIFT, "expected", `${name}.gemini-own.json`), "utf8")) as Obj;
  return (own.clientHistory as Obj[]).map(({ content }) => {
    const parts = (content.parts as Obj[]).map((p) =>
      p.functionCall ? `call:${p.functionCall.name}` : p.functionResponse ? `response:${p.functionResponse.name}:${norm(p.functionResponse.response?.output)}` : p.thought ? `thought:${norm(p.text)}` : `text:${norm(p.text)}`,
    );
    return `${content.role} ${parts.join(" | ")}`;
  });
}

/** Our context in the same words (a tool result is the user's function response, as Gemini sends it). */
function ours(messages: Obj[]): string[] {
  return messages.map((m) => {
    const blocks = (typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content) as Obj[];
    if (m.role === "toolResult") return `user response:${m.toolName}:${norm(blocks.map((b) => b.text).join(""))}`;
    const parts = blocks.map((b) => (b.type === "toolCall" ? `call:${b.name}` : b.type === "thinking" ? `thought:${norm(b.thinking)}` : `text:${norm(b.text)}`));
    return `${m.role === "assistant" ? "model" : "user"} ${parts.join(" | ")}`;
  });
}

describe("Gemini CLI 0.61 drift samples", () => {
  for (const name of ["session-2026-12-03T14-51-7a1b2c3d", "session-2026-12-03T14-51-8b2c3d4e"]) {
    it(`${name}: the context is Gemini's own rebuilt history`, async () => {
      const s = await loadSession(join(DRIFT, "gemini", "tmp", "tide", "chats", `${name}.jsonl`));
      const ctx = await buildContext(s);
      expect(ours(ctx.messages as Obj[])).toEqual(theirs(name));
    });
  }

  it("a compression's replaced list is one line in the tree: no side branch", async () => {
    const s = await loadSession(join(DRIFT, "gemini", "tmp", "tide", "chats", "session-2026-12-03T14-51-8b2c3d4e.jsonl"));
    expect([...s.children.values()].filter((k) => k.length > 1)).toEqual([]);
    expect(s.roots.length).toBe(1);
    expect(s.entries.some((e) => e.type === "custom" && e.preview.includes("gemini_replace"))).toBe(true);
  });
});
