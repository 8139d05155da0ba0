// A one-line editor as a pure function of (line, key): the review prompts'
// text fields. Keys reach it synchronously through the shell, so fast typing
// and pastes never act on a stale value.

export interface LineState {
  value: string;
  /** Caret position in UTF-16 units, 0..value.length. */
  cursor: number;
}

export type LineResult = { line: LineState; submit?: boolean };

const clean = (s: string): string => s.replace(/[\u0000-\u001f\u007f]/g, "");

function insert(l: LineState, text: string): LineState {
  return { value: l.value.slice(0, l.cursor) + text + l.value.slice(l.cursor), cursor: l.cursor + text.length };
}

/** Applies one key (`name` as keyName gives it; `input` for pasted runs). */
export function editLine(l: LineState, input: string, name: string): LineResult {
  switch (name) {
    case "enter":
      return { line: l, submit: true };
    case "backspace":
      return { line: l.cursor > 0 ? { value: l.value.slice(0, l.cursor - 1) + l.value.slice(l.cursor), cursor: l.cursor - 1 } : l };
    case "left":
      return { line: { ...l, cursor: Math.max(0, l.cursor - 1) } };
    case "right":
      return { line: { ...l, cursor: Math.min(l.value.length, l.cursor + 1) } };
    case "home":
    case "ctrl+a":
      return { line: { ...l, cursor: 0 } };
    case "end":
    case "ctrl+e":
      return { line: { ...l, cursor: l.value.length } };
    case "ctrl+u":
      return { line: { value: l.value.slice(l.cursor), cursor: 0 } };
    case "ctrl+k":
      return { line: { value: l.value.slice(0, l.cursor), cursor: l.cursor } };
    case "space":
      return { line: insert(l, " ") };
  }
  if (name.length === 1) return { line: insert(l, name) };
  if (name === "" && input.length > 1) {
    // A paste, possibly ending in the Enter typed after it.
    const nl = input.search(/[\r\n]/);
    return nl >= 0 ? { line: insert(l, clean(input.slice(0, nl))), submit: true } : { line: insert(l, clean(input)) };
  }
  return { line: l };
}
