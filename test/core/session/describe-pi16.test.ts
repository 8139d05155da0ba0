// pi 1.6.0's new entries read as what they are in the tree, not as an unknown kind.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { describeEntry } from "../../../src/core/session/tree/describe.js";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { passesFilter } from "../../../src/core/session/tree/rows.js";

describe("pi 1.6.0 entries in the tree", () => {
  it("a context edit names its target and the new text, or says it omits it (pi's words)", () => {
    expect(describeEntry({ type: "context_edit", targetId: "ab12cd34", replacement: { content: "shorter" } }).summary).toBe("[context replace: ab12cd34] shorter");
    expect(describeEntry({ type: "context_edit", targetId: "ab12cd34", replacement: null }).summary).toBe("[context omit: ab12cd34]");
  });

  it("a usage entry gives its kind, model and tokens", () => {
    const e = { type: "usage", kind: "cache_warm", provider: "openai", model: "gpt-5.1-codex", usage: { input: 3644, output: 81, cacheRead: 1466, cacheWrite: 0 } };
    expect(describeEntry(e).summary).toBe("[usage: cache_warm gpt-5.1-codex, 5k tokens]");
  });

  it("context edits and usage entries are bookkeeping: hidden by the default filter as pi hides them, shown by all", async () => {
    const s = await loadSession(join(__dirname, "..", "..", "fixtures", "sessions-pi16", "2026-01-05T14-54-22-194Z_019b8ea6-e9f2-708c-bfbf-c76801f3f929.jsonl"));
    for (const type of ["context_edit", "usage"]) {
      const e = s.entries.find((m) => m.type === type)!;
      expect(passesFilter(e, "default", undefined), type).toBe(false);
      expect(passesFilter(e, "all", undefined), type).toBe(true);
    }
  });

  it("a system checkpoint without text names its sections", () => {
    const e = { type: "message", message: { role: "system", content: "", sections: { preamble: "You are…", tools: "<tools/>" } } };
    expect(describeEntry(e).summary).toBe("system: sections: preamble, tools");
  });
});
