// The detector writes Unicode property classes out as ranges (`fast`): V8
// compiles each `\p{L}` into hundreds of ranges per pattern, which was most of
// the hook's cost on a user turn. The ranges must read the words users type the
// same way, and anything they do not cover falls back to the property itself.
import { describe, expect, it } from "vitest";
import { fast, re } from "../../src/core/capture/feedback-detect.js";

describe("property classes written as ranges", () => {
  const SAMPLES = [
    "still errors",
    "stillerrors",
    "l'erreur persiste toujours",
    "ça ne marche toujours pas",
    "todavía no funciona",
    "não funciona ainda",
    "immer noch kaputt, straße",
    "всё ещё не работает",
    "ещёне",
    "vẫn gặp lỗi trên",
    "여전히 오류가 나요",
    "还是404呢",
    "まだ動かない",
    "αλλά δεν δουλεύει",
    "עדיין לא עובד",
    "ما زال لا يعمل",
    "अभी भी काम नहीं",
    "ยังไม่ทำงาน",
    "x_still_y",
    "still2",
  ];
  const WORDS = ["still", "toujours", "todavía", "ainda", "noch", "ещё", "vẫn", "여전히", "还是", "まだ", "δεν", "עדיין", "زال", "अभी", "ยัง", "errors"];

  it("word boundaries agree with \\p{L}/\\p{N} on the scripts users write in", () => {
    for (const word of WORDS) {
      const src = `(?<![\\p{L}\\p{N}_])${word}(?![\\p{L}\\p{N}_])`;
      const slow = new RegExp(src, "u");
      const quick = re(src);
      for (const text of SAMPLES) expect(quick.test(text), `${word} in ${text}`).toBe(slow.test(text));
    }
  });

  it("letters and digits inside a class, a property alone, and escapes are each rewritten or kept", () => {
    expect(fast("[\\p{L}\\p{N}_]")).not.toContain("\\p{");
    expect(fast("\\p{L}+")).toMatch(/^\[A-Za-z.*\]\+$/u);
    expect(fast("\\[\\p{L}\\]")).toMatch(/^\\\[\[A-Za-z.*\]\\\]$/u);
    expect(new RegExp(fast("^[\\p{sc=Han}\\p{Script=Hiragana}\\p{sc=Katakana}]+$"), "u").test("还是まだカタカナ")).toBe(true);
  });

  it("a property the ranges do not cover is left to the engine (the fallback)", () => {
    expect(fast("\\p{Lu}[\\p{sc=Greek}\\p{L}]")).toMatch(/^\\p\{Lu\}\[\\p\{sc=Greek\}A-Za-z/u);
    expect(re("^\\p{Lu}").test("Éclair")).toBe(true);
    expect(re("^\\p{Lu}").test("éclair")).toBe(false);
  });
});
