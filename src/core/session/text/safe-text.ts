// Session files are untrusted input: every string that reaches a terminal goes
// through safeText, which turns control characters into visible, inert glyphs.

const C0_PICTURES = 0x2400; // U+2400..U+241F: "␀".."␟"

/**
 * Invisible characters shown by their code point, like the bidi controls:
 * U+061C (Arabic letter mark, a bidi mark), U+200B zero-width space, U+200C
 * and U+200D zero-width (non-)joiners, U+2060 word joiner, U+FEFF zero-width
 * no-break space. Hidden, they let two strings that look the same differ (a
 * command, a path, a name). A joiner inside an emoji sequence (👨‍👩‍👧) draws
 * one glyph and stays.
 */
const isInvisible = (c: number): boolean => c === 0x061c || (c >= 0x200b && c <= 0x200d) || c === 0x2060 || c === 0xfeff;

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
// An emoji before the joiner may carry a variation selector or a skin tone.
const EMOJI_BEFORE = /\p{Extended_Pictographic}(?:\uFE0F|\u{1F3FB}|\u{1F3FC}|\u{1F3FD}|\u{1F3FE}|\u{1F3FF})?$/u;

/** A U+200D at i that joins two emoji (kept as it is). */
function emojiJoiner(s: string, i: number): boolean {
  return EMOJI_BEFORE.test(s.slice(Math.max(0, i - 4), i)) && PICTOGRAPHIC.test(String.fromCodePoint(s.codePointAt(i + 1) ?? 0));
}

/**
 * The length of a colour or style sequence (SGR: ESC [ digits ; : m) at i in
 * the first `len` units of s, 0 when there is none. Tool output keeps a
 * test runner's or a compiler's colours; they only style the text, so they are
 * dropped, the text they styled shown plain. Every other escape sequence (a
 * title, the clipboard, the cursor, the screen) stays visible as ␛….
 */
function styleAt(s: string, i: number, len: number): number {
  if (s.charCodeAt(i) !== 0x1b || s.charCodeAt(i + 1) !== 0x5b) return 0;
  for (let j = i + 2; j < len && j < i + 66; j++) {
    const c = s.charCodeAt(j);
    if (c === 0x6d) return j + 1 - i; // "m"
    if (!((c >= 0x30 && c <= 0x39) || c === 0x3b || c === 0x3a)) return 0;
  }
  return 0;
}

/** s without its colour and style sequences (styleAt): for text whose whitespace is collapsed before safeText. */
export function withoutStyles(s: string): string {
  if (!s.includes("\u001b")) return s;
  let out = "";
  let from = 0;
  for (let i = s.indexOf("\u001b"); i >= 0; i = s.indexOf("\u001b", i + 1)) {
    const n = styleAt(s, i, s.length);
    if (n === 0) continue;
    out += s.slice(from, i);
    from = i + n;
    i = from - 1;
  }
  return out + s.slice(from);
}

/**
 * Makes a string safe to print: colour and style sequences are dropped
 * (styleAt), other C0 controls become control pictures (ESC → ␛, BEL → ␇,
 * CR → ␍), DEL → ␡, C1 controls → "<9b>", bidi overrides → "<U+202E>".
 * Newlines survive only with keepNewlines; tabs become two spaces.
 */
export function safeText(s: string, keepNewlines = false): string {
  // Fast path: most text has nothing to replace.
  if (!/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/.test(s)) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const style = c === 0x1b ? styleAt(s, i, s.length) : 0;
    if (style > 0) i += style - 1;
    else if (c < 0x20) {
      if (c === 0x0a && keepNewlines) out += "\n";
      else if (c === 0x09) out += "  ";
      else out += String.fromCharCode(C0_PICTURES + c);
    } else if (c === 0x7f) out += "\u2421";
    else if (c >= 0x80 && c <= 0x9f) out += `<${c.toString(16)}>`;
    else if (c === 0x200e || c === 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || (isInvisible(c) && !(c === 0x200d && emojiJoiner(s, i)))) {
      out += `<U+${c.toString(16).toUpperCase().padStart(4, "0")}>`;
    } else out += s[i];
  }
  return out;
}

/** Whitespace as oneLine collapses it (JavaScript's \s differs: it lacks U+0085). */
export const isSpace = (c: number): boolean =>
  c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/**
 * A one-line preview reads at most this many UTF-16 units of any one string.
 * The tree loader relies on it: it cuts nested strings to just over this
 * length before parsing (read/parse-line.ts), and the previews come out the same.
 */
export const PREVIEW_SOURCE_UNITS = 1024;

/** What safeText (and so oneLine) shows as a glyph. */
export const needsMapping = (c: number): boolean => c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x200e || c === 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || isInvisible(c);

/**
 * One terminal-safe line: whitespace runs (newlines included) collapse to one
 * space, control characters become visible, the result is cut to max chars
 * with "…". One pass that stops as soon as the line is long enough: it runs
 * for every entry of every session loaded.
 */
export function oneLine(s: string, max = 200): string {
  // Fast path, most text: nothing to collapse or map in the part that is kept.
  const lim = Math.min(max + 1, PREVIEW_SOURCE_UNITS);
  const head = s.length > lim ? s.slice(0, lim) : s;
  if (head.length > 0 && !NEEDS_WORK.test(head) && head.charCodeAt(0) !== 32 && head.charCodeAt(head.length - 1) !== 32) {
    if (head.length <= max) return own(head);
    return cutLine(head, max);
  }
  let out = "";
  let run = -1; // start of the current run of plain characters
  let space = false; // a whitespace run is pending (dropped at the start and end)
  const len = Math.min(s.length, PREVIEW_SOURCE_UNITS);
  let i = 0;
  for (; i < len; i++) {
    if (out.length + (run >= 0 ? i - run : 0) > max) break;
    const c = s.charCodeAt(i);
    // Printable ASCII, most text: neither whitespace nor mapped.
    if (c > 0x20 && c < 0x7f) {
      if (run < 0) {
        if (space && out.length > 0) out += " ";
        space = false;
        run = i;
      }
      continue;
    }
    // One space between two of them stays in the run: it comes out as it is, as a collapsed run of one would.
    if (c === 0x20 && run >= 0 && i + 1 < len) {
      const d = s.charCodeAt(i + 1);
      if (d > 0x20 && d < 0x7f) continue;
    }
    // U+FEFF counts as whitespace in JavaScript but is shown, as the other zero-width characters are
    const ws = isSpace(c) && c !== 0xfeff;
    if (!ws && (!needsMapping(c) || (c === 0x200d && emojiJoiner(s, i)))) {
      if (run < 0) {
        if (space && out.length > 0) out += " ";
        space = false;
        run = i;
      }
      continue;
    }
    if (run >= 0) {
      out += s.slice(run, i);
      run = -1;
    }
    // A colour sequence is dropped whole (read within the same first units, so a cut string gives the same line).
    const style = c === 0x1b ? styleAt(s, i, len) : 0;
    if (style > 0) i += style - 1;
    else if (ws) space = true;
    else {
      if (space && out.length > 0) out += " ";
      space = false;
      out += safeText(s[i]);
    }
  }
  if (run >= 0) out += s.slice(run, Math.min(i, run + max + 1));
  if (out.length <= max) return own(out);
  return cutLine(out, max);
}

function cutLine(out: string, max: number): string {
  let cut = Math.max(0, max - 1);
  const last = out.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--; // never split a surrogate pair
  return own(out.slice(0, cut).trimEnd() + "…");
}

/**
 * Anything oneLine must collapse or map: whitespace other than one space
 * (isSpace), controls and bidi marks (needsMapping), or two spaces in a row.
 * A superset is fine: it only sends the text down the slow path.
 */
const NEEDS_WORK = /[\u0000-\u001f\u007f-\u00a0\u061c\u1680\u2000-\u200f\u2028-\u202f\u205f\u2060\u2066-\u2069\u3000\ufeff]| {2}/;

/**
 * A copy that does not keep its source alive: V8 makes a slice of a long
 * string point into it, so a 100-char preview could pin a 1 MB tool output.
 */
export function own(s: string): string {
  return s.length < 13 ? s : (" " + s).slice(1);
}

/** Cuts an already safe string to width characters with "…", padding to width when pad is set. */
export function fit(s: string, width: number, pad = false): string {
  if (width <= 0) return "";
  if (s.length > width) return s.slice(0, Math.max(0, width - 1)) + "…";
  return pad ? s.padEnd(width) : s;
}
