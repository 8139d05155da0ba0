// Builds the tree from entries in file order (session-format.md §5): roots,
// orphans, self-parents, cycles, duplicate ids, children order, labels, leaf,
// name. Every walk is iterative and bounded: no input can make it loop.
import type { EntryMeta, TitleSlot, Warning } from "./types.js";

export interface Tree {
  entries: EntryMeta[];
  byId: Map<string, EntryMeta>;
  roots: string[];
  children: Map<string, string[]>;
  labels: Map<string, string>;
  leafId: string | null;
  name: string | null;
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
  const pos = new Map<string, number>();
  for (let i = 0; i < n; i++) pos.set(entries[i].id, i);

  // Effective parent by position: -1 for null/self/missing parents; loops broken below.
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const p = entries[i].parentId;
    const at = p === null ? undefined : pos.get(p);
    parent[i] = at === undefined || at === i ? -1 : at;
  }
  breakCycles(parent);

  const roots: string[] = [];
  const childPos = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const p = parent[i];
    if (p < 0) roots.push(entries[i].id);
    else {
      const list = childPos.get(p);
      if (list) list.push(i);
      else childPos.set(p, [i]);
    }
  }
  const children = new Map<string, string[]>();
  for (const [p, list] of childPos) {
    if (list.length > 1) {
      const t = new Map(list.map((i) => [i, timeOf(entries[i].timestamp)]));
      list.sort((a, b) => {
        const ta = t.get(a)!;
        const tb = t.get(b)!;
        return ta === tb ? a - b : ta < tb ? -1 : 1;
      });
    }
    children.set(entries[p].id, list.map((i) => entries[i].id));
  }

  const labels = replayLabels(entries, byId);
  const leafId = entries.length ? entries[entries.length - 1].id : null;
  return { entries, byId, roots, children, labels, leafId, name: sessionName(entries, facts, header, slot) };
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
