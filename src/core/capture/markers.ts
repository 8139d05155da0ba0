// Dirty markers (§3.8): the hook says "this session changed" with an empty file
// instead of touching the shared indexes. Created without O_TRUNC and with
// O_NOFOLLOW: a marker that is a planted link is refused, its target untouched.
import { closeSync, constants, openSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ensureDir } from "../fs/dir.js";
import { O_NOFOLLOW, refuseLoop } from "../fs/guard.js";
import { dirtyDir } from "./paths.js";

const FLAGS = constants.O_WRONLY | constants.O_CREAT | O_NOFOLLOW;

export function markDirty(root: string, marker: string): void {
  const dir = dirtyDir(root);
  ensureDir(dir);
  const p = join(dir, marker);
  let fd: number;
  try {
    fd = openSync(p, FLAGS, 0o600);
  } catch (err) {
    refuseLoop(err, p);
  }
  closeSync(fd);
}

export function listMarkers(root: string): string[] {
  try {
    return readdirSync(dirtyDir(root));
  } catch {
    return [];
  }
}
