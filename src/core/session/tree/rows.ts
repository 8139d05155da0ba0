// Turns a session tree into the rows the tree screen draws. Pure and
// iterative (sessions reach a million entries and chains run deep): one O(n)
// pass builds a flat pre-order of the visible tree (filter + search applied,
// hidden entries handing their children to the nearest visible ancestor), a
// cheap second pass applies folds, and a Row object is built only for the
// rows actually on screen.
import type { EntryMeta, Session } from "../model.js";
import { envSlot } from "../../env.js";

export type TreeFilter = "default" | "no-tools" | "user-only" | "labeled-only" | "all";

/** In the order ctrl+o cycles through them. */
export const TREE_FILTERS: readonly TreeFilter[] = ["default", "no-tools", "user-only", "labeled-only", "all"];

export interface RowsOptions {
  filter?: TreeFilter;
  /** Every whitespace-separated word must occur (case-insensitive) in the entry's text. */
  search?: string;
  /** Ids whose visible descendants are hidden. */
  folded?: ReadonlySet<string>;
}

/** A `│` drawn at an ancestor's connector column (show=false: blank, that branch ended). */
export interface Gutter {
  readonly pos: number;
  readonly show: boolean;
}

/** One drawable row. */
export interface Row {
  id: string;
  /** Display indent level (each level is 3 columns). */
  indent: number;
  /** Guides and connector, e.g. "│  ├─ ", exactly indent*3 columns. */
  prefix: string;
  onActivePath: boolean;
  /** This row stands for the session's current leaf (the leaf or its nearest visible ancestor). */
  isLeaf: boolean;
  label: string | undefined;
  /** The entry's one-line summary (terminal-safe: produced by the loader through safeText). */
  text: string;
  entry: EntryMeta;
  /** Visible children (before folding). */
  childCount: number;
  folded: boolean;
}

/** Bookkeeping hidden by the default filter: settings and markers, not conversation. */
const BOOKKEEPING: ReadonlySet<string> = new Set([
  "label",
  "custom",
  "session_info",
  "model_change",
  "thinking_level_change",
  "title_change",
  "mode_change",
  "model_usage",
  "service_tier_change",
  "credential_pin",
  "session_init",
  "archive",
  // pi 1.6.0's usage outside messages and its context edits (pi's own tree hides both by default).
  "usage",
  "context_edit",
  // Claude Code's lines around the conversation: a running tool's progress, local notices, attachments.
  "claude_progress",
  "claude_system",
  "claude_attachment",
]);

/** Deeper levels are drawn at this indent: a 10k-deep staircase helps nobody and would cost O(depth) per row. */
export const MAX_INDENT = 24;

const NONE = 0;
const TEE = 1;
const ELL = 2;

/**
 * The flattened, fully expanded visible tree (struct of arrays: cheap at 1M
 * entries). Rows point at their entries by position and at their guides by
 * list: no array of a million references is made per filter (on a big
 * session's heap each one brought a full collection, hundreds of ms).
 */
export interface FlatTree {
  session: Session;
  filter: TreeFilter;
  search: string;
  /** Each row's entry: its position in session.entries. */
  entryOf: Int32Array;
  indent: Uint16Array;
  connector: Uint8Array;
  /** Each row's guides: an index into gutterLists (0: none). */
  gutter: Int32Array;
  gutterLists: (readonly Gutter[])[];
  /** Index one past the last descendant (pre-order subtree end). */
  end: Int32Array;
  kids: Int32Array;
  active: Uint8Array;
  labeled: Uint8Array;
  /** Flat index of the row standing for the current leaf, or -1. */
  leafIndex: number;
  indexById(id: string): number;
}

/** What the screen holds: the flat tree plus the fold-applied window of it. */
export interface TreeRows {
  flat: FlatTree;
  folded: ReadonlySet<string>;
  /** Flat indices of the visible rows. */
  visible: Int32Array;
  count: number;
  row(i: number): Row;
  /** Visible row index of an id, or -1 (hidden by filter, search or a fold). */
  indexOf(id: string): number;
  /** Visible row index standing for the current leaf, or -1. */
  leafRow(): number;
}

function isToolOnlyAssistant(e: EntryMeta): boolean {
  // A text-less assistant turn is summarised by its calls ("[read: src/x.ts]"): the
  // rows pi shows for tool use. Failed turns always stay visible.
  return e.role === "assistant" && !e.isError && (e.tools?.length ?? 0) > 0 && e.summary.startsWith("[");
}

/**
 * Whether an entry passes a filter (search and folds aside). The default view shows
 * the conversation and one row per tool call (the calling turn); tool results only
 * when they failed, and no settings or bookkeeping entries.
 */
export function passesFilter(e: EntryMeta, filter: TreeFilter, label: string | undefined): boolean {
  const toolResult = e.type === "message" && e.role === "toolResult";
  switch (filter) {
    case "all":
      return true;
    case "user-only":
      return e.type === "message" && e.role === "user";
    case "labeled-only":
      return label !== undefined;
    case "no-tools":
      return !BOOKKEEPING.has(e.type) && !toolResult && !isToolOnlyAssistant(e);
    default:
      return !BOOKKEEPING.has(e.type) && !(toolResult && !e.isError);
  }
}

/** The text a search looks in: label, role or type, summary and preview. */
export function searchText(e: EntryMeta, label: string | undefined): string {
  return `${label ?? ""} ${e.role ?? e.type} ${e.summary} ${e.preview}`.toLowerCase();
}

function searchWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The tree as integer arrays, built once per Session object (a refresh makes a new
 * one). Hash lookups are the expensive part at a million entries; after this,
 * every filter, search or fold is plain array work.
 */
interface Topology {
  indexOf(id: string): number;
  metas: EntryMeta[];
  childStart: Int32Array;
  childList: Int32Array;
  roots: Int32Array;
  active: Uint8Array;
  labeled: Uint8Array;
  leaf: number;
  /** The entry standing for the leaf (see topology), kept visible under every filter; -1 when none. */
  leafRow: number;
}

const topologies = envSlot(() => new WeakMap<Session, Topology>());

/**
 * flattenTree's work arrays, kept and reused (grown when a bigger session
 * comes): made per call, a million-entry session's filter change allocated
 * ~60 MB of them, and on its heap that brought a full collection each time.
 * Only flattenTree's own synchronous run uses them.
 */
interface Scratch {
  cap: number;
  vEntry: Int32Array;
  vFirst: Int32Array;
  vLast: Int32Array;
  vNext: Int32Array;
  seen: Uint8Array;
  stackNode: Int32Array;
  stackVis: Int32Array;
}

/** The second pass's stacks: they hold visible rows only, so they are sized by those (a filter shows fewer). */
interface RowScratch {
  cap: number;
  sNode: Int32Array;
  sIndent: Int32Array;
  sFlags: Uint8Array;
  sDepth: Int32Array;
  sGut: Int32Array;
  openFlat: Int32Array;
  openDepth: Int32Array;
}

const scratches = envSlot((): { held: Scratch | null; rows: RowScratch | null } => ({ held: null, rows: null }));

/** Whether kept arrays of `cap` serve `size` (a much smaller session lets a big one's arrays go). */
const fits = (cap: number, size: number): boolean => cap >= size && cap <= Math.max(4 * size, 1 << 16);

function scratchFor(size: number): Scratch {
  const slot = scratches();
  const held = slot.held;
  if (held && fits(held.cap, size)) return held;
  const cap = size;
  const i32 = () => new Int32Array(cap);
  const made: Scratch = { cap, vEntry: i32(), vFirst: i32(), vLast: i32(), vNext: i32(), seen: new Uint8Array(cap), stackNode: i32(), stackVis: i32() };
  slot.held = made;
  return made;
}

function rowScratchFor(size: number): RowScratch {
  const slot = scratches();
  const held = slot.rows;
  if (held && fits(held.cap, size)) return held;
  const cap = size;
  const i32 = () => new Int32Array(cap);
  const made: RowScratch = { cap, sNode: i32(), sIndent: i32(), sFlags: new Uint8Array(cap), sDepth: i32(), sGut: i32(), openFlat: i32(), openDepth: i32() };
  slot.rows = made;
  return made;
}

function topology(s: Session): Topology {
  const cached = topologies().get(s);
  if (cached) return cached;
  const metas = s.entries;
  const n = metas.length;
  // The loader's tree is already in positions.
  const { childStart, childList, roots, posOf: indexOf } = s.topology;
  const active = new Uint8Array(n);
  const leaf = s.leafId === null ? -1 : indexOf(s.leafId);
  // Walk up from the leaf; the visited marks also stop a parent cycle.
  for (let i = leaf; i >= 0 && !active[i];) {
    active[i] = 1;
    const p = metas[i].parentId;
    i = p === null ? -1 : indexOf(p);
  }
  // The leaf, or when it is bookkeeping (a label, a model change) the nearest
  // ancestor the default view shows: the entry that stands for the leaf.
  let leafRow = leaf;
  const climbed = new Set<number>();
  while (leafRow >= 0 && !climbed.has(leafRow) && !passesFilter(metas[leafRow], "default", undefined)) {
    climbed.add(leafRow);
    const p = metas[leafRow].parentId;
    leafRow = p === null ? -1 : indexOf(p);
  }
  const labeled = new Uint8Array(n);
  for (const id of s.labels.keys()) {
    const i = indexOf(id);
    if (i >= 0) labeled[i] = 1;
  }
  const t = { indexOf, metas, childStart, childList, roots, active, labeled, leaf, leafRow };
  topologies().set(s, t);
  return t;
}

/** Pass 1+2: visibility, re-parenting onto visible ancestors, then pi-style flattening. */
export function flattenTree(s: Session, opts: { filter?: TreeFilter; search?: string } = {}): FlatTree {
  const filter = opts.filter ?? "default";
  const words = searchWords(opts.search ?? "");
  const topo = topology(s);
  const { metas: all, childStart, childList, active } = topo;
  const total = all.length;

  // Pass 1: pre-order over the whole tree. Visible nodes get a dense index and are
  // linked under their nearest visible ancestor (-1: the virtual root).
  const w = scratchFor(total + topo.roots.length + 1);
  const { vEntry, vFirst, vLast, vNext, seen, stackNode, stackVis } = w;
  vFirst.fill(-1, 0, total);
  vLast.fill(-1, 0, total);
  vNext.fill(-1, 0, total);
  seen.fill(0, 0, total);
  const stackSize = total + topo.roots.length;
  let rootFirst = -1;
  let rootLast = -1;
  let n = 0;
  let sp = 0;
  for (let r = topo.roots.length - 1; r >= 0; r--) {
    stackNode[sp] = topo.roots[r];
    stackVis[sp++] = -1;
  }
  let leafVis = -1;
  while (sp > 0) {
    const x = stackNode[--sp];
    const parentVis = stackVis[sp];
    if (x < 0 || seen[x]) continue; // a damaged children map must never loop
    seen[x] = 1;
    const e = all[x];
    const label = topo.labeled[x] ? s.labels.get(e.id) : undefined;
    // The row standing for the current leaf passes every filter, so the agent's position is always on screen.
    let show = x === topo.leafRow || passesFilter(e, filter, label);
    if (show && words.length > 0) {
      const hay = searchText(e, label);
      for (const w of words) {
        if (!hay.includes(w)) {
          show = false;
          break;
        }
      }
    }
    let myVis = parentVis;
    if (show) {
      myVis = n++;
      vEntry[myVis] = x;
      if (parentVis < 0) {
        if (rootLast < 0) rootFirst = myVis;
        else vNext[rootLast] = myVis;
        rootLast = myVis;
      } else {
        if (vLast[parentVis] < 0) vFirst[parentVis] = myVis;
        else vNext[vLast[parentVis]] = myVis;
        vLast[parentVis] = myVis;
      }
    }
    if (x === topo.leaf) leafVis = myVis;
    for (let k = childStart[x + 1] - 1; k >= childStart[x]; k--) {
      if (sp >= stackSize) break;
      stackNode[sp] = childList[k];
      stackVis[sp++] = myVis;
    }
  }

  const entryOf = new Int32Array(n);
  const indent = new Uint16Array(n);
  const connector = new Uint8Array(n);
  const gutter = new Int32Array(n);
  const end = new Int32Array(n);
  const kidCount = new Int32Array(n);
  const act = new Uint8Array(n);
  const labeled = new Uint8Array(n);

  // Children of a visible node with the one on the active path moved first.
  const kidBuf: number[] = [];
  const orderedKids = (first: number): number[] => {
    kidBuf.length = 0;
    let activeKid = -1;
    for (let c = first; c >= 0; c = vNext[c]) {
      if (activeKid < 0 && active[vEntry[c]]) activeKid = c;
      else kidBuf.push(c);
    }
    if (activeKid >= 0) kidBuf.unshift(activeKid);
    return kidBuf;
  };

  // Pass 2: indentation as in pi. A branch point's children go one level in (with ├─/└─),
  // single-child chains stay flat.
  const roots = orderedKids(rootFirst).slice();
  const multipleRoots = roots.length > 1;
  // The guide lists rows share (a branch point's children share one): 0 is none.
  const gutterLists: (readonly Gutter[])[] = [[]];
  // Stack frames: node, internal indent, flags (bit1 showConnector, bit2 isLast), guide list, depth.
  // Every row is pushed once and the roots before any: n + 1 frames at most.
  const r = rowScratchFor(n + 1);
  const { sNode, sIndent, sFlags, sDepth, sGut } = r;
  sp = 0;
  for (let i = roots.length - 1; i >= 0; i--) {
    sNode[sp] = roots[i];
    // Several roots (two starts, or entries a filter promoted to the top) hang off an invisible
    // root as a branch point's children do: each with its connector, its chain under it with a guide.
    sIndent[sp] = multipleRoots ? 1 : 0;
    sFlags[sp] = (multipleRoots ? 2 : 0) | (i === roots.length - 1 ? 4 : 0);
    sDepth[sp] = 0;
    sGut[sp++] = 0;
  }
  // Subtree ends are filled when a node's last descendant has been emitted:
  // open ancestors are tracked by their depth in the visible tree.
  const { openFlat, openDepth } = r;
  let leafIndex = -1;
  let op = 0;
  let out = 0;
  while (sp > 0) {
    sp--;
    const v = sNode[sp];
    const ind = sIndent[sp];
    const flags = sFlags[sp];
    const gut = sGut[sp];
    const depth = sDepth[sp];
    while (op > 0 && openDepth[op - 1] >= depth) end[openFlat[--op]] = out;
    const x = vEntry[v];
    const i = out++;
    if (v === leafVis) leafIndex = i;
    entryOf[i] = x;
    const displayIndent = Math.min(ind, MAX_INDENT);
    indent[i] = displayIndent;
    const showConn = (flags & 2) !== 0;
    connector[i] = showConn ? ((flags & 4) !== 0 ? ELL : TEE) : NONE;
    gutter[i] = gut;
    act[i] = active[x];
    labeled[i] = topo.labeled[x];
    openFlat[op] = i;
    openDepth[op++] = depth;

    const kids = orderedKids(vFirst[v]);
    kidCount[i] = kids.length;
    if (kids.length === 0) continue;
    const branches = kids.length > 1;
    // A chain continues at its connector's text column; a branch point's children go one level in.
    const childIndent = branches ? ind + 1 : ind;
    const connectorPos = Math.max(0, displayIndent - 1);
    // Past MAX_INDENT everything is drawn at one column, so no more guides (keeps this O(n)).
    const childGut = showConn && ind < MAX_INDENT ? gutterLists.push([...gutterLists[gut], { pos: connectorPos, show: (flags & 4) === 0 }]) - 1 : gut;
    for (let k = kids.length - 1; k >= 0; k--) {
      sNode[sp] = kids[k];
      sIndent[sp] = childIndent;
      sFlags[sp] = (branches ? 2 : 0) | (k === kids.length - 1 ? 4 : 0);
      sGut[sp] = childGut;
      sDepth[sp++] = depth + 1;
    }
  }
  while (op > 0) end[openFlat[--op]] = out;

  let flatOfEntry: Int32Array | null = null;
  let lookups = 0;
  return {
    session: s,
    filter,
    search: opts.search ?? "",
    entryOf,
    indent,
    connector,
    gutter,
    gutterLists,
    end,
    kids: kidCount,
    active: act,
    labeled,
    leafIndex,
    indexById(id: string): number {
      const x = topo.indexOf(id);
      if (x < 0) return -1;
      // The first lookup (a filter change keeping the cursor's entry) scans the rows; from the
      // second on, an entry index → flat row map (made then) answers: opening a session or
      // changing the filter allocates none, and finding an id's row reuses the topology's one hash map.
      if (!flatOfEntry && lookups++ === 0) return entryOf.indexOf(x);
      if (!flatOfEntry) {
        flatOfEntry = new Int32Array(total).fill(-1);
        for (let k = 0; k < entryOf.length; k++) flatOfEntry[entryOf[k]] = k;
      }
      return flatOfEntry[x];
    },
  };
}

/** The id of a flat row's entry. */
function idOf(flat: FlatTree, fi: number): string {
  return flat.session.entries[flat.entryOf[fi]].id;
}

/** The guide-and-connector prefix of a flat row. */
export function prefixOf(flat: FlatTree, i: number): string {
  const width = flat.indent[i];
  if (width === 0) return "";
  const cols: string[] = new Array(width).fill("   ");
  for (const g of flat.gutterLists[flat.gutter[i]]) if (g.pos < width && g.show) cols[g.pos] = "│  ";
  const c = flat.connector[i];
  if (c !== NONE && width > 0) cols[width - 1] = c === ELL ? "└─ " : "├─ ";
  return cols.join("");
}

/** Pass 3: hide the descendants of folded rows. Cheap: a scan with subtree skips. */
export function foldRows(flat: FlatTree, folded: ReadonlySet<string> = new Set()): TreeRows {
  const n = flat.entryOf.length;
  let visible: Int32Array;
  const foldedFlat = new Uint8Array(n);
  let anyFold = false;
  for (const id of folded) {
    const i = flat.indexById(id);
    if (i >= 0 && flat.kids[i] > 0) {
      foldedFlat[i] = 1;
      anyFold = true;
    }
  }
  if (!anyFold) {
    visible = new Int32Array(n);
    for (let i = 0; i < n; i++) visible[i] = i;
  } else {
    const buf = new Int32Array(n);
    let k = 0;
    for (let i = 0; i < n;) {
      buf[k++] = i;
      i = foldedFlat[i] ? flat.end[i] : i + 1;
    }
    visible = buf.subarray(0, k);
  }
  let posOf: Int32Array | null = null;
  const indexOfFlat = (fi: number): number => {
    if (fi < 0) return -1;
    if (!anyFold) return fi;
    if (!posOf) {
      posOf = new Int32Array(n).fill(-1);
      for (let k = 0; k < visible.length; k++) posOf[visible[k]] = k;
    }
    return posOf[fi];
  };
  const s = flat.session;
  return {
    flat,
    folded,
    visible,
    count: visible.length,
    row(i: number): Row {
      const fi = visible[i];
      const e = s.entries[flat.entryOf[fi]];
      return {
        id: e.id,
        indent: flat.indent[fi],
        prefix: prefixOf(flat, fi),
        onActivePath: flat.active[fi] === 1,
        isLeaf: fi === flat.leafIndex,
        label: s.labels.get(e.id),
        text: e.summary,
        entry: e,
        childCount: flat.kids[fi],
        folded: foldedFlat[fi] === 1,
      };
    },
    indexOf(id: string): number {
      return indexOfFlat(flat.indexById(id));
    },
    leafRow(): number {
      // A folded-away leaf is stood for by its nearest visible (folded) ancestor.
      let fi = flat.leafIndex;
      if (fi < 0) return -1;
      const direct = indexOfFlat(fi);
      if (direct >= 0) return direct;
      for (fi = fi - 1; fi >= 0; fi--) {
        if (flat.end[fi] > flat.leafIndex) {
          const k = indexOfFlat(fi);
          if (k >= 0) return k;
        }
      }
      return -1;
    },
  };
}

/** Session + options → the rows on screen. */
export function buildRows(s: Session, opts: RowsOptions = {}): TreeRows {
  return foldRows(flattenTree(s, opts), opts.folded ?? new Set());
}

/** The next (dir 1) or previous (dir -1) visible branch point from row `from`, or -1. */
export function findBranchPoint(rows: TreeRows, from: number, dir: 1 | -1): number {
  for (let i = from + dir; i >= 0 && i < rows.count; i += dir) {
    if (rows.flat.kids[rows.visible[i]] > 1) return i;
  }
  return -1;
}

/** The next (dir 1) or previous (dir -1) visible labeled row from row `from`, or -1. */
export function findLabeled(rows: TreeRows, from: number, dir: 1 | -1): number {
  for (let i = from + dir; i >= 0 && i < rows.count; i += dir) {
    if (rows.flat.labeled[rows.visible[i]] === 1) return i;
  }
  return -1;
}

/** The fold set after toggling the row under the cursor (rows without visible children: unchanged). */
export function toggleFold(rows: TreeRows, i: number): Set<string> {
  const next = new Set(rows.folded);
  if (i < 0 || i >= rows.count) return next;
  const fi = rows.visible[i];
  const id = idOf(rows.flat, fi);
  if (next.has(id)) next.delete(id);
  else if (rows.flat.kids[fi] > 0) next.add(id);
  return next;
}

/** The flat row's parent in the visible tree (pre-order: the nearest earlier row whose subtree holds it), or -1. */
function flatParent(flat: FlatTree, fi: number): number {
  for (let j = fi - 1; j >= 0; j--) if (flat.end[j] > fi) return j;
  return -1;
}

/** pi's foldable rows: visible children, and a root or the start of a segment (its parent branches). */
export function isFoldable(rows: TreeRows, i: number): boolean {
  if (i < 0 || i >= rows.count) return false;
  const fi = rows.visible[i];
  if (rows.flat.kids[fi] === 0) return false;
  const p = flatParent(rows.flat, fi);
  return p < 0 || rows.flat.kids[p] > 1;
}

/**
 * pi's segment jumps (ctrl+←/→ when there is nothing to fold or unfold). Down:
 * follow first children to the next branch point and land on its first child
 * (a leaf or a folded row stays put). Up: the start of the segment holding the
 * cursor, else of the one above it; a root row stays put.
 */
export function segmentStart(rows: TreeRows, i: number, dir: 1 | -1): number {
  if (i < 0 || i >= rows.count) return i;
  const flat = rows.flat;
  let fi = rows.visible[i];
  const folded = (f: number) => rows.folded.has(idOf(flat, f));
  if (dir > 0) {
    // A row's first child is the next flat row (pre-order).
    while (flat.kids[fi] > 0 && !folded(fi)) {
      if (flat.kids[fi] > 1) return Math.max(i, rows.indexOf(idOf(flat, fi + 1)));
      fi = fi + 1;
    }
    return Math.max(i, rows.indexOf(idOf(flat, fi)));
  }
  for (;;) {
    const p = flatParent(flat, fi);
    if (p < 0) return Math.min(i, Math.max(0, rows.indexOf(idOf(flat, fi))));
    if (flat.kids[p] > 1) {
      const at = rows.indexOf(idOf(flat, fi));
      if (at >= 0 && at < i) return at;
    }
    fi = p;
  }
}
