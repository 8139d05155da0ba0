// The app store's tree: the open session, its rows (filter, search, folds),
// the cursor, the detail or context pane, and the actions that open a
// session. Part of the one app store (store.ts).
import { collector } from "./collect-now.js";
import { clampCursor } from "./list-cursor.js";
import { loadSession, loadSessionStart, refreshSession, readEntryResolved, buildContext, safeText, type Session } from "../../core/session/index.js";
import { TREE_FILTERS, findBranchPoint, findLabeled, flattenTree, foldRows, isFoldable, segmentStart, toggleFold } from "../../core/session/index.js";
import { entryDetailLines } from "../format/entry-detail.js";
import { contextLines } from "../format/context-lines.js";
import type { AppState, Pane, SliceTools, TreeActions, TreeState } from "./app-state.js";
import { tildePath } from "../../core/fs/home-path.js";
import { stat } from "node:fs/promises";
import { homedir } from "node:os";

export interface TreeSlice {
  slice: TreeState & TreeActions;
  /** Rebuilds the rows (flat when filter/search/session changed) and keeps the cursor on the same entry. */
  rebuild(patch: Partial<AppState>, opts?: { reflatten: boolean; keepId?: string | null }): void;
  /** With a pane open, the pane follows the cursor. */
  followCursor(): void;
}

/**
 * A session bigger than this opens in two steps: the whole lines of its first
 * OPEN_HEAD_BYTES are read and drawn at once (the top of the tree), the rest
 * is read behind that first frame, between keys. On the 200 MB bench session
 * the first frame needs a two-hundredth of the reading (bench/ui-tmux.ts).
 */
export const OPEN_HEAD_BYTES = 1 << 20;
/** While the rest is read, how far it got shows at most this often. */
const LOAD_SHOW_MS = 250;

/** Reading the rest stops: another session was opened meanwhile. */
class Superseded extends Error {}

export function createTreeSlice({ set, get }: SliceTools, opts: { headBytes?: number; restRead?: () => Promise<void>; restDone?: () => void } = {}): TreeSlice {
  const headBytes = opts.headBytes ?? OPEN_HEAD_BYTES;
  let paneToken = 0;
  /** Bumped by each session set: a rest still being read for an older one stops. */
  let openToken = 0;

  const rebuild = (patch: Partial<AppState>, opts: { reflatten: boolean; keepId?: string | null } = { reflatten: true }) => {
    const st = { ...get(), ...patch };
    if (!st.session) return set(patch);
    const before = get().rows;
    const keepId = opts.keepId !== undefined ? opts.keepId : before && get().cursor < before.count ? before.row(get().cursor).id : null;
    const flat = opts.reflatten || !st.flat ? flattenTree(st.session, { filter: st.filter, search: st.treeQuery }) : st.flat;
    const rows = foldRows(flat, st.folded);
    let cursor = keepId ? rows.indexOf(keepId) : -1;
    if (cursor < 0 && keepId && st.session.byId.has(keepId)) {
      // The entry got hidden: land on its nearest visible ancestor.
      let p = st.session.byId.get(keepId)!.parentId;
      const seen = new Set<string>();
      while (p && cursor < 0 && !seen.has(p)) {
        seen.add(p);
        cursor = rows.indexOf(p);
        p = st.session.byId.get(p)?.parentId ?? null;
      }
    }
    if (cursor < 0) cursor = clampCursor(get().cursor, rows.count);
    set({ ...patch, flat, rows, cursor });
  };

  const loadPane = async (kind: Pane["kind"], id: string) => {
    const s = get().session;
    if (!s) return;
    const token = ++paneToken;
    set({ pane: { kind, id, lines: null, scroll: 0 } });
    try {
      const lines =
        kind === "detail"
          ? [
              // Where the entry is: two copies of a session look alike otherwise (home as `~`, as the header writes it).
              { text: `file ${safeText(tildePath(s.file, homedir()))}:${s.byId.get(id)?.line ?? "?"}`, tone: "muted" as const },
              ...entryDetailLines((await readEntryResolved(s, id)).entry, s.labels.get(id)),
            ]
          : contextLines(await buildContext(s, id));
      if (token === paneToken) set({ pane: { kind, id, lines, scroll: 0 } });
    } catch (err) {
      if (token === paneToken) set({ pane: { kind, id, lines: [], error: (err as Error).message, scroll: 0 } });
    }
  };

  const followCursor = () => {
    const { pane, rows, cursor } = get();
    if (!pane || !rows || cursor >= rows.count) return;
    const id = rows.row(cursor).id;
    if (id !== pane.id) void loadPane(pane.kind, id);
  };

  /** Moves the cursor to the row `find` gives in direction dir, or says there is none (`none` + " below"/" above"). */
  const jump = (find: typeof findLabeled, dir: 1 | -1, none: string) => {
    const { rows, cursor } = get();
    if (!rows) return;
    const i = find(rows, cursor, dir);
    if (i < 0) return get().setStatus(`${none} ${dir > 0 ? "below" : "above"}`);
    set({ cursor: i });
    followCursor();
  };

  /**
   * Opens `file`: whole when small, else its start (drawn at once, the cursor
   * on the first row) and then the rest, read behind the first frame. The
   * start's leaf is only the last entry read so far: the tree shows no leaf and
   * no active path until the rest is in (treeLoad). Resolves once the tree is
   * on screen; `whole` settles once the session is read whole (or failed).
   * `read` runs once the first step is read, before the session is set.
   */
  const openSteps = async (file: string, read: () => void = () => {}): Promise<{ whole: Promise<void> }> => {
    const start = await loadSessionStart(file, headBytes);
    if (!start) {
      const s = await loadSession(file);
      read();
      get().setSession(s);
      return { whole: Promise.resolve() };
    }
    read();
    // What is on screen: the start, with no leaf (so no active path and no "← leaf").
    const view: Session = { ...start, leafId: null };
    get().setSession(view);
    const total = (await stat(start.file).catch(() => null))?.size ?? start.size;
    set({ cursor: 0, treeLoad: { read: start.size, total } });
    return { whole: readRest(start, view, total) };
  };

  /** Reads the rest of a session opened in two steps, then puts it in place of its start (the cursor kept, or on the leaf when the user did not move). */
  const readRest = async (start: Session, view: Session, total: number): Promise<void> => {
    const token = openToken;
    const firstId = get().rows?.row(0)?.id ?? null;
    let shownAt = performance.now();
    let whole: Session;
    try {
      whole = await refreshSession(start, {
        beforeRead: async (offset) => {
          if (opts.restRead) await opts.restRead();
          if (token !== openToken) throw new Superseded();
          const now = performance.now();
          if (now - shownAt < LOAD_SHOW_MS) return;
          shownAt = now;
          set({ treeLoad: { read: offset, total } });
        },
      });
    } catch (err) {
      if (token !== openToken || err instanceof Superseded) return;
      const load = get().treeLoad;
      set({ treeLoad: { read: load?.read ?? start.size, total, error: (err as Error).message } });
      return;
    }
    if (token !== openToken || get().session !== view) return;
    const st = get();
    // Not moved since the first frame: where a whole read would have opened, on the leaf.
    const untouched = st.cursor === 0 && st.rows !== null && st.rows.count > 0 && st.rows.row(0).id === firstId && st.pane === null && st.treeQuery === "";
    rebuild({ session: whole, treeLoad: null });
    if (untouched) {
      const i = get().rows?.leafRow() ?? -1;
      if (i >= 0) set({ cursor: i });
    }
    collector.collectIfBig();
    opts.restDone?.();
  };

  const slice: TreeState & TreeActions = {
    session: null,
    loading: null,
    treeLoad: null,
    filter: "default",
    treeQuery: "",
    folded: new Set(),
    flat: null,
    rows: null,
    cursor: 0,
    pane: null,
    labelTimes: false,
    treeFrom: null,
    subagentPick: null,

    openFile: async (file) => {
      set({ loading: file, status: { text: `loading ${file} …`, kind: "info" } });
      try {
        // Read: the "loading" line goes before the session is set (which may put its warnings there).
        await openSteps(file, () => set({ loading: null, status: null }));
        return true;
      } catch (err) {
        set({ loading: null, status: { text: (err as Error).message, kind: "error" } });
        return false;
      }
    },
    openSession: (file) => openSteps(file),
    openAt: async (file, at) => {
      const from = get().screen;
      if (!(await get().openFile(file))) return false;
      if (from !== "tree" && from !== "sessions") set({ treeFrom: from });
      const { rows, session } = get();
      if (!rows || !session) return false;
      // An id the session knows as one of an entry's merged copies (a Claude Code fork's parentLastUuid may name a later copy) is that entry.
      const entryId = session.byId.has(at) ? at : (session.aliases?.get(at) ?? at);
      if (!session.byId.has(entryId)) {
        get().setStatus(`entry ${entryId} is not in this session any more`, "error");
        return true;
      }
      const i = rows.indexOf(entryId);
      if (i >= 0) set({ cursor: i });
      else {
        rebuild({ filter: "all" }, { reflatten: true, keepId: entryId });
        get().setStatus("filter: all (the default filter hides this entry)");
      }
      return true;
    },
    setSession: (s) => {
      paneToken++;
      openToken++;
      const flat = flattenTree(s, { filter: get().filter, search: "" });
      const rows = foldRows(flat, new Set());
      const leaf = rows.leafRow();
      set({
        session: s,
        treeLoad: null,
        screen: "tree",
        treeQuery: "",
        folded: new Set(),
        flat,
        rows,
        cursor: leaf >= 0 ? leaf : Math.max(0, rows.count - 1),
        pane: null,
        focus: "list",
        searching: false,
        treeFrom: null,
        // Damaged lines were skipped while reading: say so, with the first one's place.
        ...(s.warnings.length ? { status: { text: `${s.warnings.length} warning(s): line ${s.warnings[0].line}: ${s.warnings[0].message}`, kind: "error" as const } } : {}),
      });
    },

    stopReading: () => {
      openToken++;
    },

    setFilter: (filter) => {
      rebuild({ filter });
      get().setStatus(`filter: ${filter}`);
      followCursor();
    },
    cycleFilter: (dir) => {
      const i = TREE_FILTERS.indexOf(get().filter);
      get().setFilter(TREE_FILTERS[(i + dir + TREE_FILTERS.length) % TREE_FILTERS.length]);
    },
    fold: () => {
      const { rows, cursor } = get();
      if (!rows || rows.count === 0) return;
      const r = rows.row(cursor);
      if (r.childCount === 0) return get().setStatus("nothing to fold here");
      rebuild({ folded: toggleFold(rows, cursor) }, { reflatten: false, keepId: r.id });
    },
    foldOrUp: () => {
      const { rows, cursor } = get();
      if (!rows || rows.count === 0) return;
      const r = rows.row(cursor);
      if (!r.folded && isFoldable(rows, cursor)) return rebuild({ folded: toggleFold(rows, cursor) }, { reflatten: false, keepId: r.id });
      set({ cursor: segmentStart(rows, cursor, -1) });
      followCursor();
    },
    unfoldOrDown: () => {
      const { rows, cursor } = get();
      if (!rows || rows.count === 0) return;
      const r = rows.row(cursor);
      if (r.folded) return rebuild({ folded: toggleFold(rows, cursor) }, { reflatten: false, keepId: r.id });
      set({ cursor: segmentStart(rows, cursor, 1) });
      followCursor();
    },
    toggleLabelTimes: () => {
      set({ labelTimes: !get().labelTimes });
      get().setStatus(get().labelTimes ? "label times shown (T hides them)" : "label times hidden");
    },
    jumpBranch: (dir) => jump(findBranchPoint, dir, "no branch point"),
    jumpLabel: (dir) => jump(findLabeled, dir, "no labeled entry"),
    gotoLeaf: () => {
      const { rows } = get();
      if (!rows) return;
      const i = rows.leafRow();
      if (i < 0) return get().setStatus("the current leaf is hidden by this filter or search");
      set({ cursor: i });
      followCursor();
    },
    openPane: async (kind) => {
      const { rows, cursor } = get();
      if (!rows || rows.count === 0) return;
      await loadPane(kind, rows.row(cursor).id);
    },
    closePane: () => {
      paneToken++;
      set({ pane: null, focus: "list" });
    },
    toggleFocus: () => {
      if (!get().pane) return;
      set({ focus: get().focus === "list" ? "pane" : "list" });
    },
    scrollPane: (delta) => {
      const pane = get().pane;
      if (!pane) return;
      // Clamped by the pane when drawn (it knows the wrapped height).
      const scroll = delta === "top" ? 0 : delta === "bottom" ? Number.MAX_SAFE_INTEGER : Math.max(0, pane.scroll + delta);
      set({ pane: { ...pane, scroll } });
    },
    refresh: async () => {
      const s = get().session;
      // A session still being read is read to the end anyway.
      if (!s || get().treeLoad) return false;
      let next: Session;
      try {
        next = await refreshSession(s);
      } catch {
        return false;
      }
      if (next === s || get().session !== s) return false;
      const atLeaf = get().rows?.leafRow() === get().cursor;
      rebuild({ session: next });
      // Following the live end: a cursor that sat on the leaf moves with it.
      if (atLeaf) {
        const i = get().rows?.leafRow() ?? -1;
        if (i >= 0) set({ cursor: i });
      }
      return true;
    },
  };
  return { slice, rebuild, followCursor };
}
