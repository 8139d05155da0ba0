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

/**
 * Ids and parent ids in file order, for a pass that keeps no more of the
 * tree than its shape (the list's scan): resolved once at the end (§5).
 */
export class ParentLinks {
  readonly ids: string[] = [];
  readonly parents: (string | null)[] = [];
  /** Parent position when the parent is the entry just before (the usual case), -1 for none or itself, else -2: look it up. */
  private readonly guess: number[] = [];
  /** The last position of each id. */
  readonly last = new Map<string, number>();
  private duplicates = false;
  private resolved: ResolvedLinks | null = null;

  add(id: string, parent: string | null): void {
    const i = this.ids.length;
    this.ids.push(id);
    this.parents.push(parent);
    this.guess.push(parent === null || parent === id ? -1 : i > 0 && parent === this.ids[i - 1] ? i - 1 : -2);
    const size = this.last.size;
    this.last.set(id, i);
    if (this.last.size === size) this.duplicates = true;
    this.resolved = null;
  }

  get size(): number {
    return this.ids.length;
  }

  resolve(): ResolvedLinks {
    if (this.resolved) return this.resolved;
    const { ids, parents, guess, last } = this;
    const n = ids.length;
    const kept = new Uint8Array(n);
    let entries = 0;
    for (let i = 0; i < n; i++) {
      if (this.duplicates && last.get(ids[i]) !== i) continue;
      kept[i] = 1;
      entries++;
    }
    // The guess holds only while no id repeats (a repeated id may be the entry just before).
    const parent = resolveParents(
      n,
      (i) => {
        const g = guess[i];
        if (g === -1 || (g >= 0 && !this.duplicates)) return g;
        return last.get(parents[i] as string) ?? -1;
      },
      kept,
    );
    const hasChild = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (kept[i] && parent[i] !== -1) hasChild[parent[i]] = 1;
    this.resolved = { kept, parent, entries, hasChild };
    return this.resolved;
  }
}
