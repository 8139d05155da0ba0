// OMP_SESSIONS_STATS=1: what the catalog read, on stderr, for the benchmark and tests.
import { catalogStats } from "../../core/session/index.js";

export function printCatalogStats(): void {
  process.stderr.write(`read ${catalogStats().bytesRead} bytes from ${catalogStats().filesRead} files\n`);
}
