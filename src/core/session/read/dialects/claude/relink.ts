// Parents Claude Code's own loader gives some entries, known only once the
// whole file is read (DialectFacts.relink):
// - Partial compaction (2.1.3xx): the last compact boundary names the
//   messages it kept (`compactMetadata.preservedMessages`). The loader chains
//   them after the anchor (the compact summary), moves the anchor's other
//   children onto the last kept message, and starts the context at the
//   boundary: so here the boundary hangs where the kept segment began, the
//   kept messages follow the summary, and the tree has no fork there.
// - Structural side lines: hook attachments, progress and other lines of a
//   kind that is not a turn hang beside the turn that goes on from the same
//   line. They are not a branch anybody took (claude-code-log's DAG
//   linearizes them too): they are put in line, before the turn.

export interface Kept {
  /** The boundary's entry id. */
  boundary: string;
  /** The entry the kept messages hang from (the compact summary). */
  anchor: string;
  /** The kept messages, in order (their line uuids); empty when only the segment's ends are given. */
  uuids: string[];
  /** `preservedSegment`'s first and last kept message: the chain between them when `uuids` is empty. */
  head?: string;
  tail?: string;
}

export interface LinkFacts {
  /** Every entry's id in file order, with its parent as the reader gave it. */
  order: string[];
  parent: ReadonlyMap<string, string | null>;
  /** The entry a line uuid names (a merged copy's uuid names the merged entry), or undefined. */
  owner(uuid: string): string | undefined;
  /** The first entry of the group a line became (a user line with several tool results is a chain). */
  head(id: string): string;
  /** Whether an entry is a line of a kind that is not a turn (claude_progress, claude_attachment, …). */
  structural(id: string): boolean;
  /** Whether any entry is (false: there are no side lines to put in line). */
  anyStructural: boolean;
}

/** The relinks of both rules; the compaction's first, the side lines' over the result. */
export function claudeRelink(f: LinkFacts, kept: Kept | null): Map<string, string | null> {
  const out = new Map<string, string | null>();
  if (kept) keptRelink(f, kept, out);
  if (f.anyStructural) sideLineRelink(f, out);
  return out;
}

function keptRelink(f: LinkFacts, kept: Kept, out: Map<string, string | null>): void {
  const anchor = f.owner(kept.anchor);
  const ids: string[] = [];
  for (const u of kept.uuids.length ? kept.uuids : segment(f, kept)) {
    const id = f.owner(u);
    if (id !== undefined && id !== anchor && !ids.includes(id)) ids.push(id);
  }
  if (anchor === undefined || ids.length === 0) return;
  const inKept = new Set<string>();
  for (const id of ids) {
    inKept.add(id);
    inKept.add(f.head(id));
  }
  const before = f.parent.get(f.head(ids[0])) ?? null;
  out.set(f.head(ids[0]), anchor);
  for (let i = 1; i < ids.length; i++) out.set(f.head(ids[i]), ids[i - 1]);
  const last = ids[ids.length - 1];
  for (const id of f.order) {
    if (inKept.has(id) || id === kept.boundary) continue;
    if (f.parent.get(id) === anchor) out.set(id, last);
  }
  // The boundary hung from the last message before it (`logicalParentUuid`), a kept one: it now
  // opens the kept segment's place, where the history it replaced ends.
  const b = f.parent.get(kept.boundary);
  if (b !== undefined && b !== null && inKept.has(b) && !inKept.has(before ?? "")) out.set(kept.boundary, before);
}

/** The kept messages from the segment's tail up its parents to its head, in order (none when the head is not reached). */
function segment(f: LinkFacts, kept: Kept): string[] {
  const head = kept.head ? f.owner(kept.head) : undefined;
  let at = kept.tail ? f.owner(kept.tail) : undefined;
  if (head === undefined || at === undefined) return [];
  const out: string[] = [];
  for (let steps = 0; at !== undefined && steps <= f.order.length; steps++) {
    out.push(at);
    if (at === head) return out.reverse();
    const p = f.parent.get(at);
    at = p === null || p === undefined ? undefined : p;
  }
  return [];
}

function sideLineRelink(f: LinkFacts, out: Map<string, string | null>): void {
  const n = f.order.length;
  const pos = new Map<string, number>();
  f.order.forEach((id, i) => pos.set(id, i));
  const parent = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const id = f.order[i];
    const p = out.has(id) ? out.get(id)! : (f.parent.get(id) ?? null);
    const at = p === null ? undefined : pos.get(p);
    parent[i] = at === undefined || at === i ? -1 : at;
  }
  // Live: a turn, or a line with a turn below it. Each walk up stops at a live entry (at most n steps in all).
  const live = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (f.structural(f.order[i])) continue;
    for (let j = i, steps = 0; j >= 0 && !live[j] && steps <= n; j = parent[j], steps++) live[j] = 1;
  }
  const kids: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) kids[parent[i]].push(i);
  const tail = (i: number): number => {
    for (let steps = 0; kids[i].length === 1 && steps <= n; steps++) i = kids[i][0];
    return i;
  };
  // Deepest first (later lines first), so a side chain is straight before a line above it hangs things from its end.
  for (let p = n - 1; p >= 0; p--) {
    const list = kids[p];
    if (list.length < 2) continue;
    const side = list.filter((k) => !live[k]);
    const turns = list.filter((k) => live[k]);
    if (side.length === 0 || turns.length > 1) continue;
    const seq = [...side, ...turns];
    kids[p] = [seq[0]];
    for (let j = 1; j < seq.length; j++) {
      const to = tail(seq[j - 1]);
      kids[to].push(seq[j]);
      parent[seq[j]] = to;
      out.set(f.order[seq[j]], f.order[to]);
    }
  }
}
