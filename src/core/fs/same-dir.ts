// Whether two paths name the same dir: the session list's cwd filter and the
// catalog compare thousands of rows' cwds with one dir.
import { resolve } from "node:path";

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
