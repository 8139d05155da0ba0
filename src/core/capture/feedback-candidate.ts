// The feedback candidate of one event (§8), built before the event is queued:
// the classifier needs the unredacted text, which never reaches disk. Kept
// apart from ingest.ts, which takes it as a parameter, so the hook loads the
// classifier only for the events that can yield a candidate.
import { buildCandidate, classify, passesFilters } from "./feedback.js";
import { userWords } from "./feedback-injected.js";
import { lastAgentText } from "./feedback-transcript.js";
import { mayYieldCandidate, type CandidateRequest } from "./ingest.js";

/** The candidate a user-prompt event (or `feedback capture`) yields, or null. Git fields are filled in by the fold. */
export function feedbackCandidate(req: CandidateRequest, ts: string): Record<string, unknown> | null {
  if (!mayYieldCandidate(req)) return null;
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
