// Styled text lines for the scrollable panes, and hard wrapping to the pane's
// width (the pane scrolls by wrapped line, so wrapping happens before drawing).
import { safeText } from "../../core/session/text.js";

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

/** Cuts every line to `width` columns, continuing on the next line. */
export function wrapLines(lines: readonly Line[], width: number): Line[] {
  const w = Math.max(8, width);
  const out: Line[] = [];
  for (const l of lines) {
    if (l.text.length <= w) {
      out.push(l);
      continue;
    }
    for (let i = 0; i < l.text.length; i += w) out.push({ ...l, text: l.text.slice(i, i + w) });
  }
  return out;
}
