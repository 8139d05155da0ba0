// The question every place-finder asks: is this a dir. (What a `~` in an
// env value means is home-path.ts expandHome.)
import { statSync } from "node:fs";

/** Whether a path is a directory (false when it does not exist or cannot be read). */
export function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
