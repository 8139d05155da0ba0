// pi 1.6.0's new entries read as what they are in the tree, not as an unknown kind.
import { describe, expect, it } from "vitest";
import { describeEntry } from "../../../src/core/session/tree/describe.js";

describe("pi 1.6.0 entries in the tree", () => {
  it("a context edit names its target and the new text, or says it removes it", () => {
    expect(describeEntry({ type: "context_edit", targetId: "ab12cd34", replacement: { content: "shorter" } }).summary).toBe("[context edit: ab12cd34] shorter");
    expect(describeEntry({ type: "context_edit", targetId: "ab12cd34", replacement: null }).summary).toBe("[context edit: ab12cd34 removed]");
  });

  it("a usage entry gives its kind, model and tokens", () => {
    const e = { type: "usage", kind: "cache_warm", provider: "openai", model: "gpt-5.1-codex", usage: { input: 3644, output: 81, cacheRead: 1466, cacheWrite: 0 } };
    expect(describeEntry(e).summary).toBe("[usage: cache_warm gpt-5.1-codex, 5k tokens]");
  });

  it("a system checkpoint without text names its sections", () => {
    const e = { type: "message", message: { role: "system", content: "", sections: { preamble: "You are…", tools: "<tools/>" } } };
    expect(describeEntry(e).summary).toBe("system: sections: preamble, tools");
  });
});
