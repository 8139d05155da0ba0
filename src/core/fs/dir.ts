import { mkdirSync } from "node:fs";

/** Creates a directory and its parents, private to the user (0700 on POSIX). */
export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}
