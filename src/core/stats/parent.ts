// Where a session's parent is: the header's parentSession (a fork's source
// file), resolved against the session's own folder when relative.
import { dirname, isAbsolute, resolve } from "node:path";

/** The parent file a session names, resolved; null when it names none. */
export function resolveParent(file: string, parentSession: unknown): string | null {
  if (typeof parentSession !== "string" || parentSession === "") return null;
  return isAbsolute(parentSession) ? parentSession : resolve(dirname(file), parentSession);
}
