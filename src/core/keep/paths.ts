// Where the archive lives: `<data dir>/archive/<host>/`, each machine in a
// folder of its own so that a sync tool merges several machines' archives
// without two of them ever writing the same file.
import { homedir, hostname } from "node:os";
import { join, resolve } from "node:path";
import { configDir } from "../config-dir.js";

/** `$OMP_SESSIONS_DATA_DIR`, else `$XDG_DATA_HOME/omp-sessions`, else `~/.local/share/omp-sessions`. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  const own = env.OMP_SESSIONS_DATA_DIR?.trim();
  if (own) return resolve(own);
  const xdg = env.XDG_DATA_HOME?.trim();
  return join(xdg ? resolve(xdg) : join(homedir(), ".local", "share"), "omp-sessions");
}

export const archiveDir = (env: NodeJS.ProcessEnv = process.env): string => join(dataDir(env), "archive");

/** keep.json: on or off, the host name, other machines' archive folders. */
export const keepConfigPath = (env: NodeJS.ProcessEnv = process.env): string => join(configDir(env), "keep.json");

/** A host name as a folder name: letters, digits, dot, dash, underscore. */
export function hostFolder(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_");
  return clean || "host";
}

export const defaultHost = (): string => hostFolder(hostname());

/** The archive copy of a source file, version k (1: the first), under a host's folder. */
export function archiveFileOf(hostDir: string, source: string, version: number): string {
  const rel = resolve(source)
    .replace(/^[A-Za-z]:/, "")
    .replace(/^[\\/]+/, "");
  return join(hostDir, "files", version === 1 ? `${rel}.gz` : `${rel}.v${version}.gz`);
}

/** The folder's index of what it holds (synced with it: another machine reads it to list them). */
export const stateFileOf = (hostDir: string): string => join(hostDir, "keep-state.json");
