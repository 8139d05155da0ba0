// Previews kept as their JSON's bytes (tree/preview-json.ts): each comes back
// as the bytes JSON.stringify + Buffer.write give, across its buffers.
import { describe, expect, it } from "vitest";
import { PreviewJson } from "../../../src/core/session/tree/preview-json.js";

const TEXTS = ["", "plain", 'quote " and \\ backslash', "日本語 ünïcödé", "emoji 🚀😀", "\u0007 bell \u001b escape", "\ud800 lone surrogate", "\u2028 line separator", "x".repeat(160)];

describe("previews kept as bytes", () => {
  it("give back each preview's JSON bytes, through several buffers", () => {
    const p = new PreviewJson();
    const texts: string[] = [];
    // Over 2 MB of previews: three buffers or more, with previews ending near each one's end.
    for (let i = 0; texts.length < 40_000; i++) texts.push(TEXTS[i % TEXTS.length] + " #" + i + (i % 7 === 0 ? TEXTS[8] : ""));
    const at = texts.map((t) => p.add(t));
    expect(at).toEqual(texts.map((_, i) => i));
    const into = Buffer.alloc(4096);
    let bytes = 0;
    for (let k = 0; k < texts.length; k++) {
      const want = Buffer.from(JSON.stringify(texts[k]), "utf8");
      expect(p.length(k)).toBe(want.length);
      const n = p.copy(k, into, 7);
      expect(into.subarray(7, 7 + n).equals(want)).toBe(true);
      expect(p.text(k)).toBe(texts[k]);
      bytes += n;
    }
    expect(bytes).toBeGreaterThan(2 * 1024 * 1024);
  });

  it("keeps a preview longer than one buffer whole", () => {
    const p = new PreviewJson();
    const long = "é".repeat(600_000);
    p.add("a");
    const k = p.add(long);
    p.add("b");
    expect(p.text(k)).toBe(long);
    expect(p.text(0)).toBe("a");
    expect(p.text(2)).toBe("b");
  });
});
