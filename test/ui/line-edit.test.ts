import { describe, expect, it } from "vitest";
import { editLine, type LineState } from "../../src/ui/state/line-edit.js";

const run = (l: LineState, ...keys: [string, string][]) => keys.reduce((acc, [input, name]) => editLine(acc, input, name).line, l);

describe("prompt line editor", () => {
  it("inserts at the caret, deletes before it, moves, clears to the start", () => {
    let l = run({ value: "", cursor: 0 }, ["a", "a"], ["c", "c"], ["", "left"], ["b", "b"], [" ", "space"]);
    expect(l).toEqual({ value: "ab c", cursor: 3 });
    l = run(l, ["", "backspace"], ["", "end"], ["!", "!"]);
    expect(l).toEqual({ value: "abc!", cursor: 4 });
    expect(run(l, ["", "left"], ["u", "ctrl+u"])).toEqual({ value: "!", cursor: 0 });
  });

  it("Enter submits; a paste ending in Enter inserts its text and submits; control characters never enter", () => {
    expect(editLine({ value: "x", cursor: 1 }, "\r", "enter")).toEqual({ line: { value: "x", cursor: 1 }, submit: true });
    expect(editLine({ value: "", cursor: 0 }, "too vague\r", "")).toEqual({ line: { value: "too vague", cursor: 9 }, submit: true });
    expect(editLine({ value: "", cursor: 0 }, "a\u001b[31mb", "").line.value).toBe("a[31mb");
    expect(editLine({ value: "", cursor: 0 }, "4", "alt+4").line.value).toBe(""); // alt+4 is no text
  });
});
