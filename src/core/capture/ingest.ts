// One event into the store (§4.5 steps 3–8), shared by the hook, `capture` and
// `feedback capture`. Touches only this session's files: O(1) in store size.
//
// The queue is the truth (fold.ts): the event is appended to the session's own
// queue before anything else, then to the day's queue (the store-wide log the
// reference helper also writes), and only then is the state brought up to date
// under the session lock. A lock timeout delays the count, never loses it.
import { dirname } from "node:path";
import { LockTimeoutError, withLockSync } from "../fs/lock.js";
import { ensureDir } from "../fs/dir.js";
import { randomHex } from "../fs/random-hex.js";
import { isoTs, monoMs, now } from "./clock.js";
import { takesFeedback, type CaptureConfig } from "./config.js";
import type { HookErrorKind } from "./errlog.js";
import type { NormalizedEvent } from "./harness.js";
import { appendRecord } from "./jsonfile.js";
import { markDirty } from "./markers.js";
import { FEEDBACK_MARKER, queuePath, sessionMarker } from "./paths.js";
import { foldLocked, sessionFiles, type FoldResult } from "./fold.js";
import type { State } from "./state.js";

export { triggerFor } from "./fold.js";

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
  /** monoMs() when the command started, for the digest budget. */
  t0?: number;
  /** Defer digests once this much time has passed since t0 (hook: 2500 ms). */
  digestBudgetMs?: number;
  /** Problems the caller logs (the hook: errors.jsonl; the CLI: stderr). */
  report(kind: HookErrorKind, message: string): void;
}

export interface IngestResult {
  /** The state after this call's fold; null when the lock timed out (the event is queued). */
  state: State | null;
  digestPath: string | null;
  candidate: Record<string, unknown> | null;
  /** The event's line is in both queues (always true once ingestEvent returns). */
  queued: boolean;
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

/**
 * The feedback candidate of an event that may yield one (feedback-candidate.ts).
 * A parameter, not an import: the classifier is the biggest part of the hook's
 * code, and the hook loads it only for the events that need it (user prompts).
 */
export type CandidateBuilder = (req: CandidateRequest, ts: string) => Record<string, unknown> | null;

/** What a candidate is built from. */
export type CandidateRequest = Pick<IngestRequest, "event" | "config" | "forcedFeedbackText">;

/** The event may yield a feedback candidate: a user prompt of a session that takes feedback (not a headless run), or `feedback capture`. */
export const mayYieldCandidate = (req: CandidateRequest): boolean => req.forcedFeedbackText !== undefined || (req.event.kind === "user-prompt" && takesFeedback(req.config, req.event.headless === true));

/** The session-queue line: the day-queue record plus what the fold needs (the preview only where the state keeps it). */
function sessionLine(req: IngestRequest, record: Record<string, unknown>, lineId: string, candidate: Record<string, unknown> | null): Record<string, unknown> {
  const line: Record<string, unknown> = { ...record, line_id: lineId };
  if (req.event.kind !== "post-compact") delete line.payload_preview;
  if (req.forceDigestTrigger) line.force_digest = req.forceDigestTrigger;
  if (candidate) line.candidate = candidate;
  if (req.forcedFeedbackText !== undefined) line.forced_feedback = true;
  return line;
}

/** `candidateOf` may be null only for an event that yields no candidate (mayYieldCandidate false). */
export function ingestEvent(req: IngestRequest, candidateOf: CandidateBuilder | null): IngestResult {
  const { root, event: e } = req;
  const t0 = req.t0 ?? monoMs();
  const ts = isoTs(now());
  const record = queueRecord(e, req.preview, req.trigger, ts, req.topics, req.manualSummary);
  const lineId = randomHex(8);
  const files = sessionFiles(root, e.harness, e.nativeId);
  let prebuilt: Record<string, unknown> | null = null;
  if (mayYieldCandidate(req)) {
    if (!candidateOf) throw new Error("ingestEvent: this event may yield a feedback candidate, but no candidate builder was given");
    prebuilt = candidateOf(req, ts);
  }
  let refused: unknown = null;
  try {
    appendRecord(files.queue, sessionLine(req, record, lineId, prebuilt));
  } catch (err) {
    refused = err;
  }
  // The day's queue gets every event, one that its session's queue refused (a link or a FIFO planted there) too.
  appendRecord(queuePath(root, ts), record);
  if (refused !== null) throw refused;

  ensureDir(dirname(files.state));
  let fold: FoldResult | null = null;
  try {
    fold = withLockSync(files.state, { waitMs: req.lockWaitMs, ts }, (h) =>
      foldLocked(root, files, {
        stillHeld: () => h.verify(),
        config: req.config,
        lockWaitMs: req.lockWaitMs,
        digestDeadline: req.digestBudgetMs === undefined ? undefined : t0 + req.digestBudgetMs,
        ownLineId: lineId,
        report: req.report,
      }),
    );
  } catch (err) {
    if (!(err instanceof LockTimeoutError)) throw err;
    req.report("lock-timeout", "timed out waiting for the session lock; the event is queued and the next writer of this session counts it");
  }
  // marked either way: a reader folds what a timed-out hook left
  markDirty(root, sessionMarker(e.harness, e.nativeId));
  if (fold?.anyCandidate) markDirty(root, FEEDBACK_MARKER);
  if (!fold) return { state: null, digestPath: null, candidate: null, queued: true };
  // another holder folded our line first: its results are in the state it left
  const byOther = !fold.ownFolded;
  const digestPath = fold.digestPath ?? (byOther && req.forceDigestTrigger && typeof fold.state?.last_digest_path === "string" ? fold.state.last_digest_path : null);
  return { state: fold.state, digestPath, candidate: fold.candidate ?? (byOther ? prebuilt : null), queued: true };
}
