// Every path under ROOT (§3.2), in one place. Session ids reach file names only
// through fileKey (session-key.ts). Building a path registers ROOT as a guarded
// tree (core/fs/guard.ts), so nothing below it is ever written through a link.
import { guardTree } from "../fs/guard.js";
import { projectKey } from "../fs/same-dir.js";
import { joinPath } from "../fs/plain-path.js";
import { sha256Hex } from "./serialize.js";
import { fileKey, legacyKey } from "./session-key.js";

// A part is a fixed name, a fileKey (no "/", never "." or ".."), a date or a
// hash: under a plain root joinPath only concatenates them (node:path's
// character loop is what core/fs/guard.ts avoids too).
const under = (root: string, ...parts: string[]): string => {
  guardTree(root, { staging: true });
  return joinPath(root, ...parts);
};

export const statePath = (root: string, harness: string, nativeId: string): string => under(root, "state", fileKey(harness), fileKey(nativeId) + ".json");
/** Where versions before hashed names kept this state (null when it is the same path). */
export function legacyStatePath(root: string, harness: string, nativeId: string): string | null {
  const p = under(root, "state", legacyKey(harness), legacyKey(nativeId) + ".json");
  return p === statePath(root, harness, nativeId) ? null : p;
}
export const stateDir = (root: string): string => under(root, "state");
export const queuePath = (root: string, ts: string): string => under(root, "queue", ts.slice(0, 10) + ".jsonl");
/** The session's own queue (addition): its events in arrival order; the state is a fold of it. */
export const sessionQueuePath = (root: string, harness: string, nativeId: string): string => under(root, "queue", "sessions", fileKey(harness), fileKey(nativeId) + ".jsonl");
export const sessionQueueDir = (root: string): string => under(root, "queue", "sessions");
export const digestPath = (root: string, lastSeenAt: string, harness: string, nativeId: string): string => under(root, "digests", lastSeenAt.slice(0, 4), lastSeenAt.slice(5, 7), `${fileKey(harness)}-${fileKey(nativeId)}.md`);
export const registryPath = (root: string): string => under(root, "registry.jsonl");
export const errorsPath = (root: string): string => under(root, "errors.jsonl");
export const candidatesPath = (root: string): string => under(root, "feedback", "candidates.jsonl");
export const statusPath = (root: string): string => under(root, "feedback", "status.json");
export const indexesDir = (root: string): string => under(root, "indexes");
export const dirtyDir = (root: string): string => under(root, "indexes", ".dirty");
/**
 * A cwd's sidecar, named by the dir it names (projectKey, core/fs/same-dir.ts:
 * `/home/u/proj/` and `/home/u/./proj` are `/home/u/proj`; `C:\Users\u\proj`
 * and `c:/users/u/proj` are one Windows dir), so every spelling of a project
 * shares one file. A resolved POSIX cwd is its own key: its file keeps the
 * name older versions gave it.
 */
export const sidecarPath = (root: string, cwd: string): string => under(root, "indexes", "cwd", sha256Hex(projectKey(cwd)).slice(0, 16) + ".json");
/** Where versions before projectKey kept this cwd's sidecar (the hash of the cwd as written), null when it is the same file. */
export function legacySidecarPath(root: string, cwd: string): string | null {
  const p = under(root, "indexes", "cwd", sha256Hex(cwd).slice(0, 16) + ".json");
  return p === sidecarPath(root, cwd) ? null : p;
}
export const configPath = (root: string): string => under(root, "config.json");
export const sessionMarker = (harness: string, nativeId: string): string => `${fileKey(harness)}~${fileKey(nativeId)}`;
export const FEEDBACK_MARKER = "~feedback";
export const ALL_MARKER = "~all";
