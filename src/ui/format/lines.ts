// Styled text lines for the scrollable panes, and hard wrapping to the pane's
// width (the pane scrolls by wrapped line, so wrapping happens before drawing).
import { safeText } from "../../core/session/index.js";
import { displayWidth } from "./width.js";

export type Tone = "primary" | "muted" | "accent" | "user" | "assistant" | "tool" | "error" | "meta" | "label";

export interface Line {
  text: string;
  tone?: Tone;
  bold?: boolean;
  /** Columns its wrapped continuation lines are indented by (default: the line's own leading spaces). */
  hang?: number;
}

/** Splits (terminal-safe) multi-line text into lines of one tone, each indented. */
export function textLines(text: string, tone?: Tone, indent = "  "): Line[] {
  const safe = safeText(text, true);
  return safe.split("\n").map((t) => ({ text: indent + t, tone }));
}

/**
 * Wraps every line to `width` terminal columns (wide characters count two):
 * at a space when the line has one in reach, or after a "/" of a path, else
 * mid-word (a long token); continuation lines keep the line's indent, or
 * its `hang` (a numbered item's text lines up under its first line's text).
 */
export function wrapLines(lines: readonly Line[], width: number): Line[] {
  const w = Math.max(8, width);
  const out: Line[] = [];
  for (const l of lines) {
    if (l.text.length <= w && displayWidth(l.text) <= w) {
      out.push(l);
      continue;
    }
    const indent = " ".repeat(Math.min(l.hang ?? /^ */.exec(l.text)![0].length, Math.floor(w / 2)));
    let rest = [...l.text];
    let first = true;
    while (rest.length > 0) {
      const lead = first ? "" : indent;
      const room = w - lead.length;
      let cw = 0;
      let end = 0;
      while (end < rest.length && cw + displayWidth(rest[end]) <= room) cw += displayWidth(rest[end++]);
      if (end < rest.length) {
        // Back to the last space in reach, or just after a "/" (a path breaks between its parts), not too far back:
        // the word moves whole to the next line.
        let sp = end;
        while (sp > 0 && rest[sp] !== " " && rest[sp - 1] !== "/") sp--;
        if (sp > room / 3) end = sp;
      }
      out.push({ ...l, text: lead + rest.slice(0, end).join("").trimEnd() });
      rest = rest.slice(end);
      while (rest[0] === " ") rest = rest.slice(1);
      first = false;
    }
  }
  return out;
}
