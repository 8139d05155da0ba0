// Id → position in a session's entries, without a second hash map at a
// million entries: byId already finds the meta, and each entry's physical
// line is unique, so a typed array by line finds its position. Entries
// without distinct lines (a database's, hand-made ones) fall back to a map.
import type { EntryMeta } from "../model.js";

/** A lookup of each entry's position in `entries` (-1 for an id that is not one of them). */
export function idIndex(entries: readonly EntryMeta[], byId: ReadonlyMap<string, EntryMeta>): (id: string) => number {
  const n = entries.length;
  let maxLine = 0;
  for (let i = 0; i < n; i++) if (entries[i].line > maxLine) maxLine = entries[i].line;
  if (maxLine <= n * 4 + 1024) {
    const byLine = new Int32Array(maxLine + 1).fill(-1);
    let unique = true;
    for (let i = 0; i < n; i++) {
      const l = entries[i].line;
      if (l < 0 || byLine[l] !== -1) {
        unique = false;
        break;
      }
      byLine[l] = i;
    }
    if (unique) {
      return (id) => {
        const m = byId.get(id);
        if (!m) return -1;
        const i = byLine[m.line];
        return i >= 0 && entries[i] === m ? i : -1;
      };
    }
  }
  const index = new Map<string, number>();
  for (let i = 0; i < n; i++) index.set(entries[i].id, i);
  return (id) => index.get(id) ?? -1;
}
