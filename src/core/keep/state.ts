// A host folder's index (keep-state.json): per source file, which version of
// it the archive holds, how many of its bytes are archived, and fingerprints
// of its start and of the bytes just before the archived end, to tell an
// append (archive the new bytes) from a rewrite (start a new version).
import { readFileSync } from "node:fs";
import { atomicWrite } from "../fs/atomic.js";
import { stateFileOf } from "./paths.js";

export interface KeptFile {
  /** The version archived now (1, 2, … : a new one each time the source was rewritten). */
  version: number;
  /** Source bytes archived into this version. */
  archived: number;
  /** sha256 (hex, first 16) of the source's first bytes, and of the bytes before `archived`. */
  head: string;
  tail: string;
  /** Bytes of the archive file this version's state was written with (a longer file holds a half-written member). */
  stored: number;
  /** The source's mtime when last archived (ms). */
  mtimeMs: number;
  /** The session's agent when known ("" otherwise), for listing another machine's copies. */
  agent?: string;
}

export interface KeepState {
  host: string;
  files: Record<string, KeptFile>;
  /** Sources the hook could not finish in its time: the next run archives them first. */
  pending: string[];
  /** ISO time of the last run that finished its work. */
  lastRun: string | null;
}

export function readKeepState(hostDir: string, host: string): KeepState {
  try {
    const data = JSON.parse(readFileSync(stateFileOf(hostDir), "utf8")) as Partial<KeepState>;
    return {
      host: typeof data.host === "string" ? data.host : host,
      files: data.files && typeof data.files === "object" ? data.files : {},
      pending: Array.isArray(data.pending) ? data.pending : [],
      lastRun: typeof data.lastRun === "string" ? data.lastRun : null,
    };
  } catch {
    return { host, files: {}, pending: [], lastRun: null };
  }
}

export function writeKeepState(hostDir: string, state: KeepState): void {
  atomicWrite(stateFileOf(hostDir), JSON.stringify(state) + "\n", 0o600);
}
