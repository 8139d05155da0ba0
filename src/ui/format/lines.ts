// Styled text lines for the scrollable panes, and hard wrapping to the pane's
// width (the pane scrolls by wrapped line, so wrapping happens before drawing).
import { safeText } from "../../core/session/text/safe-text.js";
import { displayWidth } from "./width.js";

export type Tone = "primary" | "muted" | "accent" | "user" | "assistant" | "tool" | "error" | "meta" | "label";

export interface Line {
  text: string;
  tone?: Tone;
  bold?: boolean;
}

/** Splits (terminal-safe) multi-line text into lines of one tone, each indented. */
export function textLines(text: string, tone?: Tone, indent = "  "): Line[] {
  const safe = safeText(text, true);
  return safe.split("\n").map((t) => ({ text: indent + t, tone }));
}

/** Cuts every line to `width` terminal columns (wide characters count two), continuing on the next line. */
export function wrapLines(lines: readonly Line[], width: number): Line[] {
  const w = Math.max(8, width);
  const out: Line[] = [];
  for (const l of lines) {
    if (l.text.length <= w && displayWidth(l.text) <= w) {
      out.push(l);
      continue;
    }
    let cur = "";
    let cw = 0;
    for (const ch of l.text) {
      const chw = displayWidth(ch);
      if (cw + chw > w) {
        out.push({ ...l, text: cur });
        cur = "";
        cw = 0;
      }
      cur += ch;
      cw += chw;
    }
    if (cur) out.push({ ...l, text: cur });
  }
  return out;
}
