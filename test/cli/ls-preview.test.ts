import { describe, expect, it } from "vitest";
import { previewCell } from "../../src/hooks-cli/session/ls-preview.js";
import { oneLine } from "../../src/core/session/text/safe-text.js";
import { fitWidth } from "../../src/core/session/text/width.js";

/** A small seeded generator: the same strings on every run. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
}

// Pieces that exercise every rule: words, each kind of whitespace, characters
// oneLine maps to glyphs, wide and zero-width characters, surrogate pairs and
// lone halves.
const PIECES = [
  "word",
  "a",
  "longerword",
  " ",
  "  ",
  "\t",
  "\n",
  "\r\n",
  "\u0085",
  "\u00a0",
  "\u2028",
  "\u3000",
  "\ufeff",
  "\u200a",
  "\u0007",
  "\u001b[31m",
  "\u007f",
  "\u009b",
  "\u202e",
  "\u2066",
  "\u200e",
  "日本語",
  "ü",
  "e\u0301",
  "\u200b",
  "\ufe0f",
  "😀",
  "👩‍💻",
  "\ud83d",
  "\ude00",
  "ｶﾀｶﾅ",
  "한국어",
];

function text(next: () => number): string {
  const parts: string[] = [];
  const count = Math.floor(next() * (next() < 0.2 ? 600 : 60));
  for (let i = 0; i < count; i++) {
    // Mostly plain words, so that many strings take the fast path.
    const p = next() < 0.6 ? PIECES[Math.floor(next() * 4)] : PIECES[Math.floor(next() * PIECES.length)];
    parts.push(p);
  }
  return parts.join(next() < 0.5 ? " " : "");
}

describe("the ls preview cell", () => {
  it("is fitWidth(oneLine(text, max), width, true) for every text, width and max", () => {
    const next = rng(7);
    let checked = 0;
    for (let i = 0; i < 4000; i++) {
      const s = text(next);
      const width = [1, 2, 3, 8, 20, 57, 120, 400, 900][Math.floor(next() * 9)];
      const max = next() < 0.8 ? 400 : [0, 1, 3, 4, 10, 50][Math.floor(next() * 6)];
      expect(previewCell(s, max, width), JSON.stringify({ s, max, width })).toBe(fitWidth(oneLine(s, max), width, true));
      checked++;
    }
    expect(checked).toBe(4000);
  });

  it("agrees on the edges: empty, blank, one unit past the source limit, a pair cut by it", () => {
    const cases = ["", " ", " \n\t ", "x", " x ", "a".repeat(1023) + "😀", "a ".repeat(700), "日".repeat(300), "\u0301".repeat(500) + "tail", "x".repeat(396) + "😀😀"];
    for (const s of cases)
      for (const width of [1, 5, 60, 398, 399, 400, 401, 1200]) {
        expect(previewCell(s, 400, width), JSON.stringify({ s: s.slice(0, 40), width })).toBe(fitWidth(oneLine(s, 400), width, true));
      }
  });
});
