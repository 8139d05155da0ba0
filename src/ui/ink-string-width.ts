// Ink measures the width of every text node's string on every frame (its
// renderer and layout call string-width directly, outside the per-frame
// caches that ink-caches.ts shares). A tree row holds "›", "•" or guide
// characters, so string-width never takes its ASCII fast path: it segments
// the row into graphemes and runs emoji regexes on each, about a third of a
// keypress's drawing. The build (scripts/build.mjs) hands Ink this function
// in place of string-width: the same answers, with two shortcuts.
// - A string made only of characters that stand alone (no mark, emoji
//   modifier or joiner, so each is its own grapheme) and whose width is known
//   (one column: printable ASCII, Latin letters, the punctuation, arrows and
//   box drawing the browser draws with; two columns: CJK ideographs, kana,
//   Hangul syllables, fullwidth forms and the emoji that are wide on their
//   own, such as 🚀), and colour codes, is as wide as those widths add up to.
//   test/ui/ink-string-width.test.ts checks every such character, and random
//   strings of them and colour codes, against string-width.
// - Any other string is measured by string-width once and remembered
//   (bounded, cleared when full). Calls with options go straight through.
// Tests run Ink from node_modules unchanged.
import stringWidth from "string-width";

/** Ranges of code points that are one column wide and never join a neighbour into one grapheme. */
export const SINGLE_COLUMN: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xa8],
  [0xaa, 0xac],
  [0xaf, 0x24f],
  [0x2010, 0x2027],
  [0x2030, 0x203b],
  [0x203d, 0x2048],
  [0x204a, 0x205e],
  [0x2190, 0x2193],
  [0x2500, 0x25a9],
  [0x25ac, 0x25b5],
  [0x25b7, 0x25bf],
  [0x25c1, 0x25fa],
];

/**
 * Ranges of code points that are two columns wide (East Asian Wide or
 * Fullwidth, so string-width and ansi-tokenize's fullWidth agree whatever the
 * Unicode version of Node's own tables) and never join a neighbour into one
 * grapheme (none is a mark, a modifier, a joiner or a regional indicator).
 */
export const WIDE: readonly (readonly [number, number])[] = [
  [0x3041, 0x3096],
  [0x30a1, 0x30fa],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xff01, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f320],
  [0x1f32d, 0x1f335],
  [0x1f337, 0x1f37c],
  [0x1f37e, 0x1f393],
  [0x1f3a0, 0x1f3ca],
  [0x1f3cf, 0x1f3d3],
  [0x1f3e0, 0x1f3f0],
  [0x1f3f4, 0x1f3f4],
  [0x1f3f8, 0x1f3fa],
  [0x1f400, 0x1f43e],
  [0x1f440, 0x1f440],
  [0x1f442, 0x1f4fc],
  [0x1f4ff, 0x1f53d],
  [0x1f54b, 0x1f54e],
  [0x1f550, 0x1f567],
  [0x1f57a, 0x1f57a],
  [0x1f595, 0x1f596],
  [0x1f5a4, 0x1f5a4],
  [0x1f5fb, 0x1f64f],
  [0x1f680, 0x1f6c5],
  [0x1f6cc, 0x1f6cc],
  [0x1f6d0, 0x1f6d2],
  [0x1f90c, 0x1f93a],
  [0x1f93c, 0x1f945],
  [0x1f947, 0x1f9ff],
];

/** Each UTF-16 code unit's width when it is a character of the sets above alone: 1 or 2; 0 for any other. */
const unitWidth = new Uint8Array(0x10000);
for (const [a, b] of SINGLE_COLUMN) unitWidth.fill(1, a, b + 1);
/** The same for code points from ASTRAL_FROM (written as surrogate pairs). */
const ASTRAL_FROM = 0x1f300;
const astralWidth = new Uint8Array(0x1fa00 - ASTRAL_FROM);
for (const [a, b] of WIDE) {
  if (b < 0x10000) unitWidth.fill(2, a, b + 1);
  else astralWidth.fill(2, a - ASTRAL_FROM, b - ASTRAL_FROM + 1);
}

/**
 * The width of the character starting at `i` when it is one of the sets
 * above (1 or 2), or 0. A wide character beyond the BMP takes two code units
 * (charLength says how many).
 */
export function charWidthAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  const w = unitWidth[c];
  if (w !== 0 || c < 0xd800 || c > 0xdbff) return w;
  const d = text.charCodeAt(i + 1);
  if (d < 0xdc00 || d > 0xdfff) return 0;
  const at = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000 - ASTRAL_FROM;
  return at >= 0 && at < astralWidth.length ? astralWidth[at] : 0;
}

/** How many code units the character at `i` takes (2 for a surrogate pair). */
export function charLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff ? 2 : 1;
}

/** The width of a string of the characters above (their widths added), or -1 when it holds any other. */
export function simpleWidth(text: string): number {
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const k = charWidthAt(text, i);
    if (k === 0) return -1;
    w += k;
    i += charLength(text, i) - 1;
  }
  return w;
}

/** The width of a string of single-column characters (its length), or -1 when it holds any other. */
export function singleColumnWidth(text: string): number {
  for (let i = 0; i < text.length; i++) if (unitWidth[text.charCodeAt(i)] !== 1) return -1;
  return text.length;
}

/**
 * simpleWidth for a line with colours: SGR codes (ESC [ numbers of up to
 * three digits and ; m, as Ink's colours write them) take no column. -1 when
 * the line holds anything else.
 */
export function colouredSimpleWidth(text: string): number {
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x1b) {
      if (text.charCodeAt(i + 1) !== 0x5b) return -1;
      let j = i + 2;
      let digits = 0;
      for (; j < text.length; j++) {
        const d = text.charCodeAt(j);
        if (d >= 0x30 && d <= 0x39) {
          if (++digits > 3) return -1;
        } else if (d === 0x3b && digits > 0) digits = 0;
        else break;
      }
      if (text.charCodeAt(j) !== 0x6d || digits === 0) return -1;
      i = j;
      continue;
    }
    const k = charWidthAt(text, i);
    if (k === 0) return -1;
    w += k;
    i += charLength(text, i) - 1;
  }
  return w;
}

const MAX = 20000;
const known = new Map<string, number>();

export default function rememberedStringWidth(text: string, options?: Parameters<typeof stringWidth>[1]): number {
  if (options !== undefined || typeof text !== "string") return stringWidth(text, options);
  const plain = colouredSimpleWidth(text);
  if (plain >= 0) return plain;
  let w = known.get(text);
  if (w === undefined) {
    w = stringWidth(text);
    if (known.size >= MAX) known.clear();
    known.set(text, w);
  }
  return w;
}
