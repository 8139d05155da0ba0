// Does a running agent hold this session? Best-effort evidence, never proof:
// - the file was modified in the last few seconds (an agent mid-turn appends
//   every few seconds);
// - Linux: another process has the file open (omp keeps its writer open; its
//   own liveness check looks at /proc/<pid>/fd the same way);
// - Linux: an abstract Unix socket whose name mentions `<file>.lock` (newer
//   omp's advisory lock is an abstract socket on Linux; its exact name is not
//   documented, so this only matches when the path appears in it).
// On macOS/Windows omp's lock is flock(2)/a named mutex that Node cannot probe,
// and the `.lock` file outlives its holder, so there only the mtime counts.
//
// A recent mtime that is our own last write is no sign of an agent: each write
// we make records the file's size and mtime after it (in the cache dir, so a
// second command right after the first knows it too), and a file still
// exactly so is not "modified just now" by anyone else.
import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { cacheDir } from "../../cache-dir.js";
import { atomicWrite } from "../../fs/atomic.js";
import { ensureDir } from "../../fs/dir.js";

export const LIVE_WINDOW_MS = 5000;

export interface LiveStatus {
  live: boolean;
  /** Human reasons, e.g. "modified 2s ago", "open in process 4242 (omp)". */
  reasons: string[];
  /** Milliseconds since the last modification (NaN when the file cannot be stat'ed). */
  ageMs: number;
}

export interface LiveOptions {
  now?: number;
  windowMs?: number;
  /** Alternate /proc root (tests); "" turns the process checks off. */
  procRoot?: string;
  /** Where our own writes are recorded (tests); otherwise the cache dir. */
  ownDir?: string;
}

/** Our own writes kept: the newest this many files (a chain of commands touches few). */
const OWN_KEPT = 200;
const ownFile = (dir?: string): string => join(dir ?? cacheDir(), "own-writes.json");

type OwnWrites = Record<string, { size: number; mtimeMs: number; at: number }>;

function readOwn(dir?: string): OwnWrites {
  try {
    const v = JSON.parse(readFileSync(ownFile(dir), "utf8")) as unknown;
    return v && typeof v === "object" ? (v as OwnWrites) : {};
  } catch {
    return {};
  }
}

/** Records that the file's present size and mtime are our own write (best effort: a failure only means a later check may say "live"). */
export function recordOwnWrite(file: string, opts: { ownDir?: string; now?: number } = {}): void {
  try {
    const abs = resolve(file);
    const st = statSync(abs);
    const own = readOwn(opts.ownDir);
    own[abs] = { size: st.size, mtimeMs: st.mtimeMs, at: opts.now ?? Date.now() };
    const kept = Object.entries(own)
      .sort((a, b) => b[1].at - a[1].at)
      .slice(0, OWN_KEPT);
    const dir = opts.ownDir ?? cacheDir();
    ensureDir(dir);
    atomicWrite(ownFile(dir), JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // the cache dir is only a help here
  }
}

/** The file is exactly as our own last write left it. */
function isOwnWrite(abs: string, size: number, mtimeMs: number, dir?: string): boolean {
  const mine = readOwn(dir)[abs];
  return mine !== undefined && mine.size === size && mine.mtimeMs === mtimeMs;
}

export function checkLive(file: string, opts: LiveOptions = {}): LiveStatus {
  const abs = resolve(file);
  const now = opts.now ?? Date.now();
  const windowMs = opts.windowMs ?? LIVE_WINDOW_MS;
  const reasons: string[] = [];
  let ageMs = Number.NaN;
  try {
    const st = statSync(abs);
    ageMs = Math.max(0, now - st.mtimeMs);
    if (ageMs < windowMs && !isOwnWrite(abs, st.size, st.mtimeMs, opts.ownDir)) reasons.push(`modified ${Math.round(ageMs / 1000)}s ago`);
  } catch {
    // a missing file is reported by the write itself
  }
  const proc = opts.procRoot ?? (process.platform === "linux" ? "/proc" : "");
  if (proc) {
    for (const h of openHolders(abs, proc)) reasons.push(`open in process ${h.pid}${h.command ? ` (${h.command})` : ""}`);
    if (abstractLockHeld(abs + ".lock", proc)) reasons.push("an agent holds its lock");
  }
  return { live: reasons.length > 0, reasons, ageMs };
}

function openHolders(abs: string, proc: string): { pid: number; command?: string }[] {
  const out: { pid: number; command?: string }[] = [];
  let pids: string[];
  try {
    pids = readdirSync(proc).filter((p) => /^\d+$/.test(p));
  } catch {
    return out;
  }
  for (const p of pids) {
    const pid = Number(p);
    if (pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(join(proc, p, "fd"));
    } catch {
      continue; // gone, or not ours to look at
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(join(proc, p, "fd", fd));
      } catch {
        continue;
      }
      if (target === abs) {
        let command: string | undefined;
        try {
          command = readFileSync(join(proc, p, "comm"), "utf8").trim() || undefined;
        } catch {
          // no name
        }
        out.push({ pid, command });
        break;
      }
    }
  }
  return out;
}

function abstractLockHeld(lockPath: string, proc: string): boolean {
  try {
    return readFileSync(join(proc, "net", "unix"), "utf8")
      .split("\n")
      .some((l) => l.includes("@") && l.includes(lockPath));
  } catch {
    return false;
  }
}
