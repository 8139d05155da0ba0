// The claim protocol of a cold listing's two threads (catalog-parallel.ts),
// in one process: the worker's side (serveClaims) takes jobs from the back
// until it meets one the main thread has; the main thread's side
// (scanShared) scans what it claims and takes the worker's rows in the
// jobs' order; without a worker file it scans every job itself. And when
// "auto" asks for a worker at all.
import { describe, expect, it } from "vitest";
import type { MessagePort } from "node:worker_threads";
import { MAIN, WORKER, scanShared, serveClaims, wantsWorker, type ScanJobs, type WorkerMessage } from "../../src/core/session/list/catalog-parallel.js";
import type { SessionSummary } from "../../src/core/session/model.js";

const MB = 1024 * 1024;
const row = (path: string) => ({ summary: { path } as SessionSummary, saved: null, bytes: 1 });

describe("catalog-parallel", () => {
  it("auto: enough bytes, and a core to spare; on and off as told", () => {
    expect(wantsWorker("auto", 100 * MB, 10, undefined, 2, 0.2)).toBe(true);
    expect(wantsWorker("auto", 1 * MB, 10, undefined, 2, 0.2)).toBe(false);
    expect(wantsWorker("auto", 100 * MB, 10, undefined, 1, 0)).toBe(false);
    expect(wantsWorker("auto", 100 * MB, 10, undefined, 2, 2.5)).toBe(true);
    expect(wantsWorker("auto", 100 * MB, 10, undefined, 2, 3.5)).toBe(false);
    // a worker that asks for a free core (the stats worker's margin -1): not at a load of 1 or more on 2 cores
    expect(wantsWorker("auto", 100 * MB, 10, undefined, 2, 0.5, -1)).toBe(true);
    expect(wantsWorker("auto", 100 * MB, 10, undefined, 2, 1.2, -1)).toBe(false);
    expect(wantsWorker("auto", 100 * MB, 10, undefined, 2, 2.5, -1)).toBe(false);
    expect(wantsWorker("auto", 9 * MB, 10, 8 * MB, 4, 1)).toBe(true);
    expect(wantsWorker("on", 0, 2)).toBe(true);
    expect(wantsWorker("off", 100 * MB, 10)).toBe(false);
    expect(wantsWorker(undefined, 100 * MB, 10)).toBe(false);
    expect(wantsWorker("on", 100 * MB, 1)).toBe(false);
  });

  it("the worker's side takes jobs from the back until the main thread's, then says it is done", async () => {
    const paths = ["a", "b", "c", "d", "e"];
    const claims = new Int32Array(new SharedArrayBuffer(4 * paths.length));
    claims[0] = MAIN;
    claims[1] = MAIN;
    const posted: WorkerMessage[] = [];
    const port = { postMessage: (m: WorkerMessage) => posted.push(m) } as unknown as MessagePort;
    const jobs: ScanJobs = { paths, stamps: new Float64Array(paths.length * 4), claims: claims.buffer as SharedArrayBuffer, stateMinBytes: 0 };
    await serveClaims(port, jobs, async (path) => (path === "d" ? null : path === "c" ? Promise.reject(new Error("unreadable")) : row(path)));
    expect([...claims]).toEqual([MAIN, MAIN, WORKER, WORKER, WORKER]);
    // e scanned; d and c left to the main thread (no row, a throw); then done.
    expect(posted).toEqual([{ k: 4, ...row("e") }, { k: 3, failed: true }, { k: 2, failed: true }, { done: true }]);
  });

  it("without a worker file, the main thread scans every job once, and takes no row", async () => {
    const jobs = ["a", "b", "c"].map((path) => ({ path, st: { dev: 1, ino: 1, size: 1, mtimeMs: 1, isFile: true } }));
    const scanned: number[] = [];
    const taken: number[] = [];
    await scanShared(
      jobs,
      { file: null, stateMinBytes: 0, concurrency: 2 },
      async (k) => {
        scanned.push(k);
      },
      (k) => {
        taken.push(k);
      },
    );
    expect(scanned.sort()).toEqual([0, 1, 2]);
    expect(taken).toEqual([]);
  });
});
