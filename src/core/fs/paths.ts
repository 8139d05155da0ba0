// Path helpers the session core, the search and the capture store share.
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** `~` and `~/x` (or `~\x`) mean the home dir, as the agents read them in env values and configs. */
export function expandHome(p: string, home: string = homedir()): string {
  if (p === "~") return home;
  if (p.startsWith("~/") || p.startsWith("~\\")) return join(home, p.slice(2));
  return p;
}

const resolved = new Map<string, string>();
/** Both name the same dir (thousands of rows share a few cwds: each is resolved once). */
export function sameDir(a: string, b: string): boolean {
  if (a === b) return true;
  const r = (p: string) => {
    let v = resolved.get(p);
    if (v === undefined) resolved.set(p, (v = resolve(p)));
    return v;
  };
  return r(a) === r(b);
}
