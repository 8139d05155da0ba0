// OMP_SESSIONS_STATS=1: what the catalog read, on stderr, for the benchmark and tests.
import { catalogStats } from "../../core/session/index.js";

export function printCatalogStats(): void {
  const { bytesRead, filesRead, workerFiles } = catalogStats();
  process.stderr.write(`read ${bytesRead} bytes from ${filesRead} files\n`);
  // The files of a cold listing scanned in a worker thread (catalog-parallel.ts).
  if (workerFiles > 0) process.stderr.write(`${workerFiles} of them in a worker thread\n`);
}
