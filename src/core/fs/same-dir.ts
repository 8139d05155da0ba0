// Whether two paths name the same dir: the session list's cwd filter and the
// catalog compare thousands of rows' cwds with one dir.
import { resolve } from "node:path";
import { envSlot } from "../env.js";

const resolvedDirs = envSlot(() => new Map<string, string>());
/** Both name the same dir (thousands of rows share a few cwds: each is resolved once). */
export function sameDir(a: string, b: string): boolean {
  if (a === b) return true;
  const resolved = resolvedDirs();
  const r = (p: string) => {
    let v = resolved.get(p);
    if (v === undefined) resolved.set(p, (v = resolve(p)));
    return v;
  };
  return r(a) === r(b);
}

/**
 * Whether a session belongs to the project in `dir` ("this project"): its
 * cwd names that dir. A session with no cwd belongs to no project (resolving
 * "" would give the process's own dir). The one scope rule of the list, cold
 * or warm, stats and the browser's `a`.
 */
export function inProject(sessionCwd: string, dir: string): boolean {
  return sessionCwd !== "" && sameDir(sessionCwd, dir);
}
