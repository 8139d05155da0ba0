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
  const index = new Map<EntryMeta, number>();
  entries.forEach((e, i) => index.set(e, i));

  // Effective parent: null for null/self/missing parents; loops broken below.
  const parentOf = new Map<string, string | null>();
  for (const e of entries) {
    const p = e.parentId;
    parentOf.set(e.id, p !== null && p !== e.id && byId.has(p) ? p : null);
  }
  breakCycles(entries, parentOf, byId, index);

  const roots: string[] = [];
  const children = new Map<string, string[]>();
  for (const e of entries) {
    const p = parentOf.get(e.id) ?? null;
    if (p === null) roots.push(e.id);
    else {
      let list = children.get(p);
      if (!list) children.set(p, (list = []));
      list.push(e.id);
    }
  }
  for (const list of children.values()) {
    if (list.length < 2) continue;
    const keyed = list.map((id) => {
      const m = byId.get(id)!;
      return { id, t: timeOf(m.timestamp), i: index.get(m)! };
    });
    keyed.sort((a, b) => (a.t === b.t ? a.i - b.i : a.t < b.t ? -1 : 1));
    for (let k = 0; k < keyed.length; k++) list[k] = keyed[k].id;
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
 * loop. Each loop is broken at its member that comes first in the file.
 */
function breakCycles(
  entries: EntryMeta[],
  parentOf: Map<string, string | null>,
  byId: Map<string, EntryMeta>,
  index: Map<EntryMeta, number>,
): void {
  const state = new Map<string, 1 | 2>(); // 1: on the current walk, 2: known to reach a root
  const walk: string[] = [];
  for (const start of entries) {
    if (state.has(start.id)) continue;
    walk.length = 0;
    let id: string | null = start.id;
    while (id !== null && !state.has(id)) {
      state.set(id, 1);
      walk.push(id);
      id = parentOf.get(id) ?? null;
    }
    if (id !== null && state.get(id) === 1) {
      // A loop: the members are the walk from `id` to its end.
      const from = walk.indexOf(id);
      let first = id;
      for (let k = from; k < walk.length; k++) {
        if (index.get(byId.get(walk[k])!)! < index.get(byId.get(first)!)!) first = walk[k];
      }
      parentOf.set(first, null);
    }
    for (const w of walk) state.set(w, 2);
  }
}
