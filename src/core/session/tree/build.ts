// Builds the tree from entries in file order (session-format.md §5): roots,
// orphans, self-parents, cycles, duplicate ids, children order, labels, leaf,
// name. Every walk is iterative and bounded: no input can make it loop.
import type { EntryMeta, TitleSlot, Topology, Warning } from "../model.js";

export interface Tree {
  entries: EntryMeta[];
  byId: Map<string, EntryMeta>;
  roots: string[];
  children: ReadonlyMap<string, string[]>;
  labels: Map<string, string>;
  leafId: string | null;
  name: string | null;
  topology: Topology;
}

/** Extra per-entry facts the tree needs that are not part of EntryMeta's display fields. */
export interface NameFacts {
  /** session_info name / title_change title, by entry id. */
  names: Map<string, string>;
}

const NO_TIME = Number.POSITIVE_INFINITY;

function timeOf(ts: string): number {
  const t = Date.parse(ts);
  return Number.isNaN(t) ? NO_TIME : t;
}

export function buildTree(
  all: EntryMeta[],
  facts: NameFacts,
  header: Record<string, unknown>,
  slot: TitleSlot | null,
  warnings: Warning[],
): Tree {
  // Duplicate ids: the later line wins.
  const byId = new Map<string, EntryMeta>();
  let dropped: Set<EntryMeta> | null = null;
  for (const e of all) {
    const prev = byId.get(e.id);
    if (prev) {
      (dropped ??= new Set()).add(prev);
      warnings.push({ line: prev.line, message: `duplicate id ${e.id}: line ${prev.line} replaced by line ${e.line}` });
    }
    byId.set(e.id, e);
  }
  const entries = dropped ? all.filter((e) => !dropped!.has(e)) : all;
  const n = entries.length;
  const posOf = positions(entries, byId);

  // Effective parent by position: -1 for null/self/missing parents; loops broken below.
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const p = entries[i].parentId;
    const at = p === null ? -1 : posOf(p);
    parent[i] = at === i ? -1 : at;
  }
  breakCycles(parent);

  // Children in CSR form: count, prefix sums, fill in file order, then order
  // the few lists with siblings by timestamp (ties keep file order).
  const childStart = new Int32Array(n + 1);
  let rootCount = 0;
  for (let i = 0; i < n; i++) {
    if (parent[i] < 0) rootCount++;
    else childStart[parent[i] + 1]++;
  }
  for (let i = 0; i < n; i++) childStart[i + 1] += childStart[i];
  const childList = new Int32Array(childStart[n]);
  const fill = childStart.slice(0, n);
  const rootPos = new Int32Array(rootCount);
  for (let i = 0, r = 0; i < n; i++) {
    const p = parent[i];
    if (p < 0) rootPos[r++] = i;
    else childList[fill[p]++] = i;
  }
  for (let p = 0; p < n; p++) {
    const a = childStart[p];
    const b = childStart[p + 1];
    if (b - a < 2) continue;
    const list = Array.from(childList.subarray(a, b));
    const t = new Map(list.map((i) => [i, timeOf(entries[i].timestamp)]));
    list.sort((x, y) => {
      const tx = t.get(x)!;
      const ty = t.get(y)!;
      return tx === ty ? x - y : tx < ty ? -1 : 1;
    });
    childList.set(list, a);
  }

  const topology: Topology = { parent, childStart, childList, roots: rootPos, posOf };
  const roots = Array.from(rootPos, (i) => entries[i].id);
  const labels = replayLabels(entries, byId);
  const leafId = entries.length ? entries[entries.length - 1].id : null;
  return { entries, byId, roots, children: new ChildMap(entries, topology), labels, leafId, name: sessionName(entries, facts, header, slot), topology };
}

/**
 * Id → position without a second hash map: entries are in file order, so
 * their line numbers increase, and a typed array by line finds the position
 * of the meta byId gives.
 */
function positions(entries: EntryMeta[], byId: Map<string, EntryMeta>): (id: string) => number {
  const n = entries.length;
  const maxLine = n ? entries[n - 1].line : 0;
  let increasing = maxLine <= n * 4 + 1024;
  for (let i = 1; increasing && i < n; i++) if (entries[i].line <= entries[i - 1].line) increasing = false;
  if (increasing) {
    const byLine = new Int32Array(maxLine + 1).fill(-1);
    for (let i = 0; i < n; i++) byLine[entries[i].line] = i;
    return (id) => {
      const m = byId.get(id);
      return m === undefined ? -1 : byLine[m.line];
    };
  }
  const pos = new Map<string, number>();
  for (let i = 0; i < n; i++) pos.set(entries[i].id, i);
  return (id) => pos.get(id) ?? -1;
}

/**
 * Children ids per parent id, read from the CSR arrays: only entries with
 * children are keys, as with a plain map; each list is made on first use.
 */
class ChildMap implements ReadonlyMap<string, string[]> {
  private made: (string[] | undefined)[] = [];
  readonly size: number;
  constructor(
    private readonly metas: EntryMeta[],
    private readonly topo: Topology,
  ) {
    let size = 0;
    const cs = topo.childStart;
    for (let i = 0; i < metas.length; i++) if (cs[i + 1] > cs[i]) size++;
    this.size = size;
  }
  private at(p: number): string[] | undefined {
    const { childStart, childList } = this.topo;
    if (p < 0 || childStart[p + 1] === childStart[p]) return undefined;
    let list = this.made[p];
    if (!list) {
      list = [];
      for (let k = childStart[p]; k < childStart[p + 1]; k++) list.push(this.metas[childList[k]].id);
      this.made[p] = list;
    }
    return list;
  }
  get(id: string): string[] | undefined {
    return this.at(this.topo.posOf(id));
  }
  has(id: string): boolean {
    return this.at(this.topo.posOf(id)) !== undefined;
  }
  *entries(): MapIterator<[string, string[]]> {
    for (let p = 0; p < this.metas.length; p++) {
      const list = this.at(p);
      if (list) yield [this.metas[p].id, list];
    }
  }
  *keys(): MapIterator<string> {
    for (const [k] of this.entries()) yield k;
  }
  *values(): MapIterator<string[]> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator](): MapIterator<[string, string[]]> {
    return this.entries();
  }
  forEach(fn: (value: string[], key: string, map: ReadonlyMap<string, string[]>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
}

/** Labels in force: replay in file order; a non-empty label sets, empty/missing clears. */
export function replayLabels(entries: EntryMeta[], byId: Map<string, EntryMeta>): Map<string, string> {
  const labels = new Map<string, string>();
  for (const e of entries) {
    if (e.type !== "label" || !e.targetId) continue;
    if (e.label) labels.set(e.targetId, e.label);
    else labels.delete(e.targetId);
  }
  for (const id of labels.keys()) if (!byId.has(id)) labels.delete(id);
  return labels;
}

/** When each label in force was set (the setting entry's timestamp; "" when it has none). */
export function labelTimes(s: { entries: EntryMeta[]; labels: ReadonlyMap<string, string> }): Map<string, string> {
  const at = new Map<string, string>();
  for (const e of s.entries) {
    if (e.type !== "label" || !e.targetId) continue;
    if (e.label) at.set(e.targetId, e.timestamp);
    else at.delete(e.targetId);
  }
  for (const id of at.keys()) if (!s.labels.has(id)) at.delete(id);
  return at;
}

function sessionName(entries: EntryMeta[], facts: NameFacts, header: Record<string, unknown>, slot: TitleSlot | null): string | null {
  if (slot && slot.title) return slot.title;
  let info: string | null = null;
  let title: string | null = null;
  for (const e of entries) {
    if (e.type === "session_info") info = facts.names.get(e.id) || null;
    else if (e.type === "title_change") title = facts.names.get(e.id) || title;
  }
  if (info) return info;
  if (title) return title;
  return typeof header.title === "string" && header.title ? header.title : null;
}

/**
 * Entries whose parent chain never reaches a root sit on (or hang below) a
 * loop. Each loop is broken at its member that comes first in the file, i.e.
 * the one with the smallest position.
 */
function breakCycles(parent: Int32Array): void {
  const n = parent.length;
  const state = new Uint8Array(n); // 0 unseen, 1 on the current walk, 2 known to reach a root
  const walk: number[] = [];
  for (let start = 0; start < n; start++) {
    if (state[start]) continue;
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
