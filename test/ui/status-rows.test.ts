// The status message at a width too small for it: wrapped, never cut short of its reason.
import { describe, expect, it } from "vitest";
import { statusRows, STATUS_ROWS_MAX } from "../../src/ui/components/footer.js";
import { displayWidth } from "../../src/ui/format/width.js";

describe("statusRows", () => {
  it("one row when the message fits (or there is none)", () => {
    expect(statusRows(null, 60)).toEqual([""]);
    expect(statusRows({ text: "label set", kind: "info" }, 60)).toEqual(["label set"]);
    expect(statusRows({ text: "x".repeat(58), kind: "error" }, 60)).toEqual(["✗ " + "x".repeat(58)]);
  });

  it("a path too long for the line breaks after a '/' and is all there", () => {
    const path = "/home/someone/.claude/projects/-home-someone-work-project/22222222-2222-4333-8444-555555555555.jsonl";
    const rows = statusRows({ text: `exported the path as HTML: ${path}`, kind: "info" }, 60);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => displayWidth(r) <= 60)).toBe(true);
    expect(rows.join("")).toBe(`exported the path as HTML: ${path}`);
  });

  it("an error's continuation rows line up under its text; past the most rows the last is cut with …", () => {
    const rows = statusRows({ text: "word ".repeat(80).trim(), kind: "error" }, 60);
    expect(rows).toHaveLength(STATUS_ROWS_MAX);
    expect(rows.slice(1).every((r) => r.startsWith("  word"))).toBe(true);
    expect(rows.at(-1)!.endsWith("…")).toBe(true);
    expect(rows.every((r) => displayWidth(r) <= 60)).toBe(true);
  });
});
