import { describe, expect, it } from "vitest";
import { displayWidth, fitWidth, charWidth } from "../../../src/core/session/text/width.js";

// The rule written plainly (code points from the string iterator, one pass to
// measure, one to cut): the fast versions must give the same results.
function plainWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += charWidth(ch.codePointAt(0)!);
  return w;
}
function plainFit(s: string, width: number, pad = false): string {
  if (width <= 0) return "";
  let w = 0;
  let out = "";
  const total = plainWidth(s);
  const limit = total > width ? width - 1 : width;
  for (const ch of s) {
    const cw = charWidth(ch.codePointAt(0)!);
    if (w + cw > limit) break;
    out += ch;
    w += cw;
  }
  if (total > width) {
    out += "…";
    w += 1;
  }
  return pad && w < width ? out + " ".repeat(width - w) : out;
}

const SAMPLES = ["", "a", "hello world", "日本語日本語", "e\u0301e\u0301", "😀x😀", "\ud83dx", "x\ude00", "\ud83d", "ab\u200bcd", "ｶﾀｶﾅ mixed 한국어 text", "~/proj/日本/ü"];

describe("column widths", () => {
  it("measures and cuts as the plain rule does, at every width", () => {
    for (const s of SAMPLES) {
      expect(displayWidth(s), s).toBe(plainWidth(s));
      for (let width = 0; width <= plainWidth(s) + 2; width++) {
        expect(fitWidth(s, width), `${s} ${width}`).toBe(plainFit(s, width));
        expect(fitWidth(s, width, true), `${s} ${width} pad`).toBe(plainFit(s, width, true));
      }
    }
  });
});
