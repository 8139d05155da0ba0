// The question every place-finder asks: is this a dir. (What a `~` in an
// env value means is home-path.ts expandHome.)
import { statSync } from "node:fs";

/** Whether a path is a directory (false when it does not exist or cannot be read). */
export function isDir(p: string): boolean {
  try {
    // A missing path answers without an error (a listing asks this of every session's agent dir: thousands of thrown errors cost more than the stats).
    return statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}
