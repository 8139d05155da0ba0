// ParentLinks (tree/resolve.ts): the list's tree shape, its ids found by position through
// a table of 8-hex ids and a map of the others; checked against a plain Map of every id.
import { describe, expect, it } from "vitest";
import { ParentLinks } from "../../../src/core/session/tree/resolve.js";

function model(ids: string[]): Map<string, number> {
  const last = new Map<string, number>();
  ids.forEach((id, i) => last.set(id, i));
  return last;
}

describe("ParentLinks", () => {
  it("finds the last position of every id, 8-hex or not, duplicates and colliding keys included", () => {
    let seed = 7;
    const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    const ids: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const r = rand() % 10;
      if (r === 0 && ids.length > 0)
        ids.push(ids[rand() % ids.length]); // a duplicate
      else if (r === 1)
        ids.push(`m${rand() % 3000}`); // not 8-hex
      else if (r === 2)
        ids.push((rand() % 64).toString(16).padStart(8, "0")); // small keys, many alike
      else if (r === 3)
        ids.push((rand() >>> 0).toString(16).padStart(8, "0").toUpperCase()); // 8 characters, not lowercase hex
      else ids.push((rand() >>> 0).toString(16).padStart(8, "0"));
    }
    const links = new ParentLinks();
    ids.forEach((id, i) => links.add(id, i === 0 ? null : ids[i - 1]));
    const last = model(ids);
    const { kept, entries, parent } = links.resolve();
    expect(entries).toBe(last.size);
    ids.forEach((id, i) => {
      expect(kept[i] === 1).toBe(last.get(id) === i);
      expect(links.has(id)).toBe(true);
      // A kept entry's parent is the last line of the id before it (or a root where a loop was broken).
      if (kept[i] && i > 0 && parent[i] >= 0) expect(parent[i]).toBe(last.get(ids[i - 1]));
    });
    for (const absent of ["ffffffff", "0000004g", "m99999", ""]) expect(links.has(absent)).toBe(ids.includes(absent));
  });

  it("keeps each 8-lowercase-hex id's number as it is added (the saved state's ids), null for the others", () => {
    const ids = ["0000000a", "ffffffff", "8000abcd", "ABCDEF12", "m1", "0000000", "1234567g", "deadbeef"];
    // past the first table size: the kept keys survive its growth
    for (let i = 0; i < 200; i++) ids.push(((i * 2654435761) >>> 0).toString(16).padStart(8, "0"));
    const links = new ParentLinks();
    ids.forEach((id, i) => links.add(id, i === 0 ? null : ids[i - 1]));
    ids.forEach((id, i) => {
      const key = links.hexKeyAt(i);
      if (/^[0-9a-f]{8}$/.test(id)) expect(key! >>> 0).toBe(parseInt(id, 16));
      else expect(key).toBeNull();
    });
  });

  it("resolves again after more entries are added", () => {
    const links = new ParentLinks();
    links.add("0000000a", null);
    expect(links.has("0000000b")).toBe(false);
    links.add("0000000b", "0000000a");
    expect(links.has("0000000b")).toBe(true);
    expect(Array.from(links.resolve().parent)).toEqual([-1, 0]);
  });
});
