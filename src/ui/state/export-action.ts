// The tree's `E`: the path root → the entry under the cursor as one
// self-contained HTML page, written next to where the browser runs (or into
// $OMP_SESSIONS_EXPORT_DIR) under a free name; the status line says where.
// It reads the session file and never writes into it. Other formats and the
// flags are the `export` command's.
import { isAbsolute, relative, sep } from "node:path";
import { WriteRefusedError } from "../../core/errors.js";
import { exportChunks } from "../../core/export/index.js";
import { freeExportPath } from "../../core/export/name.js";
import { writeExportFile } from "../../core/export/write-file.js";
import { pathTo } from "../../core/session/index.js";
import type { AppStore } from "./store.js";

export const exportDir = (): string => process.env.OMP_SESSIONS_EXPORT_DIR || process.cwd();

export async function exportAtCursor(app: AppStore, dir = exportDir()): Promise<void> {
  const { session: s, rows, cursor, setStatus } = app.getState();
  if (!s || !rows || rows.count === 0) {
    setStatus("no entry under the cursor to export", "error");
    return;
  }
  const id = rows.row(cursor).id;
  setStatus(`exporting the path to ${id} …`);
  try {
    // Another export may take the free name first: then the next one.
    for (let tries = 0; ; tries++) {
      try {
        const { file } = await writeExportFile(exportChunks(s, "html", { leafId: id }), freeExportPath(dir, s, id, "html"), { source: s.file, exclusive: true });
        // Shown relative to the current directory when inside it: the status line is one line.
        const rel = relative(process.cwd(), file);
        const shown = rel && !rel.startsWith("..") && !isAbsolute(rel) ? `.${sep}${rel}` : file;
        app.getState().setStatus(`exported the path to ${id} (${pathTo(s, id).length} entries) as HTML: ${shown}`);
        return;
      } catch (err) {
        if (!(err instanceof WriteRefusedError && err.message.endsWith("already exists; not overwriting it") && tries < 10)) throw err;
      }
    }
  } catch (err) {
    app.getState().setStatus(`export failed: ${err instanceof Error ? err.message : String(err)}`, "error");
  }
}
