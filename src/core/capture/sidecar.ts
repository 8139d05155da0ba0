// The cwd sidecar (§3.8): up to ten sessions per cwd, newest first, so the hook
// can rehydrate by reading exactly one small file.
import { readJsonObject, writeJsonFile } from "./jsonfile.js";
import { legacySidecarPath, sidecarPath } from "./paths.js";
import { sameDir } from "../fs/same-dir.js";
import { withLockSync } from "../fs/lock.js";
import { ensureDir } from "../fs/dir.js";
import { dirname } from "node:path";

export interface SidecarEntry {
  harness: string;
  last_digest_path: string | null;
  last_seen_at: string;
  llm_wiki_session_id: string;
  native_session_id: string;
  summary: string;
  topics: string[];
}

function readAt(path: string, cwd: string): SidecarEntry[] | null {
  try {
    const r = readJsonObject(path);
    if (r.status === "missing") return null;
    if (r.status !== "ok" || !r.value || typeof r.value.cwd !== "string" || !sameDir(r.value.cwd, cwd) || !Array.isArray(r.value.sessions)) return [];
    return (r.value.sessions as unknown[]).filter((x): x is SidecarEntry => !!x && typeof x === "object" && typeof (x as SidecarEntry).llm_wiki_session_id === "string");
  } catch {
    return [];
  }
}

/** The sessions of the dir `cwd` names (any spelling of it); an older version's file for this spelling when there is none yet. */
export function readSidecar(root: string, cwd: string): SidecarEntry[] {
  const own = readAt(sidecarPath(root, cwd), cwd);
  if (own !== null) return own;
  const legacy = legacySidecarPath(root, cwd);
  return (legacy === null ? null : readAt(legacy, cwd)) ?? [];
}

const byNewest = (a: SidecarEntry, b: SidecarEntry): number => (a.last_seen_at < b.last_seen_at ? 1 : a.last_seen_at > b.last_seen_at ? -1 : 0);

export function writeSidecar(root: string, cwd: string, sessions: SidecarEntry[]): void {
  writeJsonFile(sidecarPath(root, cwd), { cwd, schema_version: 1, sessions: [...sessions].sort(byNewest).slice(0, 10) });
}

/** Replaces (or with `entry` null, removes) one session's entry, under the sidecar lock. */
export function upsertSidecar(root: string, cwd: string, sid: string, entry: SidecarEntry | null, waitMs: number): void {
  const path = sidecarPath(root, cwd);
  ensureDir(dirname(path));
  withLockSync(path, { waitMs }, () => {
    const rest = readSidecar(root, cwd).filter((x) => x.llm_wiki_session_id !== sid);
    writeSidecar(root, cwd, entry ? [entry, ...rest] : rest);
  });
}

/** Updates only the topics of an existing entry (promotion). */
export function setSidecarTopics(root: string, cwd: string, sid: string, topics: string[], waitMs: number): void {
  const path = sidecarPath(root, cwd);
  ensureDir(dirname(path));
  withLockSync(path, { waitMs }, () => {
    const all = readSidecar(root, cwd);
    const e = all.find((x) => x.llm_wiki_session_id === sid);
    if (!e) return;
    e.topics = topics;
    writeSidecar(root, cwd, all);
  });
}
