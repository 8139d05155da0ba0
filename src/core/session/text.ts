// Session files are untrusted input: every string that reaches a terminal goes
// through safeText, which turns control characters into visible, inert glyphs.

const C0_PICTURES = 0x2400; // U+2400..U+241F: "␀".."␟"

/**
 * Makes a string safe to print: C0 controls become control pictures (ESC → ␛,
 * BEL → ␇, CR → ␍), DEL → ␡, C1 controls → "<9b>", bidi overrides → "<U+202E>".
 * Newlines survive only with keepNewlines; tabs become two spaces.
 */
export function safeText(s: string, keepNewlines = false): string {
  // Fast path: most text has nothing to replace.
  if (!/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(s)) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) {
      if (c === 0x0a && keepNewlines) out += "\n";
      else if (c === 0x09) out += "  ";
      else out += String.fromCharCode(C0_PICTURES + c);
    } else if (c === 0x7f) out += "\u2421";
    else if (c >= 0x80 && c <= 0x9f) out += `<${c.toString(16)}>`;
    else if (c === 0x200e || c === 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) {
      out += `<U+${c.toString(16).toUpperCase()}>`;
    } else out += s[i];
  }
  return out;
}

/** One terminal-safe line: whitespace runs (newlines included) collapse to one space, cut to max chars with "…". */
export function oneLine(s: string, max = 200): string {
  // Cut early so a 50 MB tool output never gets fully scanned for a preview.
  const head = s.length > max * 4 + 64 ? s.slice(0, max * 4 + 64) : s;
  const flat = safeText(head.replace(/[\s\u0085\u2028\u2029]+/g, " ").trim());
  if (flat.length <= max) return flat;
  return flat.slice(0, Math.max(0, max - 1)).trimEnd() + "…";
}

/** Cuts an already safe string to width characters with "…", padding to width when pad is set. */
export function fit(s: string, width: number, pad = false): string {
  if (width <= 0) return "";
  if (s.length > width) return s.slice(0, Math.max(0, width - 1)) + "…";
  return pad ? s.padEnd(width) : s;
}
