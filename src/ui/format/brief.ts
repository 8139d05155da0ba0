// One-line, terminal-safe gist of message content (string, blocks or anything).
import { oneLine } from "../../core/session/text.js";
import { contentText, toolCallsOf } from "../../core/session/describe.js";

export function contentBrief(content: unknown, max: number): string {
  if (typeof content === "string") return oneLine(content, max);
  const text = contentText(content);
  const calls = toolCallsOf(content)
    .map((c) => `[${c.name}${c.arg ? `: ${c.arg}` : ""}]`)
    .join(" ");
  return oneLine([text, calls].filter(Boolean).join(" ") || (content === undefined ? "" : "…"), max);
}
