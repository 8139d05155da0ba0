// What the catalog's two halves share: catalog.ts (the warm listing) and
// catalog-read.ts (reading the files that changed, loaded only when one did).
// A leaf module, so the reading half needs nothing from catalog.ts and the
// two never import each other.
import type { FileStamp } from "../../fs/stat.js";
import type { Row, RowStore } from "./catalog-row.js";
import type { SessionSummary } from "../model.js";
import { envSlot } from "../../env.js";

/** What the catalog read from session files in this environment, a process (OMP_SESSIONS_STATS=1 prints it). */
export const catalogStats = envSlot(() => ({ bytesRead: 0, filesRead: 0, workerFiles: 0 }));

export function resetCatalogStats(): void {
  const stats = catalogStats();
  stats.bytesRead = 0;
  stats.filesRead = 0;
  stats.workerFiles = 0;
}

export function keyOf(st: FileStamp): Row {
  return { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs };
}

/** The catalog in memory as its reading half uses it (the Catalog class in catalog.ts). */
export interface CatalogRows {
  readonly dir: string;
  readonly rows: RowStore;
  readonly stateMinBytes: number;
  /** The file must be written back. */
  changed: boolean;
  /** Writes the saved scan states before the rows that point at them. */
  flushStates: ((keep: (path: string) => boolean) => Promise<void>) | null;
  /** The listing row the catalog alone vouches for, null when the cwd filter leaves it out, undefined when the file must be read. */
  cached(path: string, st: FileStamp | null, cwd: string | undefined): SessionSummary | null | undefined;
}
