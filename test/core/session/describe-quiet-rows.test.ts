// Rows that said nothing in real Gemini CLI chats: an info record ("Response
// stopped due to malformed function call.") showed only its type, and a turn
// of thoughts only showed "(no text)". The row text now says what they hold;
// the preview (tree --json) is unchanged.
import { describe, expect, it } from "vitest";
import { describeEntry } from "../../../src/core/session/tree/describe.js";

describe("rows of records that hold text elsewhere", () => {
  it("a custom entry whose data has text shows it after its type", () => {
    const d = describeEntry({ type: "custom", customType: "gemini_info", data: { content: "Response stopped due to malformed function call." } });
    expect(d.summary).toBe("[custom: gemini_info] Response stopped due to malformed function call.");
    expect(d.preview).toBe("gemini_info");
    expect(describeEntry({ type: "custom", customType: "ext_state", data: { n: 1 } }).summary).toBe("[custom: ext_state]");
  });

  it("an assistant turn of thinking only shows its thinking, marked; one with nothing still says so", () => {
    const thinking = describeEntry({ type: "message", message: { role: "assistant", content: [{ type: "thinking", thinking: "**Examining Contextual Clues** I start" }] } });
    expect(thinking.summary).toBe("assistant: [thinking] **Examining Contextual Clues** I start");
    expect(thinking.preview).toBe("");
    expect(describeEntry({ type: "message", message: { role: "assistant", content: [] } }).summary).toBe("assistant: (no text)");
    // reasoning the provider kept to itself (Codex's encrypted reasoning, a redacted block): said so
    const hidden = describeEntry({ type: "message", message: { role: "assistant", content: [{ type: "thinking", thinking: "", redacted: true }] } });
    expect(hidden.summary).toBe("assistant: [thinking, hidden by the provider]");
    expect(hidden.preview).toBe("");
    const said = describeEntry({
      type: "message",
      message: {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "t" },
          { type: "text", text: "done" },
        ],
      },
    });
    expect(said.summary).toBe("assistant: done");
  });
});
