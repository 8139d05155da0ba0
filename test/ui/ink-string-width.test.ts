// The string-width the build hands Ink (src/ui/ink-string-width.ts) must
// answer as string-width does: every character it counts as one column or
// two alone, random strings of them, and strings it hands on (emoji with
// modifiers or joiners, flags, marks, colours), first and again from memory.
import { describe, expect, it } from "vitest";
import stringWidth from "string-width";
import { tokenize } from "@alcalzone/ansi-tokenize";
import rememberedStringWidth, { SINGLE_COLUMN, WIDE, simpleWidth, singleColumnWidth } from "../../src/ui/ink-string-width.js";

const singles: string[] = [];
for (const [a, b] of SINGLE_COLUMN) for (let c = a; c <= b; c++) singles.push(String.fromCodePoint(c));
const wides: string[] = [];
for (const [a, b] of WIDE) for (let c = a; c <= b; c++) wides.push(String.fromCodePoint(c));
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

describe("Ink's string-width in the build", () => {
  it("counts each single-column character as string-width does: one column", () => {
    const wrong = singles.filter((ch) => stringWidth(ch) !== 1).map((ch) => ch.codePointAt(0)!.toString(16));
    expect(wrong).toEqual([]);
  });

  it("counts each wide character as string-width does (two columns) and as ansi-tokenize cuts it (one wide character)", () => {
    expect(wides.length).toBeGreaterThan(40000);
    const wrong = wides.filter((ch) => {
      const t = tokenize(ch);
      return stringWidth(ch) !== 2 || simpleWidth(ch) !== 2 || t.length !== 1 || t[0].type !== "char" || t[0].value !== ch || !(t[0] as { fullWidth: boolean }).fullWidth;
    });
    expect(wrong.map((ch) => ch.codePointAt(0)!.toString(16))).toEqual([]);
  });

  it("no character of either set joins its neighbour into one grapheme", () => {
    const r = rng(31);
    const all = [...singles, ...wides];
    for (let n = 0; n < 3000; n++) {
      const chars: string[] = [];
      for (let i = 0, len = 1 + r(30); i < len; i++) chars.push(r(3) === 0 ? wides[r(wides.length)] : all[r(all.length)]);
      expect(
        [...segmenter.segment(chars.join(""))].map((g) => g.segment),
        JSON.stringify(chars),
      ).toEqual(chars);
    }
  });

  it("measures random strings of them as string-width does (no two join into one grapheme)", () => {
    const r = rng(25);
    for (let n = 0; n < 3000; n++) {
      let s = "";
      let wide = false;
      for (let i = 0, len = r(40); i < len; i++) {
        if (r(4) === 0) {
          s += wides[r(wides.length)];
          wide = true;
        } else s += singles[r(singles.length)];
      }
      if (!wide) expect(singleColumnWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
      expect(simpleWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
      expect(rememberedStringWidth(s)).toBe(stringWidth(s));
    }
  });

  it("measures random strings of them and colour codes as string-width does", () => {
    const codes = ["\u001b[32m", "\u001b[39m", "\u001b[1m", "\u001b[22m", "\u001b[0m", "\u001b[m", "\u001b[1;36m", "\u001b[38;5;208m", "\u001b[48;2;1;2;3m", "\u001b[1234m", "\u001b[12345m", "\u001b[;m", "\u001b[2J", "\u001b[", "\u001b"];
    const r = rng(52);
    for (let n = 0; n < 3000; n++) {
      let s = "";
      for (let i = 0, len = r(40); i < len; i++) s += r(4) === 0 ? codes[r(codes.length)] : r(4) === 0 ? wides[r(wides.length)] : singles[r(singles.length)];
      expect(rememberedStringWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
    }
  });

  it("hands anything else to string-width, and remembers its answer", () => {
    const others = ["日本語", "rocket 🚀 ok", "☺", "🌡", "カ\u3099", "\ud83d", "e\u0301", "a\u200db", "👍🏽", "\u001b[32mgreen\u001b[39m", "tab\there", "", "🇩🇪", "\u00ad", "©", "x\u2028y"];
    for (const s of others) {
      expect(rememberedStringWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
      expect(rememberedStringWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
    }
    expect(singleColumnWidth("› • │ ├─ ▸ ← leaf ünïcödé …")).toBe(stringWidth("› • │ ├─ ▸ ← leaf ünïcödé …"));
    expect(singleColumnWidth("🚀")).toBe(-1);
    for (const s of ["👍🏽", "🇩🇪", "❤\ufe0f", "e\u0301", "a\u200db", "\ud83d", "\ud83dx"]) expect(simpleWidth(s), JSON.stringify(s)).toBe(-1);
    expect(rememberedStringWidth("ab", { ambiguousIsNarrow: false })).toBe(stringWidth("ab", { ambiguousIsNarrow: false }));
  });
});
