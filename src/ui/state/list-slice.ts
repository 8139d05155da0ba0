// The app store's session list: the sessions, the view of them (query, sort,
// scope, named, agent and host filters), its cursor, and the actions on a row
// (open, delete). Part of the one app store (store.ts).
import { keepCursor } from "./list-cursor.js";
import { listSessions, shownInList, AGENT_IDS, agentLabel, agentOf, readOnlyReason, watchMemory, type AgentId, type SessionSummary } from "../../core/session/index.js";
import { inProject } from "../../core/fs/same-dir.js";
import { SORTS, rowHost, sessionListView, type ListScope } from "./session-list-view.js";
import { findTrashCommand, NO_TRASH, trashSession } from "./trash-session.js";
import type { AppState, ListActions, ListState, SliceTools, StoreInit } from "./app-state.js";

/** The agents that have sessions in the list, in the filter's order. */
function agentsListed(list: readonly SessionSummary[]): AgentId[] {
  const seen = new Set(list.map((s) => agentOf(s)));
  return [...AGENT_IDS.filter((a) => seen.has(a)), ...[...seen].filter((a) => !AGENT_IDS.includes(a)).sort()];
}

export interface ListSlice {
  slice: ListState & ListActions;
  /** Sets a patch and works out the list's view again, keeping the cursor on the same session. */
  relist(patch?: Partial<AppState>): void;
}

export function createListSlice(init: StoreInit, { set, get }: SliceTools): ListSlice {
  let source = init.list;
  // What the list's watcher saw last (live-sessions.ts): kept between screens, new with the source.
  let watched = watchMemory();

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

  const slice: ListState & ListActions = {
    sessions: null,
    warmups: [],
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

    loadList: async () => {
      try {
        // Off screen (a session opened from the command line), the scan is background work.
        const pace = init.beforeRead;
        const beforeRead = pace && (() => (get().screen === "sessions" ? Promise.resolve() : pace()));
        // One listing for both: the warm-up-only transcripts it also gives are for the stats screen only, as `stats` counts them.
        const all = await listSessions({ ...source, all: true, beforeRead, warmups: true });
        const warmup = (s: SessionSummary) => s.warmupOnly === true && !shownInList(s);
        set({ warmups: all.filter(warmup).map((s) => s.path) });
        get().setSessions(all.filter((s) => !warmup(s)));
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
      watched = watchMemory();
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
    listSource: () => source,
    listWatchMemory: () => watched,
  };
  return { slice, relist };
}
