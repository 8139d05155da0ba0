// The app store's part every screen shares: which screen, the help overlay,
// the status line, the search line being typed (the list's or the tree's
// query), the cursor keys and `y`. What it does to a list or the tree goes
// through their slices (list-slice.ts relist, tree-slice.ts rebuild).
import { moveCursor } from "./list-cursor.js";
import { editLine, type LineState } from "./line-edit.js";
import type { SharedActions, SharedState, SliceTools, StoreInit } from "./app-state.js";
import type { ListSlice } from "./list-slice.js";
import type { TreeSlice } from "./tree-slice.js";

/** Above this many entries the tree search runs on Enter instead of on every keystroke. */
export const LIVE_SEARCH_MAX = 50_000;

export function createSharedSlice(init: StoreInit, { set, get }: SliceTools, list: Pick<ListSlice, "relist">, tree: Pick<TreeSlice, "rebuild" | "followCursor">): SharedState & SharedActions {
  const { relist } = list;
  const { rebuild, followCursor } = tree;
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
    pageSize: 20,

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
    copyPath: () => {
      const st = get();
      const file = st.screen === "tree" ? st.session?.file : st.listView[st.listCursor]?.path;
      if (!file) return st.setStatus("no session here", "error");
      // Not OSC 52: the path is session-derived text and the terminal's clipboard is not ours to write.
      set({ copiedPaths: st.copiedPaths.includes(file) ? st.copiedPaths : [...st.copiedPaths, file] });
      st.setStatus(file);
    },
  };
}
