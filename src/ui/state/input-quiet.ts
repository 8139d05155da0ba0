// Work the browser starts on its own (the session list's scan, the open
// session's costs: each reads the whole file again, a second or more of CPU
// on a big session) waits until the keyboard has been quiet for a moment.
// Run alongside keys, it held each keypress behind its reads and the garbage
// they leave; keys come first, and what waits shows a moment later.
// Timers only: nothing here decides who owns a key.

export interface InputQuiet {
  /** A key was handled just now. */
  touch(): void;
  /** Resolves once no key has come for `quietMs`, counted from this call at the earliest. */
  whenQuiet(): Promise<void>;
}

/** Quiet this long before background work starts: longer than the gap between keys held down or typed. */
export const QUIET_MS = 400;

export function createInputQuiet(quietMs = QUIET_MS): InputQuiet {
  let last = -Infinity;
  return {
    touch() {
      last = performance.now();
    },
    whenQuiet() {
      const asked = performance.now();
      return new Promise((resolve) => {
        const check = () => {
          const wait = Math.max(last, asked) + quietMs - performance.now();
          if (wait <= 0) return resolve();
          // Unref'd: a wait still pending never keeps a quitting browser alive.
          setTimeout(check, wait).unref?.();
        };
        check();
      });
    },
  };
}
