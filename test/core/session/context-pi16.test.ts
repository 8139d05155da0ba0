// pi 1.6.0's context rules beyond what its fixture files show, on small
// paths. Each expectation is what pi 1.6.0's own buildSessionContext
// (@earendil-works/pi-coding-agent@1.6.0, dist/core/session-manager.js) gave
// for the same entries.
import { describe, expect, it } from "vitest";
import { contextOfPath } from "../../../src/core/session/tree/context.js";

type Obj = Record<string, unknown>;

/** A path of entries, each the child of the one before. */
function path(...specs: [string, Obj][]): Obj[] {
  let parent: string | null = null;
  return specs.map(([id, e], i) => {
    const out = { id, parentId: parent, timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), ...e };
    parent = id;
    return out;
  });
}
const msg = (role: string, content: unknown, extra: Obj = {}): Obj => ({ type: "message", message: { role, content, timestamp: 5, ...extra } });
const asst = (text: string): Obj => msg("assistant", [{ type: "text", text }], { provider: "p", model: "m", stopReason: "stop" });
const edit = (targetId: string, replacement: Obj | null): Obj => ({ type: "context_edit", targetId, replacement });
const shape = (messages: Obj[]) => messages.map((m) => [m.role, m.content ?? m.summary ?? null]);

describe("pi 1.6.0's context rules", () => {
  it("context edits: the latest edit of an entry wins, text given to an assistant or tool result becomes a block, null removes, summaries stay", () => {
    const ctx = contextOfPath(
      path(
        ["s1", msg("system", null, { sections: {} })],
        ["u1", msg("user", "hello")],
        ["a1", asst("hi")],
        ["t1", msg("toolResult", [{ type: "text", text: "out" }], { toolCallId: "c", toolName: "bash", isError: false })],
        ["cm", { type: "custom_message", customType: "x", content: "cc", display: true }],
        ["bs", { type: "branch_summary", fromId: "u1", summary: "sum" }],
        ["e1", edit("a1", { content: "new a" })],
        ["e2", edit("t1", { content: [{ type: "text", text: "arr" }] })],
        ["e3", edit("u1", { content: "x1" })],
        ["e4", edit("u1", { content: "x2" })],
        ["e5", edit("cm", { content: "new c" })],
        ["e6", edit("bs", { content: "no" })],
        ["e7", edit("s1", null)],
        ["u2", msg("user", "bye")],
        ["e8", edit("u2", {})],
        ["us", { type: "usage", kind: "cache_warm", provider: "p", model: "m", usage: {} }],
      ),
    );
    expect(shape(ctx.messages)).toEqual([
      ["user", "x2"],
      ["assistant", [{ type: "text", text: "new a" }]],
      ["toolResult", [{ type: "text", text: "arr" }]],
      ["custom", "new c"],
      ["branchSummary", "sum"],
      ["user", null],
    ]);
  });

  it("a system checkpoint without content gets an empty one", () => {
    const ctx = contextOfPath(path(["s1", msg("system", null, { sections: {} })]));
    expect(ctx.messages).toEqual([{ role: "system", content: "", sections: {}, timestamp: 5 }]);
  });

  it("compaction: its system message first; system messages, older compactions and edits before the kept range left out", () => {
    const ctx = contextOfPath(
      path(
        ["s1", msg("system", "sys1", { sections: {} })],
        ["u1", msg("user", "one")],
        ["e0", edit("u2", null)],
        ["u2", msg("user", "two")],
        ["c1", { type: "compaction", summary: "S1", firstKeptEntryId: "u1", tokensBefore: 10, systemMessage: { role: "system", content: "cs1", timestamp: 1 } }],
        ["s2", msg("system", "sys2", { sections: {} })],
        ["a1", asst("after")],
        ["c2", { type: "compaction", summary: "S2", firstKeptEntryId: "u2", tokensBefore: 20, systemMessage: { role: "system", content: "cs2", timestamp: 2 } }],
        ["e9", edit("c2", { content: "zz" })],
        ["u3", msg("user", "three")],
      ),
    );
    expect(shape(ctx.messages)).toEqual([
      ["system", "cs2"],
      ["compactionSummary", "S2"],
      ["user", "two"],
      ["assistant", [{ type: "text", text: "after" }]],
      ["user", "three"],
    ]);
    expect(ctx.compactionIndex).toBe(1);
  });

  it("a compaction keeping itself keeps nothing before it; an edit removing it removes its summary and system message", () => {
    const ctx = contextOfPath(
      path(
        ["u1", msg("user", "one")],
        ["c1", { type: "compaction", summary: "S1", firstKeptEntryId: "c1", tokensBefore: 10, systemMessage: { role: "system", content: "cs1", timestamp: 1 } }],
        ["e9", edit("c1", null)],
        ["u3", msg("user", "three")],
      ),
    );
    expect(shape(ctx.messages)).toEqual([["user", "three"]]);
    expect(ctx.compactionIndex).toBeUndefined();
  });
});
