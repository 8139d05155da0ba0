// Dirty markers (§3.8): the hook says "this session changed" with an empty file
// instead of touching the shared indexes.
import { closeSync, openSync } from "node:fs";
import { join } from "node:path";
import { ensureDir } from "../fs/dir.js";
import { dirtyDir } from "./paths.js";

export function markDirty(root: string, marker: string): void {
  const dir = dirtyDir(root);
  ensureDir(dir);
  closeSync(openSync(join(dir, marker), "w", 0o600));
}
