// Where the plain copies of archived sessions are read from ("views", in the
// cache dir under the original's own path), and telling one from any other
// file: the list, resume and the write guard ask here.
import { join, resolve, sep } from "node:path";
import { cacheDir } from "../cache-dir.js";

/** `<cache>/archived/`. */
export const viewsDir = (env: NodeJS.ProcessEnv = process.env): string => join(cacheDir(env), "archived");

/** `<cache>/archived/<host>/<source path>`. */
export function viewPathOf(a: { host: string; source: string }, env: NodeJS.ProcessEnv = process.env): string {
  const rel = resolve(a.source)
    .replace(/^[A-Za-z]:/, "")
    .replace(/^[\\/]+/, "");
  return join(viewsDir(env), a.host, rel);
}

/** For a view's path: the host and the original's path; null for any other file. */
export function viewInfo(path: string, env: NodeJS.ProcessEnv = process.env): { host: string; source: string } | null {
  const root = viewsDir(env) + sep;
  const abs = resolve(path);
  if (!abs.startsWith(root)) return null;
  const [host, ...rest] = abs.slice(root.length).split(sep);
  return host && rest.length ? { host, source: sep + rest.join(sep) } : null;
}

/** The one line saying why an archived copy is not written to or resumed; null for any other file. */
export function archivedReason(path: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const v = viewInfo(path, env);
  return v ? `an archived copy (omp-sessions keep) of ${v.source} from host ${v.host}: read-only, and its agent cannot resume it here (its files are gone or on another machine)` : null;
}
