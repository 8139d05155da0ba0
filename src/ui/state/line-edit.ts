// The one line editor of the browser, as a pure function of (line, key): the
// tree's label / name / summary prompts and the review screens' lesson,
// reason and topic-name prompts all edit through it. Its keys are the key
// table's "line" scope (readline's: ^a ^e ^u ^k ^w, alt+b/f, ctrl+←/→), so
// help, docs and user overrides cover them. Keys reach it synchronously
// through the shell's one dispatcher, so fast typing and pastes never act on
// a stale value.
import { findBinding, type Action } from "../keymap.js";

export interface LineState {
  value: string;
  /** Caret position in UTF-16 units, 0..value.length. */
  cursor: number;
}

export type LineResult = { line: LineState; submit?: boolean };

export const lineAt = (value: string): LineState => ({ value, cursor: value.length });

const clean = (s: string): string => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, "");

function insert(l: LineState, text: string): LineState {
  return { value: l.value.slice(0, l.cursor) + text + l.value.slice(l.cursor), cursor: l.cursor + text.length };
}

const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);

/** Start of the word before the caret (spaces first, then the word). */
function wordStart(v: string, i: number): number {
  while (i > 0 && isSpace(v[i - 1])) i--;
  while (i > 0 && !isSpace(v[i - 1])) i--;
  return i;
}

/** End of the word after the caret. */
function wordEnd(v: string, i: number): number {
  while (i < v.length && isSpace(v[i])) i++;
  while (i < v.length && !isSpace(v[i])) i++;
  return i;
}

/** A caret step of one character, not splitting a surrogate pair. */
function step(v: string, i: number, dir: 1 | -1): number {
  const j = Math.max(0, Math.min(v.length, i + dir));
  const c = v.charCodeAt(dir < 0 ? j : i);
  const pair = dir < 0 ? c >= 0xdc00 && c <= 0xdfff && j > 0 : c >= 0xd800 && c <= 0xdbff && j < v.length;
  return pair ? Math.max(0, Math.min(v.length, j + dir)) : j;
}

const cut = (l: LineState, from: number, to: number): LineState => ({ value: l.value.slice(0, from) + l.value.slice(to), cursor: from });

/** Applies one edit action of the key table to a line. */
function act(l: LineState, action: Action): LineState | null {
  const { value: v, cursor: c } = l;
  switch (action) {
    case "edit.left":
      return { ...l, cursor: step(v, c, -1) };
    case "edit.right":
      return { ...l, cursor: step(v, c, 1) };
    case "edit.wordLeft":
      return { ...l, cursor: wordStart(v, c) };
    case "edit.wordRight":
      return { ...l, cursor: wordEnd(v, c) };
    case "edit.home":
      return { ...l, cursor: 0 };
    case "edit.end":
      return { ...l, cursor: v.length };
    case "edit.backspace":
      return c > 0 ? cut(l, step(v, c, -1), c) : l;
    case "edit.deleteWord":
      return cut(l, wordStart(v, c), c);
    case "edit.deleteWordForward":
      return { value: v.slice(0, c) + v.slice(wordEnd(v, c)), cursor: c };
    case "edit.killStart":
      return cut(l, 0, c);
    case "edit.killEnd":
      return { value: v.slice(0, c), cursor: c };
  }
  return null;
}

/** Applies one key (`name` as keyName gives it; `input` for pasted runs). */
export function editLine(l: LineState, input: string, name: string): LineResult {
  if (name === "enter") return { line: l, submit: true };
  const b = findBinding(name, ["line"]);
  const edited = b ? act(l, b.action) : null;
  if (edited) return { line: edited };
  if (name === "space") return { line: insert(l, " ") };
  if (name.length === 1 || (name === "" && input.length > 0 && !input.startsWith("\u001b"))) {
    // One key, or a paste, possibly ending in the Enter typed after it.
    const text = name.length === 1 ? name : input;
    const nl = text.search(/[\r\n]/);
    return nl >= 0 ? { line: insert(l, clean(text.slice(0, nl))), submit: true } : { line: insert(l, clean(text)) };
  }
  return { line: l };
}
