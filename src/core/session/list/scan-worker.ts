// The scan worker of a cold listing (catalog-parallel.ts): claims pi and omp
// files from the back of the list and scans each whole
// (catalog-scan-file.ts), posting its row and saved state. Built as a bundle
// of its own (dist/scan-worker.cjs) holding only the scan, so that the
// worker starts in a few ms.
import { parentPort, workerData } from "node:worker_threads";
import { dirsOnce, scanWhole } from "./catalog-scan-file.js";
import { serveClaims, type ScanJobs } from "./catalog-parallel.js";

if (parentPort && workerData) {
  const jobs = workerData as ScanJobs;
  const isDir = dirsOnce();
  void serveClaims(parentPort, jobs, (path, st) => scanWhole(path, st, jobs.stateMinBytes, isDir));
}
