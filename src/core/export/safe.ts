// safeText over long export text: only the runs of characters it maps are
// handed to it, so a tool output with a few tabs is not rebuilt character by
// character. The mapping itself stays safeText's (the one terminal-safe function).
import { safeText } from "../session/index.js";

// What safeText maps (text/safe-text.ts), newlines aside: they are kept.
// (A joiner between two emoji is no such character: safeText keeps it, and so does this.)
const MAPPED_RUN =
  /(?:[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]|(?<!\p{Extended_Pictographic}(?:\uFE0F|\u{1F3FB}|\u{1F3FC}|\u{1F3FD}|\u{1F3FE}|\u{1F3FF})?)\u200d|\u200d(?!\p{Extended_Pictographic}))+/gu;

/** safeText(s, true), the same result, in one native pass for text that needs little of it. */
export const safeLines = (s: string): string => s.replace(MAPPED_RUN, (run) => safeText(run, true));
