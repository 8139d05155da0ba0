// Work the browser starts on its own (the session list's scan, the open
// session's costs: each reads the whole file again, a second or more of CPU
// on a big session) gives way to the keyboard. It starts at once when no key
// came lately, and between the chunks it reads it waits while keys come
// (`whenQuiet` as the scans' beforeRead, read/lines.ts): run alongside keys,
// it held each keypress behind its reads and the garbage they leave. Keys
// come first, and what waits goes on a moment after the last one.
// Timers only: nothing here decides who owns a key.

export interface InputQuiet {
  /** A key was handled just now. */
  touch(): void;
  /** Resolves once no key has come for `quietMs`: at once when none came that lately. */
  whenQuiet(): Promise<void>;
}

/** Quiet this long before background work goes on: longer than the gap between keys held down or typed. */
export const QUIET_MS = 400;

export function createInputQuiet(quietMs = QUIET_MS): InputQuiet {
  let last = -Infinity;
  const open = Promise.resolve();
  return {
    touch() {
      last = performance.now();
    },
    whenQuiet() {
      // Asked before each chunk a scan reads: no timer, no new promise while the keyboard is quiet.
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
