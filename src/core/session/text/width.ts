// Terminal column width of text (CJK and emoji take two columns, combining
// marks none), so rows are cut to the screen without wrapping. In core so the
// headless commands (ls) and the UI (src/ui/format/width.ts re-exports it) share one rule.

/** Columns of one code point. */
export function charWidth(cp: number): number {
  if (cp < 0x300) return 1;
  if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
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
  for (let i = 0; i < s.length; i++) {
    const cp = codePointAt(s, i);
    if (cp > 0xffff) i++;
    w += charWidth(cp);
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
  for (let i = 0; i < s.length;) {
    const cp = codePointAt(s, i);
    const cw = charWidth(cp);
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
