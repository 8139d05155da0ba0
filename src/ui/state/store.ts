// The browser's app store: data plus the actions that call core. Components
// select the slices they draw, so a keypress repaints only what changed. Made
// of three slices, each in its own file: what the screens share
// (shared-slice.ts), the session list (list-slice.ts) and the tree
// (tree-slice.ts); their shapes are in app-state.ts. stores.ts makes this
// store together with the browser's others.
import { createStore } from "zustand/vanilla";
import type { AppActions, AppState, AppStore, StoreInit } from "./app-state.js";
import { createListSlice } from "./list-slice.js";
import { createTreeSlice } from "./tree-slice.js";
import { createSharedSlice } from "./shared-slice.js";

export type { AppActions, AppState, AppStore, ListSource, Pane, Status, StoreInit } from "./app-state.js";
export { LIVE_SEARCH_MAX } from "./shared-slice.js";
export { listViewOf, type ListScope, type SortMode } from "./session-list-view.js";

export function createAppStore(init: StoreInit): AppStore {
  return createStore<AppState & AppActions>()((set, get) => {
    const tools = { set, get };
    const list = createListSlice(init, tools);
    const tree = createTreeSlice(tools, { headBytes: init.openHeadBytes, restRead: init.restRead, restDone: init.restDone });
    return { ...createSharedSlice(init, tools, list, tree), ...list.slice, ...tree.slice };
  });
}
