// How an index build's progress reads, for the browser's search screen and the
// CLI's `search` alike: bytes first (a first build can sit on one big file for
// a while), then files.

const MB = 1024 * 1024;

function size(bytes: number, unit: number): string {
  const v = bytes / unit;
  return v >= 100 ? v.toFixed(0) : v.toFixed(1);
}

/** "indexing sessions: 12.3 of 35.0 MB · 3/40 files" (KB below a megabyte). */
export function indexProgressText(done: number, total: number, files: number, filesTotal: number): string {
  const unit = total >= MB ? MB : 1024;
  const name = unit === MB ? "MB" : "KB";
  return `indexing sessions: ${size(done, unit)} of ${size(total, unit)} ${name} · ${files}/${filesTotal} file${filesTotal === 1 ? "" : "s"}`;
}
