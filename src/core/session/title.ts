// The one title rule: how a session is called wherever it is shown (the
// list's row, the tab bar, the tree's first line, `tree`'s header, `ls`,
// `stats`, search hits, exports). Its name, else its first user message,
// else a stand-in: never its file name, so a session without a name reads
// the same on every screen and in every file made from it.
export const NO_TITLE = "(no messages)";

/** A session's title, from a list row or a loaded session (raw: callers make it one line and terminal-safe). */
export function sessionTitle(s: { name: string | null; firstMessage?: string }): string {
  if (s.name) return s.name;
  if (s.firstMessage) return s.firstMessage;
  return NO_TITLE;
}
