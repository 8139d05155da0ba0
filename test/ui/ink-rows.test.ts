// The row-reusing Output.get (src/ui/ink-rows.ts) must draw every frame
// exactly as Ink 6.8's own get: checked on random frames (wide characters,
// colours, transforms, clips that cut, pieces outside the frame), each drawn
// twice so that the second draw comes from the remembered rows.
import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import sliceAnsi from "slice-ansi";
import { styledCharsToString } from "@alcalzone/ansi-tokenize";
import { rowCachedGet, type DrawHelpers, type OutputLike } from "../../src/ui/ink-rows.js";

type Out = OutputLike & { write(x: number, y: number, t: string, o: { transformers: ((s: string, i: number) => string)[] }): void; clip(c: object): void; unclip(): void; get(): { output: string; height: number } };

async function inkOutput(): Promise<new (o: { width: number; height: number }) => Out> {
  const file = join(dirname(createRequire(import.meta.url).resolve("ink")), "output.js");
  return ((await import(pathToFileURL(file).href)) as { default: new (o: { width: number; height: number }) => Out }).default;
}

/** A small deterministic generator (the frames must be the same on every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

const WORDS = ["ab", "日本", "🚀", "ü", "│ ", "› ", "\u001b[32mgreen\u001b[39m", "\u001b[1mbold\u001b[22m", "  ", "x", "\u001b[7minv\u001b[27m", "é"];

function text(r: (n: number) => number): string {
  const lines: string[] = [];
  for (let l = 0, n = 1 + r(3); l < n; l++) {
    let s = "";
    for (let i = 0, m = r(6); i < m; i++) s += WORDS[r(WORDS.length)];
    lines.push(s);
  }
  return lines.join("\n");
}

function script(seed: number): (o: Out) => void {
  const r = rng(seed);
  const steps: ((o: Out) => void)[] = [];
  let open = 0;
  for (let i = 0, n = 4 + r(10); i < n; i++) {
    const k = r(6);
    if (k === 0) {
      const c = { x1: r(8), x2: 4 + r(12), y1: r(4), y2: 2 + r(6) };
      steps.push((o) => o.clip(r(2) ? c : { x1: c.x1, x2: c.x2 }));
      open++;
    } else if (k === 1 && open > 0) {
      steps.push((o) => o.unclip());
      open--;
    } else {
      const x = r(14) - 2;
      const y = r(9) - 2;
      const t = text(r);
      const upper = r(3) === 0;
      steps.push((o) => o.write(x, y, t, { transformers: upper ? [(s, i) => (i % 2 ? s.toUpperCase() : s)] : [] }));
    }
  }
  return (o) => steps.forEach((s) => s(o));
}

describe("row-reusing Output.get", () => {
  it("draws every frame as Ink's own get, first and again from remembered rows", async () => {
    const Output = await inkOutput();
    const get = rowCachedGet({ sliceAnsi: sliceAnsi as DrawHelpers["sliceAnsi"], styledCharsToString: styledCharsToString as DrawHelpers["styledCharsToString"] });
    for (let seed = 1; seed <= 400; seed++) {
      const draw = script(seed);
      const size = { width: 6 + (seed % 10), height: 2 + (seed % 6) };
      const ink = new Output(size);
      draw(ink);
      const want = ink.get();
      for (let pass = 0; pass < 2; pass++) {
        const ours = new Output(size);
        script(seed)(ours);
        expect(get.call(ours), `seed ${seed} pass ${pass}`).toEqual(want);
      }
    }
  });
});

/** Every character ink-string-width.ts knows the width of: the single-column ones, then the wide ones. */
async function knownChars(): Promise<{ singles: string[]; wides: string[] }> {
  const { SINGLE_COLUMN, WIDE } = await import("../../src/ui/ink-string-width.js");
  const singles: string[] = [];
  for (const [a, b] of SINGLE_COLUMN) for (let c = a; c <= b; c++) singles.push(String.fromCodePoint(c));
  const wides: string[] = [];
  for (const [a, b] of WIDE) for (let c = a; c <= b; c++) wides.push(String.fromCodePoint(c));
  return { singles, wides };
}

/** A random character of those: one in four wide. */
const pick = (r: (n: number) => number, k: { singles: string[]; wides: string[] }) => (r(4) === 0 ? k.wides[r(k.wides.length)] : k.singles[r(k.singles.length)]);

describe("plain lines without the tokenizer", () => {
  it("cuts a line of characters of known width as ansi-tokenize does, and leaves any other line to it", async () => {
    const { plainStyledChars } = await import("../../src/ui/ink-rows.js");
    const { tokenize, styledCharsFromTokens } = await import("@alcalzone/ansi-tokenize");
    const known = await knownChars();
    const r = rng(7);
    for (let n = 0; n < 2000; n++) {
      let s = "";
      for (let i = 0, len = r(60); i < len; i++) s += pick(r, known);
      expect(plainStyledChars(s), JSON.stringify(s)).toEqual(styledCharsFromTokens(tokenize(s)));
    }
    for (const s of ["\u001b[32mg\u001b[39m", "e\u0301", "👍🏽", "a\u200db", "🇩🇪", "❤\ufe0f", "\ud83d"]) expect(plainStyledChars(s), JSON.stringify(s)).toBeNull();
  });
});

describe("coloured lines without the grapheme tokenizer", () => {
  it("styles a line of characters of known width and colour codes as ansi-tokenize does, and leaves any other line to it", async () => {
    const { styledCharsWithout } = await import("../../src/ui/ink-rows.js");
    const ansi = await import("@alcalzone/ansi-tokenize");
    const quick = styledCharsWithout(ansi as unknown as Parameters<typeof styledCharsWithout>[0]);
    const known = await knownChars();
    const codes = ["\u001b[32m", "\u001b[39m", "\u001b[1m", "\u001b[22m", "\u001b[90m", "\u001b[7m", "\u001b[27m", "\u001b[0m", "\u001b[m", "\u001b[1;36m", "\u001b[38;5;208m", "\u001b[48;2;1;2;3m", "\u001b[49m", "\u001b[4m", "\u001b[24m"];
    const r = rng(11);
    for (let n = 0; n < 3000; n++) {
      let s = "";
      for (let i = 0, len = r(50); i < len; i++) s += r(5) === 0 ? codes[r(codes.length)] : pick(r, known);
      expect(quick(s), JSON.stringify(s)).toEqual(ansi.styledCharsFromTokens(ansi.tokenize(s)));
    }
    for (const s of ["\u001b[32m👍🏽\u001b[39m", "\u001b]8;;https://x\u0007link\u001b]8;;\u0007", "\u001b[2J", "e\u0301", "\u001b"]) expect(quick(s), JSON.stringify(s)).toBeNull();
  });
});

describe("plain lines cut without sliceAnsi's grapheme pass", () => {
  it("cuts a plain line as sliceAnsi does, and leaves any other cut to it", async () => {
    const { plainSlice } = await import("../../src/ui/ink-rows.js");
    const { simpleWidth } = await import("../../src/ui/ink-string-width.js");
    const known = await knownChars();
    const r = rng(13);
    let taken = 0;
    for (let n = 0; n < 4000; n++) {
      let s = "";
      const wide = r(2) === 0;
      for (let i = 0, len = r(40); i < len; i++) s += wide ? pick(r, known) : known.singles[r(known.singles.length)];
      const w = simpleWidth(s);
      const from = r(3) === 0 ? 0 : r(w + 2);
      const to = r(3) === 0 ? w + r(3) : from + r(w + 2);
      const got = plainSlice(s, from, to);
      if (got !== null) taken++;
      expect(got ?? sliceAnsi(s, from, to), JSON.stringify([s, from, to])).toBe(sliceAnsi(s, from, to));
    }
    expect(taken).toBeGreaterThan(2000);
    for (const [s, from, to] of [
      ["\u001b[32mgreen\u001b[39m", 0, 9],
      ["日本", 1, 3],
      ["e\u0301x", 0, 5],
      ["ab", 2, 1],
    ] as const)
      expect(plainSlice(s, from, to), JSON.stringify(s)).toBeNull();
  });
});

describe("what skips the cells", () => {
  it("a tree row of plain pieces, wide characters included, is put together as text", async () => {
    const { plainRow } = await import("../../src/ui/ink-rows.js");
    expect(plainRow(40, [0, "› │  ├─ • user: 日本語 🚀 ok"])).toBe("› │  ├─ • user: 日本語 🚀 ok");
    expect(plainRow(40, [0, "ab", 5, "cd  "])).toBe("ab   cd");
    // Colours, overlaps and pieces past the frame's edge are drawRow's.
    expect(plainRow(40, [0, "\u001b[32mab\u001b[39m"])).toBeNull();
    expect(plainRow(40, [0, "abc", 2, "d"])).toBeNull();
    expect(plainRow(4, [0, "abcde"])).toBeNull();
  });

  it("the characters of one run between colour codes share one styles array", async () => {
    const { styledCharsWithout } = await import("../../src/ui/ink-rows.js");
    const ansi = await import("@alcalzone/ansi-tokenize");
    const quick = styledCharsWithout(ansi as unknown as Parameters<typeof styledCharsWithout>[0]);
    const chars = quick("\u001b[32mab日\u001b[39mcd")!;
    expect(chars.map((c) => c.value)).toEqual(["a", "b", "日", "c", "d"]);
    expect(chars[1].styles).toBe(chars[0].styles);
    expect(chars[2].styles).toBe(chars[0].styles);
    expect(chars[4].styles).toBe(chars[3].styles);
    expect(chars[3].styles).not.toBe(chars[0].styles);
  });
});
