// Merging a streamed message's copies (streamed.ts) compares blocks in place.
// It must merge exactly as matching them by key strings does (what it did
// before: one string per block, a whole text copied into each): checked here
// against that rule written out, on made-up runs of copies that repeat,
// grow, reorder and mix every kind of block.
import { describe, expect, it } from "vitest";
import { mergeBlocks, sameBlock } from "../../../src/core/session/read/dialects/claude/streamed.js";
import { prng } from "../../helpers/mutants.js";

type Obj = Record<string, unknown>;

/** The key rule: two blocks are the same when these strings are. */
function keyOf(b: Obj): string {
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

const textOf = (b: Obj): string | null => (b.type === "text" ? String(b.text) : b.type === "thinking" ? String(b.thinking) : null);

/** The merge by keys (a set of the merged blocks' keys, kept along). */
function mergeByKeys(merged: Obj[], incoming: Obj[], seen: Set<string>): void {
  incoming.forEach((b, i) => {
    const key = keyOf(b);
    if (seen.has(key)) return;
    const there = incoming.length > 1 ? merged[i] : undefined;
    const grown = there && there.type === b.type ? textOf(there) : null;
    const now = textOf(b);
    if (there && grown !== null && now !== null && now.startsWith(grown)) {
      seen.delete(keyOf(there));
      merged[i] = b;
    } else merged.push(b);
    seen.add(key);
  });
}

/** A block from a small alphabet, so that equal and growing blocks come often. */
function block(rnd: () => number): Obj {
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const words = ["a", "ab", "abc", "b", "", "abcd"];
  switch (Math.floor(rnd() * 9)) {
    case 0:
    case 1:
      return { type: "text", text: pick(words) };
    case 2:
      return { type: "thinking", thinking: pick(words), ...(rnd() < 0.5 ? { thinkingSignature: pick(["s", "t", ""]) } : {}) };
    case 3:
      return { type: "toolCall", id: pick(["t1", "t2", 3]), name: "Bash", arguments: { n: pick([1, 2]) } };
    case 4:
      return { type: "redactedThinking", data: pick(["x", "y"]) };
    case 5:
      return { type: "image", data: pick(["i", "j"]), mimeType: "image/png" };
    case 6:
      return { type: "web_search_tool_result", content: [{ n: pick([1, 2]) }] };
    case 7:
      return pick([{ type: "text" }, { type: "thinking" }, { text: "a" }, { type: null }, { type: { k: 1 } }]) as Obj;
    default:
      return { type: pick(["text", "thinking", "toolCall", "other"]), text: pick(words), thinking: pick(words), id: pick(["t1", "t2"]), data: "x" };
  }
}

describe("streamed copies merged in place", () => {
  it("merge as the key rule does, on 5,000 made-up messages", () => {
    const rnd = prng(25);
    for (let n = 0; n < 5000; n++) {
      const copies = Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => {
        const len = Math.floor(rnd() * 5);
        return Array.from({ length: len }, () => block(rnd));
      });
      // Some copies repeat the one before, with its last block grown.
      for (let c = 1; c < copies.length; c++) {
        if (rnd() < 0.3) {
          const prev = copies[c - 1].map((b) => ({ ...b }));
          const last = prev[prev.length - 1];
          if (last && typeof last.text === "string") last.text += "z";
          copies[c] = [...prev, ...copies[c]];
        }
      }
      const ours: Obj[] = [];
      const theirs: Obj[] = [];
      const seen = new Set<string>();
      copies.forEach((copy, c) => {
        // The reader: a first copy of one block is taken as it is; any other copy is merged.
        if (c === 0 && copy.length <= 1) {
          ours.push(...copy);
          theirs.push(...copy);
          for (const b of copy) seen.add(keyOf(b));
          return;
        }
        mergeBlocks(ours, copy);
        mergeByKeys(theirs, copy, seen);
      });
      expect(ours).toEqual(theirs);
    }
  });

  it("sameBlock holds exactly when the keys are equal", () => {
    const rnd = prng(7);
    for (let n = 0; n < 20000; n++) {
      const a = block(rnd);
      const b = block(rnd);
      expect(sameBlock(a, b)).toBe(keyOf(a) === keyOf(b));
    }
  });
});
