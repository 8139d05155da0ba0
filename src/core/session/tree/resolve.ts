// The tree rules of docs/session-format.md §5, once, by position in file order:
// a parent that is null, the entry itself or no entry makes a root; of
// duplicate ids the later line is the entry; each parent loop is broken at
// its member that comes first in the file. The tree builder (build.ts) and
// the list's scan (list/catalog-scan.ts) both resolve through here. Every
// walk is iterative and bounded: no input can make it loop.

/**
 * Effective parents by position: `parentOf(i)` is the position the entry's
 * parent id names (its later line, for a duplicate id) or -1; an entry whose
 * `kept` is 0 (the earlier line of a duplicate id) is left out. Self-parents
 * become roots (-1) and loops are broken.
 */
export function resolveParents(n: number, parentOf: (i: number) => number, kept?: Uint8Array): Int32Array {
  const parent = new Int32Array(n);
  // A loop needs an entry whose parent comes after it: without one (as agents write), there is none to break.
  let forward = false;
  for (let i = 0; i < n; i++) {
    if (kept && !kept[i]) {
      parent[i] = -1;
      continue;
    }
    const p = parentOf(i);
    parent[i] = p === i ? -1 : p;
    if (p > i) forward = true;
  }
  if (forward) breakCycles(parent, kept);
  return parent;
}

/**
 * Entries whose parent chain never reaches a root sit on (or hang below) a
 * loop. Each loop is broken at its member that comes first in the file, i.e.
 * the one with the smallest position.
 */
function breakCycles(parent: Int32Array, kept?: Uint8Array): void {
  const n = parent.length;
  const state = new Uint8Array(n); // 0 unseen, 1 on the current walk, 2 known to reach a root
  const walk: number[] = [];
  for (let start = 0; start < n; start++) {
    if (state[start] || (kept && !kept[start])) continue;
    walk.length = 0;
    let i = start;
    while (i >= 0 && state[i] === 0) {
      state[i] = 1;
      walk.push(i);
      i = parent[i];
    }
    if (i >= 0 && state[i] === 1) {
      let first = i;
      for (let k = walk.indexOf(i); k < walk.length; k++) if (walk[k] < first) first = walk[k];
      parent[first] = -1;
    }
    for (const w of walk) state[w] = 2;
  }
}

/** The resolved links of a ParentLinks. */
export interface ResolvedLinks {
  /** 1 for the entries in the tree (0: the earlier line of a duplicate id). */
  kept: Uint8Array;
  /** Effective parent position, -1 for roots. */
  parent: Int32Array;
  /** Entries in the tree. */
  entries: number;
  /** 1 for kept entries with a child. */
  hasChild: Uint8Array;
}

/** An 8-lowercase-hex id (what pi and omp write) as an int32, else null. */
function hexKey(id: string): number | null {
  if (id.length !== 8) return null;
  let n = 0;
  for (let i = 0; i < 8; i++) {
    const c = id.charCodeAt(i);
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (d < 0) return null;
    n = (n << 4) | d;
  }
  return n;
}

/**
 * The last position of each id: 8-hex ids in an open-addressing table of
 * typed arrays sized once for all of them, other ids in a Map. Made once per
 * file when its links resolve: a Map of every id, grown entry by entry, was a
 * good part of a cold listing's time and garbage.
 */
class PositionIndex {
  private readonly keys: Int32Array;
  /** Position + 1 (0: an empty slot). */
  private readonly slots: Int32Array;
  private readonly mask: number;
  private other: Map<string, number> | null = null;
  /** Some id came more than once. */
  duplicates = false;

  /** `hex[i]` is 1 when ids[i] is an 8-hex id, whose key (hexKey) is `keys[i]`: the ids are not parsed again. */
  constructor(ids: readonly string[], hex: Uint8Array, keys: Int32Array) {
    let cap = 16;
    while (cap < ids.length * 2) cap *= 2;
    this.keys = new Int32Array(cap);
    this.slots = new Int32Array(cap);
    this.mask = cap - 1;
    for (let i = 0; i < ids.length; i++) {
      if (hex[i] === 1) this.setKey(keys[i], i);
      else this.setOther(ids[i], i);
    }
  }

  private slotOf(key: number): number {
    let h = Math.imul(key, 0x9e3779b1) >>> 0;
    h = (h ^ (h >>> 15)) & this.mask;
    while (this.slots[h] !== 0 && this.keys[h] !== key) h = (h + 1) & this.mask;
    return h;
  }

  private setOther(id: string, i: number): void {
    const other = (this.other ??= new Map());
    if (other.has(id)) this.duplicates = true;
    other.set(id, i);
  }

  private setKey(key: number, i: number): void {
    const h = this.slotOf(key);
    if (this.slots[h] !== 0) this.duplicates = true;
    this.keys[h] = key;
    this.slots[h] = i + 1;
  }

  /** The last position of `id`, -1 for none. */
  get(id: string): number {
    const key = hexKey(id);
    if (key === null) return this.other?.get(id) ?? -1;
    return this.slots[this.slotOf(key)] - 1;
  }
}

/**
 * Ids and parent ids in file order, for a pass that keeps no more of the
 * tree than its shape (the list's scan): resolved once at the end (§5).
 */
export class ParentLinks {
  readonly ids: string[] = [];
  readonly parents: (string | null)[] = [];
  /** Parent position when the parent is the entry just before (the usual case), -1 for none or itself, else -2: look it up. */
  private readonly guess: number[] = [];
  /** Per entry: 1 when its id is 8-hex, and then its key (hexKey), parsed once as it is added. */
  private hex = new Uint8Array(64);
  private keys = new Int32Array(64);
  private index: PositionIndex | null = null;
  private resolved: ResolvedLinks | null = null;

  add(id: string, parent: string | null): void {
    const i = this.ids.length;
    if (i === this.keys.length) {
      const hex = new Uint8Array(i * 2);
      hex.set(this.hex);
      this.hex = hex;
      const keys = new Int32Array(i * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    const key = hexKey(id);
    if (key !== null) {
      this.hex[i] = 1;
      this.keys[i] = key;
    }
    this.ids.push(id);
    this.parents.push(parent);
    this.guess.push(parent === null || parent === id ? -1 : i > 0 && parent === this.ids[i - 1] ? i - 1 : -2);
    this.index = null;
    this.resolved = null;
  }

  get size(): number {
    return this.ids.length;
  }

  /** The last position of each id, made once for the ids added so far. */
  private positions(): PositionIndex {
    return (this.index ??= new PositionIndex(this.ids, this.hex, this.keys));
  }

  /** Entry i's id as hexKey gives it (an 8-lowercase-hex id's 32 bits as an int32), or null for another id. */
  hexKeyAt(i: number): number | null {
    return this.hex[i] === 1 ? this.keys[i] : null;
  }

  /** Whether an entry has this id. */
  has(id: string): boolean {
    return this.positions().get(id) >= 0;
  }

  resolve(): ResolvedLinks {
    if (this.resolved) return this.resolved;
    const { ids, parents, guess } = this;
    const last = this.positions();
    const duplicates = last.duplicates;
    const n = ids.length;
    const kept = new Uint8Array(n);
    let entries = 0;
    for (let i = 0; i < n; i++) {
      if (duplicates && last.get(ids[i]) !== i) continue;
      kept[i] = 1;
      entries++;
    }
    // The guess holds only while no id repeats (a repeated id may be the entry just before).
    const parent = resolveParents(
      n,
      (i) => {
        const g = guess[i];
        if (g === -1 || (g >= 0 && !duplicates)) return g;
        return last.get(parents[i] as string);
      },
      kept,
    );
    const hasChild = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (kept[i] && parent[i] !== -1) hasChild[parent[i]] = 1;
    this.resolved = { kept, parent, entries, hasChild };
    return this.resolved;
  }
}
