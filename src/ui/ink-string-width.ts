// Ink measures the width of every text node's string on every frame (its
// renderer and layout call string-width directly, outside the per-frame
// caches that ink-caches.ts shares). A tree row holds "›", "•" or guide
// characters, so string-width never takes its ASCII fast path: it segments
// the row into graphemes and runs emoji regexes on each, about a third of a
// keypress's drawing. The build (scripts/build.mjs) hands Ink this function
// in place of string-width: the same answers, with two shortcuts.
// - A string made only of characters that are one column each and stand
//   alone (printable ASCII, Latin letters, the punctuation, arrows and box
//   drawing the browser draws with; no mark, emoji or joiner, so each is its
//   own grapheme), and colour codes, is as wide as its characters are many.
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

const single = new Uint8Array(0x2600);
for (const [a, b] of SINGLE_COLUMN) single.fill(1, a, b + 1);

/** The width of a string of single-column characters (its length), or -1 when it holds any other. */
export function singleColumnWidth(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x2600 || single[c] === 0) return -1;
  }
  return text.length;
}

/**
 * The same for a line with colours: SGR codes (ESC [ numbers of up to three
 * digits and ; m, as Ink's colours write them) take no column. -1 when the
 * line holds anything else.
 */
export function colouredSingleColumnWidth(text: string): number {
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
    if (c >= 0x2600 || single[c] === 0) return -1;
    w++;
  }
  return w;
}

const MAX = 20000;
const known = new Map<string, number>();

export default function rememberedStringWidth(text: string, options?: Parameters<typeof stringWidth>[1]): number {
  if (options !== undefined || typeof text !== "string") return stringWidth(text, options);
  const plain = colouredSingleColumnWidth(text);
  if (plain >= 0) return plain;
  let w = known.get(text);
  if (w === undefined) {
    w = stringWidth(text);
    if (known.size >= MAX) known.clear();
    known.set(text, w);
  }
  return w;
}
