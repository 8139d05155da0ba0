// One event into the store (§4.5 steps 3–8), shared by the hook, `capture` and
// `feedback capture`. Touches only this session's files: O(1) in store size.
import { performance } from "node:perf_hooks";
import { LockTimeoutError, withLockSync } from "../fs/lock.js";
import { ensureDir } from "../fs/dir.js";
import { dirname } from "node:path";
import { isoTs, now } from "./clock.js";
import { flag, toolEventsEvery, type CaptureConfig } from "./config.js";
import type { HookErrorKind } from "./errlog.js";
import { buildCandidate, classify, passesFilters } from "./feedback.js";
import { isToolEvent, type NormalizedEvent } from "./harness.js";
import { appendRecord, readJsonl } from "./jsonfile.js";
import { markDirty } from "./markers.js";
import { candidatesPath, FEEDBACK_MARKER, queuePath, sessionMarker, statePath } from "./paths.js";
import { logRegistry } from "./registry.js";
import { applyEvent, loadState, noteCandidate, recentCandidateIds, saveState, type State } from "./state.js";
import { writeCheckpoint } from "./checkpoint.js";

export interface IngestRequest {
  root: string;
  config: CaptureConfig;
  event: NormalizedEvent;
  preview: string;
  /** The `trigger` label stored with the event (`--trigger`, else the event name). */
  trigger: string;
  topics: string[];
  /** Scrubbed manual summary (cut to 2000), or null. */
  manualSummary: string | null;
  /** Always write a digest with this trigger (`capture` → "manual"). */
  forceDigestTrigger?: string;
  /** `feedback capture`: forced classification, dedupe against candidates.jsonl. */
  forcedFeedbackText?: string;
  lockWaitMs: number;
  /** performance.now() when the command started, for the digest budget. */
  t0?: number;
  /** Skip the digest when this much time has passed (hook: 2500 ms). */
  digestBudgetMs?: number;
  /** Problems the caller logs (the hook: errors.jsonl; the CLI: stderr). */
  report(kind: HookErrorKind, message: string): void;
}

export interface IngestResult {
  state: State | null;
  digestPath: string | null;
  candidate: Record<string, unknown> | null;
}

/** The digest trigger an event fires, or null (§4.4). */
export function triggerFor(event: Pick<NormalizedEvent, "kind" | "toolName">, state: State, config: CaptureConfig): string | null {
  const on = (k: string): boolean => flag(config, "auto_capture", k);
  switch (event.kind) {
    case "pre-compact":
      if (on("pre_compact")) return "pre-compact";
      break;
    case "post-compact":
      if (on("post_compact")) return "post-compact";
      break;
    case "session-end":
      if (on("session_end")) return "session-end";
      break;
    case "stop":
      if (on("stop")) return "stop";
      break;
  }
  const n = toolEventsEvery(config);
  const count = typeof state.tool_event_count === "number" ? state.tool_event_count : 0;
  if (isToolEvent(event) && n > 0 && count > 0 && count % n === 0) return `tool-count-${n}`;
  return null;
}

export function queueRecord(e: NormalizedEvent, preview: string, trigger: string, ts: string, topics: string[], manualSummary: string | null): Record<string, unknown> {
  const r: Record<string, unknown> = {
    cwd: e.cwd,
    event: "session_event",
    harness: e.harness,
    hook_event_name: e.eventName,
    llm_wiki_session_id: e.sid,
    model: e.model,
    native_session_id: e.nativeId,
    payload_preview: preview,
    schema_version: 1,
    tool_name: e.toolName,
    tool_use_id: e.toolUseId,
    transcript_path: e.transcriptPath,
    trigger,
    ts,
    turn_id: e.turnId,
  };
  if (topics.length) r.topics = topics;
  if (manualSummary) r.manual_summary = manualSummary;
  if (e.transcriptPathHash) r.transcript_path_hash = e.transcriptPathHash;
  return r;
}

function candidateExists(root: string, id: string): boolean {
  return readJsonl(candidatesPath(root)).some((c) => c.id === id);
}

export function ingestEvent(req: IngestRequest): IngestResult {
  const { root, event: e, config } = req;
  const t0 = req.t0 ?? performance.now();
  const clock = now();
  const ts = isoTs(clock);
  appendRecord(queuePath(root, ts), queueRecord(e, req.preview, req.trigger, ts, req.topics, req.manualSummary));

  const path = statePath(root, e.harness, e.nativeId);
  ensureDir(dirname(path));
  let result: IngestResult = { state: null, digestPath: null, candidate: null };
  try {
    result = withLockSync(path, { waitMs: req.lockWaitMs, ts }, () => {
      const loaded = loadState(path);
      if (loaded.corrupt) req.report("corrupt-file", "state file was damaged; a .corrupt copy was kept");
      const state = loaded.state;
      applyEvent(state, { event: e, ts, nowMs: clock.getTime(), trigger: req.trigger, topics: req.topics, manualSummary: req.manualSummary, preview: req.preview, config });
      if (loaded.fresh) {
        logRegistry(root, "session_seen", { cwd: e.cwd, harness: e.harness, llm_wiki_session_id: e.sid, native_session_id: e.nativeId, transcript_path: state.transcript_path ?? null }, ts);
      }

      let candidate: Record<string, unknown> | null = null;
      const forced = req.forcedFeedbackText !== undefined;
      if (forced || (e.kind === "user-prompt" && flag(config, "feedback", "enabled"))) {
        const text = forced ? (req.forcedFeedbackText as string) : e.userText;
        const c = classify(text, forced);
        const fb = (config.feedback ?? {}) as Record<string, unknown>;
        if (c && (forced || passesFilters(c, fb))) {
          const cand = buildCandidate(text, c, {
            sid: e.sid, harness: e.harness, nativeId: e.nativeId, cwd: e.cwd, hookEventName: e.eventName, turnId: e.turnId, ts,
            gitRemote: (state.git_remote as string | null) ?? null, gitBranch: (state.git_branch as string | null) ?? null,
          });
          const id = cand.id as string;
          const dup = forced ? candidateExists(root, id) : recentCandidateIds(state).has(id);
          if (!dup) {
            appendRecord(candidatesPath(root), cand);
            logRegistry(root, "feedback_candidate", { confidence: cand.confidence, cwd: e.cwd, feedback_type: cand.feedback_type, id, llm_wiki_session_id: e.sid }, ts);
            noteCandidate(state, cand);
            candidate = cand;
          }
        }
      }

      let digest: string | null = null;
      const trigger = req.forceDigestTrigger ?? triggerFor(e, state, config);
      if (trigger && (req.digestBudgetMs === undefined || performance.now() - t0 < req.digestBudgetMs)) {
        digest = writeCheckpoint(root, state, trigger, { lockWaitMs: req.lockWaitMs, ts });
      }
      saveState(path, state);
      return { state, digestPath: digest, candidate };
    });
  } catch (err) {
    if (err instanceof LockTimeoutError) {
      req.report("lock-timeout", "timed out waiting for the session lock; the event was queued but not counted");
      return result;
    }
    throw err;
  }
  markDirty(root, sessionMarker(e.harness, e.nativeId));
  if (result.candidate) markDirty(root, FEEDBACK_MARKER);
  return result;
}
