// The feedback classifier (§7): high-signal user turns become candidates.
import { scrubCut } from "./redact.js";
import { sha256Hex } from "./serialize.js";

export type FeedbackType = "correction" | "preference" | "approval" | "decision" | "manual";

// `\b` that knows letters beyond ASCII (the reference runs Python's re on str).
const wb = (alt: string): RegExp => new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alt})(?![\\p{L}\\p{N}_])`, "u");

const IGNORED = /^(?:ok|okay|cool|thanks|thank you|ty|k|👍|👌)[.!]*$/u;

interface Rule {
  type: FeedbackType;
  strength: string;
  confidence: string;
  patterns: RegExp[];
  rationale: string;
}

const RULES: Rule[] = [
  {
    type: "correction",
    strength: "high",
    confidence: "high",
    rationale: "correction/redirection pattern",
    patterns: [wb("no|wrong|incorrect|not quite|actually|instead|you missed|you should have|shouldn'?t|don't|do not"), wb("that'?s not|this is not|not what i meant|wrong file|wrong repo|wrong approach")],
  },
  {
    type: "preference",
    strength: "high",
    confidence: "high",
    rationale: "preference/rule pattern",
    patterns: [wb("i prefer|i want|i'd like|i would like|for me|my environment"), wb("default should|should be|there should|we need|needs to|always|never|from now on|next time|for future")],
  },
  {
    type: "approval",
    strength: "medium",
    confidence: "medium",
    rationale: "approval/validation pattern",
    patterns: [wb("that worked|this worked|that fixed it|fixed it|works for me|looks good|lgtm|correct|exactly|perfect|great job|nice work"), wb("(?:yes|yep|yeah)[, ]+(?:that'?s|that is|this is|it is)? ?(?:right|correct|good|perfect)")],
  },
  {
    type: "decision",
    strength: "medium",
    confidence: "medium",
    rationale: "plan acceptance pattern",
    patterns: [wb("go ahead|do it|let'?s do that|sounds good|approved|ship it|make the pr|release it|proceed")],
  },
];

const SCOPES: [string, RegExp][] = [
  ["global", wb("always|never|for future|next time|from now on|rule|policy")],
  ["repo", wb("repo|project|pr|release|docs?|readme|website|tests?|config|hook|environment|env")],
  ["topic", wb("topic|wiki|raw/notes|article|source|inventory|dataset")],
];

export const LESSON_PREFIX: Record<FeedbackType, string> = {
  correction: "User correction/redirection to remember: ",
  preference: "User preference or design rule candidate: ",
  approval: "User validated the immediately preceding result or action: ",
  decision: "User approved proceeding with the prior plan or decision point: ",
  manual: "User feedback candidate: ",
};

export interface Classification {
  type: FeedbackType;
  strength: string;
  confidence: string;
  rationale: string;
  scope: string;
}

/** Classifies normalized user text; null when it is not feedback. */
export function classify(text: string, forced = false): Classification | null {
  if (!text) return null;
  const l = text.toLowerCase().replace(/\u2019/g, "'");
  if (!forced && IGNORED.test(l)) return null;
  const scope = SCOPES.find(([, re]) => re.test(l))?.[0] ?? "session";
  for (const r of RULES) {
    if (r.patterns.some((re) => re.test(l))) return { type: r.type, strength: r.strength, confidence: r.confidence, rationale: r.rationale, scope };
  }
  if (forced) return { type: "manual", strength: "medium", confidence: "medium", rationale: "manual feedback capture", scope };
  return null;
}

const RANK: Record<string, number> = { low: 0, medium: 1, high: 2 };

export interface FeedbackFilters {
  enabled?: unknown;
  capture_approvals?: unknown;
  min_confidence?: unknown;
}

/** The config filters (not applied to forced captures). */
export function passesFilters(c: Classification, f: FeedbackFilters): boolean {
  if (f.capture_approvals === false && c.type === "approval") return false;
  const min = typeof f.min_confidence === "string" && f.min_confidence in RANK ? RANK[f.min_confidence] : 1;
  return (RANK[c.confidence] ?? 0) >= min;
}

export interface CandidateContext {
  sid: string;
  harness: string;
  nativeId: string;
  cwd: string | null;
  hookEventName: string;
  turnId: string | null;
  ts: string;
  gitRemote: string | null;
  gitBranch: string | null;
}

export const candidateId = (sid: string, turnId: string | null, hookEventName: string, type: string, textSha: string): string => "fb-" + sha256Hex([sid, turnId ?? "", hookEventName ?? "", type, textSha].join("|")).slice(0, 16);

/** The §7.2 record for classified text. */
export function buildCandidate(text: string, c: Classification, ctx: CandidateContext): Record<string, unknown> {
  const textSha = sha256Hex(text);
  const preview = scrubCut(text, 360);
  return {
    confidence: c.confidence,
    cwd: ctx.cwd,
    distilled_lesson: LESSON_PREFIX[c.type] + preview,
    event: "feedback_candidate",
    feedback_type: c.type,
    git_branch: ctx.gitBranch,
    git_remote: ctx.gitRemote,
    harness: ctx.harness,
    hook_event_name: ctx.hookEventName,
    id: candidateId(ctx.sid, ctx.turnId, ctx.hookEventName, c.type, textSha),
    llm_wiki_session_id: ctx.sid,
    native_session_id: ctx.nativeId,
    promotion_recommendation: c.type === "correction" || c.type === "preference" ? "promote" : "review",
    rationale: c.rationale,
    schema_version: 1,
    scope_hint: c.scope,
    strength: c.strength,
    text_preview: preview,
    text_sha256: textSha,
    ts: ctx.ts,
    turn_id: ctx.turnId,
  };
}
