// The app store's shape, slice by slice: what the screens share (screen,
// help, status line, the search line), the session list, and the tree. Each
// slice's actions live in its own file (shared-slice.ts, list-slice.ts,
// tree-slice.ts); store.ts makes the one store of the three. Types only.
import type { StoreApi } from "zustand/vanilla";
import type { CursorMove } from "./list-cursor.js";
import type { SessionSummary, Session, FlatTree, TreeFilter, TreeRows, AgentId } from "../../core/session/index.js";
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

export interface TreeState {
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
}

export interface TreeActions {
  openFile(file: string): Promise<boolean>;
  /** Opens a session on the tree screen with the cursor on `entryId` (shows all entries when the filter hides it). */
  openAt(file: string, entryId: string): Promise<boolean>;
  setSession(s: Session): void;
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
}

/** What a slice is made with: the store's own set and get (a slice reads and writes the whole state). */
export interface SliceTools {
  set: AppStore["setState"];
  get: AppStore["getState"];
}
