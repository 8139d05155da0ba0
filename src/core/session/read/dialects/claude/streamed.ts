// One streamed assistant message reaches the file as several lines sharing
// `message.id` and `requestId`: each usually holds the next content block,
// and some versions repeat the blocks before it. Merged, the message holds
// every block once, in the order first seen.
import { type Obj } from "./blocks.js";

/** What makes two blocks the same block. */
function blockKey(b: Obj): string {
  switch (b.type) {
    case "toolCall":
      return `call\u0000${String(b.id)}`;
    case "text":
      return `text\u0000${String(b.text)}`;
    case "thinking":
      return `thinking\u0000${String(b.thinking)}\u0000${String(b.thinkingSignature ?? "")}`;
    case "redactedThinking":
      return `redacted\u0000${String(b.data)}`;
    default:
      return JSON.stringify(b);
  }
}

/** The keys of merged blocks: what a copy's blocks are matched against. */
export const blockKeys = (blocks: Obj[]): Set<string> => new Set(blocks.map(blockKey));

const textOf = (b: Obj): string | null => (b.type === "text" ? String(b.text) : b.type === "thinking" ? String(b.thinking) : null);

/**
 * Adds a copy's blocks to the merged ones (in place). A copy that repeats the
 * earlier blocks may carry a block grown since (a longer text at the same
 * place): the grown one replaces the shorter.
 */
export function mergeBlocks(merged: Obj[], incoming: Obj[], seen: Set<string>): void {
  incoming.forEach((b, i) => {
    const key = blockKey(b);
    if (seen.has(key)) return;
    const there = incoming.length > 1 ? merged[i] : undefined;
    const grown = there && there.type === b.type ? textOf(there) : null;
    const now = textOf(b);
    if (there && grown !== null && now !== null && now.startsWith(grown)) {
      seen.delete(blockKey(there));
      merged[i] = b;
    } else {
      merged.push(b);
    }
    seen.add(key);
  });
}
