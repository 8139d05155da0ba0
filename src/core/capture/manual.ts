// `capture` and `feedback capture` (§11): manual events through the same
// pipeline as the hook, with CLI lock budgets and no time budget.
import { localStamp } from "./clock.js";
import { loadConfig } from "./config.js";
import { CaptureConfigError, CaptureNotFoundError } from "./errors.js";
import { listCaptured } from "./captured.js";
import { absoluteDir } from "../fs/same-dir.js";
import { storedIdsFor } from "./redact.js";
import { normalizeEvent } from "./harness.js";
import { ingestEvent, type IngestResult } from "./ingest.js";
import { feedbackCandidate } from "./feedback-candidate.js";
import { payloadPreview, scrubCut } from "./redact.js";
import { CLI_LOCK_WAIT_MS } from "./review.js";

export interface ManualCaptureOptions {
  sessionId?: string;
  summary?: string;
  harness?: string;
  cwd?: string;
  transcriptPath?: string;
  model?: string;
  topics?: string[];
  warn?: (msg: string) => void;
}

function configOrThrow(root: string) {
  const loaded = loadConfig(root);
  // `capture` ignores `enabled`, but a corrupt file still needs the user's attention
  if (loaded.error) throw new CaptureConfigError(`${loaded.error} (${loaded.path}); run \`omp-sessions enable\` to rewrite it`);
  return loaded.config;
}

/** The session a manual checkpoint is for. */
export interface CaptureTarget {
  harness: string;
  nativeId: string;
  cwd: string;
  /** A session the store already holds (false: a new one). */
  known: boolean;
}

/**
 * Which session `capture` checkpoints. `--session-id` names one: a captured
 * session whose sid or native id it is (the newest, of `--harness` if given),
 * else a new session of that id (harness `manual` unless given). Without it,
 * the newest captured session of the directory (`--cwd`, else the working
 * directory, any spelling of it), of `--harness` if given: what was just
 * worked on here. None there is an error that says what to pass — never a
 * session made up on the spot. A known session keeps its own cwd unless
 * `--cwd` is given.
 */
export function captureTarget(root: string, o: Pick<ManualCaptureOptions, "sessionId" | "harness" | "cwd">, processCwd = process.cwd()): CaptureTarget {
  const dir = absoluteDir(o.cwd ?? processCwd, processCwd);
  if (o.sessionId) {
    const ids = storedIdsFor(o.sessionId);
    const hit = listCaptured(root, { harness: o.harness || undefined }).find((x) => ids.has(String(x.state.llm_wiki_session_id)) || ids.has(String(x.state.native_session_id)));
    if (hit) return { harness: String(hit.state.harness), nativeId: String(hit.state.native_session_id), cwd: o.cwd ?? (typeof hit.state.cwd === "string" && hit.state.cwd ? hit.state.cwd : dir), known: true };
    return { harness: o.harness || "manual", nativeId: o.sessionId, cwd: dir, known: false };
  }
  const here = listCaptured(root, { cwd: dir, harness: o.harness || undefined })[0];
  if (!here)
    throw new CaptureNotFoundError(
      `no captured${o.harness ? ` ${o.harness}` : ""} session in ${dir}: pass --session-id ID (a captured session's id, or a new id for a manual session) or --cwd DIR; \`omp-sessions captured\` lists the sessions, \`omp-sessions capture --help\` the options`,
    );
  return { harness: String(here.state.harness), nativeId: String(here.state.native_session_id), cwd: String(here.state.cwd), known: true };
}

export function manualCapture(root: string, o: ManualCaptureOptions): IngestResult {
  const config = configOrThrow(root);
  const target = captureTarget(root, o);
  const payload: Record<string, unknown> = {
    session_id: target.nativeId,
    hook_event_name: "ManualCapture",
    cwd: target.cwd,
    transcript_path: o.transcriptPath ?? null,
    model: o.model ?? null,
  };
  const event = normalizeEvent(payload, { harness: target.harness });
  const summary = o.summary ? scrubCut(o.summary, 2000) : null;
  return ingestEvent(
    {
      root,
      config,
      event,
      preview: payloadPreview(payload),
      trigger: event.eventName,
      topics: (o.topics ?? []).map((t) => scrubCut(t, 1000)),
      manualSummary: summary,
      forceDigestTrigger: "manual",
      lockWaitMs: CLI_LOCK_WAIT_MS,
      report: (kind, msg) => o.warn?.(`${kind}: ${msg}`),
    },
    feedbackCandidate,
  );
}

export interface FeedbackCaptureOptions {
  text: string;
  harness?: string;
  sessionId?: string;
  cwd?: string;
  warn?: (msg: string) => void;
}

export function feedbackCapture(root: string, o: FeedbackCaptureOptions): IngestResult {
  const config = configOrThrow(root);
  const payload: Record<string, unknown> = {
    session_id: o.sessionId || `manual-feedback-${localStamp()}`,
    hook_event_name: "ManualFeedback",
    cwd: o.cwd ?? process.cwd(),
    feedback_text: o.text,
  };
  const event = normalizeEvent(payload, { harness: o.harness || "manual" });
  // the preview never carries the text itself
  const previewPayload = { ...payload, feedback_text: undefined, prompt: o.text };
  return ingestEvent(
    {
      root,
      config,
      event,
      preview: payloadPreview(previewPayload),
      trigger: event.eventName,
      topics: [],
      manualSummary: null,
      forcedFeedbackText: event.userText,
      lockWaitMs: CLI_LOCK_WAIT_MS,
      report: (kind, msg) => o.warn?.(`${kind}: ${msg}`),
    },
    feedbackCandidate,
  );
}
