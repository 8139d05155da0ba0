// The review queue's selection (§11 `feedback list`), shared by the CLI and the
// TUI: deduped candidates, newest first, filtered by status, type, session,
// cwd and minimum confidence.
import { foldBeforeRead } from "./fold.js";
import { sameDir } from "../fs/same-dir.js";
import { loadCandidates, newestCandidatesFirst, readStatus, reviewState, type Candidate, type ReviewState, type Status } from "./review.js";

export const CONFIDENCE_RANK: Record<string, number> = { low: 0, medium: 1, high: 2 };

export interface FeedbackQuery {
  /** Hide promoted candidates. */
  unpromoted?: boolean;
  /** Show dismissed candidates (hidden by default, as in the CLI). */
  includeDismissed?: boolean;
  /** Only this review state (the TUI's status filter); overrides the two flags above. */
  state?: ReviewState;
  type?: string;
  /** sid or native id. */
  sessionId?: string;
  /** Absolute cwd. */
  cwd?: string;
  /** low | medium | high; default medium. */
  minConfidence?: string;
  /** Fold duplicate lessons into their newest candidate, with a count (see foldCandidates). */
  fold?: boolean;
}

export interface FeedbackListing {
  status: Status;
  /** Every candidate, deduped, newest first (before filtering). */
  all: Candidate[];
  rows: Candidate[];
}

const s = (v: unknown): string => (v == null ? "" : String(v));

/** Does one candidate pass the query? */
export function matchesQuery(c: Candidate, status: Status, q: FeedbackQuery): boolean {
  const st = reviewState(status, c.id as string);
  if (q.state) {
    if (st !== q.state) return false;
  } else {
    if (q.unpromoted && st === "promoted") return false;
    if (!q.includeDismissed && st === "dismissed") return false;
  }
  if (q.type && c.feedback_type !== q.type) return false;
  if (q.sessionId && c.llm_wiki_session_id !== q.sessionId && c.native_session_id !== q.sessionId) return false;
  if (q.cwd && !(typeof c.cwd === "string" && c.cwd !== "" && sameDir(c.cwd, q.cwd))) return false;
  const min = CONFIDENCE_RANK[q.minConfidence ?? "medium"] ?? 1;
  return (CONFIDENCE_RANK[s(c.confidence)] ?? 0) >= min;
}

export function listFeedback(root: string, q: FeedbackQuery = {}): FeedbackListing {
  foldBeforeRead(root);
  const { status } = readStatus(root);
  const all = newestCandidatesFirst(loadCandidates(root));
  const rows = all.filter((c) => matchesQuery(c, status, q));
  return { status, all, rows: q.fold ? foldCandidates(rows) : rows };
}

const norm = (v: unknown): string =>
  s(v)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * What makes two candidates the same lesson: the same type and the same
 * words. A correction or rule is the same lesson in any session; a bare
 * "no" or "yes" is not (it means what the agent had said), nor is an
 * approval or acceptance of a different agent message.
 */
export function foldKey(c: Candidate): string {
  const text = norm(c.text_preview);
  const type = s(c.feedback_type);
  const general = (type === "correction" || type === "preference") && text.split(" ").length >= 3;
  return general ? `${type}|${text}` : `${type}|${text}|${norm(c.answered)}|${s(c.llm_wiki_session_id)}|${s(c.id)}`;
}

/**
 * Duplicate lessons folded into their first (newest) candidate, which gains
 * `count` (candidates folded in, itself included), `sessions` (distinct
 * sessions) and `folded_ids` (the others). The store is not changed: folding
 * is a view, so the reference helper and older readers see every line.
 */
export function foldCandidates(rows: readonly Candidate[]): Candidate[] {
  const groups = new Map<string, Candidate[]>();
  for (const c of rows) {
    const k = foldKey(c);
    const g = groups.get(k);
    if (g) g.push(c);
    else groups.set(k, [c]);
  }
  return [...groups.values()].map((g) => ({
    ...g[0],
    count: g.length,
    sessions: new Set(g.map((c) => s(c.llm_wiki_session_id))).size,
    folded_ids: g.slice(1).map((c) => c.id),
  }));
}

/** Counts per review state. */
export function reviewCounts(all: readonly Candidate[], status: Status): Record<ReviewState, number> {
  const out: Record<ReviewState, number> = { pending: 0, promoted: 0, dismissed: 0 };
  for (const c of all) out[reviewState(status, c.id as string)]++;
  return out;
}
