import { ensureDirGuarded } from "./guard.js";

/** Creates a directory and its parents, private to the user (0700 on POSIX); never through a link below a guarded tree. */
export function ensureDir(dir: string): void {
  ensureDirGuarded(dir);
}
