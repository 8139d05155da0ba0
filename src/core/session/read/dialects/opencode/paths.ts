// Where OpenCode keeps sessions and how we name them. OpenCode 1.2 and later
// keep every session in one SQLite database in its data dir; a session there
// is named `<database file>#<session id>` (the contract's virtual path).
// Older versions wrote JSON files: storage/session/<project>/<session>.json,
// storage/message/<session>/<message>.json, storage/part/<message>/<part>.json;
// 0.5 and before, project/<project>/storage/session/{info,message,part}/….
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

/** Which of OpenCode's JSON layouts a session file is in (legacy.ts). */
export type LegacyLayout = "storage" | "project";

export interface LegacyWhere {
  /** The storage dir: `<data>/storage`, or (0.5) `<data>/project/<project>/storage`. */
  storage: string;
  project: string;
  id: string;
  layout: LegacyLayout;
}

/**
 * OpenCode 0.5's layout (before its storage migration 1, 0.6 and later): one
 * storage dir per project, `<data>/project/<project>/storage/session/info/<id>.json`,
 * its messages in `session/message/<id>/` and their parts in
 * `session/part/<id>/<message id>/`. Null for any other path.
 */
export function parseProjectStoragePath(path: string): LegacyWhere | null {
  if (!path.endsWith(".json")) return null;
  const info = dirname(path);
  const session = dirname(info);
  const storage = dirname(session);
  const projectDir = dirname(storage);
  if (basename(info) !== "info" || basename(session) !== "session" || basename(storage) !== "storage" || basename(dirname(projectDir)) !== "project") return null;
  return { storage, project: basename(projectDir), id: basename(path, ".json"), layout: "project" };
}

/** The legacy storage dir and session id of `<storage>/session/<project>/<id>.json` (or of 0.5's layout, above), else null. */
export function parseLegacyPath(path: string): LegacyWhere | null {
  const old = parseProjectStoragePath(path);
  if (old) return old;
  if (!path.endsWith(".json")) return null;
  const projectDir = dirname(path);
  const sessionDir = dirname(projectDir);
  const storage = dirname(sessionDir);
  if (basename(sessionDir) !== "session" || basename(storage) !== "storage") return null;
  return { storage, project: basename(projectDir), id: basename(path, ".json"), layout: "storage" };
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
