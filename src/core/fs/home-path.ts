// `~` both ways: what a user or an agent's env writes (`~/x`) as a real path,
// and a long path under the home folder shortened for a narrow column.
import { homedir } from "node:os";
import { join } from "node:path";

/** `~` and `~/x` (or `~\x`) as the home folder, as the agents read them; anything else unchanged. */
export function expandHome(p: string, home: string = homedir()): string {
  if (p === "~") return home;
  if (p.startsWith("~/") || p.startsWith("~\\")) return join(home, p.slice(2));
  return p;
}

/** A path under `home` written from `~` ("~/work/app"); others unchanged. */
export function tildePath(p: string, home: string = homedir()): string {
  if (home && (p === home || p.startsWith(home + "/"))) return "~" + p.slice(home.length);
  return p;
}
