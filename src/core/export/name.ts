// Where the browser's `E` writes when nobody says: the session file's name,
// the entry exported to, the format's extension; "-2", "-3" … when taken.
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import type { Session } from "../session/index.js";
import { EXTENSIONS, type ExportFormat } from "./options.js";

/** A file name for the export of the path to `leafId` (ids are opaque: anything odd becomes "_"). */
export function exportFileName(s: Session, leafId: string | null, format: ExportFormat, n = 1): string {
  const base = basename(s.file).replace(/\.jsonl(\.gz)?$/, "");
  const leaf = leafId === null ? "empty" : leafId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
  return `${base}-${leaf}${n > 1 ? `-${n}` : ""}.${EXTENSIONS[format]}`;
}

/** The first such name in `dir` that is free. */
export function freeExportPath(dir: string, s: Session, leafId: string | null, format: ExportFormat): string {
  for (let n = 1; ; n++) {
    const p = join(dir, exportFileName(s, leafId, format, n));
    if (!existsSync(p)) return p;
  }
}
