// The text of a user message as pi lists it: the first message's title in
// every agent's list row and tree (pi and omp, and the other dialects' held entries).

type Json = Record<string, unknown>;

/**
 * The text of a user message: a string, or its text blocks joined by spaces (as pi lists it). A text block that is an
 * attached document's text (marked `document` with its name: Claude Code's document blocks) is no typed word: left out.
 */
export function messageText(msg: unknown): string {
  if (msg === null || typeof msg !== "object") return "";
  const content = (msg as Json).content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const block of content) {
    if (block && typeof block === "object" && (block as Json).type === "text" && typeof (block as Json).text === "string" && typeof (block as Json).document !== "string") {
      parts.push((block as Json).text as string);
    }
  }
  return parts.join(" ");
}
