// Cross-process lock files: `<target>.lock` created with O_CREAT|O_EXCL and
// holding `{"host", "pid", "ts"}`. A holder that died (same host, dead pid) or
// a lock older than 10 s is broken at once, because live holders keep their
// critical sections to a few file operations (long holders call `touch`).
import { openSync, writeSync, closeSync, readFileSync, statSync, unlinkSync, utimesSync } from "node:fs";
import { hostname } from "node:os";
import { sleep, sleepSync } from "./sleep.js";

export const STALE_MS = 10_000;
const UNREADABLE_STALE_MS = 1_000;

export class LockTimeoutError extends Error {
  override name = "LockTimeoutError";
  constructor(readonly lockPath: string) {
    super(`timed out waiting for lock ${lockPath}`);
  }
}

export interface LockHandle {
  path: string;
  /** Refreshes the lock's mtime so waiters do not consider it stale. */
  touch(): void;
  release(): void;
}

export interface LockOptions {
  /** How long to wait before giving up (ms). */
  waitMs: number;
  /** The timestamp written into the lock (defaults to the wall clock). */
  ts?: string;
}

const held = new Set<{ path: string; content: string }>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const h of held) releaseIfOurs(h.path, h.content);
  });
}

function releaseIfOurs(path: string, content: string): void {
  try {
    if (readFileSync(path, "utf8") === content) unlinkSync(path);
  } catch {}
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** True when the lock at `path` may be broken: dead holder, too old, or unreadable and not young. */
export function isStale(path: string, now = Date.now()): boolean {
  let mtime: number;
  let text: string;
  try {
    mtime = statSync(path).mtimeMs;
    text = readFileSync(path, "utf8");
  } catch {
    return false; // vanished: the next attempt will simply succeed
  }
  const age = now - mtime;
  if (age > STALE_MS) return true;
  let info: { host?: unknown; pid?: unknown } | null = null;
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === "object") info = v as { host?: unknown; pid?: unknown };
  } catch {}
  if (!info) return age > UNREADABLE_STALE_MS;
  if (info.host === hostname() && typeof info.pid === "number" && info.pid !== process.pid && !pidAlive(info.pid)) return true;
  return false;
}

function lockContent(ts: string): string {
  // py-compact, like every other small JSON record the store writes
  return `{"host": ${JSON.stringify(hostname())}, "pid": ${process.pid}, "ts": ${JSON.stringify(ts)}}`;
}

type Attempt = LockHandle | "busy" | "broken";

function attempt(path: string, ts: string): Attempt {
  const content = lockContent(ts);
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    if (isStale(path)) {
      try {
        unlinkSync(path);
      } catch {}
      return "broken";
    }
    return "busy";
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  const entry = { path, content };
  held.add(entry);
  installExitHook();
  let released = false;
  return {
    path,
    touch() {
      const t = new Date();
      try {
        utimesSync(path, t, t);
      } catch {}
    },
    release() {
      if (released) return;
      released = true;
      held.delete(entry);
      releaseIfOurs(path, content);
    },
  };
}

function backoff(round: number): number {
  const cap = Math.min(25, 2 + round * 3);
  return 2 + Math.random() * (cap - 2);
}

/** Takes `<target>.lock`, blocking the thread between attempts. Throws LockTimeoutError. */
export function lockSync(target: string, opts: LockOptions): LockHandle {
  const path = target + ".lock";
  const ts = opts.ts ?? new Date().toISOString().slice(0, 19) + "Z";
  const deadline = Date.now() + opts.waitMs;
  for (let round = 0; ; round++) {
    const r = attempt(path, ts);
    if (typeof r === "object") return r;
    if (r === "broken") continue;
    if (Date.now() >= deadline) throw new LockTimeoutError(path);
    sleepSync(Math.min(backoff(round), Math.max(1, deadline - Date.now())));
  }
}

/** Takes `<target>.lock` without blocking the event loop. Throws LockTimeoutError. */
export async function lock(target: string, opts: LockOptions): Promise<LockHandle> {
  const path = target + ".lock";
  const ts = opts.ts ?? new Date().toISOString().slice(0, 19) + "Z";
  const deadline = Date.now() + opts.waitMs;
  for (let round = 0; ; round++) {
    const r = attempt(path, ts);
    if (typeof r === "object") return r;
    if (r === "broken") continue;
    if (Date.now() >= deadline) throw new LockTimeoutError(path);
    await sleep(Math.min(backoff(round), Math.max(1, deadline - Date.now())));
  }
}

/** Runs `fn` holding `<target>.lock` (synchronously), releasing it however `fn` ends. */
export function withLockSync<T>(target: string, opts: LockOptions, fn: (h: LockHandle) => T): T {
  const h = lockSync(target, opts);
  try {
    return fn(h);
  } finally {
    h.release();
  }
}

/** Async form of withLockSync, for callers that must keep the event loop free. */
export async function withLock<T>(target: string, opts: LockOptions, fn: (h: LockHandle) => Promise<T> | T): Promise<T> {
  const h = await lock(target, opts);
  try {
    return await fn(h);
  } finally {
    h.release();
  }
}
