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
import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

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
}

export function checkLive(file: string, opts: LiveOptions = {}): LiveStatus {
  const abs = resolve(file);
  const now = opts.now ?? Date.now();
  const windowMs = opts.windowMs ?? LIVE_WINDOW_MS;
  const reasons: string[] = [];
  let ageMs = Number.NaN;
  try {
    ageMs = Math.max(0, now - statSync(abs).mtimeMs);
    if (ageMs < windowMs) reasons.push(`modified ${Math.round(ageMs / 1000)}s ago`);
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
