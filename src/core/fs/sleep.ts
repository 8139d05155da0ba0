// A blocking sleep for the synchronous lock and retry loops (the hook is one
// short synchronous pass; an event loop would only add start-up cost).
let cell: Int32Array | null = null;

export function sleepSync(ms: number): void {
  cell ??= new Int32Array(new SharedArrayBuffer(4));
  Atomics.wait(cell, 0, 0, Math.max(0, ms));
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
