// The one title rule: how a session is called wherever it is shown (the
// list's row, the tab bar, the tree's first line, `tree`'s header, `ls`,
// `stats`, search hits, exports). Its name, else its first user message,
// else a stand-in: never its file name, so a session without a name reads
// the same on every screen and in every file made from it.
import { oneLine } from "./text/safe-text.js";
import { fitWidth } from "./text/width.js";
export const NO_TITLE = "(no messages)";
/** The stand-in for a session that has messages but no prompt to be called by (Claude Code's own list says `No prompt`): an SDK run whose prompts are all `isMeta`, say. */
export const NO_PROMPT = "(no prompt)";

/** What the title reads: a list row (its message count) or a loaded session (its entries). */
export type Titled = { name: string | null; firstMessage?: string } & ({ messageCount: number } | { entries: readonly { type: string }[] });

/** A session's title, from a list row or a loaded session (raw: callers make it one line and terminal-safe). */
export function sessionTitle(s: Titled): string {
  if (s.name) return s.name;
  if (s.firstMessage) return s.firstMessage;
  const messages = "messageCount" in s ? s.messageCount > 0 : s.entries.some((e) => e.type === "message");
  return messages ? NO_PROMPT : NO_TITLE;
}

/** A title (sessionTitle's text, or what a search index took from it) as one terminal-safe line of at most `max` columns. */
export function titleLine(title: string, max: number): string {
  // oneLine's bound is in UTF-16 units (it cuts a long text early); wide characters take two columns.
  return fitWidth(oneLine(title, max), max);
}
