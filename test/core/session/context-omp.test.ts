// omp's own context rule (docs/session-format.md §6a, §6b) on the cases the agents'
// fixtures do not reach: /clear boundaries, provider-native compactions, the
// context rollover, failed turns and their results, and blob references.
import { describe, it, expect, afterEach } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ompContextOfPath } from "../../../src/core/session/tree/context-omp.js";
import { buildContext } from "../../../src/core/session/tree/context.js";
import { loadSession } from "../../../src/core/session/tree/load.js";

type Obj = Record<string, unknown>;

let n = 0;
const ts = () => new Date(Date.UTC(2026, 3, 1, 9, 0, n)).toISOString();
function chain(...entries: Obj[]): Obj[] {
  n = 0;
  let parent: string | null = null;
  return entries.map((e) => {
    n++;
    const full = { id: `e${n}`, parentId: parent, timestamp: ts(), ...e };
    parent = full.id as string;
    return full;
  });
}
const user = (text: string): Obj => ({ type: "message", message: { role: "user", content: text } });
const asst = (content: unknown[], extra: Obj = {}): Obj => ({ type: "message", message: { role: "assistant", content, provider: "anthropic", model: "claude", stopReason: "stop", ...extra } });
const text = (t: string) => ({ type: "text", text: t });
const call = (id: string) => ({ type: "toolCall", id, name: "read", arguments: {} });
const result = (id: string): Obj => ({ type: "message", message: { role: "toolResult", toolCallId: id, toolName: "read", content: [text("ok")], isError: false } });
const roles = (ms: Obj[]) => ms.map((m) => (m.role === "user" || m.role === "assistant" ? `${String(m.role)}:${JSON.stringify(m.content)}` : String(m.role)));

describe("omp context: settings", () => {
  it("models per role, the default fixed once chosen, mode with its data, TTSR rules once each", () => {
    const path = chain(
      asst([text("a")], { provider: "openai", model: "gpt" }),
      { type: "model_change", model: "anthropic/claude-opus", role: "default" },
      { type: "model_change", model: "google/gemini", role: "smol" },
      { type: "model_change", provider: "x", modelId: "y" },
      asst([text("b")], { provider: "other", model: "m" }),
      { type: "mode_change", mode: "plan", data: { planFile: "p.md" } },
      { type: "ttsr_injection", injectedRules: ["no-any", "tests"] },
      { type: "ttsr_injection", injectedRules: ["tests", "docs"] },
      { type: "thinking_level_change", thinkingLevel: null, configured: "auto" },
      { type: "service_tier_change", serviceTier: "claude-only" },
    );
    const c = ompContextOfPath(path);
    expect(c.models).toEqual({ default: "anthropic/claude-opus", smol: "google/gemini" });
    expect(c.model).toEqual({ provider: "anthropic", modelId: "claude-opus" });
    expect(c.mode).toBe("plan");
    expect(c.modeData).toEqual({ planFile: "p.md" });
    expect(c.injectedTtsrRules).toEqual(["no-any", "tests", "docs"]);
    expect(c.thinkingLevel).toBe("off");
    expect(c.configuredThinkingLevel).toBe("auto");
    expect(c.serviceTier).toEqual({ anthropic: "priority" });
  });

  it("a mode change without data leaves modeData absent; a model without a slash is provider and id", () => {
    const c = ompContextOfPath(chain({ type: "mode_change", mode: "plan", data: { a: 1 } }, { type: "mode_change", mode: "none" }, { type: "model_change", model: "local" }));
    expect("modeData" in c).toBe(false);
    expect(c.model).toEqual({ provider: "local", modelId: "local" });
  });
});

describe("omp context: which entries are sent", () => {
  it("a /clear boundary after the last compaction: only what follows it, not even the summary", () => {
    const path = chain(user("old"), { type: "compaction", summary: "S", firstKeptEntryId: "e1", tokensBefore: 10 }, user("mid"), { type: "reset_boundary" }, user("new"));
    const c = ompContextOfPath(path);
    expect(roles(c.messages)).toEqual(['user:"new"']);
    expect(c.resetBoundaryId).toBe("e4");
    expect(c.compactionIndex).toBeUndefined();
  });

  it("a compaction after the boundary wins; kept entries from firstKeptEntryId", () => {
    const path = chain(user("a"), { type: "reset_boundary" }, user("b"), user("c"), { type: "compaction", summary: "S", firstKeptEntryId: "e4", tokensBefore: 10, shortSummary: "s", tokensAfter: 3 }, user("d"));
    const c = ompContextOfPath(path);
    expect(c.messages[0]).toEqual({ role: "compactionSummary", summary: "S", shortSummary: "s", tokensBefore: 10, tokensAfter: 3, timestamp: Date.parse(path[4].timestamp as string) });
    expect(roles(c.messages)).toEqual(["compactionSummary", 'user:"c"', 'user:"d"']);
  });

  it("an OpenAI remote compaction carries the kept turns in its payload; entries after providerReplayThroughEntryId are sent", () => {
    const path = chain(user("a"), user("b"), user("c"), {
      type: "compaction",
      summary: "S",
      firstKeptEntryId: "e1",
      tokensBefore: 5,
      providerReplayThroughEntryId: "e2",
      preserveData: { openaiRemoteCompaction: { provider: "openai", replacementHistory: [{ role: "user" }] } },
    });
    const c = ompContextOfPath(path);
    expect(roles(c.messages)).toEqual(["compactionSummary", 'user:"c"']);
    expect(c.messages[0].providerPayload).toEqual({ type: "openaiResponsesHistory", provider: "openai", items: [{ role: "user" }] });
  });

  it("18.3.4 snapshot compaction: entries strictly after S are kept; the summary keeps C's time, historyRewriteAt before the first kept", () => {
    const path = chain(
      user("a"),
      user("b"),
      user("c"),
      {
        type: "compaction",
        summary: "S",
        firstKeptEntryId: "",
        tokensBefore: 5,
        providerReplayThroughEntryId: "e2",
        preserveData: { anthropicCompaction: { provider: "anthropic", content: "signed", encryptedContent: "x" } },
      },
      user("d"),
    );
    const c = ompContextOfPath(path);
    expect(roles(c.messages)).toEqual(["compactionSummary", 'user:"c"', 'user:"d"']);
    expect(c.messages[0]).toMatchObject({
      timestamp: Date.parse(path[3].timestamp as string),
      historyRewriteAt: Date.parse(path[2].timestamp as string) - 1,
      providerPayload: { type: "anthropicCompaction", provider: "anthropic", content: "signed", encryptedContent: "x" },
    });
    // S right before C: nothing kept, the rewrite ends before the entry after C.
    const tight = chain(
      user("a"),
      user("b"),
      { type: "compaction", summary: "S", firstKeptEntryId: "", tokensBefore: 5, providerReplayThroughEntryId: "e2", preserveData: { anthropicCompaction: { provider: "anthropic", content: "signed" } } },
      user("d"),
    );
    const t = ompContextOfPath(tight);
    expect(roles(t.messages)).toEqual(["compactionSummary", 'user:"d"']);
    expect(t.messages[0].historyRewriteAt).toBe(Date.parse(tight[3].timestamp as string) - 1);
  });

  it("a context rollover brings back the latest user request before the kept entry", () => {
    const path = chain(user("ask"), asst([text("working")]), asst([text("more")]), { type: "compaction", summary: "S", firstKeptEntryId: "e3", tokensBefore: 5, details: { kind: "experimental-context-rollover" } });
    expect(roles(ompContextOfPath(path).messages)).toEqual(["compactionSummary", 'user:"ask"', 'assistant:[{"type":"text","text":"more"}]']);
  });
});

describe("omp context: turns left out, and drawn as left out", () => {
  it("an aborted turn and the results of its calls are dropped; an errored one too; each recorded with its reason", () => {
    const path = chain(user("go"), asst([call("t1")], { stopReason: "aborted" }), result("t1"), asst([text("partial")], { stopReason: "error" }), user("again"));
    const c = ompContextOfPath(path);
    expect(roles(c.messages)).toEqual(['user:"go"', 'user:"again"']);
    expect(c.leftOut?.map((l) => [l.entryId, l.at, l.reason])).toEqual([
      ["e2", 1, "an aborted turn"],
      ["e3", 1, "the result of a left-out turn"],
      ["e4", 1, "a failed turn (error)"],
    ]);
  });

  it("an aborted turn followed by omp's interrupted-thinking note stays", () => {
    const path = chain(user("go"), asst([text("hmm")], { stopReason: "aborted" }), { type: "custom_message", customType: "interrupted-thinking", content: "note", display: false });
    expect(roles(ompContextOfPath(path).messages)).toEqual(['user:"go"', 'assistant:[{"type":"text","text":"hmm"}]', "custom"]);
  });

  it("tool calls without a result go, with redacted thinking and signatures; answered turns keep theirs", () => {
    const path = chain(user("go"), asst([{ type: "thinking", thinking: "t", thinkingSignature: "sig" }, call("a"), call("b")]), result("a"), asst([{ type: "redactedThinking", data: "zz" }, call("c")]));
    const c = ompContextOfPath(path);
    expect(c.messages[1].content).toEqual([{ type: "thinking", thinking: "t" }, call("a")]);
    expect(c.messages).toHaveLength(3);
    expect(c.leftOut?.map((l) => [l.entryId, l.reason, !!l.kept])).toEqual([
      ["e2", "1 tool call without a result left out of this turn", true],
      ["e4", "an assistant turn holding only 1 tool call without a result", false],
    ]);
  });

  it("empty error turns, retried turns and omp-internal custom messages are never sent", () => {
    const path = chain(
      user("go"),
      asst([text("  ")], { stopReason: "error" }),
      asst([text("x")], { retryRecovery: { attempt: 1 } }),
      { type: "custom_message", customType: "prewalk-plan", content: "p", display: true },
      { type: "custom_message", customType: "", content: [text("c")], display: "yes", attribution: "bot" },
    );
    const c = ompContextOfPath(path);
    expect(c.messages.slice(1)).toEqual([{ role: "custom", customType: "custom-message", content: [text("c")], display: false, attribution: "agent", timestamp: Date.parse(path[4].timestamp as string) }]);
    expect(c.leftOut?.map((l) => l.entryId)).toEqual(["e2", "e3", "e4"]);
  });

  it("a Copilot turn loses its replayed Responses history and thinking signatures", () => {
    const c = ompContextOfPath(chain(asst([{ type: "thinking", thinking: "t", thinkingSignature: "s" }], { provider: "github-copilot", providerPayload: { type: "openaiResponsesHistory", items: [] } })));
    expect(c.messages[0]).not.toHaveProperty("providerPayload");
    expect(c.messages[0].content).toEqual([{ type: "thinking", thinking: "t" }]);
  });
});

describe("omp context: blob references", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  function session(where: "agent" | "outside"): { file: string; hash: string; missing: string } {
    const root = mkdtempSync(join(tmpdir(), "omp-blobs-"));
    dirs.push(root);
    const bytes = Buffer.from("not really a jpeg, but bytes");
    const hash = createHash("sha256").update(bytes).digest("hex");
    const missing = "0".repeat(64);
    const dir = where === "agent" ? join(root, "agent", "sessions", "--p--") : join(root, "loose");
    mkdirSync(dir, { recursive: true });
    mkdirSync(join(root, "agent", "blobs"), { recursive: true });
    writeFileSync(join(root, "agent", "blobs", hash), bytes);
    const lines = [
      { type: "session", version: 3, id: "s1", timestamp: ts(), cwd: "/p", title: "t" },
      {
        type: "message",
        id: "m1",
        parentId: null,
        timestamp: ts(),
        message: {
          role: "user",
          content: [
            { type: "image", mimeType: "image/jpeg", data: `blob:sha256:${hash}` },
            { type: "image", mimeType: "image/png", data: `blob:sha256:${missing}` },
            { type: "image", mimeType: "image/png", data: "blob:sha256:../../etc" },
          ],
        },
      },
    ];
    const file = join(dir, "s.jsonl");
    writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
    return { file, hash, missing };
  }

  it("resolves from the agent dir's store; a missing blob or a malformed reference stays as written and is reported", async () => {
    const { file, missing } = session("agent");
    const ctx = await buildContext(await loadSession(file));
    const blocks = ctx.messages[0].content as Obj[];
    expect(blocks[0].data).toBe(Buffer.from("not really a jpeg, but bytes").toString("base64"));
    expect(blocks[1].data).toBe(`blob:sha256:${missing}`);
    expect(blocks[2].data).toBe("blob:sha256:../../etc");
    expect(ctx.missingBlobs).toEqual([`blob:sha256:${missing}`, "blob:sha256:../../etc"]);
  });

  it("a file outside any agent dir keeps its references", async () => {
    const { file, hash } = session("outside");
    const ctx = await buildContext(await loadSession(file));
    expect((ctx.messages[0].content as Obj[])[0].data).toBe(`blob:sha256:${hash}`);
  });
});
