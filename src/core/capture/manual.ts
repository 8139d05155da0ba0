// `capture` and `feedback capture` (§11): manual events through the same
// pipeline as the hook, with CLI lock budgets and no time budget.
import { localStamp } from "./clock.js";
import { loadConfig } from "./config.js";
import { CaptureConfigError } from "./errors.js";
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

export function manualCapture(root: string, o: ManualCaptureOptions): IngestResult {
  const config = configOrThrow(root);
  const payload: Record<string, unknown> = {
    session_id: o.sessionId || `manual-${localStamp()}`,
    hook_event_name: "ManualCapture",
    cwd: o.cwd ?? process.cwd(),
    transcript_path: o.transcriptPath ?? null,
    model: o.model ?? null,
  };
  const event = normalizeEvent(payload, { harness: o.harness || "manual" });
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
