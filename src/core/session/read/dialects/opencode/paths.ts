// Where OpenCode keeps sessions and how we name them. OpenCode 1.2 and later
// keep every session in one SQLite database in its data dir; a session there
// is named `<database file>#<session id>` (the contract's virtual path).
// Older versions wrote JSON files: storage/session/<project>/<session>.json,
// storage/message/<session>/<message>.json, storage/part/<message>/<part>.json.
import { readdirSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join } from "node:path";

/** `opencode.db`, or a release channel's `opencode-<channel>.db`. */
export const isDbName = (name: string): boolean => name === "opencode.db" || /^opencode-[\w-]+\.db$/.test(name);

export const dbSessionPath = (db: string, id: string): string => `${db}#${id}`;

/** The database file and session id of a `<db>#<id>` path, else null. */
export function parseDbPath(path: string): { db: string; id: string } | null {
  const hash = path.lastIndexOf("#");
  if (hash <= 0 || hash === path.length - 1) return null;
  const db = path.slice(0, hash);
  return isDbName(basename(db)) ? { db, id: path.slice(hash + 1) } : null;
}

/** The legacy storage dir and session id of `<storage>/session/<project>/<id>.json`, else null. */
export function parseLegacyPath(path: string): { storage: string; project: string; id: string } | null {
  if (!path.endsWith(".json")) return null;
  const projectDir = dirname(path);
  const sessionDir = dirname(projectDir);
  const storage = dirname(sessionDir);
  if (basename(sessionDir) !== "session" || basename(storage) !== "storage") return null;
  return { storage, project: basename(projectDir), id: basename(path, ".json") };
}

export const claims = (path: string): boolean => parseDbPath(path) !== null || parseLegacyPath(path) !== null;

export function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * OpenCode's data dir: `$XDG_DATA_HOME/opencode`, else `~/.local/share/opencode`
 * (OpenCode follows the XDG base dirs on every platform, macOS included).
 */
export function dataDir(env: NodeJS.ProcessEnv, home: string): string {
  const xdg = env.XDG_DATA_HOME?.trim();
  // The XDG spec ignores a relative value.
  return xdg && isAbsolute(xdg) ? join(xdg, "opencode") : join(home, ".local", "share", "opencode");
}
/** The OpenCode databases in a data dir: `opencode.db` first, then channel databases by name. */
export function databases(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter(isDbName);
  } catch {
    return [];
  }
  return names.sort((a, b) => (a === "opencode.db" ? -1 : b === "opencode.db" ? 1 : a < b ? -1 : a > b ? 1 : 0)).map((n) => join(dir, n));
}
