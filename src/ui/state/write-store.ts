// The write flow of the tree screen (label, continue, fork, rename, undo): one
// step at a time — a text prompt, a choice, a preview waiting for a yes, a
// live-session warning, the fork's result. It lives in its own small store
// beside the browser's (made with the others in stores.ts).
import { createStore, type StoreApi } from "zustand/vanilla";
import { useStore } from "zustand";
import type { AppendPlan, WriteRequest } from "../../core/session/index.js";
import type { ForkPlan } from "../../core/session/index.js";
import type { Scope } from "../keymap.js";
import type { Line } from "../format/lines.js";
import type { LineState } from "./line-edit.js";

/** Where the cursor goes once the write is done. */
export type CursorAfter = { kind: "entry"; id: string } | { kind: "leaf" } | { kind: "keep" };

/** What a confirmed step does. */
export type Pending =
  /**
   * `plan` is what the preview shows: exactly it is written (or, when the file changed, a new preview).
   * `rewrite`: the plan rewrites the whole file (omp rename without a title slot), never done while it looks live.
   */
  | {
      kind: "append";
      file: string;
      req: WriteRequest;
      plan: AppendPlan;
      cursor: CursorAfter;
      rewrite?: boolean;
      /** This write undoes the browser's write of that index in `done` (u): it leaves the history once written. */
      undoing?: number;
    }
  | { kind: "fork"; plan: ForkPlan };

/** A write the browser made in this run, and the request that puts back what it changed. */
export interface DoneWrite {
  file: string;
  inverse: WriteRequest;
  /** What it did, for the undo's preview ("label e1 set to x"). */
  what: string;
}

export type WriteStep =
  /** One line of text (label, session name, summary); Enter previews it. */
  | { kind: "text"; purpose: "label" | "rename" | "summary"; title: string; value: string; targetId: string | null; /** Caret (absent: at the end). */ cursor?: number }
  /** Continue from here: which summary. */
  | { kind: "choose"; title: string; targetId: string }
  /** Core is planning or writing. */
  | { kind: "busy"; title: string }
  /** What would be appended; a yes writes it. */
  | { kind: "preview"; title: string; lines: Line[]; pending: Pending }
  /** The session looks live: the reasons, and an explicit second yes. */
  | { kind: "live"; title: string; lines: Line[]; pending: Pending }
  /** A fork was written: a yes opens it. */
  | { kind: "forked"; title: string; lines: Line[]; file: string };

/** The key table scope of each step (the footer shows its keys). */
export function stepScope(step: WriteStep): Scope | null {
  switch (step.kind) {
    case "text":
      return "prompt";
    case "choose":
      return "choose";
    case "busy":
      return null;
    default:
      return "confirm";
  }
}

export interface WriteState {
  step: WriteStep | null;
  /** First line shown of a long preview. */
  scroll: number;
  /** The file's size and mtime right after our own last write to it, per file: our own write does not make a session "live". */
  own: ReadonlyMap<string, { size: number; mtimeMs: number }>;
  /** What to do once this flow's write succeeded (r in the tree: resume the agent); dropped when the flow closes. */
  then: (() => void) | null;
  /** The browser's writes in this run, oldest first: u walks back through them. */
  done: readonly DoneWrite[];
  pushDone(d: DoneWrite): void;
  dropDone(index: number): void;
  open(step: WriteStep): void;
  close(): void;
  /** The text step's line, after one edit (see line-edit.ts). */
  setLine(line: LineState): void;
  scrollBy(delta: number): void;
  noteOwnWrite(file: string, stamp: { size: number; mtimeMs: number }): void;
  setThen(then: (() => void) | null): void;
}

export type WriteStore = StoreApi<WriteState>;

export function createWriteStore(): WriteStore {
  return createStore<WriteState>()((set, get) => ({
    step: null,
    scroll: 0,
    own: new Map(),
    then: null,
    done: [],
    pushDone: (d) => set({ done: [...get().done, d] }),
    dropDone: (index) => set({ done: get().done.filter((_, i) => i !== index) }),
    open: (step) => set({ step, scroll: 0 }),
    close: () => set({ step: null, scroll: 0, then: null }),
    setThen: (then) => set({ then: get().step ? then : null }),
    // Clamped by the pane when drawn (it knows the wrapped height).
    scrollBy: (delta) => set({ scroll: Math.max(0, get().scroll + delta) }),
    setLine: (line) => {
      const step = get().step;
      if (step?.kind === "text") set({ step: { ...step, value: line.value, cursor: line.cursor } });
    },
    noteOwnWrite: (file, stamp) => set({ own: new Map(get().own).set(file, stamp) }),
  }));
}

/** A text step's line (the caret defaults to the end). */
export const stepLine = (step: Extract<WriteStep, { kind: "text" }>): LineState => ({ value: step.value, cursor: Math.min(step.cursor ?? step.value.length, step.value.length) });

/** The open write step, for components. */
export function useWriteStep(write: WriteStore): WriteStep | null {
  return useStore(write, (s) => s.step);
}

const NO_KEYS: Scope[] = [];
// One array per scope, so the selector below returns a stable value.
const SCOPE_LISTS: Partial<Record<Scope, Scope[]>> = { prompt: ["prompt"], choose: ["choose"], confirm: ["confirm"] };

/** While a write step is open, the only scopes in force (its keys), else null. */
export function usePromptScopes(write: WriteStore): Scope[] | null {
  return useStore(write, (s) => {
    if (!s.step) return null;
    const scope = stepScope(s.step);
    return (scope && SCOPE_LISTS[scope]) || NO_KEYS;
  });
}
