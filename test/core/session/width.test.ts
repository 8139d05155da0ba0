import { describe, expect, it } from "vitest";
import stringWidth from "string-width";
import { displayWidth, fitWidth, charWidth } from "../../../src/core/session/text/width.js";

// The rule written plainly (code points from the string iterator, one pass to
// measure, one to cut): the fast versions must give the same results.
/** Each code point's columns after the one before it (emoji joined by ZWJ, skin tones, VS16). */
function plainWidths(s: string): [string, number][] {
  const out: [string, number][] = [];
  let prev = -1;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    const own = charWidth(cp);
    const pw = prev < 0 ? 0 : charWidth(prev);
    let w = own;
    if (prev === 0x200d && own === 2) w = 0;
    else if (cp >= 0x1f3fb && cp <= 0x1f3ff && pw === 2) w = 0;
    else if (cp === 0xfe0f && prev >= 0x80 && pw === 1) w = 1;
    out.push([ch, w]);
    prev = cp;
  }
  return out;
}
function plainWidth(s: string): number {
  return plainWidths(s).reduce((a, [, w]) => a + w, 0);
}
function plainFit(s: string, width: number, pad = false): string {
  if (width <= 0) return "";
  let w = 0;
  let out = "";
  const total = plainWidth(s);
  const limit = total > width ? width - 1 : width;
  for (const [ch, cw] of plainWidths(s)) {
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

const SAMPLES = ["", "a", "hello world", "日本語日本語", "e\u0301e\u0301", "😀x😀", "\ud83dx", "x\ude00", "\ud83d", "ab\u200bcd", "ｶﾀｶﾅ mixed 한국어 text", "~/proj/日本/ü", "✅ done ❌ ⚠️ ok", "👩‍👩‍👧‍👦 family 👍🏻", "שָׁלוֹם مَرْحَبًا"];

/** What agents write in titles and messages: the list and the tree cut them to the columns Ink (string-width) draws them in. */
const DRAWN = ["✅ tests pass", "❌ build failed", "✨ ⚡ ⭐ ⏳ ☕ ⌛ ⚽ ⛔ ➕ ❓ ❗", "⚠️ careful ❤️ ✔️ ☑️ ✏️", "👩‍👩‍👧‍👦 👨‍💻 🧑‍🔬 🏳️‍🌈", "👍🏻 👋🏽 🙏🏿", "🇯🇵 🇺🇸", "שָׁלוֹם עולם", "مَرْحَبًا بالعالم", "t̷̢̛e̶x̷t̶ zalgo", "修复会话加载 한국어 ｶﾀｶﾅ", "🚀🔥 emoji 😀"];

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

describe("column widths as Ink draws them (string-width)", () => {
  it("every code point from U+0300 on its own (unassigned, private-use and control ones aside)", () => {
    const wrong: string[] = [];
    for (let cp = 0x300; cp <= 0x3ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = String.fromCodePoint(cp);
      if (/\p{Cn}|\p{Co}|\p{Cc}/u.test(s)) continue;
      if (charWidth(cp) !== stringWidth(s)) wrong.push(`U+${cp.toString(16)} ${charWidth(cp)} vs ${stringWidth(s)}`);
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it("the emoji, marks and scripts agents write: measured alike, and cut to fit what is drawn", () => {
    for (const s of DRAWN) {
      expect(displayWidth(s), s).toBe(stringWidth(s));
      for (let width = 1; width <= stringWidth(s) + 1; width++) {
        const cut = fitWidth(s, width, true);
        expect(stringWidth(cut), `${s} cut to ${width}: ${cut}`).toBe(width);
      }
    }
  });
});
