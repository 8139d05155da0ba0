// Per-session state (§3.5): read with healing, updated per event. Callers hold
// the session lock around read → update → write.
import { existsSync, renameSync } from "node:fs";
import { gitInfo } from "./git.js";
import type { NormalizedEvent } from "./harness.js";
import { isToolEvent } from "./harness.js";
import { keepCorruptCopy, readJsonObject, writeJsonFile } from "./jsonfile.js";
import { tsMs } from "./clock.js";
import type { CaptureConfig } from "./config.js";

export type State = Record<string, unknown>;

export interface LoadedState {
  state: State;
  /** True when no usable state existed (a new session: log `session_seen`). */
  fresh: boolean;
  /** The file needed healing or was unusable; a `.corrupt-*` copy was kept. */
  corrupt: boolean;
}

/** Reads a state; damaged files are healed (or restarted) after keeping a copy (unless `keepCopy` is false: a look, not a write). */
export function loadState(path: string, opts: { keepCopy?: boolean } = {}): LoadedState {
  const r = readJsonObject(path);
  let corrupt = false;
  if (r.status === "healed" || r.status === "default") {
    corrupt = true;
    if (opts.keepCopy !== false) keepCorruptCopy(path);
  }
  const state = r.value ?? {};
  return { state, fresh: r.value === null || !("llm_wiki_session_id" in state), corrupt };
}

export const saveState = (path: string, state: State): void => writeJsonFile(path, state);

/**
 * Moves a state from its pre-hash name (`safe_id` of an id that is not in the
 * strict safe form, so possibly a secret in a file name) to the current one.
 * Called under the session lock of the new name; an existing new file wins.
 */
export function migrateLegacyState(legacy: string, current: string): void {
  if (existsSync(current) || !existsSync(legacy)) return;
  try {
    renameSync(legacy, current);
  } catch {}
}

export const stateExists = (path: string): boolean => existsSync(path);

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const strings = (v: unknown): string[] => list(v).filter((x): x is string => typeof x === "string");

export const sortedUnique = (xs: string[]): string[] => [...new Set(xs)].sort();

/** Fills identity keys that are absent. */
export function ensureIdentity(state: State, e: Pick<NormalizedEvent, "harness" | "nativeId" | "sid">, ts: string): void {
  state.schema_version ??= 1;
  state.harness ??= e.harness;
  state.native_session_id ??= e.nativeId;
  state.llm_wiki_session_id ??= e.sid;
  state.started_at ??= ts;
  for (const k of ["cwd", "transcript_path", "model", "git_remote", "git_branch"]) if (!(k in state)) state[k] = null;
  state.event_count = num(state.event_count);
  state.tool_event_count = num(state.tool_event_count);
  if (!Array.isArray(state.last_events)) state.last_events = [];
}

/** Git metadata, re-read only when the cwd changed or the cache is older than 60 s. */
export function refreshGit(state: State, cwd: string, nowMs: number, nowTs: string): void {
  const checked = tsMs(state.git_checked_at);
  if (state.git_cwd === cwd && Number.isFinite(checked) && nowMs - checked < 60_000 && nowMs >= checked) return;
  const g = gitInfo(cwd);
  state.git_remote = g.remote;
  state.git_branch = g.branch;
  state.git_cwd = cwd;
  state.git_checked_at = nowTs;
}

export interface EventUpdate {
  event: NormalizedEvent;
  ts: string;
  nowMs: number;
  trigger: string;
  topics: string[];
  manualSummary: string | null;
  /** payload_preview, kept as last_compact_event for post-compact events. */
  preview: string;
  config: CaptureConfig;
}

/** Applies one event to the state (§3.5). */
export function applyEvent(state: State, u: EventUpdate): void {
  const e = u.event;
  ensureIdentity(state, e, u.ts);
  state.last_seen_at = u.ts;
  state.cwd = e.cwd;
  if (e.transcriptPath) state.transcript_path = e.transcriptPath;
  if (e.model) state.model = e.model;
  state.privacy = u.config.privacy;
  state.raw_transcripts = u.config.raw_transcripts;
  refreshGit(state, e.cwd, u.nowMs, u.ts);
  state.event_count = num(state.event_count) + 1;
  if (isToolEvent(e)) state.tool_event_count = num(state.tool_event_count) + 1;
  if (u.topics.length) state.topics = sortedUnique([...strings(state.topics), ...u.topics]);
  if (u.manualSummary) state.manual_summaries = [...list(state.manual_summaries), { summary: u.manualSummary, ts: u.ts }].slice(-10);
  if (e.kind === "post-compact") state.last_compact_event = u.preview;
  state.last_events = [...list(state.last_events), { hook_event_name: e.eventName, tool_name: e.toolName, trigger: u.trigger, ts: u.ts, turn_id: e.turnId }].slice(-20);
}

/** Records an appended candidate in the state's feedback fields (§7.3). */
export function noteCandidate(state: State, c: Record<string, unknown>): void {
  state.last_feedback_candidates = [...list(state.last_feedback_candidates), { confidence: c.confidence, distilled_lesson: c.distilled_lesson, feedback_type: c.feedback_type, id: c.id, ts: c.ts }].slice(-10);
  state.feedback_candidate_count = num(state.feedback_candidate_count) + 1;
}

export const recentCandidateIds = (state: State): Set<string> =>
  new Set(
    list(state.last_feedback_candidates)
      .map((c) => (c && typeof c === "object" ? (c as State).id : null))
      .filter((x): x is string => typeof x === "string"),
  );
