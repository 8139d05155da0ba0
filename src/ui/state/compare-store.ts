// The tree's compare: the entry marked with `m` (any session's), and the
// open compare view (the comparison, the message cursor, a message opened in
// full). A store of its own beside the app's, made with the others.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Comparison } from "../../core/compare/compare.js";
import type { Line } from "../format/lines.js";
import type { Pricer } from "../../core/stats/prices.js";
import type { Session } from "../../core/session/index.js";

export interface CompareMark {
  file: string;
  id: string;
}

export interface CompareView {
  result: Comparison;
  /** The sessions of side A and B (an opened message is read from its own). */
  sessions: { a: Session; b: Session };
  /** Index into A's messages then B's. */
  cursor: number;
  /** A message opened with Enter: its id and its lines (entry-detail). */
  opened: { id: string; lines: Line[]; scroll?: number } | null;
}

export interface CompareState {
  mark: CompareMark | null;
  view: CompareView | null;
  /** Made on the first compare (it loads the price table), then kept. */
  pricer: Promise<Pricer> | null;
}

export interface CompareActions {
  /** Marks the entry, or unmarks it when it is the marked one; returns whether it is marked now. */
  toggleMark(mark: CompareMark): boolean;
  show(result: Comparison, sessions: CompareView["sessions"]): void;
  close(): void;
  move(delta: number): void;
  setOpened(opened: CompareView["opened"]): void;
  setPricer(p: Promise<Pricer>): void;
  /** Scrolls the opened message by `delta` lines (clamped by the pane that draws it). */
  scrollOpened(delta: number): void;
}

export type CompareStore = StoreApi<CompareState & CompareActions>;

/** How many messages the cursor walks over: A's, then B's. */
export const messageCount = (v: CompareView): number => v.result.a.messages.length + v.result.b.messages.length;

/** The message under the cursor, with its side. */
export function cursorMessage(v: CompareView): { side: "a" | "b"; index: number } | null {
  const na = v.result.a.messages.length;
  if (messageCount(v) === 0) return null;
  return v.cursor < na ? { side: "a", index: v.cursor } : { side: "b", index: v.cursor - na };
}

export function createCompareStore(): CompareStore {
  return createStore<CompareState & CompareActions>()((set, get) => ({
    mark: null,
    view: null,
    pricer: null,
    toggleMark(mark) {
      const cur = get().mark;
      const same = cur !== null && cur.file === mark.file && cur.id === mark.id;
      set({ mark: same ? null : mark });
      return !same;
    },
    show: (result, sessions) => set({ view: { result, sessions, cursor: 0, opened: null } }),
    close: () => set({ view: null }),
    move(delta) {
      const v = get().view;
      if (!v) return;
      const n = messageCount(v);
      if (n === 0) return;
      set({ view: { ...v, cursor: Math.max(0, Math.min(n - 1, v.cursor + delta)), opened: null } });
    },
    setOpened(opened) {
      const v = get().view;
      if (v) set({ view: { ...v, opened } });
    },
    setPricer: (p) => set({ pricer: p }),
    scrollOpened(delta) {
      const v = get().view;
      if (!v?.opened) return;
      const scroll = Math.max(0, Math.min(v.opened.lines.length, (v.opened.scroll ?? 0) + delta));
      set({ view: { ...v, opened: { ...v.opened, scroll } } });
    },
  }));
}
