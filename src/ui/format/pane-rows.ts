// How many rows a pane under a list takes, and its lines wrapped to its width:
// the screens size their panes by these and the panes draw them (one wrapping for both).
import { wrapLines, type Line } from "./lines.js";

// The pane's lines wrapped to its width, kept with the lines they came from: the tree screen sizes the
// pane by them and the pane draws them, one wrapping for both (a long context wraps thousands of lines).
const wrappedOf = new WeakMap<readonly Line[], { inner: number; wrapped: Line[] }>();

/** The pane's lines wrapped to the columns a pane `width` wide gives them. */
export function paneWrapped(lines: readonly Line[], width: number): Line[] {
  const inner = Math.max(8, width - 2);
  const hit = wrappedOf.get(lines);
  if (hit && hit.inner === inner) return hit.wrapped;
  const wrapped = wrapLines(lines, inner);
  wrappedOf.set(lines, { inner, wrapped });
  return wrapped;
}

export const NO_LINES: readonly Line[] = [];

/**
 * Rows for a pane under a list (the tree's, the review screens'): its share of the screen (60% by default),
 * less when what it shows is shorter and `shrink` (the list gets the rest), more when the list is shorter than
 * its own share (up to what the pane shows). `need` is the rows the pane's content takes with its rule
 * (Infinity while it loads), `treeRows` the rows the list has.
 */
export function paneHeightFor(avail: number, need: number, treeRows: number, part = 0.6, shrink = true): number {
  const share = Math.max(3, Math.floor(avail * part));
  let h = shrink ? Math.max(3, Math.min(share, need)) : share;
  const spare = avail - Math.max(1, treeRows);
  if (spare > h) h = Math.max(h, Math.min(need, spare));
  return Math.min(h, Math.max(3, avail - 1));
}

/** The rows an open pane held, for the screen (`key`: the pane's kind and the screen's size it was sized for). */
export interface PaneHold {
  key: string;
  rows: number;
}

/**
 * The pane's rows while the user moves the cursor: the larger of what it holds and what its content
 * needs now (`fitted`, from paneHeightFor), so moving to a shorter entry never moves the list's rows;
 * a longer entry can still grow it, up to `most` (paneHeightFor with no bound on the content). While
 * the entry loads it keeps what it holds. The hold starts over when `key` changes (another kind of
 * pane, a resize) and the screen drops it when the pane closes.
 */
export function steadyPaneRows(hold: PaneHold | null, key: string, fitted: number, loading: boolean, most: number): { rows: number; hold: PaneHold | null } {
  const held = hold && hold.key === key ? Math.min(hold.rows, most) : 0;
  if (loading) return held ? { rows: held, hold: { key, rows: held } } : { rows: fitted, hold: null };
  const rows = Math.max(held, fitted);
  return { rows, hold: { key, rows } };
}
