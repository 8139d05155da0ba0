// The browser's one store: data plus the actions that call core. Components
// select the slices they draw, so a keypress repaints only what changed.
import { createStore, type StoreApi } from "zustand/vanilla";
import { clampCursor, keepCursor, moveCursor, type CursorMove } from "./list-cursor.js";
import { loadSession, refreshSession } from "../../core/session/index.js";
import { readEntryResolved } from "../../core/session/index.js";
import { buildContext } from "../../core/session/index.js";
import { safeText } from "../../core/session/index.js";
import { listSessions } from "../../core/session/index.js";
import type { SessionSummary } from "../../core/session/index.js";
import type { Session } from "../../core/session/index.js";
import { TREE_FILTERS, findBranchPoint, findLabeled, flattenTree, foldRows, isFoldable, segmentStart, toggleFold, type FlatTree, type TreeFilter, type TreeRows } from "../../core/session/index.js";
import { entryDetailLines } from "../format/entry-detail.js";
import { contextLines } from "../format/context-lines.js";
import type { Line } from "../format/lines.js";
import type { ScreenId } from "../screens/ids.js";

/** Above this many entries the tree search runs on Enter instead of on every keystroke. */
export const LIVE_SEARCH_MAX = 50_000;

import { SORTS, rowHost, sessionListView, type ListScope, type SortMode } from "./session-list-view.js";
import { editLine, type LineState } from "./line-edit.js";
import { findTrashCommand, NO_TRASH, trashSession } from "./trash-session.js";
import { AGENT_IDS, agentLabel, agentOf, readOnlyReason, type AgentId } from "../../core/session/index.js";
import { inProject } from "../../core/fs/same-dir.js";

/** The agents that have sessions in the list, in the filter's order. */
function agentsListed(list: readonly SessionSummary[]): AgentId[] {
  const seen = new Set(list.map((s) => agentOf(s)));
  return [...AGENT_IDS.filter((a) => seen.has(a)), ...[...seen].filter((a) => !AGENT_IDS.includes(a)).sort()];
}

export { listViewOf, type ListScope, type SortMode } from "./session-list-view.js";

export interface Pane {
  kind: "detail" | "context";
  id: string;
  lines: Line[] | null;
  error?: string;
  scroll: number;
}

export interface Status {
  text: string;
  kind: "info" | "error";
}

export interface AppState {
  screen: ScreenId;
  help: boolean;
  status: Status | null;
  /** The search line of the current screen is taking keystrokes. */
  searching: boolean;
  /** Caret in the search line being typed (session list, tree). */
  queryCursor: number;
  /** First line of the help overlay on screen. */
  helpScroll: number;
  /** Paths put on the status line with `y`, printed again when the browser exits. */
  copiedPaths: string[];
  focus: "list" | "pane";

  // Session list
  sessions: SessionSummary[] | null;
  listError: string | null;
  listQuery: string;
  sort: SortMode;
  scope: ListScope;
  cwd: string;
  listView: SessionSummary[];
  /** Thread guides per row of listView ("├─ " under a parent session; "" when flat). */
  listPrefixes: string[];
  listCursor: number;
  /** Only named sessions (pi's ctrl+n). */
  namedOnly: boolean;
  /** Only this agent's sessions (A cycles the agents listed); null: every agent. */
  agentFilter: AgentId | null;
  /** Only this machine's sessions (^o): the archive's host folders (keep). */
  hostFilter: string | null;
  /** Each row shows its file path (pi's ctrl+p). */
  showPaths: boolean;
  /** The session waiting for a yes before it goes to the trash. */
  deleting: SessionSummary | null;

  // Tree
  session: Session | null;
  loading: string | null;
  filter: TreeFilter;
  treeQuery: string;
  folded: ReadonlySet<string>;
  flat: FlatTree | null;
  rows: TreeRows | null;
  cursor: number;
  pane: Pane | null;
  /** Labels show when they were set (pi's shift+T). */
  labelTimes: boolean;
  /** Last measured list height, for paging. */
  pageSize: number;
  /** The screen the open tree was reached from when it was not the session list (search results): Esc goes back there. */
  treeFrom: ScreenId | null;
  /** `o` on a call that started several subagents: which to open (the tree's chooser). */
  subagentPick: { choices: { file: string; label: string }[]; cursor: number } | null;
}

export interface AppActions {
  setScreen(id: ScreenId): void;
  setStatus(text: string, kind?: Status["kind"]): void;
  toggleHelp(): void;
  /** Scrolls the help overlay (clamped when drawn). */
  scrollHelp(delta: number | "top" | "bottom"): void;
  setPageSize(n: number): void;
  startSearch(): void;
  typeSearch(text: string): void;
  /** A key for the search line being typed: the shared line editor. */
  editSearch(input: string, name: string): void;
  endSearch(): void;
  clearSearch(): void;
  /** Moves the cursor of the current list: "up" | "down" wrap, page and ends clamp. */
  move(how: CursorMove): void;

  loadList(): Promise<void>;
  /** Lists sessions from somewhere else from now on (e.g. the demo when the machine has none). */
  setListSource(list: StoreInit["list"], status?: Status): Promise<void>;
  setSessions(list: SessionSummary[]): void;
  cycleSort(): void;
  toggleScope(): void;
  toggleNamed(): void;
  /** The next agent among those listed, then every agent again. */
  cycleAgent(): void;
  /** ^o: every host, then each host listed in turn. */
  cycleHost(): void;
  togglePaths(): void;
  /** Puts the file path of the session under the cursor (or the open one) on the status line. */
  copyPath(): void;
  askDelete(): void;
  /** yes: the session under question goes to the trash; no: nothing happens. */
  answerDelete(yes: boolean): Promise<void>;
  openSelected(): Promise<void>;
  openFile(file: string): Promise<boolean>;
  /** Opens a session on the tree screen with the cursor on `entryId` (shows all entries when the filter hides it). */
  openAt(file: string, entryId: string): Promise<boolean>;
  setSession(s: Session): void;
  /** Where the session list comes from (the search index and the live watcher follow it). */
  listSource(): StoreInit["list"];

  setFilter(f: TreeFilter): void;
  cycleFilter(dir: 1 | -1): void;
  fold(): void;
  /** pi's ctrl+←: fold a foldable branch, else jump to the segment start above. */
  foldOrUp(): void;
  /** pi's ctrl+→: unfold, else jump to the next segment start below. */
  unfoldOrDown(): void;
  toggleLabelTimes(): void;
  jumpBranch(dir: 1 | -1): void;
  jumpLabel(dir: 1 | -1): void;
  gotoLeaf(): void;
  openPane(kind: Pane["kind"]): Promise<void>;
  closePane(): void;
  toggleFocus(): void;
  scrollPane(delta: number | "top" | "bottom"): void;
  refresh(): Promise<boolean>;
}

export type AppStore = StoreApi<AppState & AppActions>;

export interface StoreInit {
  screen?: ScreenId;
  cwd: string;
  /** Where sessions are listed from: agent dirs, or explicit paths (files, dirs, the demo). */
  list: { agentDirs?: string[]; paths?: string[] };
  status?: Status;
  /** Awaited before each chunk the list's scan reads while the list is not on screen (stores.ts: it gives way to keys). */
  beforeRead?: () => Promise<void>;
}

export function createAppStore(init: StoreInit): AppStore {
  let paneToken = 0;
  let source = init.list;

  return createStore<AppState & AppActions>()((set, get) => {
    const relist = (patch: Partial<AppState> = {}) => {
      const st = { ...get(), ...patch };
      const view = sessionListView(st.sessions ?? [], { query: st.listQuery, sort: st.sort, scope: st.scope, cwd: st.cwd, named: st.namedOnly, agent: st.agentFilter, host: st.hostFilter });
      const listView = view.items;
      const prev = get().listView[get().listCursor];
      // By path: a reloaded list (live updates) holds new objects for the same sessions.
      let listCursor = prev ? keepCursor(listView, (s) => s.path, prev, st.listCursor).cursor : 0;
      // While a query is typed the best match is first: the cursor goes there.
      if (patch.listQuery !== undefined && patch.listQuery !== get().listQuery && patch.listQuery.trim()) listCursor = 0;
      set({ ...patch, listView, listPrefixes: view.prefixes, listCursor });
    };

    /** Rebuilds the rows (flat when filter/search/session changed) and keeps the cursor on the same entry. */
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
                // Where the entry is: two copies of a session look alike otherwise.
                { text: `file ${safeText(s.file)}:${s.byId.get(id)?.line ?? "?"}`, tone: "muted" as const },
                ...entryDetailLines((await readEntryResolved(s, id)).entry, s.labels.get(id)),
              ]
            : contextLines(await buildContext(s, id));
        if (token === paneToken) set({ pane: { kind, id, lines, scroll: 0 } });
      } catch (err) {
        if (token === paneToken) set({ pane: { kind, id, lines: [], error: (err as Error).message, scroll: 0 } });
      }
    };

    /** With a pane open, the pane follows the cursor. */
    const followCursor = () => {
      const { pane, rows, cursor } = get();
      if (!pane || !rows || cursor >= rows.count) return;
      const id = rows.row(cursor).id;
      if (id !== pane.id) void loadPane(pane.kind, id);
    };

    return {
      screen: init.screen ?? "sessions",
      help: false,
      status: init.status ?? null,
      // The search screen opens with its query line taking keys (see stores.ts for later visits).
      searching: init.screen === "search",
      queryCursor: 0,
      helpScroll: 0,
      copiedPaths: [],
      focus: "list",
      sessions: null,
      listError: null,
      listQuery: "",
      sort: "threaded",
      scope: "all",
      cwd: init.cwd,
      listView: [],
      listPrefixes: [],
      listCursor: 0,
      namedOnly: false,
      agentFilter: null,
      hostFilter: null,
      showPaths: false,
      deleting: null,
      session: null,
      loading: null,
      filter: "default",
      treeQuery: "",
      folded: new Set(),
      flat: null,
      rows: null,
      cursor: 0,
      pane: null,
      labelTimes: false,
      pageSize: 20,
      treeFrom: null,
      subagentPick: null,

      setScreen: (id) => set({ screen: id, searching: false, help: false }),
      setStatus: (text, kind = "info") => set({ status: { text, kind } }),
      toggleHelp: () => set({ help: !get().help, helpScroll: 0 }),
      scrollHelp: (delta) => {
        const cur = get().helpScroll;
        set({ helpScroll: delta === "top" ? 0 : delta === "bottom" ? Number.MAX_SAFE_INTEGER : Math.max(0, Math.min(cur + delta, Number.MAX_SAFE_INTEGER)) });
      },
      setPageSize: (n) => {
        if (n !== get().pageSize) set({ pageSize: Math.max(1, n) });
      },

      startSearch: () => {
        const q = get().screen === "tree" ? get().treeQuery : get().listQuery;
        set({ searching: true, queryCursor: q.length });
      },
      typeSearch: (text) => {
        set({ queryCursor: text.length });
        if (get().screen !== "tree") return relist({ listQuery: text });
        // Big sessions search on Enter: re-filtering a million entries per keystroke would stall typing.
        if ((get().session?.entries.length ?? 0) > LIVE_SEARCH_MAX) set({ treeQuery: text });
        else rebuild({ treeQuery: text });
      },
      editSearch: (input, name) => {
        const st = get();
        const value = st.screen === "tree" ? st.treeQuery : st.listQuery;
        const line: LineState = { value, cursor: Math.min(st.queryCursor, value.length) };
        const next = editLine(line, input, name).line;
        if (next.value !== value) get().typeSearch(next.value);
        set({ queryCursor: next.cursor });
      },
      endSearch: () => {
        set({ searching: false });
        const st = get();
        if (st.screen === "tree" && st.flat && st.flat.search !== st.treeQuery) rebuild({});
      },
      clearSearch: () => {
        set({ searching: false });
        if (get().screen === "tree") rebuild({ treeQuery: "" });
        else relist({ listQuery: "" });
      },

      move: (how) => {
        const st = get();
        const onTree = st.screen === "tree";
        const count = onTree ? (st.rows?.count ?? 0) : st.listView.length;
        if (count === 0) return;
        const next = moveCursor(onTree ? st.cursor : st.listCursor, count, how, st.pageSize);
        if (onTree) {
          set({ cursor: next });
          followCursor();
        } else set({ listCursor: next });
      },

      loadList: async () => {
        try {
          // Off screen (a session opened from the command line), the scan is background work.
          const pace = init.beforeRead;
          const beforeRead = pace && (() => (get().screen === "sessions" ? Promise.resolve() : pace()));
          const list = await listSessions({ ...source, all: true, beforeRead });
          get().setSessions(list);
        } catch (err) {
          set({ listError: (err as Error).message, sessions: [] });
        }
      },
      setSessions: (list) => {
        // Start in this project when it has sessions, else show everything.
        const scope: ListScope = list.some((s) => inProject(s.cwd, get().cwd)) && !source.paths ? "project" : "all";
        relist({ sessions: list, scope: get().sessions ? get().scope : scope });
      },
      setListSource: async (list, status) => {
        source = list;
        set({ sessions: null, listCursor: 0, ...(status ? { status } : {}) });
        await get().loadList();
      },
      cycleSort: () => {
        const sort = SORTS[(SORTS.indexOf(get().sort) + 1) % SORTS.length];
        relist({ sort });
        get().setStatus(`sorted by ${sort}`);
      },
      toggleScope: () => {
        const scope: ListScope = get().scope === "project" ? "all" : "project";
        relist({ scope });
        get().setStatus(scope === "all" ? "all projects" : `this project: ${get().cwd}`);
      },
      toggleNamed: () => {
        relist({ namedOnly: !get().namedOnly });
        get().setStatus(get().namedOnly ? "named sessions only (^n: all)" : "all sessions, named or not");
      },
      cycleAgent: () => {
        const listed = agentsListed(get().sessions ?? []);
        if (listed.length < 2 && !get().agentFilter) {
          return get().setStatus(listed.length === 1 ? `only ${agentLabel(listed[0])} sessions are listed` : "no sessions listed", "info");
        }
        const cur = get().agentFilter;
        const next = cur === null ? listed[0] : (listed[listed.indexOf(cur) + 1] ?? null);
        relist({ agentFilter: next ?? null });
        get().setStatus(next ? `agent: ${agentLabel(next)} only (^g: next agent)` : "every agent");
      },
      cycleHost: () => {
        const me = rowHost("");
        const listed = [...new Set((get().sessions ?? []).map((s) => rowHost(s.path, me)))].sort();
        if (listed.length < 2 && !get().hostFilter) return get().setStatus(listed.length === 1 ? `only ${listed[0]}'s sessions are listed (keep --add-source adds another machine's)` : "no sessions listed");
        const cur = get().hostFilter;
        const next = cur === null ? listed[0] : (listed[listed.indexOf(cur) + 1] ?? null);
        relist({ hostFilter: next ?? null });
        get().setStatus(next ? `host: ${next} only (^o: next host)` : "every host");
      },
      togglePaths: () => {
        set({ showPaths: !get().showPaths });
        get().setStatus(get().showPaths ? "file paths shown (^p hides them)" : "file paths hidden");
      },
      copyPath: () => {
        const st = get();
        const file = st.screen === "tree" ? st.session?.file : st.listView[st.listCursor]?.path;
        if (!file) return st.setStatus("no session here", "error");
        // Not OSC 52: the path is session-derived text and the terminal's clipboard is not ours to write.
        set({ copiedPaths: st.copiedPaths.includes(file) ? st.copiedPaths : [...st.copiedPaths, file] });
        st.setStatus(file);
      },
      askDelete: () => {
        const s = get().listView[get().listCursor];
        if (!s) return get().setStatus("no session here", "error");
        if (get().session?.file === s.path) return get().setStatus("that session is open on the tree: open another first", "error");
        const readOnly = readOnlyReason(s);
        if (readOnly) return get().setStatus(readOnly, "error");
        // Said before asking: a yes that can only fail would be a question for nothing.
        if (!findTrashCommand()) return get().setStatus(NO_TRASH, "error");
        set({ deleting: s });
      },
      answerDelete: async (yes) => {
        const s = get().deleting;
        set({ deleting: null });
        if (!s) return;
        if (!yes) return get().setStatus("not deleted");
        const r = trashSession(s.path);
        if (!r.ok) return get().setStatus(r.message, "error");
        const sessions = (get().sessions ?? []).filter((x) => x.path !== s.path);
        relist({ sessions });
        get().setStatus(r.message);
      },
      openSelected: async () => {
        const st = get();
        const s = st.listView[st.listCursor];
        if (!s) return;
        if (!s.valid) {
          st.setStatus(`${s.path}: ${s.error ?? "not a session file"}`, "error");
          return;
        }
        await st.openFile(s.path);
      },
      openFile: async (file) => {
        set({ loading: file, status: { text: `loading ${file} …`, kind: "info" } });
        try {
          const s = await loadSession(file);
          set({ loading: null, status: null });
          get().setSession(s);
          return true;
        } catch (err) {
          set({ loading: null, status: { text: (err as Error).message, kind: "error" } });
          return false;
        }
      },
      openAt: async (file, entryId) => {
        const from = get().screen;
        if (!(await get().openFile(file))) return false;
        if (from !== "tree" && from !== "sessions") set({ treeFrom: from });
        const { rows, session } = get();
        if (!rows || !session) return false;
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
      listSource: () => source,
      setSession: (s) => {
        paneToken++;
        const flat = flattenTree(s, { filter: get().filter, search: "" });
        const rows = foldRows(flat, new Set());
        const leaf = rows.leafRow();
        set({
          session: s,
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
      jumpBranch: (dir) => {
        const { rows, cursor } = get();
        if (!rows) return;
        const i = findBranchPoint(rows, cursor, dir);
        if (i < 0) return get().setStatus(dir > 0 ? "no branch point below" : "no branch point above");
        set({ cursor: i });
        followCursor();
      },
      jumpLabel: (dir) => {
        const { rows, cursor } = get();
        if (!rows) return;
        const i = findLabeled(rows, cursor, dir);
        if (i < 0) return get().setStatus(dir > 0 ? "no labeled entry below" : "no labeled entry above");
        set({ cursor: i });
        followCursor();
      },
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
        if (!s) return false;
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
  });
}
