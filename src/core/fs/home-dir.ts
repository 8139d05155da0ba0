// Two small questions every place-finder asks: is this a dir, and what does a
// `~` in an env value mean.
import { statSync } from "node:fs";
import { join } from "node:path";

/** Whether a path is a directory (false when it does not exist or cannot be read). */
export function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** `~` and `~/x` in an env value mean the home dir, as the agents read them. */
export function expandHome(p: string, home: string): string {
  if (p === "~") return home;
  if (p.startsWith("~/") || p.startsWith("~\\")) return join(home, p.slice(2));
  return p;
}
