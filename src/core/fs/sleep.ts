// A blocking sleep for the synchronous lock and retry loops (the hook is one
// short synchronous pass; an event loop would only add start-up cost).
/** Never written: Atomics.wait on it only ever times out. */
const CELL = new Int32Array(new SharedArrayBuffer(4));

export function sleepSync(ms: number): void {
  Atomics.wait(CELL, 0, 0, Math.max(0, ms));
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
