// One streamed assistant message reaches the file as several lines sharing
// `message.id` and `requestId`: each usually holds the next content block,
// and some versions repeat the blocks before it. Merged, the message holds
// every block once, in the order first seen.
import { type Obj } from "./blocks.js";

/**
 * Whether two blocks are the same block: a tool call by its id, a text or
 * thinking by its text (and signature), redacted thinking by its data, any
 * other kind by its whole JSON. Compared in place: no key strings are made
 * (most messages come as two copies, and each key would copy a whole text).
 */
export function sameBlock(a: Obj, b: Obj): boolean {
  switch (b.type) {
    case "toolCall":
      return a.type === "toolCall" && String(a.id) === String(b.id);
    case "text":
      return a.type === "text" && String(a.text) === String(b.text);
    case "thinking":
      return a.type === "thinking" && String(a.thinking) === String(b.thinking) && String(a.thinkingSignature ?? "") === String(b.thinkingSignature ?? "");
    case "redactedThinking":
      return a.type === "redactedThinking" && String(a.data) === String(b.data);
    default:
      return !KEYED.has(a.type) && JSON.stringify(a) === JSON.stringify(b);
  }
}

/** The kinds matched by a field of theirs (sameBlock); any other kind by its JSON. */
const KEYED: ReadonlySet<unknown> = new Set(["toolCall", "text", "thinking", "redactedThinking"]);

const textOf = (b: Obj): string | null => (b.type === "text" ? String(b.text) : b.type === "thinking" ? String(b.thinking) : null);

/** Where a block the same as `b` is among the merged ones (-1: none); the block at `hint` is tried first (a copy repeating the earlier blocks has them in place). */
function indexOfSame(merged: Obj[], b: Obj, hint: number): number {
  if (hint < merged.length && sameBlock(merged[hint], b)) return hint;
  for (let j = 0; j < merged.length; j++) if (j !== hint && sameBlock(merged[j], b)) return j;
  return -1;
}

/**
 * Adds a copy's blocks to the merged ones (in place). A copy that repeats the
 * earlier blocks may carry a block grown since (a longer text at the same
 * place): the grown one replaces the shorter. The merged blocks stay
 * distinct: a block the same as one of them is not added again.
 */
export function mergeBlocks(merged: Obj[], incoming: Obj[]): void {
  incoming.forEach((b, i) => {
    if (indexOfSame(merged, b, i) >= 0) return;
    const there = incoming.length > 1 ? merged[i] : undefined;
    const grown = there && there.type === b.type ? textOf(there) : null;
    const now = textOf(b);
    if (there && grown !== null && now !== null && now.startsWith(grown)) merged[i] = b;
    else merged.push(b);
  });
}
