// Walks from an entry to its root via parentId (docs/session-format.md §6.2).
import type { Session } from "../model.js";

/**
 * Ids from the root down to `id`: the walk follows parentId and stops at a
 * missing parent or an id already seen, so no input can make it loop.
 * Empty when `id` is not in the session.
 */
export function pathTo(s: Session, id: string): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  let cur = s.byId.get(id);
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    path.push(cur.id);
    cur = cur.parentId === null ? undefined : s.byId.get(cur.parentId);
  }
  return path.reverse();
}

/** The active path: root → current leaf. */
export function activePath(s: Session): string[] {
  return s.leafId === null ? [] : pathTo(s, s.leafId);
}
