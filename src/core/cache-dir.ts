// Where caches live (the catalog, the search index). Its own module so that a
// warm search, which needs the dir but not the catalog, loads only this.
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** `$OMP_SESSIONS_CACHE_DIR`, else `$XDG_CACHE_HOME/omp-sessions`, else `~/.cache/omp-sessions`. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const own = env.OMP_SESSIONS_CACHE_DIR?.trim();
  if (own) return resolve(own);
  const xdg = env.XDG_CACHE_HOME?.trim();
  return join(xdg ? resolve(xdg) : join(homedir(), ".cache"), "omp-sessions");
}
