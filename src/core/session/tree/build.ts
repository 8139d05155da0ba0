// Builds the tree from entries in file order (docs/session-format.md §5):
// duplicate ids, children order, labels, leaf, name; roots, orphans,
// self-parents and cycles are resolve.ts's. Every walk is iterative and
// bounded: no input can make it loop.
import type { EntryMeta, TitleSlot, Topology, Warning } from "../model.js";
import { idIndex } from "./id-index.js";
import { resolveParents } from "./resolve.js";
import { piSessionName } from "../read/dialects/pi/name.js";
import { parseIsoTime } from "../read/time.js";

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
  const t = parseIsoTime(ts);
  return Number.isNaN(t) ? NO_TIME : t;
}

/**
 * `rewritten`: ids whose later line is the same record written again (a
 * dialect's DialectFacts.rewritten): the later line wins all the same, with no
 * warning.
 */
export function buildTree(all: EntryMeta[], facts: NameFacts, header: Record<string, unknown>, slot: TitleSlot | null, warnings: Warning[], rewritten?: ReadonlySet<string>): Tree {
  // Duplicate ids: the later line wins.
  const byId = new Map<string, EntryMeta>();
  let dropped: Set<EntryMeta> | null = null;
  for (const e of all) {
    const prev = byId.get(e.id);
    if (prev) {
      (dropped ??= new Set()).add(prev);
      if (!rewritten?.has(e.id)) warnings.push({ line: prev.line, message: `duplicate id ${e.id}: line ${prev.line} replaced by line ${e.line}` });
    }
    byId.set(e.id, e);
  }
  const entries = dropped ? all.filter((e) => !dropped!.has(e)) : all;
  const n = entries.length;
  const posOf = idIndex(entries, byId);

  // Effective parent by position: -1 for null/self/missing parents, loops broken (§5, resolve.ts).
  const parent = resolveParents(n, (i) => {
    const p = entries[i].parentId;
    return p === null ? -1 : posOf(p);
  });

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
  // The names the kept entries set, in file order; pi/name.ts gives the precedence.
  let info: string | null = null;
  let title: string | null = null;
  for (const e of entries) {
    if (e.type === "session_info") info = facts.names.get(e.id) || null;
    else if (e.type === "title_change") title = facts.names.get(e.id) || title;
  }
  return piSessionName(null, info, title, header.title);
}
