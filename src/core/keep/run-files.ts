// One keep run over named files (and what earlier runs left pending), each
// archived from where its copy ends, under this machine's host folder. The
// hook runs this (it imports no listing code: it must start fast); `keep
// --now` runs it over every agent's files (run.ts). The hook gives it a
// deadline: what it cannot finish is left in the state's pending list, and
// the next run starts there.
import { chmodSync, readdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { withLockSync } from "../fs/lock.js";
import { ensureDir } from "../fs/dir.js";
import { hostOf, loadKeepConfig, type KeepConfig } from "./config.js";
import { archiveDir, stateFileOf } from "./paths.js";
import { mirrorFile } from "./mirror.js";
import { readKeepState, writeKeepState } from "./state.js";

/** In the pending list: a whole scan is owed (a hook event named no transcript): `keep --now` does it. */
export const SCAN_ALL = "*";

export interface KeepRunOptions {
  env?: NodeJS.ProcessEnv;
  /** Only these sources (the hook: the session that ended); keepRun's default: every agent's session files. */
  files?: string[];
  /** Stop starting new work at this time (ms since the epoch); the rest is queued. */
  deadline?: number;
  now?: () => number;
  /** How long to wait for another run's lock (ms). */
  lockWaitMs?: number;
  config?: KeepConfig;
}

export interface KeepRunResult {
  host: string;
  hostDir: string;
  /** Sources that got new bytes. */
  archived: number;
  /** Compressed bytes written, and source bytes they hold. */
  written: number;
  taken: number;
  /** Sources that started a new version (rewritten by their agent). */
  versions: number;
  /** Sources left for the next run. */
  pending: number;
}

const isFile = (p: string): boolean => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/** The host folder, made private (0700) with the archive folder above it. */
export function hostDirOf(config: KeepConfig, env: NodeJS.ProcessEnv = process.env): string {
  const root = archiveDir(env);
  const dir = join(root, hostOf(config));
  ensureDir(dir);
  chmodSync(root, 0o700);
  chmodSync(dir, 0o700);
  return dir;
}

/** Sources the hook noted while another run held the lock (hook.ts); their markers go once read (the state's pending list holds them from here). */
function takeNoted(hostDir: string): string[] {
  const dir = join(hostDir, "pending");
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const n of names) {
    try {
      out.push(readFileSync(join(dir, n), "utf8"));
      unlinkSync(join(dir, n));
    } catch {
      // taken by another run
    }
  }
  return out;
}

/** Archives `everything` (a full scan: it settles an owed scan) or else the named files, after what is pending. */
export function keepFiles(opts: KeepRunOptions, everything: string[] | null = null): KeepRunResult {
  const env = opts.env ?? process.env;
  const now = opts.now ?? Date.now;
  const deadline = opts.deadline ?? Infinity;
  const config = opts.config ?? loadKeepConfig(env);
  const host = hostOf(config);
  const hostDir = hostDirOf(config, env);
  const result: KeepRunResult = { host, hostDir, archived: 0, written: 0, taken: 0, versions: 0, pending: 0 };
  const named = everything ? null : (opts.files ?? []).map((f) => resolve(f));
  withLockSync(stateFileOf(hostDir), { waitMs: opts.lockWaitMs ?? 3000 }, (lock) => {
    const state = readKeepState(hostDir, host);
    const noted = takeNoted(hostDir);
    state.pending.push(...noted);
    const scanOwed = state.pending.includes(SCAN_ALL);
    const wanted = [...state.pending.filter((p) => p !== SCAN_ALL), ...(named ?? []), ...(everything ?? [])];
    const queue = [...new Set(wanted)];
    const left: string[] = [];
    let i = 0;
    for (; i < queue.length; i++) {
      if (now() >= deadline) break;
      const src = queue[i];
      if (!isFile(src)) continue; // gone since: its copy stays as it is
      const r = mirrorFile(src, hostDir, state.files[src], deadline, now);
      state.files[src] = r.kept;
      if (r.taken > 0) result.archived++;
      if (r.newVersion) result.versions++;
      result.written += r.written;
      result.taken += r.taken;
      if (r.unfinished) left.push(src);
      // Long runs write their progress as they go: a killed run loses at most one file's.
      if (i % 50 === 49) {
        lock.touch();
        writeKeepState(hostDir, { ...state, pending: [...left, ...queue.slice(i + 1)] });
      }
    }
    left.push(...queue.slice(i));
    if (scanOwed && !everything) left.push(SCAN_ALL);
    // A run with no list of its own that stopped early owes a scan.
    state.pending = [...new Set(left)];
    if (state.pending.length === 0) state.lastRun = new Date(now()).toISOString();
    writeKeepState(hostDir, state);
    result.pending = state.pending.filter((p) => p !== SCAN_ALL).length;
  });
  return result;
}
