// The review screens' store (feedback queue, digests): data read from the
// capture store plus actions that call the same core functions as the CLI's
// `feedback …`, `promote`, `enable`/`disable` and `import-session`. Made with
// the browser's other stores (stores.ts); it reads the capture store when a
// review screen first opens (or `I` needs it), never before.
import { createStore, type StoreApi } from "zustand/vanilla";
import { keepCursor, moveCursor, type CursorMove } from "./list-cursor.js";
import { existsSync } from "node:fs";
import { resolveHub, type HubOptions } from "../../core/capture/hub.js";
import { listFeedback, reviewCounts } from "../../core/capture/feedback-list.js";
import { dismissCandidate, editLesson, effectiveLesson, readStatus, reviewState, type Candidate, type Status } from "../../core/capture/review.js";
import { promoteFeedback, promoteSession } from "../../core/capture/promote.js";
import { createTopic, listTopics, type TopicInfo } from "../../core/capture/topic.js";
import { listCaptured } from "../../core/capture/captured.js";
import { refreshIfDirty } from "../../core/capture/indexes.js";
import { enableCapture, disableCapture, storeStatus } from "../../core/capture/settings.js";
import { MODES, type Mode } from "../../core/capture/config.js";
import type { Line } from "../format/lines.js";
import { editLine, lineAt, type LineState } from "./line-edit.js";
import type { SessionAccess } from "./session-access.js";
import { CONFIDENCE_FILTERS, STATUS_FILTERS, STATUS_LABEL, TYPE_FILTERS, createFeedbackView, digestsView, type DigestItem, type FeedbackFilters, type ListedRows } from "./review-view.js";

export type ReviewScreen = "feedback" | "digests";
export type Move = CursorMove;

export type Prompt =
  | { kind: "topic"; target: ReviewScreen; ids: string[]; topics: TopicInfo[] }
  | { kind: "new-topic"; target: ReviewScreen; ids: string[] }
  | { kind: "lesson"; id: string; initial: string }
  | { kind: "reason"; ids: string[] }
  /** M would turn capture off: one key must not stop every hook from recording, so it asks first. */
  | { kind: "capture-off" };

export interface StoreInfo {
  enabled: boolean;
  mode: string;
  configError: string | null;
  sessionCount: number;
}

export interface PaneState {
  focus: boolean;
  scroll: number;
}

export interface ReviewState {
  hub: string | null;
  root: string | null;
  hubError: string | null;
  loaded: boolean;
  /** The start-up refresh of the derived indexes (§3.8) is scheduled and has not run yet. */
  indexing: boolean;
  info: StoreInfo | null;

  candidates: Candidate[];
  status: Status;
  filters: FeedbackFilters;
  query: string;
  view: Candidate[];
  cursor: number;
  selected: ReadonlySet<string>;
  /** Batches of dismissed ids, newest last: `u` restores the last batch. */
  undo: string[][];
  /** Session context around the cursor's candidate (null: not loaded / none). */
  context: { id: string; lines: Line[] } | null;

  digests: DigestItem[];
  digestQuery: string;
  digestView: DigestItem[];
  digestCursor: number;
  /** The session list's rows (the app store's): the rows' session titles, which `/` matches too. */
  listed: ListedRows;

  /** Which screen's search line takes keystrokes. */
  searching: ReviewScreen | null;
  prompt: Prompt | null;
  /** The text field of a text prompt. */
  line: LineState;
  /** The highlighted row of the topic picker (the topics, then "+ new topic"). */
  pick: number;
  pane: Record<ReviewScreen, PaneState>;
  pageSize: number;
}

export interface ReviewActions {
  load(): void;
  /** Loads once: the first review screen, or `I`, needs the store read (its hub resolved). */
  ensureLoaded(): void;
  /** Re-reads one screen's part of the store (a hook wrote to it); the cursor and its pane stay on the same item. */
  refresh(part: ReviewScreen): void;
  reloadStatus(): void;
  /** The session list has new rows: a search under way matches the titles they give. */
  setListed(rows: ListedRows): void;
  setFilters(patch: Partial<FeedbackFilters>): void;
  cycleStatus(): void;
  cycleType(): void;
  cycleConfidence(): void;
  move(screen: ReviewScreen, how: Move): void;
  setPageSize(n: number): void;
  startSearch(screen: ReviewScreen): void;
  typeSearch(text: string): void;
  endSearch(): void;
  clearSearch(screen: ReviewScreen): void;
  toggleSelect(): void;
  clearSelection(): void;
  current(): Candidate | undefined;
  currentDigest(): DigestItem | undefined;
  /** The selected candidates, else the one under the cursor. */
  targets(): string[];
  openPrompt(p: Prompt): void;
  /** A key for the open prompt: edits a text prompt's line (Enter submits it), moves or picks in the topic picker. */
  typePrompt(input: string, name: string): void;
  closePrompt(): void;
  askTopic(target: ReviewScreen): void;
  promote(target: ReviewScreen, ids: string[], topic: string, create?: boolean): void;
  saveLesson(id: string, text: string): void;
  dismiss(ids: string[], reason: string): void;
  undoDismiss(): void;
  cycleMode(): void;
  setContext(c: ReviewState["context"]): void;
  toggleFocus(screen: ReviewScreen): void;
  scrollPane(screen: ReviewScreen, delta: number | "top" | "bottom"): void;
}

export type ReviewStore = StoreApi<ReviewState & ReviewActions>;

export interface ReviewInit {
  hub?: HubOptions;
  cwd?: string;
  /** How `o` and the candidate pane find and read captured sessions (default: the agents' own places, the session reader). */
  sessions?: SessionAccess;
  notify(text: string, kind?: "info" | "error"): void;
}

/** Above this many candidates the queue re-filters when typing pauses, not per key. */
export const LIVE_SEARCH_MAX = 3000;
const SEARCH_PAUSE_MS = 150;
const EMPTY_STATUS = (): Status => ({ promoted: {}, dismissed: {}, edited_lesson: {} });
const errText = (err: unknown): string => (err as Error)?.message ?? String(err);
const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? "" : "s"}`;

export function createReviewStore(init: ReviewInit): ReviewStore {
  const notify = init.notify;
  let indexed = false;
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  const feedbackView = createFeedbackView();

  return createStore<ReviewState & ReviewActions>()((set, get) => {
    /** Recomputes the queue, keeping the cursor on the same candidate when it stays visible. */
    const review = (patch: Partial<ReviewState>, keepScroll = false) => {
      const st = { ...get(), ...patch };
      const view = feedbackView(st.candidates, st.status, st.filters, st.query, st.listed);
      const { cursor, same } = keepCursor(view, (c) => String(c.id), get().view[get().cursor], st.cursor);
      const selected = new Set([...st.selected].filter((id) => view.some((c) => c.id === id)));
      const pane = keepScroll && same ? st.pane : { ...st.pane, feedback: { ...st.pane.feedback, scroll: 0 } };
      set({ ...patch, view, cursor, selected, pane });
    };
    const redigest = (patch: Partial<ReviewState>) => {
      const st = { ...get(), ...patch };
      const digestView = digestsView(st.digests, st.digestQuery, st.listed);
      const { cursor: digestCursor } = keepCursor(digestView, (d) => d.path, get().digestView[get().digestCursor], st.digestCursor);
      set({ ...patch, digestView, digestCursor });
    };
    const hubReady = (): { hub: string; root: string } | null => {
      const { hub, root } = get();
      return hub && root ? { hub, root } : null;
    };
    /** The refresh that follows every write (§3.8); a failure only warns. */
    const afterWrite = (root: string, force = false) => {
      try {
        refreshIfDirty(root, force);
      } catch (err) {
        notify(`index refresh failed: ${errText(err)}`, "error");
      }
    };
    const readInfo = (hub: string, root: string): StoreInfo => {
      const s = storeStatus(hub, root);
      return { enabled: s.enabled, mode: s.mode, configError: s.config_error, sessionCount: s.session_count };
    };
    /** Writes the capture mode: the same writes as `omp-sessions enable --mode X` / `disable`. */
    const setMode = (next: Mode) => {
      const h = hubReady();
      if (!h) return notify(get().hubError ?? "no capture store", "error");
      try {
        const r = next === "off" ? disableCapture(h.root) : enableCapture(h.root, { mode: next });
        afterWrite(h.root);
        set({ info: readInfo(h.hub, h.root) });
        notify(`capture ${next === "off" ? "off" : `on, mode ${next}`}${r.corruptCopy ? ` (the invalid config was kept at ${r.corruptCopy})` : ""}`);
      } catch (err) {
        notify(errText(err), "error");
      }
    };

    return {
      hub: null,
      root: null,
      hubError: null,
      loaded: false,
      indexing: false,
      info: null,
      candidates: [],
      status: EMPTY_STATUS(),
      filters: { status: "pending", type: null, minConfidence: "low", session: null },
      query: "",
      view: [],
      cursor: 0,
      selected: new Set(),
      undo: [],
      context: null,
      digests: [],
      digestQuery: "",
      digestView: [],
      digestCursor: 0,
      listed: null,
      searching: null,
      prompt: null,
      line: { value: "", cursor: 0 },
      pick: 0,
      pane: { feedback: { focus: false, scroll: 0 }, digests: { focus: false, scroll: 0 } },
      pageSize: 10,

      load: () => {
        let { hub, root } = get();
        if (!hub || !root) {
          try {
            ({ hub, root } = resolveHub(init.hub ?? {}, init.cwd));
          } catch (err) {
            set({ hubError: errText(err), loaded: true });
            return;
          }
          set({ hub, root, hubError: null });
        }
        try {
          const { all, status } = listFeedback(root, { includeDismissed: true, minConfidence: "low" });
          const digests = listCaptured(root);
          review({ candidates: all, status, info: readInfo(hub, root), loaded: true });
          redigest({ digests });
          if (!indexed && existsSync(root)) {
            // The TUI refreshes the derived indexes at start (§3.8), then after each write;
            // after the first frame, since nothing on screen reads them.
            indexed = true;
            const r = root;
            set({ indexing: true });
            setTimeout(() => {
              afterWrite(r, true);
              set({ indexing: false });
            }, 0);
          }
        } catch (err) {
          set({ loaded: true });
          notify(errText(err), "error");
        }
      },
      ensureLoaded: () => {
        if (!get().loaded) get().load();
      },
      refresh: (part) => {
        const h = hubReady();
        if (!h) return get().load();
        try {
          const info = readInfo(h.hub, h.root);
          if (part === "digests") redigest({ digests: listCaptured(h.root), info });
          else {
            const { all, status } = listFeedback(h.root, { includeDismissed: true, minConfidence: "low" });
            review({ candidates: all, status, info }, true);
          }
        } catch (err) {
          notify(errText(err), "error");
        }
      },
      reloadStatus: () => {
        const h = hubReady();
        if (!h) return;
        review({ status: readStatus(h.root).status, info: readInfo(h.hub, h.root) });
      },

      setListed: (listed) => {
        if (listed === get().listed) return;
        // Without a search the rows do not depend on the titles: nothing to recompute.
        if (get().query.trim() !== "") review({ listed }, true);
        if (get().digestQuery.trim() !== "") redigest({ listed });
        set({ listed });
      },

      setFilters: (patch) => review({ filters: { ...get().filters, ...patch } }),
      cycleStatus: () => {
        const i = STATUS_FILTERS.indexOf(get().filters.status);
        const status = STATUS_FILTERS[(i + 1) % STATUS_FILTERS.length];
        get().setFilters({ status });
        notify(`status: ${STATUS_LABEL[status]}`);
      },
      cycleType: () => {
        const i = TYPE_FILTERS.indexOf(get().filters.type as (typeof TYPE_FILTERS)[number]);
        const type = TYPE_FILTERS[(i + 1) % TYPE_FILTERS.length];
        get().setFilters({ type });
        notify(`type: ${type ?? "any"}`);
      },
      cycleConfidence: () => {
        const i = CONFIDENCE_FILTERS.indexOf(get().filters.minConfidence as (typeof CONFIDENCE_FILTERS)[number]);
        const minConfidence = CONFIDENCE_FILTERS[(i + 1) % CONFIDENCE_FILTERS.length];
        get().setFilters({ minConfidence });
        notify(`confidence: ${minConfidence === "low" ? "any" : minConfidence === "high" ? "high" : `${minConfidence} or higher`}`);
      },

      move: (screen, how) => {
        const st = get();
        const count = screen === "feedback" ? st.view.length : st.digestView.length;
        if (count === 0) return;
        const cur = screen === "feedback" ? st.cursor : st.digestCursor;
        const next = moveCursor(cur, count, how, st.pageSize);
        if (next === cur) return;
        const pane = { ...st.pane, [screen]: { ...st.pane[screen], scroll: 0 } };
        if (screen === "feedback") set({ cursor: next, pane });
        else set({ digestCursor: next, pane });
      },
      setPageSize: (n) => {
        if (n !== get().pageSize) set({ pageSize: Math.max(1, n) });
      },

      startSearch: (screen) => set({ searching: screen }),
      typeSearch: (text) => {
        if (get().searching === "feedback") {
          // Big queues: the search line follows each key, the list once typing pauses.
          if (get().candidates.length <= LIVE_SEARCH_MAX) return review({ query: text });
          set({ query: text });
          clearTimeout(searchTimer);
          searchTimer = setTimeout(() => {
            searchTimer = undefined;
            review({});
          }, SEARCH_PAUSE_MS);
        } else if (get().searching === "digests") redigest({ digestQuery: text });
      },
      endSearch: () => {
        if (searchTimer) {
          clearTimeout(searchTimer);
          searchTimer = undefined;
          review({});
        }
        set({ searching: null });
      },
      clearSearch: (screen) => {
        clearTimeout(searchTimer);
        searchTimer = undefined;
        if (screen === "feedback") review({ query: "" });
        else redigest({ digestQuery: "" });
        set({ searching: null });
      },

      toggleSelect: () => {
        const c = get().current();
        if (!c) return;
        const selected = new Set(get().selected);
        const id = c.id as string;
        if (selected.has(id)) selected.delete(id);
        else selected.add(id);
        set({ selected });
        if (get().cursor < get().view.length - 1) get().move("feedback", "down");
      },
      clearSelection: () => set({ selected: new Set() }),
      current: () => get().view[get().cursor],
      currentDigest: () => get().digestView[get().digestCursor],
      targets: () => {
        const st = get();
        if (st.selected.size > 0) return st.view.filter((c) => st.selected.has(c.id as string)).map((c) => c.id as string);
        const c = st.current();
        return c ? [c.id as string] : [];
      },

      openPrompt: (prompt) => {
        // Keys reach prompts only through the shell's one dispatcher, so the key
        // after the one that opened this is this prompt's, however fast it comes.
        const value = prompt.kind === "lesson" ? prompt.initial : "";
        set({ prompt, line: lineAt(value), pick: 0 });
      },
      typePrompt: (input, name) => {
        const p = get().prompt;
        if (!p) return;
        if (p.kind === "topic") {
          // The topics, then "+ new topic…" (wrapping, as every list here).
          const n = p.topics.length + 1;
          const pick = get().pick;
          if (name === "up" || name === "k") set({ pick: (pick - 1 + n) % n });
          else if (name === "down" || name === "j") set({ pick: (pick + 1) % n });
          else if (name === "enter") {
            const topic = p.topics[pick];
            if (!topic) get().openPrompt({ kind: "new-topic", target: p.target, ids: p.ids });
            else {
              get().closePrompt();
              get().promote(p.target, p.ids, topic.name);
            }
          }
          return;
        }
        if (p.kind === "capture-off") {
          if (name === "y" || name === "enter") {
            get().closePrompt();
            setMode("off");
          } else if (name === "n") {
            get().closePrompt();
            notify("capture stays on");
          }
          return;
        }
        const { line, submit } = editLine(get().line, input, name);
        set({ line });
        if (!submit) return;
        get().closePrompt();
        const v = line.value;
        if (p.kind === "new-topic") {
          if (v.trim()) get().promote(p.target, p.ids, v.trim(), true);
        } else if (p.kind === "lesson") get().saveLesson(p.id, v);
        else get().dismiss(p.ids, v);
      },
      closePrompt: () => set({ prompt: null }),
      askTopic: (target) => {
        const h = hubReady();
        if (!h) return notify(get().hubError ?? "no capture store", "error");
        let ids: string[];
        if (target === "feedback") {
          ids = get().targets();
          const promoted = ids.filter((id) => reviewState(get().status, id) === "promoted");
          ids = ids.filter((id) => !promoted.includes(id));
          if (ids.length === 0) return notify(promoted.length ? "already promoted" : "nothing to promote", "error");
        } else {
          const d = get().currentDigest();
          if (!d) return notify("no captured session here", "error");
          if (!d.state.last_digest_path) return notify("this session has no digest yet", "error");
          ids = [String(d.state.llm_wiki_session_id)];
        }
        let topics: TopicInfo[];
        try {
          topics = listTopics(h.hub);
        } catch (err) {
          return notify(errText(err), "error");
        }
        get().openPrompt({ kind: "topic", target, ids, topics });
      },
      promote: (target, ids, topic, create = false) => {
        const h = hubReady();
        if (!h) return;
        const notes: string[] = [];
        const errors: string[] = [];
        try {
          if (create) topic = createTopic(h.hub, topic).name;
          for (const id of ids) {
            try {
              notes.push(target === "feedback" ? promoteFeedback(h.hub, h.root, id, topic, false).notePath : promoteSession(h.hub, h.root, id, topic, false).notePath);
            } catch (err) {
              errors.push(`${id}: ${errText(err)}`);
            }
          }
        } catch (err) {
          errors.push(errText(err));
        }
        afterWrite(h.root);
        if (target === "feedback") {
          get().clearSelection();
          get().reloadStatus();
        } else get().load();
        if (errors.length) notify(`${notes.length ? `promoted ${notes.length}; ` : ""}${errors[0]}${errors.length > 1 ? ` (+${errors.length - 1} more)` : ""}`, "error");
        else if (notes.length === 1) notify(`promoted to ${topic}: ${notes[0]}`);
        else notify(`promoted ${plural(notes.length, "candidate")} to ${topic}`);
      },
      saveLesson: (id, text) => {
        const h = hubReady();
        if (!h) return;
        const c = get().candidates.find((x) => x.id === id);
        const clear = !text.trim() || text === String(c?.distilled_lesson ?? "");
        try {
          editLesson(h.root, id, clear ? null : text);
          afterWrite(h.root);
          get().reloadStatus();
          notify(clear ? `${id}: lesson back to the original` : `${id}: lesson edited — p promotes it`);
        } catch (err) {
          notify(errText(err), "error");
        }
      },
      dismiss: (ids, reason) => {
        const h = hubReady();
        if (!h) return;
        const done: string[] = [];
        const errors: string[] = [];
        for (const id of ids) {
          try {
            dismissCandidate(h.root, id, reason.trim() || null, false);
            done.push(id);
          } catch (err) {
            errors.push(errText(err));
          }
        }
        afterWrite(h.root);
        if (done.length) set({ undo: [...get().undo, done] });
        get().clearSelection();
        get().reloadStatus();
        if (errors.length) notify(`${done.length ? `dismissed ${done.length}; ` : ""}${errors[0]}`, "error");
        else notify(`dismissed ${done.length === 1 ? done[0] : plural(done.length, "candidate")} (u undoes)`);
      },
      undoDismiss: () => {
        const h = hubReady();
        const batch = get().undo.at(-1);
        if (!h || !batch) return notify("nothing to undo");
        set({ undo: get().undo.slice(0, -1) });
        const errors: string[] = [];
        for (const id of batch) {
          try {
            dismissCandidate(h.root, id, null, true);
          } catch (err) {
            errors.push(errText(err));
          }
        }
        afterWrite(h.root);
        get().reloadStatus();
        if (errors.length) notify(errors[0], "error");
        else notify(`restored ${batch.length === 1 ? batch[0] : plural(batch.length, "candidate")}`);
      },
      cycleMode: () => {
        if (!hubReady()) return notify(get().hubError ?? "no capture store", "error");
        const cur = get().info?.mode as Mode | undefined;
        const next = MODES[(Math.max(0, MODES.indexOf(cur ?? "off")) + 1) % MODES.length];
        if (next === "off" && get().info?.enabled) get().openPrompt({ kind: "capture-off" });
        else setMode(next);
      },
      setContext: (context) => set({ context }),
      toggleFocus: (screen) => {
        const p = get().pane[screen];
        set({ pane: { ...get().pane, [screen]: { ...p, focus: !p.focus } } });
      },
      scrollPane: (screen, delta) => {
        const p = get().pane[screen];
        const scroll = delta === "top" ? 0 : delta === "bottom" ? Number.MAX_SAFE_INTEGER : Math.max(0, p.scroll + delta);
        set({ pane: { ...get().pane, [screen]: { ...p, scroll } } });
      },
    };
  });
}

/** The effective lesson of a candidate in this store's status. */
export const lessonOf = (st: ReviewState, c: Candidate): string => effectiveLesson(st.status, c);
export { reviewCounts };
