// The app store's shape, slice by slice: what the screens share (screen,
// help, status line, the search line), the session list, and the tree. Each
// slice's actions live in its own file (shared-slice.ts, list-slice.ts,
// tree-slice.ts); store.ts makes the one store of the three. Types only.
import type { StoreApi } from "zustand/vanilla";
import type { CursorMove } from "./list-cursor.js";
import type { SessionSummary, Session, FlatTree, TreeFilter, TreeRows, AgentId, WatchMemory } from "../../core/session/index.js";
import type { Line } from "../format/lines.js";
import type { ScreenId } from "../screens/ids.js";
import type { ListScope, SortMode } from "./session-list-view.js";

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

/** Where sessions are listed from: agent dirs, or explicit paths (files, dirs, the demo). */
export interface ListSource {
  agentDirs?: string[];
  paths?: string[];
}

export interface SharedState {
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
  /** Last measured list height, for paging. */
  pageSize: number;
}

export interface ListState {
  sessions: SessionSummary[] | null;
  /** Transcripts of nothing but an agent's warm-up: not listed, but billed, so the stats screen counts them as `stats` does. */
  warmups: string[];
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
}

/** A big session opened in two steps (tree-slice.ts openFile): its start is on screen, the rest being read. */
export interface TreeLoad {
  /** Bytes read so far, of the file's `total`. */
  read: number;
  total: number;
  /** Reading the rest failed: why (the tree stays what was read). */
  error?: string;
}

export interface TreeState {
  session: Session | null;
  loading: string | null;
  /**
   * The open session is only its start (a big file's first megabytes): the
   * rest is being read. Its leaf, its active path and what later lines add are
   * not known yet; writes wait, and the tree says so. Null: read whole.
   */
  treeLoad: TreeLoad | null;
  filter: TreeFilter;
  treeQuery: string;
  folded: ReadonlySet<string>;
  flat: FlatTree | null;
  rows: TreeRows | null;
  cursor: number;
  pane: Pane | null;
  /** Labels show when they were set (pi's shift+T). */
  labelTimes: boolean;
  /** The screen the open tree was reached from when it was not the session list (search results): Esc goes back there. */
  treeFrom: ScreenId | null;
  /** `o` on a call that started several subagents: which to open (the tree's chooser). */
  subagentPick: { choices: { file: string; label: string }[]; cursor: number } | null;
}

export type AppState = SharedState & ListState & TreeState;

export interface SharedActions {
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
  /** Puts the file path of the session under the cursor (or the open one) on the status line. */
  copyPath(): void;
}

export interface ListActions {
  loadList(): Promise<void>;
  /** Lists sessions from somewhere else from now on (e.g. the demo when the machine has none). */
  setListSource(list: ListSource, status?: Status): Promise<void>;
  setSessions(list: SessionSummary[]): void;
  cycleSort(): void;
  toggleScope(): void;
  toggleNamed(): void;
  /** The next agent among those listed, then every agent again. */
  cycleAgent(): void;
  /** ^o: every host, then each host listed in turn. */
  cycleHost(): void;
  togglePaths(): void;
  askDelete(): void;
  /** yes: the session under question goes to the trash; no: nothing happens. */
  answerDelete(yes: boolean): Promise<void>;
  openSelected(): Promise<void>;
  /** Where the session list comes from (the search index and the live watcher follow it). */
  listSource(): ListSource;
  /** What the list's live watcher saw at its last pass over this source: a watcher started again (back on the list) reports what changed since. */
  listWatchMemory(): WatchMemory;
}

export interface TreeActions {
  /**
   * Opens a session on the tree screen (false, with the reason on the status
   * line, when it cannot be read). A big one shows its start at once and is
   * read on behind it (`treeLoad`); `whole` settles once it is read whole.
   */
  openFile(file: string): Promise<boolean>;
  /** openFile for the file named on the command line: throws what the first read throws; resolves once the tree is on screen, with `whole`. */
  openSession(file: string): Promise<{ whole: Promise<void> }>;
  /** Opens a session on the tree screen with the cursor on `entryId` (shows all entries when the filter hides it). */
  openAt(file: string, entryId: string): Promise<boolean>;
  setSession(s: Session): void;
  /** Stops reading the rest of a session opened in two steps (on quit): the tree stays what was read. */
  stopReading(): void;
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

export type AppActions = SharedActions & ListActions & TreeActions;

export type AppStore = StoreApi<AppState & AppActions>;

export interface StoreInit {
  screen?: ScreenId;
  cwd: string;
  /** Where sessions are listed from: agent dirs, or explicit paths (files, dirs, the demo). */
  list: ListSource;
  status?: Status;
  /** Awaited before each chunk the list's scan reads while the list is not on screen (stores.ts: it gives way to keys). */
  beforeRead?: () => Promise<void>;
  /** Sessions bigger than this open in two steps, their start first (tree-slice.ts OPEN_HEAD_BYTES; tests make it small). */
  openHeadBytes?: number;
  /** Awaited before each chunk of the rest of a session opened in two steps (tests hold the rest there). */
  restRead?: () => Promise<void>;
  /** Called when a session opened in two steps is on screen whole (stores.ts: background work then waits as after a key). */
  restDone?: () => void;
}

/** What a slice is made with: the store's own set and get (a slice reads and writes the whole state). */
export interface SliceTools {
  set: AppStore["setState"];
  get: AppStore["getState"];
}
