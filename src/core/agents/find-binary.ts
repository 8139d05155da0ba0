// Where a program is on PATH, as a shell would find it, so a resume that
// cannot start says so before the browser is left.
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

function runnable(p: string): boolean {
  try {
    if (!statSync(p).isFile()) return false;
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The full path of `bin` on PATH (with PATHEXT on Windows), or null. */
export function findBinary(bin: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (bin.includes("/") || isAbsolute(bin)) return runnable(bin) ? bin : null;
  const exts = process.platform === "win32" ? ["", ...(env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";")] : [""];
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const p = join(dir, bin + ext);
      if (runnable(p)) return p;
    }
  }
  return null;
}
