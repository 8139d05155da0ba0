// Windowed drawing: only the rows that fit are ever built, so the cost of a
// frame depends on the terminal height, never on the list's length.

/** First visible index keeping the cursor in view, centred like pi's tree. */
export function windowStart(cursor: number, count: number, height: number): number {
  if (count <= height) return 0;
  const start = cursor - Math.floor(height / 2);
  return Math.max(0, Math.min(start, count - height));
}
