// The review screens' capture line at narrow widths: the path and the labels
// give way, the numbers stay (captureText, the one text for the line).
import { describe, expect, it } from "vitest";
import { captureText } from "../../src/ui/components/capture-line.js";
import { displayWidth } from "../../src/ui/format/width.js";

const FEEDBACK = ["3 new · 1 promoted · 0 dismissed", "3 new · 1 prom · 0 dism"];

describe("captureText", () => {
  it("is the whole line when it fits", () => {
    expect(captureText("capture off", "~/wiki", 10, FEEDBACK, 120)).toBe("capture off · hub ~/wiki · 10 sessions │ 3 new · 1 promoted · 0 dismissed");
  });

  it("at 60 columns keeps every count: the labels shorten, nothing is cut", () => {
    const off = captureText("capture off", "~/wiki", 10, FEEDBACK, 60);
    expect(off).toBe("capture off · ~/wiki · 10 sess │ 3 new · 1 prom · 0 dism");
    const on = captureText("capture on · balanced", "~/wiki", 10, FEEDBACK, 60);
    expect(on).toBe("capture on · balanced · 10 sess │ 3 new · 1 prom · 0 dism");
    for (const t of [off, on]) {
      expect(displayWidth(t)).toBeLessThanOrEqual(60);
      expect(t).not.toContain("…");
    }
  });

  it("cuts a long hub path (keeping its end) before it shortens any label", () => {
    const t = captureText("capture on · balanced", "~/some/very/long/folder/for/the/wiki", 10, FEEDBACK, 100);
    expect(t).toMatch(/^capture on · balanced · hub …\S+\/wiki · 10 sessions │ 3 new · 1 promoted · 0 dismissed$/);
    expect(displayWidth(t)).toBe(100);
  });

  it("a screen with one form keeps its counts too (digests): the path goes before the numbers", () => {
    const t = captureText("capture on · balanced", "~/notes/llm-wiki", 10, ["1/10 digests"], 60);
    expect(t).toBe("capture on · balanced · 10 sess │ 1/10 digests");
  });
});
