// In-process equivalent of one hook call (same core pipeline, no stdin), for
// tests that need many events quickly.
import { loadConfig } from "../../src/core/capture/config.js";
import { normalizeEvent } from "../../src/core/capture/harness.js";
import { ingestEvent, type IngestResult } from "../../src/core/capture/ingest.js";
import { feedbackCandidate } from "../../src/core/capture/feedback-candidate.js";
import { payloadPreview } from "../../src/core/capture/redact.js";

/** `env`: the environment the harness gave its hook (default: this process's). */
export function send(root: string, p: Record<string, unknown>, harness?: string, env: NodeJS.ProcessEnv = process.env): IngestResult {
  const config = loadConfig(root).config;
  const event = normalizeEvent(p, { harness }, env);
  return ingestEvent(
    {
      root,
      config,
      event,
      preview: payloadPreview(p),
      trigger: event.eventName,
      topics: [],
      manualSummary: null,
      lockWaitMs: 3000,
      report: () => {},
    },
    feedbackCandidate,
  );
}
