// `keep --status`: on or off, and per host folder the files it holds, their
// bytes on disk, its last run and what is pending.
import { basename } from "node:path";
import { hostOf, type KeepConfig } from "./config.js";
import { archiveDir, archiveFileOf } from "./paths.js";
import { hostDirs } from "./archived.js";
import { readKeepState } from "./state.js";
import { storedSize } from "./mirror.js";

export interface HostStatus {
  host: string;
  dir: string;
  own: boolean;
  files: number;
  /** Bytes of every version's copy on disk. */
  bytes: number;
  lastRun: string | null;
  pending: number;
}

export interface KeepStatus {
  enabled: boolean;
  host: string;
  archive: string;
  sources: string[];
  hosts: HostStatus[];
}

export function keepStatus(config: KeepConfig, env: NodeJS.ProcessEnv = process.env): KeepStatus {
  const me = hostOf(config);
  const hosts = hostDirs(config, env).map((dir): HostStatus => {
    const st = readKeepState(dir, basename(dir));
    let bytes = 0;
    for (const [src, k] of Object.entries(st.files)) for (let v = 1; v <= k.version; v++) bytes += storedSize(archiveFileOf(dir, src, v));
    return { host: st.host, dir, own: st.host === me, files: Object.keys(st.files).length, bytes, lastRun: st.lastRun, pending: st.pending.length };
  });
  return { enabled: config.enabled, host: me, archive: archiveDir(env), sources: config.sources, hosts };
}
