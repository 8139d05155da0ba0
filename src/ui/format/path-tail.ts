// A long path in a narrow column keeps its end: that is what tells two copies apart.

/** A path cut to `width` columns from the front ("…/dir/file.jsonl"). */
export function pathTail(p: string, width: number): string {
  if (p.length <= width) return p;
  return width <= 1 ? "…".slice(0, width) : "…" + p.slice(p.length - width + 1);
}
