// The hook reads the agent message a prompt answers from the transcript's
// tail, so "yes" after "Would you like me to proceed?" is a plan acceptance
// and "still errors" after "fixed" a correction; without a transcript the same
// words are not feedback.
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { lastAgentText } from "../../src/core/capture/feedback-transcript.js";
import { ensureBuilt, hook, readJson, readLines, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";

const claudeLine = (role: "user" | "assistant", text: string): string =>
  JSON.stringify({
    type: role,
    message:
      role === "assistant"
        ? {
            role,
            content: [
              { type: "thinking", thinking: "…" },
              { type: "text", text },
            ],
          }
        : { role, content: text },
  });
const codexLine = (text: string): string => JSON.stringify({ type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text }] } });

function writeTranscript(dir: string, name: string, lines: string[]): string {
  mkdirSync(dir, { recursive: true });
  const p = join(dir, name);
  writeFileSync(p, lines.join("\n") + "\n");
  return p;
}

describe("the hook reads the turn against the agent message before it", () => {
  it("'yes' to a question is a plan acceptance; 'still errors' after a claim is a correction", () => {
    const sb = sandbox();
    const t = writeTranscript(join(sb.home, ".claude", "projects", "-w"), "s1.jsonl", [claudeLine("user", "fix the build"), claudeLine("assistant", "I found the cause. Would you like me to proceed with a fix?")]);
    send(sb.root, { session_id: "s1", hook_event_name: "UserPromptSubmit", cwd: "/w", transcript_path: t, prompt: "yes" }, "claude");
    writeFileSync(t, [claudeLine("assistant", "Fixed: the build passes now.")].join("\n") + "\n", { flag: "a" });
    send(sb.root, { session_id: "s1", hook_event_name: "UserPromptSubmit", cwd: "/w", transcript_path: t, prompt: "still errors" }, "claude");
    const cands = readLines(join(sb.root, "feedback", "candidates.jsonl"));
    expect(cands.map((c) => [c.feedback_type, c.answered])).toEqual([
      ["decision", "Would you like me to proceed with a fix?"],
      ["correction", "Fixed: the build passes now."],
    ]);
    expect(cands[1].confidence).toBe("high");
    expect(cands[1].lesson).toContain("still errors");
  });

  it("without a transcript the same words are not feedback (the hook cannot know what 'yes' answers)", () => {
    const sb = sandbox();
    send(sb.root, { session_id: "s2", hook_event_name: "UserPromptSubmit", cwd: "/w", prompt: "yes" }, "claude");
    send(sb.root, { session_id: "s2", hook_event_name: "UserPromptSubmit", cwd: "/w", prompt: "Now I want you to create an e2e suite", turn_id: "t2" }, "claude");
    expect(readLines(join(sb.root, "feedback", "candidates.jsonl"))).toEqual([]);
  });

  it("a Codex rollout's last assistant message is read the same way", () => {
    const sb = sandbox();
    const t = writeTranscript(join(sb.home, ".codex", "sessions"), "rollout.jsonl", [codexLine("Moved the config loader. Shall I also update the docs?")]);
    send(sb.root, { session_id: "c1", hook_event_name: "UserPromptSubmit", cwd: "/w", turn_id: "t1", transcript_path: t, prompt: "go ahead" }, "codex");
    expect(readLines(join(sb.root, "feedback", "candidates.jsonl")).map((c) => [c.feedback_type, c.confidence])).toEqual([["decision", "high"]]);
  });
});

describe("lastAgentText reads only the transcript's tail", () => {
  it("finds the last assistant text within the tail and skips the partial first line", () => {
    const sb = sandbox();
    const filler = Array.from({ length: 200 }, (_, i) => claudeLine("user", `line ${i} ${"x".repeat(200)}`));
    const t = writeTranscript(sb.home, "big.jsonl", [claudeLine("assistant", "EARLY"), ...filler, claudeLine("assistant", "LATE answer"), claudeLine("user", "next")]);
    expect(lastAgentText(t, 4096)).toBe("LATE answer");
    // the early message is outside a small tail: not found, not read
    const only = writeTranscript(sb.home, "early.jsonl", [claudeLine("assistant", "EARLY"), ...filler]);
    expect(lastAgentText(only, 4096)).toBeNull();
    expect(lastAgentText(only, 1 << 20)).toBe("EARLY");
  });

  it("a missing file or a non-JSONL transcript gives null", () => {
    const sb = sandbox();
    expect(lastAgentText(join(sb.home, "nope.jsonl"))).toBeNull();
    const g = writeTranscript(sb.home, "gemini.json", ['{"messages": [{"type": "gemini", "content": "hi"}]}']);
    expect(lastAgentText(g)).toBeNull();
    // a directory opens but cannot be read: still null, never a thrown error in the hook
    expect(lastAgentText(sb.home)).toBeNull();
  });
});

// Claude Code's print mode (`claude -p`: scripts, a memory plugin's observer)
// tells its hooks so in their environment, CLAUDE_CODE_ENTRYPOINT=sdk-cli, as
// its transcript's lines say `entrypoint: "sdk-cli"` (core/headless.ts): the
// same rule as import-session's, so its prompts are recorded but never taken
// as the user's feedback.
describe("a headless Claude Code run's prompts give no feedback candidate", () => {
  const correction = (sid: string) => ({ session_id: sid, hook_event_name: "UserPromptSubmit", cwd: "/w", prompt: "No, that's wrong: never edit the generated files, change the template instead." });

  it("print mode (sdk-cli): the event is recorded, its prompt is no candidate; the terminal (cli), an SDK app (sdk-ts) and another harness under a print-mode parent still give one", () => {
    const sb = sandbox();
    send(sb.root, correction("p1"), "claude", { ...sb.env, CLAUDE_CODE_ENTRYPOINT: "sdk-cli" });
    expect(readLines(join(sb.root, "feedback", "candidates.jsonl"))).toEqual([]);
    const queued = readLines(join(sb.root, "queue", "sessions", "claude", "p1.jsonl"));
    expect(queued.map((l) => [l.hook_event_name, "candidate" in l])).toEqual([["UserPromptSubmit", false]]);
    expect(readJson(join(sb.root, "state", "claude", "p1.json")).event_count).toBe(1);

    send(sb.root, correction("t1"), "claude", { ...sb.env, CLAUDE_CODE_ENTRYPOINT: "cli" });
    send(sb.root, correction("k1"), "claude", { ...sb.env, CLAUDE_CODE_ENTRYPOINT: "sdk-ts" });
    send(sb.root, correction("n1"), "claude", sb.env);
    // Codex started from a `claude -p` script's shell inherits the variable: not Claude Code's run
    send(sb.root, { ...correction("c1"), turn_id: "u1" }, "codex", { ...sb.env, CLAUDE_CODE_ENTRYPOINT: "sdk-cli" });
    expect(readLines(join(sb.root, "feedback", "candidates.jsonl")).map((c) => c.llm_wiki_session_id)).toEqual(["claude:t1", "claude:k1", "claude:n1", "codex:c1"]);
  });

  it("the hook as a harness runs it reads the variable from its environment", async () => {
    ensureBuilt();
    const sb = sandbox();
    for (const [sid, entrypoint] of [
      ["p2", "sdk-cli"],
      ["t2", "cli"],
    ]) {
      const r = await hook(["--harness", "claude"], JSON.stringify(correction(sid)), { ...sb.env, CLAUDE_CODE_ENTRYPOINT: entrypoint });
      expect(r.code).toBe(0);
      expect(readJson(join(sb.root, "state", "claude", `${sid}.json`)).event_count).toBe(1);
    }
    expect(readLines(join(sb.root, "feedback", "candidates.jsonl")).map((c) => c.llm_wiki_session_id)).toEqual(["claude:t2"]);
  }, 120_000);
});
