// keep from the capture hook: when a session ends (SessionEnd / Stop), its
// transcript is archived within the hook's time budget (with what earlier
// runs left pending). What the budget leaves is pending in the state; when
// another run holds the archive's lock, the file is noted in a marker of its
// own (pending/<hash>) for that run or the next to take. An event naming no
// transcript owes a full scan, which `keep --now` does (the hook lists no
// files: it must start fast).
import { createHash } from "node:crypto";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { LockTimeoutError } from "../fs/lock.js";
import { ensureDir } from "../fs/dir.js";
import { keepFiles, hostDirOf, SCAN_ALL } from "./run-files.js";
import type { KeepConfig } from "./config.js";

export interface KeepEvent {
  kind: string;
  transcriptPath: string | null;
}

export const pendingDirOf = (hostDir: string): string => join(hostDir, "pending");

/** Notes a source for the next run without the lock: one small file per source. */
export function notePending(hostDir: string, source: string): void {
  const dir = pendingDirOf(hostDir);
  ensureDir(dir);
  writeFileSync(join(dir, createHash("sha256").update(source).digest("hex").slice(0, 32)), source, { mode: 0o600 });
}

export async function keepAfterEvent(e: KeepEvent, config: KeepConfig, deadline: number, lockWaitMs: number, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!config.enabled || (e.kind !== "session-end" && e.kind !== "stop")) return;
  try {
    if (!e.transcriptPath) notePending(hostDirOf(config, env), SCAN_ALL);
    keepFiles({ config, env, files: e.transcriptPath ? [e.transcriptPath] : [], deadline, lockWaitMs: Math.min(lockWaitMs, Math.max(0, deadline - Date.now())) });
  } catch (err) {
    if (!(err instanceof LockTimeoutError)) throw err;
    notePending(hostDirOf(config, env), e.transcriptPath ?? SCAN_ALL);
  }
}
