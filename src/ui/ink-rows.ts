// Ink 6 builds every frame cell by cell: a grid of width × height cell
// objects, each written line's styled characters copied in, then every row
// turned back into a string. Moving the cursor changes two rows of forty, yet
// all forty are rebuilt; with the width lookups gone (ink-caches.ts,
// ink-string-width.ts) this is most of what a keypress costs. A row's string
// depends only on the pieces written onto it (their column and text, after
// clipping and transforms) and the frame's width, so this Output.get puts the
// pieces of each row together exactly as Ink does and builds a row only when
// that list of pieces is new; a row seen in an earlier frame is reused. The
// rows remembered are bounded and cleared when full. A row of plain pieces
// (no colour, characters of known width, side by side) is put together as
// text directly, without cells (plainRow).
//
// It reaches into Ink's internals (its Output class, and the two helpers it
// draws with), so it is installed only on the pinned Ink and only after it
// draws a probe frame exactly as Ink's own get does (ink-caches.ts).
import { charLength, charWidthAt, simpleWidth, singleColumnWidth } from "./ink-string-width.js";

/** One character cell as Ink's output grid holds it. */
export interface StyledChar {
  type: "char";
  value: string;
  fullWidth: boolean;
  styles: unknown[];
}

interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}

type Transformer = (line: string, index: number) => string;

type Operation = { type: "write"; x: number; y: number; text: string; transformers: Transformer[] } | { type: "clip"; clip: Clip } | { type: "unclip" };

/** What get reads of an Output (Ink 6.8's fields and per-frame caches). */
export interface OutputLike {
  width: number;
  height: number;
  operations: Operation[];
  caches: { getStyledChars(line: string): StyledChar[]; getStringWidth(text: string): number; getWidestLine(text: string): number };
}

/** The helpers Ink's output draws with: slice-ansi and ansi-tokenize's styledCharsToString. */
export interface DrawHelpers {
  sliceAnsi(text: string, start: number, end?: number): string;
  styledCharsToString(chars: StyledChar[]): string;
}

const MAX_ROWS = 4000;
// Separators that no terminal-safe text holds (safe-text maps control characters away).
const PIECE = "\u0000";
const AT = "\u0001";

// Shared by every plain character: Ink and ansi-tokenize only read a character's styles.
const NO_STYLES: unknown[] = Object.freeze([]) as unknown as unknown[];
// The blank a row starts as (Ink makes one per cell; they are only read).
const SPACE: StyledChar = Object.freeze({ type: "char", value: " ", fullWidth: false, styles: NO_STYLES }) as StyledChar;

/**
 * A line of characters that stand alone with a known width (ink-string-width.ts:
 * no escape code, mark, modifier or joiner) as ansi-tokenize's tokenizer would
 * cut it: one unstyled character per code point, wide for the two-column ones.
 * Null for any other line.
 */
export function plainStyledChars(line: string): StyledChar[] | null {
  const out: StyledChar[] = [];
  for (let i = 0; i < line.length;) {
    const w = charWidthAt(line, i);
    if (w === 0) return null;
    const n = charLength(line, i);
    out.push({ type: "char", value: n === 1 ? line[i] : line.slice(i, i + n), fullWidth: w === 2, styles: NO_STYLES });
    i += n;
  }
  return out;
}

/** The two functions of ansi-tokenize that Ink's getStyledChars is made of. */
export interface TokenizeHelpers {
  tokenize(text: string): unknown[];
  styledCharsFromTokens(tokens: unknown[]): StyledChar[];
}

/**
 * Styled characters of a coloured line without the grapheme tokenizer: a
 * line of such characters (plainStyledChars) and SGR codes (ESC [ digits and ; m, all
 * that Ink's colours write) is cut by hand, each code tokenized alone (and
 * remembered), and the styles worked out by ansi-tokenize itself. Null for
 * any other line (the tokenizer's). A plain line takes plainStyledChars.
 */
export function styledCharsWithout({ tokenize, styledCharsFromTokens }: TokenizeHelpers): (line: string) => StyledChar[] | null {
  const codes = new Map<string, unknown[]>();
  return (line) => {
    const plain = plainStyledChars(line);
    if (plain) return plain;
    // One char token per run of characters between codes: ansi-tokenize works
    // out each run's styles once, and the run's characters share that array
    // (Ink and drawRow only read it).
    const tokens: unknown[] = [];
    const runs: StyledChar[][] = [];
    let run: StyledChar[] | null = null;
    for (let i = 0; i < line.length;) {
      const c = line.charCodeAt(i);
      if (c === 0x1b) {
        if (line.charCodeAt(i + 1) !== 0x5b) return null;
        let j = i + 2;
        while (j < line.length && ((line.charCodeAt(j) >= 0x30 && line.charCodeAt(j) <= 0x39) || line.charCodeAt(j) === 0x3b)) j++;
        if (line.charCodeAt(j) !== 0x6d) return null;
        const code = line.slice(i, j + 1);
        let t = codes.get(code);
        if (t === undefined) {
          t = tokenize(code);
          if (codes.size >= 1000) codes.clear();
          codes.set(code, t);
        }
        for (const token of t) tokens.push(token);
        run = null;
        i = j + 1;
        continue;
      }
      const w = charWidthAt(line, i);
      if (w === 0) return null;
      const n = charLength(line, i);
      if (run === null) {
        run = [];
        runs.push(run);
        tokens.push({ type: "char", value: "", fullWidth: false });
      }
      run.push({ type: "char", value: n === 1 ? line[i] : line.slice(i, i + n), fullWidth: w === 2, styles: NO_STYLES });
      i += n;
    }
    const styled = styledCharsFromTokens(tokens);
    const out: StyledChar[] = [];
    for (let r = 0; r < runs.length; r++) {
      const styles = styled[r].styles;
      for (const ch of runs[r]) {
        ch.styles = styles;
        out.push(ch);
      }
    }
    return out;
  };
}

/** An Output.get that rebuilds only rows whose pieces are new. */
export function rowCachedGet({ sliceAnsi, styledCharsToString }: DrawHelpers): (this: OutputLike) => { output: string; height: number } {
  const rows = new Map<string, string>();
  return function get(this: OutputLike) {
    const pieces = placePieces(this, sliceAnsi);
    const out: string[] = [];
    for (const row of pieces) {
      if (row.length === 0) {
        out.push("");
        continue;
      }
      const plain = plainRow(this.width, row);
      if (plain !== null) {
        out.push(plain);
        continue;
      }
      let key = String(this.width);
      for (let i = 0; i < row.length; i += 2) key += PIECE + row[i] + AT + row[i + 1];
      let text = rows.get(key);
      if (text === undefined) {
        text = drawRow(this, row, styledCharsToString);
        if (rows.size >= MAX_ROWS) rows.clear();
        rows.set(key, text);
      }
      out.push(text);
    }
    return { output: out.join("\n"), height: out.length };
  };
}

/**
 * The pieces written onto each row, in order (column, text, column, text …):
 * the operations walked as Ink 6.8's Output.get walks them (clips, transforms,
 * and its way of skipping lines outside the frame).
 */
function placePieces(o: OutputLike, sliceAnsi: DrawHelpers["sliceAnsi"]): (number | string)[][] {
  const rows: (number | string)[][] = [];
  for (let y = 0; y < o.height; y++) rows.push([]);
  const clips: Clip[] = [];
  for (const op of o.operations) {
    if (op.type === "clip") clips.push(op.clip);
    if (op.type === "unclip") clips.pop();
    if (op.type !== "write") continue;
    let { x, y } = op;
    let lines = op.text.split("\n");
    const clip = clips.at(-1);
    if (clip) {
      const across = typeof clip.x1 === "number" && typeof clip.x2 === "number";
      const down = typeof clip.y1 === "number" && typeof clip.y2 === "number";
      if (across && (x + o.caches.getWidestLine(op.text) < clip.x1! || x > clip.x2!)) continue;
      if (down && (y + lines.length < clip.y1! || y > clip.y2!)) continue;
      if (across) {
        const from = x < clip.x1! ? clip.x1! - x : 0;
        lines = lines.map((line) => {
          const w = o.caches.getStringWidth(line);
          const to = x + w > clip.x2! ? clip.x2! - x : w;
          return plainSlice(line, from, to) ?? sliceAnsi(line, from, to);
        });
        if (x < clip.x1!) x = clip.x1!;
      }
      if (down) {
        const from = y < clip.y1! ? clip.y1! - y : 0;
        const to = y + lines.length > clip.y2! ? clip.y2! - y : lines.length;
        lines = lines.slice(from, to);
        if (y < clip.y1!) y = clip.y1!;
      }
    }
    // As Ink: a line that falls outside the frame is skipped without moving down.
    let down = 0;
    for (let index = 0; index < lines.length; index++) {
      const row = rows[y + down];
      if (!row) continue;
      let line = lines[index];
      for (const t of op.transformers) line = t(line, index);
      row.push(x, line);
      down++;
    }
  }
  return rows;
}

/**
 * sliceAnsi(line, from, to) without its grapheme pass for a plain line: the
 * whole line when the cut keeps all of it, a slice of a line of single-column
 * characters. Null for any other (sliceAnsi's).
 */
export function plainSlice(line: string, from: number, to: number): string | null {
  if (from < 0 || to < from || (from | 0) !== from || (to | 0) !== to) return null;
  if (singleColumnWidth(line) >= 0) return line.slice(from, to);
  if (from === 0) {
    const w = simpleWidth(line);
    if (w >= 0 && to >= w) return line;
  }
  return null;
}

/**
 * A row of plain pieces (no escape code; characters of known width,
 * ink-string-width.ts), each after the one before and inside the frame, is
 * what drawRow would make of it without its cells: the pieces with spaces
 * between them, trailing blanks trimmed. No cell, styled character or
 * remembered row is made for it (a page of new rows on a big session cost a
 * tokenizer pass and ~120 objects per row that the next collections copied).
 * Null for any other row (drawRow's).
 */
export function plainRow(width: number, pieces: (number | string)[]): string | null {
  let text = "";
  let at = 0;
  for (let i = 0; i < pieces.length; i += 2) {
    const x = pieces[i] as number;
    const piece = pieces[i + 1] as string;
    const w = simpleWidth(piece);
    if (w < 0 || x < at || x + w > width || (x | 0) !== x) return null;
    if (x > at) text += " ".repeat(x - at);
    text += piece;
    at = x + w;
  }
  return text.trimEnd();
}

/** One row's string, built cell by cell as Ink builds it. */
function drawRow(o: OutputLike, pieces: (number | string)[], styledCharsToString: DrawHelpers["styledCharsToString"]): string {
  const cells: StyledChar[] = new Array<StyledChar>(o.width).fill(SPACE);
  for (let i = 0; i < pieces.length; i += 2) {
    let at = pieces[i] as number;
    for (const ch of o.caches.getStyledChars(pieces[i + 1] as string)) {
      cells[at] = ch;
      const w = Math.max(1, o.caches.getStringWidth(ch.value));
      for (let k = 1; k < w; k++) cells[at + k] = { type: "char", value: "", fullWidth: false, styles: ch.styles };
      at += w;
    }
  }
  const shown = cells.filter((c) => c !== undefined);
  // A row with no style anywhere is its characters (what styledCharsToString makes of it, without a diff per character).
  if (shown.every((c) => c.styles.length === 0))
    return shown
      .map((c) => c.value)
      .join("")
      .trimEnd();
  // Neighbours with the same styles (the same array, or none) need no code
  // between them: styledCharsToString makes the same string of them joined
  // into one character, with one diff per change of style, not per character.
  const joined: StyledChar[] = [];
  for (const c of shown) {
    const last = joined.at(-1);
    if (last && (last.styles === c.styles || (last.styles.length === 0 && c.styles.length === 0))) last.value += c.value;
    else joined.push({ type: "char", value: c.value, fullWidth: c.fullWidth, styles: c.styles });
  }
  return styledCharsToString(joined).trimEnd();
}
