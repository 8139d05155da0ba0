// The feedback candidate of one event (§8), built before the event is queued:
// the classifier needs the unredacted text, which never reaches disk. Kept
// apart from ingest.ts, which takes it as a parameter, so the hook loads the
// classifier only for the events that can yield a candidate. In the hook's
// build it is a bundle of its own (dist/hook-feedback.cjs, hooks-cli/capture/hook.ts),
// so it imports nothing of ingest.ts but a type.
import { buildCandidate, classify, passesFilters } from "./feedback.js";
import { userWords } from "./feedback-injected.js";
import { lastAgentText } from "./feedback-transcript.js";
import type { CandidateRequest } from "./ingest.js";

/**
 * The candidate a user-prompt event (or `feedback capture`) yields, or null.
 * Git fields are filled in by the fold. Called only for a request
 * mayYieldCandidate (ingest.ts) holds for: ingestEvent asks it first.
 */
export function feedbackCandidate(req: CandidateRequest, ts: string): Record<string, unknown> | null {
  const { event: e, config } = req;
  const forced = req.forcedFeedbackText !== undefined;
  const text = forced ? (req.forcedFeedbackText as string) : e.userText;
  // the agent message the turn answers: the transcript's tail only (bounded read)
  const before = !forced && text && e.transcriptPath ? lastAgentText(e.transcriptPath) : null;
  const c = classify(text, forced, before);
  const fb = (config.feedback ?? {}) as Record<string, unknown>;
  if (!c || !(forced || passesFilters(c, fb))) return null;
  // The words the user typed are what is kept (hashed, scrubbed), as import-session keeps them: not an IDE's context around them.
  const own = forced ? text : userWords(text) || text;
  return buildCandidate(own, c, { sid: e.sid, harness: e.harness, nativeId: e.nativeId, cwd: e.cwd, hookEventName: e.eventName, turnId: e.turnId, ts, gitRemote: null, gitBranch: null });
}
