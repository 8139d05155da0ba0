// The one cursor for every list on screen (session list, tree, feedback queue,
// digests, search results): moves as in pi (up/down wrap, pages and ends
// clamp), the cursor kept on its item when the list changes under it, clamped
// when the list shrinks, and the window of rows drawn (only those that fit,
// so a frame costs the terminal's height, never the list's length).

export type CursorMove = "up" | "down" | "pageUp" | "pageDown" | "first" | "last";

/** Rows a page moves: one less than the rows shown, so the last row of a page stays in view. */
export const pageStep = (pageSize: number): number => Math.max(1, pageSize - 1);

/** The cursor after `how` in a list of `count` rows showing `pageSize` rows. */
export function moveCursor(cursor: number, count: number, how: CursorMove, pageSize: number): number {
  if (count <= 0) return 0;
  const cur = clampCursor(cursor, count);
  switch (how) {
    case "up":
      return cur <= 0 ? count - 1 : cur - 1;
    case "down":
      return cur >= count - 1 ? 0 : cur + 1;
    case "pageUp":
      return Math.max(0, cur - pageStep(pageSize));
    case "pageDown":
      return Math.min(count - 1, cur + pageStep(pageSize));
    case "first":
      return 0;
    case "last":
      return count - 1;
  }
}

/** A cursor inside a list of `count` rows (0 when it is empty): the last row once the list shrank past it. */
export function clampCursor(cursor: number, count: number): number {
  return Math.max(0, Math.min(cursor, count - 1));
}

/**
 * The cursor for a list that was rebuilt (a reload, a filter, a query): on the
 * same item when it is still there (found by `key`: a reload makes new
 * objects for the same items), else at the same place, clamped.
 */
export function keepCursor<T>(items: readonly T[], key: (item: T) => string, previous: T | undefined, cursor: number): { cursor: number; same: boolean } {
  if (previous !== undefined) {
    const k = key(previous);
    const i = items.findIndex((x) => key(x) === k);
    if (i >= 0) return { cursor: i, same: true };
  }
  return { cursor: clampCursor(cursor, items.length), same: false };
}

/** First row drawn for a window of `height` rows keeping the cursor in view, centred like pi's tree. */
export function windowStart(cursor: number, count: number, height: number): number {
  if (count <= height || height <= 0) return 0;
  const start = clampCursor(cursor, count) - Math.floor(height / 2);
  return Math.max(0, Math.min(start, count - height));
}

/** The rows drawn, [start, end): what fits in `height` rows around the cursor (a terminal that shrank shows fewer). */
export function windowRange(cursor: number, count: number, height: number): { start: number; end: number } {
  const rows = Math.max(0, Math.floor(height));
  const start = windowStart(cursor, count, rows);
  return { start, end: Math.min(count, start + rows) };
}
