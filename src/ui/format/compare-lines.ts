// One side of the compare view as lines: its messages (one line each, the
// cursor's marked), files read and changed, commands, tokens and cost, and
// the start of its last answer. What both sides did alike starts with "="
// and is dimmed, so it reads without colour too.
import { basename } from "node:path";
import { oneLine, safeText } from "../../core/session/index.js";
import { figureText, type SideAlike } from "../../core/compare/compare-text.js";
import type { SideFacts } from "../../core/compare/side.js";
import type { Tone } from "./lines.js";

export interface CompareLine {
  text: string;
  tone?: Tone;
  bold?: boolean;
  dim?: boolean;
  /** The message's index on its side (the cursor's line when it equals the cursor). */
  message?: number;
}

const roleTone = (role: string): Tone => (role === "user" ? "user" : role === "assistant" ? "assistant" : "tool");

/** Lines of the last answer shown under a side. */
const ANSWER_LINES = 6;

export function sideLines(name: string, side: SideFacts, alike: SideAlike, cursor: number | null): CompareLine[] {
  const out: CompareLine[] = [{ text: `${name} · ${safeText(basename(side.file))} at ${safeText(side.pointId)} · ${side.entries} entries after the common point`, tone: "accent", bold: true }];
  out.push({ text: `messages (${side.messages.length})`, tone: "muted" });
  side.messages.forEach((m, i) => {
    const same = alike.message(m);
    out.push({ text: `${i === cursor ? "›" : " "} ${same ? "=" : " "} ${oneLine(m.line, 400)}`, tone: roleTone(m.role), dim: same, bold: i === cursor, message: i });
  });
  const list = (title: string, items: string[], same: (x: string) => boolean) => {
    out.push({ text: `${title} (${items.length})`, tone: "muted" });
    for (const x of items) out.push({ text: `  ${same(x) ? "=" : " "} ${oneLine(x, 400)}`, dim: same(x) });
  };
  list("files read", side.filesRead, alike.read);
  list("files changed", side.filesChanged, alike.changed);
  list("commands", side.commands, alike.command);
  out.push({ text: `tokens and cost: ${figureText(side)}`, tone: "muted" });
  if (side.lastAnswer) {
    out.push({ text: "last answer", tone: "muted" });
    const lines = safeText(side.lastAnswer.text, true)
      .split("\n")
      .filter((l) => l.trim());
    for (const l of lines.slice(0, ANSWER_LINES)) out.push({ text: `  ${l}`, tone: "assistant" });
    if (lines.length > ANSWER_LINES) out.push({ text: `  … (${lines.length - ANSWER_LINES} more lines: Enter on the message)`, tone: "muted" });
  } else out.push({ text: "last answer: none", tone: "muted" });
  return out;
}

/** The first line to draw so that the cursor's line is in a window of `height` lines. */
export function firstLine(lines: readonly CompareLine[], cursor: number | null, height: number): number {
  if (cursor === null || lines.length <= height) return 0;
  const at = lines.findIndex((l) => l.message === cursor);
  if (at < 0) return 0;
  return Math.max(0, Math.min(lines.length - height, at - Math.floor(height / 3)));
}
