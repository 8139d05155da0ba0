// `--demo` (and the demo shown on a machine without sessions) browses a copy
// of the bundled sessions in the cache dir: a label or a fork made while
// trying the browser lands in the copy, never in the installed package.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/** The newest modification time of any file under `dir` (0 when there is none). */
function newest(dir: string): number {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

/**
 * The demo sessions to browse: `<cacheDir>/demo/sessions`, copied from the
 * package when missing or when the package's copy is newer (an upgrade).
 * Writes made in the copy stay until then.
 */
export function demoCopy(packaged: string, cacheDir: string): string {
  const copy = join(cacheDir, "demo", "sessions");
  const stale = !existsSync(copy) || newest(packaged) > statSync(copy).mtimeMs;
  if (stale) {
    rmSync(copy, { recursive: true, force: true });
    mkdirSync(join(cacheDir, "demo"), { recursive: true });
    cpSync(packaged, copy, { recursive: true, preserveTimestamps: true });
  }
  return copy;
}
