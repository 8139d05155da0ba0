import type { Session } from "../../core/session/types.js";

/** Temporary plain drawing until the shared row model lands. */
export function drawTree(s: Session, _width: number): string[] {
  return s.entries.map((e) => `${e.id} ${e.summary}`);
}
