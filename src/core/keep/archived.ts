// Reading the archive back: the sessions it holds (this machine's and the
// other machines' folders added with `keep --add-source`), and a plain copy
// of each one to read ("view", in the cache dir, under the source's own file
// name) for those whose original is gone or on another machine. While the
// original exists on this machine, the list reads the original.
import { createReadStream, createWriteStream, existsSync, readdirSync, statSync, utimesSync, chmodSync, renameSync, unlinkSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { ensureDir } from "../fs/dir.js";
import { viewPathOf, viewsDir } from "./view-path.js";
import { keepConfigOrOff, hostOf, type KeepConfig } from "./config.js";
import { archiveDir, archiveFileOf, stateFileOf } from "./paths.js";
import { readKeepState } from "./state.js";

export { viewInfo, viewsDir } from "./view-path.js";

export interface ArchivedSession {
  host: string;
  hostDir: string;
  /** The original's path on its machine. */
  source: string;
  version: number;
  /** The archive copy (gzip members). */
  archive: string;
}

/** Host folders: a folder holding keep-state.json, or an archive folder holding such folders. */
function hostDirsIn(dir: string): string[] {
  if (existsSync(stateFileOf(dir))) return [dir];
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(stateFileOf(join(dir, e.name))))
      .map((e) => join(dir, e.name))
      .sort();
  } catch {
    return [];
  }
}

/** Every host folder to read: this machine's archive (all hosts synced into it) and the added sources. */
export function hostDirs(config: KeepConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  const dirs = [...hostDirsIn(archiveDir(env)), ...config.sources.flatMap((s) => hostDirsIn(resolve(s)))];
  return [...new Set(dirs)];
}

/** Every session the archive folders hold, at its latest version. */
export function archivedSessions(config: KeepConfig, env: NodeJS.ProcessEnv = process.env): ArchivedSession[] {
  const out: ArchivedSession[] = [];
  for (const hostDir of hostDirs(config, env)) {
    const state = readKeepState(hostDir, basename(hostDir));
    for (const [source, k] of Object.entries(state.files)) {
      if (k.archived === 0) continue;
      out.push({ host: state.host || basename(hostDir), hostDir, source, version: k.version, archive: archiveFileOf(hostDir, source, k.version) });
    }
  }
  return out;
}

/** Writes the view of an archived session when the archive changed since (its mtime is the archive's). */
export async function ensureView(a: ArchivedSession, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const view = viewPathOf(a, env);
  let st;
  try {
    st = statSync(a.archive);
  } catch {
    return null;
  }
  try {
    if (Math.abs(statSync(view).mtimeMs - st.mtimeMs) < 1) return view;
  } catch {
    // not written yet
  }
  ensureDir(dirname(view));
  chmodSync(viewsDir(env), 0o700);
  const tmp = `${view}.${process.pid}.tmp`;
  try {
    // zlib and the streams are loaded here, when an archive is unpacked: every listing reaches this module (not by import():
    // code run from a V8 code cache cannot import dynamically, bin/omp-sessions).
    const { createGunzip } = process.getBuiltinModule("node:zlib") as typeof import("node:zlib");
    const { pipeline } = process.getBuiltinModule("node:stream/promises") as typeof import("node:stream/promises");
    await pipeline(createReadStream(a.archive), createGunzip(), createWriteStream(tmp, { mode: 0o600 }));
    utimesSync(tmp, st.atime, st.mtime);
    renameSync(tmp, view);
    return view;
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing written
    }
    return null;
  }
}

/**
 * The archived sessions to list, as views: those whose original is not on
 * this machine any more, and every other machine's. Empty when nothing was
 * ever archived (the usual case: one stat).
 */
export async function archivedViews(env: NodeJS.ProcessEnv = process.env, config: KeepConfig = keepConfigOrOff(env)): Promise<{ files: string[]; roots: string[] }> {
  const me = hostOf(config);
  const wanted = archivedSessions(config, env).filter((a) => a.host !== me || !existsSync(a.source));
  const files: string[] = [];
  for (const a of wanted) {
    const v = await ensureView(a, env);
    if (v) files.push(v);
  }
  return { files, roots: files.length ? [viewsDir(env)] : [] };
}

/** Whether this machine's archive holds a copy of `source` (for the delete prompt). */
export function archivedCopyOf(source: string, env: NodeJS.ProcessEnv = process.env, config: KeepConfig = keepConfigOrOff(env)): ArchivedSession | null {
  const abs = resolve(source);
  const me = hostOf(config);
  return archivedSessions(config, env).find((a) => a.host === me && a.source === abs) ?? null;
}
