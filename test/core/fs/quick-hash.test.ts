// quickHash (fs/hash.ts): the catalog's header hashes and state shards, made without node:crypto.
import { describe, expect, it } from "vitest";
import { quickHash } from "../../../src/core/fs/hash.js";

describe("quickHash", () => {
  it("gives 16 hex digits, the same for the same bytes, another for any one byte changed, added or taken away", () => {
    const line = Buffer.from('{"type":"session","version":3,"id":"019ccae1-e48d-71fa-b856-c1331f1e9a94","timestamp":"2026-03-08T00:38:47.693Z","cwd":"/home/u/proj10"}');
    const h = quickHash(line);
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(quickHash(Buffer.from(line))).toBe(h);
    const seen = new Set([h]);
    for (let i = 0; i < line.length; i++) {
      const b = Buffer.from(line);
      b[i] ^= 1;
      seen.add(quickHash(b));
    }
    seen.add(quickHash(line.subarray(1)));
    seen.add(quickHash(line.subarray(0, -1)));
    seen.add(quickHash(Buffer.concat([line, Buffer.from(" ")])));
    expect(seen.size).toBe(line.length + 4);
  });

  it("hashes a string by its UTF-16 units", () => {
    expect(quickHash("/a/b.jsonl")).toBe(quickHash("/a/b.jsonl"));
    expect(quickHash("/a/b.jsonl")).not.toBe(quickHash("/a/c.jsonl"));
    expect(quickHash("")).toMatch(/^[0-9a-f]{16}$/);
  });
});
