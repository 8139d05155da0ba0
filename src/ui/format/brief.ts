// One-line, terminal-safe gist of message content (string, blocks or anything).
import { oneLine } from "../../core/session/index.js";
import { contentText, toolCallsOf, wordlessNote } from "../../core/session/index.js";

/**
 * `showCR`: a carriage return shows as `␍`, as in the detail pane, instead of joining the whitespace around it. Content
 * with no text and no call says what the tree's row says of it (`(no text)`, `[thinking] …`).
 */
export function contentBrief(content: unknown, max: number, opts: { showCR?: boolean } = {}): string {
  const cr = (s: string) => (opts.showCR ? s.replace(/\r/g, "\u240d") : s);
  if (typeof content === "string") return oneLine(cr(content), max);
  const text = cr(contentText(content));
  const calls = toolCallsOf(content)
    .map((c) => `[${c.name}${c.arg ? `: ${c.arg}` : ""}]`)
    .join(" ");
  return oneLine([text, calls].filter(Boolean).join(" ") || (content === undefined ? "" : wordlessNote(content)), max);
}
