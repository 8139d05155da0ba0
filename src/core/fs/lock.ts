// Cross-process lock files: `<target>.lock` created with O_CREAT|O_EXCL and
// holding `{"host", "nonce", "pid", "ts"}` (the nonce makes every acquisition's
// content unique, even the same process twice in one second).
//
// Stale locks. A holder on this host whose pid is dead is stale at once; a lock
// whose age passes STALE_MS is stale, because live holders keep their critical
// sections to a few file operations (long holders call `touch`). The age comes
// from the lock's mtime only when that clock can be trusted: a lock from another
// host, or with an mtime in the future, is aged from when this process first
// saw that very lock (inode + content), and a future mtime is pulled back to
// now so the next process ages it from there instead of trusting it for ever.
//
// Breaking a stale lock: rename-then-check. Reading a lock and later unlinking
// its path is a race — between the two its holder may release and a third
// process take a fresh lock, which the unlink would then delete (two holders).
// So the breaker first renames whatever is at the path to a name of its own
// (atomic: from then on nobody else can touch that file), then compares the
// moved file's inode and content with what it judged. Only if they match is the
// file removed; otherwise it moved a live lock, which it puts back with link()
// (fails rather than overwrite, should yet another lock have appeared in that
// instant; the displaced holder then sees `verify()` fail and does not commit).
import { openSync, writeSync, closeSync, readSync, fstatSync, lstatSync, unlinkSync, utimesSync, renameSync, linkSync, constants } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { sleep, sleepSync } from "./sleep.js";
import { randomHex } from "./random-hex.js";
import { checkWritePath, O_NOFOLLOW } from "./guard.js";
import { tempDirFor, tempName } from "./atomic.js";
import { envSlot } from "../env.js";

export const STALE_MS = 10_000;
const UNREADABLE_STALE_MS = 1_000;
/** An mtime this far ahead of our clock counts as "in the future". */
const FUTURE_SLACK_MS = 1_000;
const READ_FLAGS = constants.O_RDONLY | O_NOFOLLOW | (constants.O_NONBLOCK ?? 0);

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
  /** True while the lock file at `path` is still ours (inode and content). */
  verify(): boolean;
  release(): void;
}

export interface LockOptions {
  /** How long to wait before giving up (ms). */
  waitMs: number;
  /** The timestamp written into the lock (defaults to the wall clock). */
  ts?: string;
  /** Test seam: runs after a lock was judged stale, before it is moved away. */
  onStaleJudged?: (lockPath: string) => void;
}

interface Held {
  path: string;
  content: string;
  ino: number;
}

interface Locking {
  host: string | null;
  /** The locks taken and not yet released: removed if the process exits holding them. */
  held: Set<Held>;
  /** Listens for the exit while `held` is not empty (one listener per env, gone once it holds nothing). */
  onExit: () => void;
  /** When this process first saw each lock (keyed by path, inode and content). */
  firstSeen: Map<string, number>;
}

const locking = envSlot((): Locking => {
  const held = new Set<Held>();
  const onExit = () => {
    for (const h of held) releaseIfOurs(h.path, h.content, h.ino);
  };
  return { host: null, held, onExit, firstSeen: new Map() };
});

const myHost = (): string => {
  const l = locking();
  return (l.host ??= hostname());
};

interface Seen {
  ino: number;
  content: string;
  mtimeMs: number;
}

/** The lock file as it is now (not following a link), or null when absent. */
function readLock(path: string): Seen | null {
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    // a link or something unopenable: judged by its own inode, as unreadable
    try {
      const st = lstatSync(path);
      return { ino: st.ino, content: "", mtimeMs: st.mtimeMs };
    } catch {
      return null;
    }
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ino: st.ino, content: "", mtimeMs: st.mtimeMs };
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return { ino: st.ino, content: buf.subarray(0, n).toString("utf8"), mtimeMs: st.mtimeMs };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

function releaseIfOurs(path: string, content: string, ino: number): void {
  const now = readLock(path);
  if (now && now.content === content && now.ino === ino) {
    try {
      unlinkSync(path);
    } catch {}
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** The judgement of the lock at `path`: stale (with what was judged) or not; null when it vanished. */
export function judgeLock(path: string, now = Date.now()): { stale: boolean; seen: Seen } | null {
  const seen = readLock(path);
  if (!seen) return null;
  const key = `${path}\0${seen.ino}\0${seen.content}`;
  const firstSeen = locking().firstSeen;
  let first = firstSeen.get(key);
  if (first === undefined) firstSeen.set(key, (first = now));
  let info: { host?: unknown; pid?: unknown } | null = null;
  try {
    const v = JSON.parse(seen.content) as unknown;
    if (v && typeof v === "object") info = v as { host?: unknown; pid?: unknown };
  } catch {}
  const future = seen.mtimeMs > now + FUTURE_SLACK_MS;
  if (future) {
    // Pull it back to now: harmless for a live holder (it only looks fresher),
    // and the next process then ages it from here.
    try {
      const t = new Date(now);
      utimesSync(path, t, t);
    } catch {}
  }
  const sameHost = !!info && info.host === myHost();
  if (sameHost && typeof info!.pid === "number" && info!.pid !== process.pid && !pidAlive(info!.pid)) return { stale: true, seen };
  // another host's clock and pids mean nothing here; nor does a future mtime
  const trusted = !future && (sameHost || !info);
  const age = trusted ? now - seen.mtimeMs : now - first;
  return { stale: age > (info ? STALE_MS : UNREADABLE_STALE_MS), seen };
}

/** True when the lock at `path` may be broken. */
export function isStale(path: string, now = Date.now()): boolean {
  return judgeLock(path, now)?.stale ?? false;
}

/** Removes the lock at `path` only if it is still the file judged stale (see the header). */
function breakLock(path: string, judged: Seen): void {
  const grave = join(tempDirFor(path), tempName(path));
  try {
    renameSync(path, grave);
  } catch {
    return; // vanished already: the next attempt simply succeeds
  }
  let moved: Seen | null = null;
  try {
    const st = lstatSync(grave);
    moved = readLock(grave) ?? { ino: st.ino, content: "", mtimeMs: st.mtimeMs };
  } catch {}
  if (moved && (moved.ino !== judged.ino || moved.content !== judged.content)) {
    // a live lock that replaced the judged one: put it back unless another took the place
    try {
      linkSync(grave, path);
    } catch {}
  }
  try {
    unlinkSync(grave);
  } catch {}
}

function lockContent(ts: string): string {
  // py-compact, like every other small JSON record the store writes
  return `{"host": ${JSON.stringify(myHost())}, "nonce": "${randomHex(8)}", "pid": ${process.pid}, "ts": ${JSON.stringify(ts)}}`;
}

type Attempt = LockHandle | "busy" | "broken";

function attempt(path: string, opts: LockOptions, ts: string): Attempt {
  const content = lockContent(ts);
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const j = judgeLock(path);
    if (!j) return "broken";
    if (j.stale) {
      opts.onStaleJudged?.(path);
      breakLock(path, j.seen);
      return "broken";
    }
    return "busy";
  }
  let ino: number;
  try {
    writeSync(fd, content);
    ino = fstatSync(fd).ino;
  } finally {
    closeSync(fd);
  }
  const entry = { path, content, ino };
  const { held, onExit } = locking();
  if (held.size === 0) process.on("exit", onExit);
  held.add(entry);
  let released = false;
  return {
    path,
    touch() {
      const t = new Date();
      try {
        utimesSync(path, t, t);
      } catch {}
    },
    verify() {
      const now = readLock(path);
      return !!now && now.content === content && now.ino === ino;
    },
    release() {
      if (released) return;
      released = true;
      held.delete(entry);
      if (held.size === 0) process.off("exit", onExit);
      releaseIfOurs(path, content, ino);
    },
  };
}

function backoff(round: number): number {
  const cap = Math.min(25, 2 + round * 3);
  return 2 + Math.random() * (cap - 2);
}

const p2 = (n: number): string => String(n).padStart(2, "0");
/** Now in UTC to the second (`YYYY-MM-DDTHH:MM:SSZ`), from the UTC getters: toISOString would load the local time zone first (capture/clock.ts's utcSeconds). */
const tsNow = (d = new Date()): string => `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}T${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}Z`;

/**
 * The attempts to take `<target>.lock`: yields how long to wait before the
 * next one, returns the lock; throws LockTimeoutError past the deadline. The
 * blocking and the async lock differ only in how they wait.
 */
function* attempts(target: string, opts: LockOptions): Generator<number, LockHandle> {
  const path = target + ".lock";
  checkWritePath(path);
  const ts = opts.ts ?? tsNow();
  const deadline = Date.now() + opts.waitMs;
  for (let round = 0; ; round++) {
    const r = attempt(path, opts, ts);
    if (typeof r === "object") return r;
    if (r === "broken") continue;
    if (Date.now() >= deadline) throw new LockTimeoutError(path);
    yield Math.min(backoff(round), Math.max(1, deadline - Date.now()));
  }
}

/** Takes `<target>.lock`, blocking the thread between attempts. Throws LockTimeoutError. */
export function lockSync(target: string, opts: LockOptions): LockHandle {
  const it = attempts(target, opts);
  for (let r = it.next(); ; r = it.next()) {
    if (r.done) return r.value;
    sleepSync(r.value);
  }
}

/** Takes `<target>.lock` without blocking the event loop. Throws LockTimeoutError. */
export async function lock(target: string, opts: LockOptions): Promise<LockHandle> {
  const it = attempts(target, opts);
  for (let r = it.next(); ; r = it.next()) {
    if (r.done) return r.value;
    await sleep(r.value);
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
