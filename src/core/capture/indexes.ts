// The four derived index files and lazy upkeep (§3.8). Never used by the hook:
// the hook only leaves dirty markers; commands and the TUI refresh from them.
import { existsSync, unlinkSync } from "node:fs";
import { readRegularText } from "../fs/read-capped.js";
import { foldBeforeRead } from "./fold.js";
import { listMarkers } from "./markers.js";
import { dirname, join, sep } from "node:path";
import { withLockSync, type LockHandle } from "../fs/lock.js";
import { ensureDir } from "../fs/dir.js";
import { projectKey } from "../fs/same-dir.js";
import { autoSummary } from "./digest.js";
import { digestSummaryOf } from "./frontmatter.js";
import { readJsonObject, writeJsonFile } from "./jsonfile.js";
import { ALL_MARKER, dirtyDir, FEEDBACK_MARKER, indexesDir, sidecarPath, statePath } from "./paths.js";
import { listStates, newestFirst } from "./rehydrate.js";
import { loadCandidates, newestCandidatesFirst, readStatus, withStatus } from "./review.js";
import { writeSidecar, type SidecarEntry } from "./sidecar.js";
import type { State } from "./state.js";

const FILES = ["by-cwd.json", "by-topic.json", "sessions.json", "feedback.json"] as const;

export { listMarkers };

const dropMarker = (root: string, m: string): void => {
  try {
    unlinkSync(join(dirtyDir(root), m));
  } catch {}
};

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const pathKey = (s: State): string => statePath("", str(s.harness), str(s.native_session_id));
const record = (s: State): Record<string, unknown> => ({
  harness: s.harness ?? null,
  last_digest_path: s.last_digest_path ?? null,
  last_seen_at: s.last_seen_at ?? null,
  llm_wiki_session_id: s.llm_wiki_session_id ?? null,
  native_session_id: s.native_session_id ?? null,
});

/**
 * The derived session indexes. by-cwd.json (nothing here reads it: a file of the reference's layout, §3.8) has one
 * key per dir, by the same-dir rule (core/fs/same-dir.ts) the sidecars follow: every spelling of a project's cwd
 * (`C:\Users\u\proj`, `c:/users/u/proj`; `/p/` and `/p`) under one key, written as its newest session spells it.
 */
function sessionIndexes(states: State[]): { byCwd: Record<string, unknown[]>; byTopic: Record<string, unknown[]>; sessions: State[] } {
  const sorted = [...states].sort((a, b) => (pathKey(a) < pathKey(b) ? -1 : pathKey(a) > pathKey(b) ? 1 : 0));
  const dirs = new Map<string, { cwd: string; seen: string; records: unknown[] }>();
  const byTopic: Record<string, unknown[]> = {};
  for (const s of sorted) {
    if (typeof s.cwd === "string" && s.cwd) {
      const key = projectKey(s.cwd);
      const seen = str(s.last_seen_at);
      const dir = dirs.get(key);
      if (!dir) dirs.set(key, { cwd: s.cwd, seen, records: [record(s)] });
      else {
        dir.records.push(record(s));
        if (seen > dir.seen) Object.assign(dir, { cwd: s.cwd, seen });
      }
    }
    for (const t of Array.isArray(s.topics) ? s.topics : []) if (typeof t === "string") (byTopic[t] ??= []).push(record(s));
  }
  const byCwd: Record<string, unknown[]> = {};
  for (const { cwd, records } of dirs.values()) byCwd[cwd] = records;
  return { byCwd, byTopic, sessions: sorted };
}

function writeSessionIndexes(root: string, states: State[]): void {
  const { byCwd, byTopic, sessions } = sessionIndexes(states);
  writeJsonFile(join(indexesDir(root), "by-cwd.json"), byCwd);
  writeJsonFile(join(indexesDir(root), "by-topic.json"), byTopic);
  writeJsonFile(join(indexesDir(root), "sessions.json"), { sessions });
}

/** feedback.json from candidates and status.json. */
export function buildFeedbackIndex(root: string): Record<string, unknown> {
  const { status } = readStatus(root);
  const cands = newestCandidatesFirst(loadCandidates(root));
  const bySession: Record<string, string[]> = {};
  const byType: Record<string, string[]> = {};
  const unpromoted: string[] = [];
  const dismissed: string[] = [];
  for (const c of cands) {
    const id = c.id as string;
    (bySession[str(c.llm_wiki_session_id)] ??= []).push(id);
    (byType[str(c.feedback_type)] ??= []).push(id);
    if (!(id in status.promoted)) {
      unpromoted.push(id);
      if (id in status.dismissed) dismissed.push(id);
    }
  }
  return {
    by_session: bySession,
    by_type: byType,
    candidate_count: cands.length,
    candidates: cands.map((c) => withStatus(status, c)),
    dismissed,
    schema_version: 1,
    unpromoted,
    unpromoted_count: unpromoted.length,
  };
}

function indexesUsable(root: string): boolean {
  for (const f of FILES) {
    try {
      if (readJsonObject(join(indexesDir(root), f)).status !== "ok") return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Rebuilds every cwd sidecar from the states (`reindex --full`). */
function rebuildSidecars(root: string, states: State[], lock: LockHandle): void {
  // by the dir a cwd names (one sidecar for every spelling of it), written with the newest session's spelling
  const byCwd = new Map<string, { cwd: string; entries: SidecarEntry[] }>();
  for (const s of [...states].sort(newestFirst)) {
    const digest = str(s.last_digest_path);
    const cwd = str(s.cwd);
    if (!digest || !cwd) continue;
    let summary: string | null = null;
    try {
      const text = readRegularText(digest);
      if (text !== null) summary = digestSummaryOf(text);
    } catch {}
    const key = projectKey(cwd);
    const group = byCwd.get(key) ?? { cwd, entries: [] };
    group.entries.push({
      harness: str(s.harness),
      last_digest_path: digest,
      last_seen_at: str(s.last_seen_at),
      llm_wiki_session_id: str(s.llm_wiki_session_id),
      native_session_id: str(s.native_session_id),
      summary: summary ?? autoSummary(str(s.capture_trigger) || "stop", str(s.llm_wiki_session_id), cwd),
      topics: Array.isArray(s.topics) ? s.topics.filter((t): t is string => typeof t === "string") : [],
    });
    byCwd.set(key, group);
  }
  for (const { cwd, entries } of byCwd.values()) {
    lock.touch();
    const p = sidecarPath(root, cwd);
    ensureDir(dirname(p));
    withLockSync(p, { waitMs: 10_000 }, () => writeSidecar(root, cwd, entries));
  }
}

export interface RefreshResult {
  full: boolean;
  sessionsUpdated: number;
  feedback: boolean;
}

/** Brings the four index files up to date from the dirty markers (or rebuilds them). */
export function refreshIndexes(root: string, opts: { full?: boolean; sidecars?: boolean; waitMs?: number } = {}): RefreshResult {
  const result: RefreshResult = { full: false, sessionsUpdated: 0, feedback: false };
  if (!existsSync(root)) return result;
  // counts first: what timed-out hooks queued (before the index lock, which never nests a session lock)
  foldBeforeRead(root, { all: !!opts.full });
  ensureDir(indexesDir(root));
  // the lock file is indexes/.lock
  return withLockSync(indexesDir(root) + sep, { waitMs: opts.waitMs ?? 10_000 }, (lock) => {
    const markers = listMarkers(root);
    const full = !!opts.full || markers.includes(ALL_MARKER) || !indexesUsable(root);
    if (full) {
      for (const m of markers) dropMarker(root, m); // before reading: a concurrent hook re-marks
      const states = listStates(root).map((x) => x.state);
      lock.touch();
      writeSessionIndexes(root, states);
      writeJsonFile(join(indexesDir(root), "feedback.json"), buildFeedbackIndex(root));
      if (opts.sidecars) rebuildSidecars(root, states, lock);
      return { full: true, sessionsUpdated: states.length, feedback: true };
    }
    const sessionMarkers = markers.filter((m) => m !== FEEDBACK_MARKER && m.includes("~") && !m.startsWith("~"));
    if (sessionMarkers.length) {
      const current = (readJsonObject(join(indexesDir(root), "sessions.json")).value?.sessions ?? []) as State[];
      const bySid = new Map<string, State>();
      for (const s of current) if (s && typeof s === "object") bySid.set(str(s.llm_wiki_session_id) || pathKey(s), s);
      for (const m of sessionMarkers) {
        dropMarker(root, m);
        const sep = m.indexOf("~");
        const path = join(root, "state", m.slice(0, sep), m.slice(sep + 1) + ".json");
        const r = readJsonObject(path);
        // drop any record living at this state path, then add the fresh one
        for (const [k, s] of bySid) if (pathKey(s) === join("state", m.slice(0, sep), m.slice(sep + 1) + ".json")) bySid.delete(k);
        if (r.value && typeof r.value.llm_wiki_session_id === "string") bySid.set(r.value.llm_wiki_session_id, r.value);
        result.sessionsUpdated++;
      }
      lock.touch();
      writeSessionIndexes(root, [...bySid.values()]);
    }
    if (markers.includes(FEEDBACK_MARKER)) {
      dropMarker(root, FEEDBACK_MARKER);
      writeJsonFile(join(indexesDir(root), "feedback.json"), buildFeedbackIndex(root));
      result.feedback = true;
    }
    return result;
  });
}

/** The refresh that ends every non-hook command and each TUI write: only when markers exist (or `force`). */
export function refreshIfDirty(root: string, force = false): RefreshResult | null {
  return force || listMarkers(root).length > 0 ? refreshIndexes(root) : null;
}
