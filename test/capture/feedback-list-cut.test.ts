// `feedback list` shortens long previews between words and never inside a
// redaction mark: "[REDACTED]" is shown whole or not at all.
import { describe, expect, it } from "vitest";
import { cli, sandbox } from "./helpers.js";
import { previewCut } from "../../src/hooks-cli/capture/feedback.js";

describe("feedback list previews", () => {
  it("a mark at the cut is left out whole (every position around the limit)", () => {
    for (let pad = 60; pad <= 85; pad++) {
      const text = "no, ".padEnd(pad, "x") + " use [REDACTED] for the key and more words after it";
      const cut = previewCut(text, 80);
      expect(cut.length).toBeLessThanOrEqual(80);
      expect(cut).not.toMatch(/\[R(?!EDACTED\])/);
    }
  });

  it("the list command shows no broken mark", async () => {
    sandbox();
    const text = "no, actually the deploy script must read the token from the vault not the env; the token was password=hunter2hunter2hunter2 yes";
    const r = await cli(["feedback", "capture", "--text", text, "--session-id", "s1", "--cwd", "/w"]);
    expect(r.code).toBe(0);
    const list = await cli(["feedback", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).not.toMatch(/\[R(?!EDACTED\])/);
    expect(list.stdout).not.toContain("hunter2");
  });
});
