// Claude Code writes some assistant messages itself (an API error, an
// interruption, "No response requested."), with the model "<synthetic>" and no
// tokens. No model made them: stats counts no call for them, so no unpriced
// "<synthetic>" row or "+?" on a session's cost (seen on 44 of 328 real
// Claude Code sessions), while the real calls beside them count as before.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli } from "../../helpers/run-cli.js";
import { claudeTranscript } from "../../helpers/session-lines.js";

describe("Claude Code's own <synthetic> messages in stats", () => {
  it("are no model call", async () => {
    const base = { isSidechain: false, sessionId: "5b0c0a11-0000-4000-8000-000000000000", cwd: "/x", version: "2.1.300", timestamp: "2026-06-01T00:00:00.000Z" };
    const lines = [
      { ...base, parentUuid: null, type: "user", uuid: "u1", message: { role: "user", content: "Fix it." } },
      {
        ...base,
        parentUuid: "u1",
        type: "assistant",
        uuid: "a1",
        requestId: "r1",
        message: { id: "m1", role: "assistant", model: "claude-sonnet-4-5-20250929", content: [{ type: "text", text: "Fixed." }], stop_reason: "end_turn", usage: { input_tokens: 100, output_tokens: 20 } },
      },
      { ...base, parentUuid: "a1", type: "user", uuid: "u2", message: { role: "user", content: "And the docs." } },
      {
        ...base,
        parentUuid: "u2",
        type: "assistant",
        uuid: "a2",
        isApiErrorMessage: true,
        message: {
          id: "m2",
          role: "assistant",
          model: "<synthetic>",
          content: [{ type: "text", text: "API Error: overloaded" }],
          stop_reason: "stop_sequence",
          usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
        },
      },
    ];
    const { file, configDir: dir } = claudeTranscript("5b0c0a11-0000-4000-8000-000000000000.jsonl", lines);
    const env = { HOME: dir, CLAUDE_CONFIG_DIR: dir, OMP_SESSIONS_CACHE_DIR: join(dir, "cache"), TZ: "UTC", NO_COLOR: "1" };
    const byModel = JSON.parse((await runCli(["stats", "--by", "model", "--json", file], { env })).stdout) as { model: string; messages: number; inputTokens: number; unpriced: { messages: number } }[];
    expect(byModel.map((r) => r.model)).toEqual(["anthropic/claude-sonnet-4-5-20250929"]);
    expect(byModel[0].messages).toBe(1);
    expect(byModel[0].inputTokens).toBe(100);
    const bySession = JSON.parse((await runCli(["stats", "--json", file], { env })).stdout) as { messages: number; unpriced: { messages: number } }[];
    expect(bySession).toHaveLength(1);
    expect(bySession[0].messages).toBe(1);
    expect(bySession[0].unpriced.messages).toBe(0);
  });
});
