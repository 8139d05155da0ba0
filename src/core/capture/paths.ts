// Every path under ROOT (§3.2), in one place.
import { join } from "node:path";
import { safeId, sha256Hex } from "./serialize.js";

export const statePath = (root: string, harness: string, nativeId: string): string =>
  join(root, "state", safeId(harness), safeId(nativeId) + ".json");
export const stateDir = (root: string): string => join(root, "state");
export const queuePath = (root: string, ts: string): string => join(root, "queue", ts.slice(0, 10) + ".jsonl");
export const digestPath = (root: string, lastSeenAt: string, harness: string, nativeId: string): string =>
  join(root, "digests", lastSeenAt.slice(0, 4), lastSeenAt.slice(5, 7), `${safeId(harness)}-${safeId(nativeId)}.md`);
export const registryPath = (root: string): string => join(root, "registry.jsonl");
export const errorsPath = (root: string): string => join(root, "errors.jsonl");
export const candidatesPath = (root: string): string => join(root, "feedback", "candidates.jsonl");
export const statusPath = (root: string): string => join(root, "feedback", "status.json");
export const indexesDir = (root: string): string => join(root, "indexes");
export const dirtyDir = (root: string): string => join(root, "indexes", ".dirty");
export const sidecarPath = (root: string, cwd: string): string => join(root, "indexes", "cwd", sha256Hex(cwd).slice(0, 16) + ".json");
export const sessionMarker = (harness: string, nativeId: string): string => `${safeId(harness)}~${safeId(nativeId)}`;
export const FEEDBACK_MARKER = "~feedback";
export const ALL_MARKER = "~all";
