// Terminal column width of text (CJK and emoji take two columns, combining
// marks none), so rows are cut to the screen without wrapping. The same rule
// as src/ui/format/width.ts, here in core so headless commands (ls) can use it.

function charWidth(cp: number): number {
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

export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += charWidth(ch.codePointAt(0)!);
  return w;
}

/** Cuts (already terminal-safe) text to `width` columns with "…"; pads with spaces when `pad`. */
export function fitWidth(s: string, width: number, pad = false): string {
  if (width <= 0) return "";
  // Fast path: plain narrow text.
  if (/^[\x20-\x7e]*$/.test(s)) return s.length > width ? s.slice(0, width - 1) + "…" : pad ? s.padEnd(width) : s;
  let w = 0;
  let out = "";
  const total = displayWidth(s);
  const limit = total > width ? width - 1 : width;
  for (const ch of s) {
    const cw = charWidth(ch.codePointAt(0)!);
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
