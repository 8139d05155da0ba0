// The NAME / FIRST MESSAGE cell: fitWidth(oneLine(text, max), width, true),
// computed in one pass that reads only as much of the text as the cell shows
// (a few dozen characters, where oneLine reads up to 1,024 and fitWidth
// measures all it kept). A warm `ls` fills thousands of cells right after
// start-up, before either loop is optimized. Anything unusual (a character
// oneLine turns into a glyph, an emoji sequence, a cell reaching near `max` characters) goes
// through oneLine and fitWidth themselves. test/cli/ls-preview.test.ts checks
// that both ways agree.
import { isSpace, needsMapping as isMapped, oneLine, PREVIEW_SOURCE_UNITS } from "../../core/session/index.js";
import { charWidth, fitWidth } from "../../core/session/index.js";

// Words of one-column characters that are neither whitespace nor mapped, one space apart.
const NARROW = /[\x21-\x7e\xa1-\u02ff]+(?: [\x21-\x7e\xa1-\u02ff]+)*/y;

/** fitWidth(oneLine(s, max), width, true). */
export function previewCell(s: string, max: number, width: number): string {
  const slow = (): string => fitWidth(oneLine(s, max), width, true);
  if (width <= 0) return "";
  // oneLine's line and its cut ("…" at max) agree on their first max - 3 units:
  // a cell decided within them is the same either way.
  const safe = max - 3;
  const len = Math.min(s.length, PREVIEW_SOURCE_UNITS);
  let line = ""; // the collapsed line so far, but for the plain run in progress
  let run = -1; // where in s the plain run in progress started
  let space = false; // a whitespace run is pending: a space, if more text follows
  let units = 0; // length of the collapsed line so far
  let w = 0; // its columns
  let cut: string | null = null; // the line before the first character past width - 1 columns
  let cutWidth = 0;
  let i = 0;
  if (width < safe) {
    // Most text starts with words of one-column characters between single
    // spaces: that prefix is its own line, one column a unit; a regex finds it.
    NARROW.lastIndex = 0;
    const m = NARROW.test(s) ? Math.min(NARROW.lastIndex, len) : 0;
    if (m > width) return s.slice(0, width - 1) + "…";
    if (m > 0) {
      if (m === width) {
        cut = s.slice(0, width - 1);
        cutWidth = width - 1;
      }
      run = 0;
      units = w = i = m;
    }
  }
  while (i < len) {
    const c = s.charCodeAt(i);
    if (isSpace(c) && c !== 0xfeff) {
      if (run >= 0) {
        line += s.slice(run, i);
        run = -1;
      }
      space = true;
      i++;
      continue;
    }
    if (isMapped(c)) return slow();
    if (space && units > 0) {
      if (units + 1 > safe) return slow();
      if (cut === null && w + 1 > width - 1) {
        cut = line;
        cutWidth = w;
      }
      line += " ";
      units++;
      w++;
      if (w > width) break;
    }
    space = false;
    let n = 1;
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < len) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = (c - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
        n = 2;
      }
    }
    if (units + n > safe) return slow();
    // An emoji sequence (a joiner, the emoji variation selector, a skin tone) is measured by fitWidth's rule.
    if (cp === 0x200d || cp === 0xfe0f || (cp >= 0x1f3fb && cp <= 0x1f3ff)) return slow();
    const cw = charWidth(cp);
    if (cut === null && w + cw > width - 1) {
      cut = run >= 0 ? line + s.slice(run, i) : line;
      cutWidth = w;
    }
    if (run < 0) run = i;
    units += n;
    w += cw;
    i += n;
    if (w > width) break;
  }
  if (w > width) return cutWidth + 1 < width ? cut + "…" + " ".repeat(width - cutWidth - 1) : cut + "…";
  // The whole line fits (a trailing whitespace run is dropped, as oneLine does).
  if (run >= 0) line += s.slice(run, len);
  return w < width ? line + " ".repeat(width - w) : line;
}
