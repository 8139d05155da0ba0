// oneLine has a fast path for plain text and a slow path for the rest; both
// must agree with the rule: whitespace runs collapse, controls become
// visible, the line is cut with "…", and only the first
// PREVIEW_SOURCE_UNITS units of the source count.
import { describe, expect, it } from "vitest";
import { oneLine, PREVIEW_SOURCE_UNITS, safeText } from "../../../src/core/session/text/safe-text.js";

const WS = /[\u0020\u0009-\u000d\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+/;

function reference(s: string, max: number): string {
  const words = s.slice(0, PREVIEW_SOURCE_UNITS).split(WS).filter(Boolean);
  const full = words.map((w) => safeText(w)).join(" ");
  if (full.length <= max) return full;
  let cut = Math.max(0, max - 1);
  const last = full.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return full.slice(0, cut).trimEnd() + "…";
}

// A tiny seeded PRNG keeps the cases the same on every run.
function rng(seed: number) {
  return () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

describe("oneLine", () => {
  it("agrees with the rule on plain and awkward text, at every length", () => {
    const pieces = ["a", "word", " ", "  ", "\t", "\n", "\r\n", "é", "日本", "🚀", "\u001b", "\u009b", "\u00a0", "\u202e", "\u3000", "\u200b", "x".repeat(50), "a b c", " x ", "~ !"];
    const next = rng(7);
    for (let n = 0; n < 10000; n++) {
      let s = "";
      const len = Math.floor(next() * 60);
      for (let k = 0; k < len; k++) s += pieces[Math.floor(next() * pieces.length)];
      const max = 1 + Math.floor(next() * 200);
      expect(oneLine(s, max), JSON.stringify({ s, max })).toBe(reference(s, max));
    }
  });

  it("reads no further than the preview's reach of a long string", () => {
    const s = "a".repeat(PREVIEW_SOURCE_UNITS) + " tail";
    expect(oneLine(s, 5000)).toBe("a".repeat(PREVIEW_SOURCE_UNITS));
    expect(oneLine(" ".repeat(3000) + "after", 50)).toBe("");
  });
});
