// Whether two paths name the same dir: the session list's cwd filter and the
// catalog compare thousands of rows' cwds with one dir; stats by project and
// the browser's project sort group rows by the same key.
import { resolve } from "node:path";
import { envSlot } from "../env.js";
import { isWindowsPath, windowsDirKey } from "./windows-path.js";

const keys = envSlot(() => new Map<string, string>());

/**
 * The dir a cwd names, as one string for every spelling of it: a POSIX path
 * resolved (case counts), a Windows path (`C:\…`, `c:/…`, `\\server\share`)
 * without regard to case, separators or a trailing one. "" (no cwd) stays "".
 * Thousands of rows share a few cwds: each is worked out once.
 */
export function projectKey(cwd: string): string {
  if (cwd === "") return "";
  const known = keys();
  let k = known.get(cwd);
  if (k === undefined) known.set(cwd, (k = isWindowsPath(cwd) ? windowsDirKey(cwd) : resolve(cwd)));
  return k;
}

/** Both name the same dir. */
export function sameDir(a: string, b: string): boolean {
  return a === b || projectKey(a) === projectKey(b);
}

/** A dir given on the command line, made absolute (from `base`, else the working directory): a Windows path is kept as written (resolving it on POSIX would put it under the current dir). */
export const absoluteDir = (p: string, base?: string): string => (isWindowsPath(p) ? p : base === undefined ? resolve(p) : resolve(base, p));

/**
 * Whether a session belongs to the project in `dir` ("this project"): its
 * cwd names that dir. A session with no cwd belongs to no project (resolving
 * "" would give the process's own dir). The one scope rule of the list, cold
 * or warm, stats and the browser's `a`.
 */
export function inProject(sessionCwd: string, dir: string): boolean {
  return sessionCwd !== "" && sameDir(sessionCwd, dir);
}
