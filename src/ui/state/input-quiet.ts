// Work the browser starts on its own (the session list's scan, the open
// session's costs: each reads the whole file again, a second or more of CPU
// on a big session) gives way to the keyboard (`whenQuiet` as the scans'
// beforeRead, asked before each slice they read, read/lines.ts). Run
// alongside keys, it held each keypress behind its reads and the garbage
// they leave. While no key came lately every read goes at once (a session's
// cost shows as soon as it is read); after a key, what waits goes on
// `QUIET_MS` after the last one. A key that comes while a slice is being
// read waits for that slice only: the costs' scan reads small ones
// (core/stats/figures-scan.ts BACKGROUND_SLICE).
// Timers only: nothing here decides who owns a key.

export interface InputQuiet {
  /** A key was handled just now. */
  touch(): void;
  /** Resolves once background work may read its next slice. */
  whenQuiet(): Promise<void>;
}

/** Quiet this long after a key before background work goes on: longer than the gap between keys held down or typed. */
export const QUIET_MS = 400;

export function createInputQuiet(quietMs = QUIET_MS): InputQuiet {
  let last = -Infinity;
  const open = Promise.resolve();
  return {
    touch() {
      last = performance.now();
    },
    whenQuiet() {
      if (last + quietMs <= performance.now()) return open;
      return new Promise((resolve) => {
        const check = () => {
          const wait = last + quietMs - performance.now();
          if (wait <= 0) return resolve();
          // Unref'd: a wait still pending never keeps a quitting browser alive.
          setTimeout(check, wait).unref?.();
        };
        check();
      });
    },
  };
}
