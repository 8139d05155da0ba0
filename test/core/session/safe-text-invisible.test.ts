// Issue 27: zero-width characters and U+061C are made visible in terminal text,
// as the bidi controls are; a joiner inside an emoji sequence stays.
import { describe, expect, it } from "vitest";
import { oneLine, safeText } from "../../../src/core/session/text/safe-text.js";
import { safeLines } from "../../../src/core/export/safe.js";

const INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u061c"];

describe("invisible characters (issue 27)", () => {
  it("each is shown by its code point in safeText, oneLine and the export's safeLines", () => {
    for (const ch of INVISIBLE) {
      const s = `rm${ch} -rf /tmp/x`;
      const shown = `rm<U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}> -rf /tmp/x`;
      expect(safeText(s)).toBe(shown);
      expect(oneLine(s)).toBe(shown);
      expect(safeLines(s)).toBe(shown);
    }
  });

  it("a joiner between two emoji draws one glyph and is kept, the same way everywhere", () => {
    for (const emoji of ["\u{1F468}\u200d\u{1F469}\u200d\u{1F467}", "\u{1F3F3}\uFE0F\u200d\u{1F308}", "\u{1F44D}\u{1F3FD}\u200d\u{1F468}"]) {
      expect(safeText(emoji)).toBe(emoji);
      expect(oneLine(emoji)).toBe(emoji);
      expect(safeLines(`a ${emoji} b\u200d`)).toBe(safeText(`a ${emoji} b\u200d`, true));
    }
    expect(safeText("a\u200db")).toBe("a<U+200D>b");
  });
});
