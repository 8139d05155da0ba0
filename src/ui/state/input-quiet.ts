// Work the browser starts on its own (the session list's scan, the open
// session's costs: each reads the whole file again, a second or more of CPU
// on a big session) gives way to the keyboard (`whenQuiet` as the scans'
// beforeRead, asked before each chunk they read, read/lines.ts). Run
// alongside keys, it held each keypress behind its reads and the garbage
// they leave. The first chunk of a run of reads goes at once when no key came
// lately, so a small session's cost shows without waiting; the next chunks
// of a big file wait a moment from the run's start (`GRACE_MS`: the first
// keys of a user who starts moving as soon as the tree shows come first) and
// while keys come. What waits goes on `QUIET_MS` after the last key.
// Timers only: nothing here decides who owns a key.

export interface InputQuiet {
  /** A key was handled just now. */
  touch(): void;
  /** Resolves once background work may read its next chunk. */
  whenQuiet(): Promise<void>;
}

/** Quiet this long after a key before background work goes on: longer than the gap between keys held down or typed. */
export const QUIET_MS = 400;
/** A run's later chunks wait this long from its first ask (a file of one chunk never waits). */
export const GRACE_MS = 150;
/** Asks further apart than this start a new run. */
const RUN_GAP_MS = 1000;

export function createInputQuiet(quietMs = QUIET_MS, graceMs = GRACE_MS): InputQuiet {
  let last = -Infinity;
  let runStart = -Infinity;
  let lastAsk = -Infinity;
  const open = Promise.resolve();
  const readyAt = (): number => Math.max(last + quietMs, runStart + graceMs);
  return {
    touch() {
      last = performance.now();
    },
    whenQuiet() {
      const now = performance.now();
      const newRun = now - lastAsk > RUN_GAP_MS;
      lastAsk = now;
      if (newRun) {
        runStart = now;
        // The run's first chunk: at once unless a key came lately.
        if (last + quietMs <= now) return open;
      } else if (readyAt() <= now) return open;
      return new Promise((resolve) => {
        const check = () => {
          const t = performance.now();
          const wait = readyAt() - t;
          if (wait <= 0) {
            lastAsk = t;
            return resolve();
          }
          // Unref'd: a wait still pending never keeps a quitting browser alive.
          setTimeout(check, wait).unref?.();
        };
        check();
      });
    },
  };
}
