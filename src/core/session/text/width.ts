// Terminal column width of text (CJK and emoji take two columns, combining
// marks none), so rows are cut to the screen without wrapping. In core so the
// headless commands (ls) and the UI (src/ui/format/width.ts re-exports it) share one rule.

import { WIDTH_RANGES } from "./width-table.js";

/**
 * Columns of one code point, as string-width (what Ink draws with) measures
 * it alone: the generated table (scripts/width-table.mjs) holds every code
 * point from U+0300 that is not one column: marks and format characters
 * none, East Asian wide characters and emoji two (✅ ❌ ✨ ⚡ among them).
 */
export function charWidth(cp: number): number {
  if (cp < 0x300) return 1;
  if (cp >= 0x4e00 && cp <= 0x9fff) return 2;
  let lo = 0;
  let hi = WIDTH_RANGES.length / 3 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = mid * 3;
    if (cp < WIDTH_RANGES[at]) hi = mid - 1;
    else if (cp > WIDTH_RANGES[at + 1]) lo = mid + 1;
    else return WIDTH_RANGES[at + 2];
  }
  return 1;
}

const ZWJ = 0x200d;
const VS16 = 0xfe0f;

/**
 * Columns `cp` adds after `prev` (the code point before it; -1 at the start),
 * for the emoji sequences a terminal draws as one picture, as string-width
 * counts them: a wide emoji joined on by a zero-width joiner (👩‍👧) and a skin
 * tone after a wide emoji add nothing; the emoji variation selector makes a
 * one-column pictograph two (⚠️, ❤️).
 */
function widthAfter(cp: number, w: number, prev: number, prevWidth: number): number {
  if (prev === ZWJ && w === 2) return 0;
  if (cp >= 0x1f3fb && cp <= 0x1f3ff && prevWidth === 2) return 0;
  if (cp === VS16 && prev >= 0x80 && prevWidth === 1) return 1;
  return w;
}

/** The code point at i (a surrogate pair read whole, a lone surrogate as itself), as for-of reads it. */
function codePointAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
    const lo = s.charCodeAt(i + 1);
    if (lo >= 0xdc00 && lo <= 0xdfff) return (c - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
  }
  return c;
}

// Both walk char codes, not a string iterator: `ls` measures thousands of
// cells right after start-up, when an iterator's allocations cost the most.

export function displayWidth(s: string): number {
  let w = 0;
  let prev = -1;
  let prevWidth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x300) {
      w++;
      prev = c;
      prevWidth = 1;
      continue;
    }
    const cp = codePointAt(s, i);
    if (cp > 0xffff) i++;
    const own = charWidth(cp);
    w += widthAfter(cp, own, prev, prevWidth);
    prev = cp;
    prevWidth = own;
  }
  return w;
}

/** Cuts (already terminal-safe) text to `width` columns with "…"; pads with spaces when `pad`. */
export function fitWidth(s: string, width: number, pad = false): string {
  if (width <= 0) return "";
  // One pass that stops once the text is known to be too wide: it is then cut
  // before the first character that would take it past width - 1 columns.
  let w = 0;
  let cut = -1;
  let cutWidth = 0;
  let prev = -1;
  let prevWidth = 0;
  for (let i = 0; i < s.length;) {
    const cp = codePointAt(s, i);
    const own = charWidth(cp);
    const cw = cp < 0x300 ? 1 : widthAfter(cp, own, prev, prevWidth);
    prev = cp;
    prevWidth = own;
    if (cut < 0 && w + cw > width - 1) {
      cut = i;
      cutWidth = w;
    }
    w += cw;
    if (w > width) return pad && cutWidth + 1 < width ? s.slice(0, cut) + "…" + " ".repeat(width - cutWidth - 1) : s.slice(0, cut) + "…";
    i += cp > 0xffff ? 2 : 1;
  }
  return pad && w < width ? s + " ".repeat(width - w) : s;
}
