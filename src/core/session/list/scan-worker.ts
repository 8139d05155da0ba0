// The scan worker of a cold listing (catalog-parallel.ts): claims files from
// the back of the list and scans each whole (catalog-scan-file.ts), posting
// its row and saved state. Built as a bundle of its own (dist/scan-worker.cjs)
// holding only the scan, so that the worker starts in a few ms.
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { scanWhole } from "./catalog-scan-file.js";
import { WORKER, type ScanJobs, type WorkerMessage } from "./catalog-parallel.js";

async function run(port: MessagePort, jobs: ScanJobs): Promise<void> {
  const claims = new Int32Array(jobs.claims);
  const s = jobs.stamps;
  for (let k = jobs.paths.length - 1; k >= 0; k--) {
    // The main thread takes files from the front: once it has this one, it has every one before.
    if (Atomics.compareExchange(claims, k, 0, WORKER) !== 0) break;
    const o = k * 4;
    const st = { dev: s[o], ino: s[o + 1], size: s[o + 2], mtimeMs: s[o + 3], isFile: true };
    let m: WorkerMessage;
    try {
      const r = await scanWhole(jobs.paths[k], st, jobs.stateMinBytes);
      m = r ? { k, ...r } : { k, failed: true };
    } catch {
      // The main thread scans it again and words the error as a listing does.
      m = { k, failed: true };
    }
    port.postMessage(m);
  }
  port.postMessage({ done: true } satisfies WorkerMessage);
}

if (parentPort && workerData) void run(parentPort, workerData as ScanJobs);
