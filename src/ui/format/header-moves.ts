// What the tree's header line says of where a session moved and went on.
import { homedir } from "node:os";
import { safeText } from "../../core/session/index.js";
import { tildePath } from "../../core/fs/home-path.js";

/**
 * Where a session moved and went on (Claude Code's `relocated` and
 * `continued-in`, in the header its facts made): `moved from ~/old` (the cwd is
 * where it is now) and `went on in <session id>`; "" when neither.
 */
export function headerMoves(h: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof h.originalCwd === "string" && h.originalCwd !== "") parts.push(`moved from ${safeText(tildePath(h.originalCwd, homedir()))}`);
  if (typeof h.continuedIn === "string" && h.continuedIn !== "") parts.push(`went on in ${safeText(h.continuedIn)}`);
  return parts.join("  ·  ");
}
