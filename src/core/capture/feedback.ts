// The feedback classifier (§7): high-signal user turns become candidates.
import { detectFeedback, re } from "./feedback-detect.js";
import { readable, userWords, withoutNoise } from "./feedback-injected.js";
import { previewText, scrubCut } from "./redact.js";
import { sha256Hex } from "./serialize.js";
import { envSlot } from "../env.js";
import { memoryNote } from "../memory-note.js";

export type FeedbackType = "correction" | "preference" | "approval" | "decision" | "manual";

// `\b` that knows letters beyond ASCII (the reference runs Python's re on str).
const wb = (alt: string): RegExp => re(`(?<![\\p{L}\\p{N}_])(?:${alt})(?![\\p{L}\\p{N}_])`);

const STRENGTH: Record<string, string> = { correction: "high", preference: "high", approval: "medium", decision: "medium", manual: "medium" };

// Built on first use: Unicode-property patterns cost a hook ~0.5 ms to construct, and only user prompts need them.
const scopes = envSlot((): readonly [string, RegExp][] => [
  ["global", wb("always|never|for future|next time|from now on|rule|policy")],
  ["repo", wb("repo|project|pr|release|docs?|readme|website|tests?|config|hook|environment|env")],
  ["topic", wb("topic|wiki|raw/notes|article|source|inventory|dataset")],
]);

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
  /** What to do next time, in one line (unscrubbed; buildCandidate scrubs it). */
  lesson: string;
  /** A few words of the agent message the turn answered, or null. */
  answered: string | null;
}

/**
 * Classifies normalized user text read against the agent message before it
 * (`before`; null when unknown). Null when it is not feedback. Injected text
 * (command output, reminders, summaries …) is never feedback.
 */
export function classify(text: string, forced = false, before: string | null = null): Classification | null {
  if (!text) return null;
  const memory = memoryNote(text);
  if (memory !== null) return memoryRule(readable(memory));
  // the words as a lesson shows them: a placeholder ("[Image #8] still does not work?") or a stray control character is not a word
  const own = readable(userWords(text));
  const l = own.toLowerCase().replace(/\u2019/g, "'");
  const scope = scopes().find(([, re]) => re.test(l))?.[0] ?? "session";
  const answered = answeredGist(before);
  const det = own ? detectFeedback(own, before) : null;
  if (det) return { type: det.type, strength: STRENGTH[det.type], confidence: det.confidence, rationale: det.rationale, scope, lesson: lessonOf(det.type, det.key, answered), answered };
  if (forced) return { type: "manual", strength: "medium", confidence: "medium", rationale: "manual feedback capture", scope, lesson: lessonOf("manual", text, answered), answered };
  return null;
}

/** A note saved with Claude Code's "#" shortcut (core/memory-note.ts): a standing rule by construction, whatever its words; a rule of its own, not an answer to the agent's message. */
function memoryRule(note: string): Classification {
  const l = note.toLowerCase();
  const scope = scopes().find(([, re]) => re.test(l))?.[0] ?? "global";
  return { type: "preference", strength: STRENGTH.preference, confidence: "high", rationale: "saved to the agent's memory (Claude Code's # shortcut)", scope, lesson: lessonOf("preference", note, null), answered: null };
}

const LESSON_LEAD: Record<FeedbackType, string> = {
  correction: "Next time, do it as the user said",
  preference: "Rule from now on",
  approval: "Keep doing what worked",
  decision: "The user took up",
  manual: "User feedback",
};

/** One line: what to do next time, with the turn's key sentence and what it answered. */
function lessonOf(type: FeedbackType, key: string, answered: string | null): string {
  const k = cutWords(readable(key), 200);
  if (type === "approval" || type === "decision") return answered ? `${LESSON_LEAD[type]}: "${answered}" (${k})` : `${LESSON_LEAD[type]}: ${k}`;
  return answered ? `${LESSON_LEAD[type]}: ${k} (after the agent's "${answered}")` : `${LESSON_LEAD[type]}: ${k}`;
}

const cutWords = (s: string, n: number): string => (s.length <= n ? s : s.slice(0, n).replace(/\s+\S*$/, "") + "…");

/** The last sentence of the agent message, without markdown, cut to a few words. */
export function answeredGist(before: string | null): string | null {
  if (!before) return null;
  const plain = withoutNoise(before)
    .replace(/```[\s\S]*?(?:```|$)/g, " ")
    .replace(/<[^>]{1,80}>/g, " ")
    .replace(/[*_`#>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!plain) return null;
  const sentences = plain.split(/(?<=[.!?])\s+/).filter((x) => /\p{L}/u.test(x));
  const last = sentences[sentences.length - 1] ?? plain;
  const words = last.split(" ");
  return words.length > 14 ? words.slice(0, 14).join(" ") + "…" : last;
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
  const preview = previewText(text, 360);
  return {
    confidence: c.confidence,
    cwd: ctx.cwd,
    distilled_lesson: LESSON_PREFIX[c.type] + scrubCut(readable(text), 360),
    event: "feedback_candidate",
    feedback_type: c.type,
    git_branch: ctx.gitBranch,
    git_remote: ctx.gitRemote,
    harness: ctx.harness,
    hook_event_name: ctx.hookEventName,
    id: candidateId(ctx.sid, ctx.turnId, ctx.hookEventName, c.type, textSha),
    lesson: scrubCut(c.lesson, 360),
    answered: c.answered == null ? null : scrubCut(c.answered, 120),
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
