// Pure selection for the review screens: the feedback queue's filters and
// fuzzy search, the digests list's search. Recomputed on a filter or query
// change only, never per cursor move.
import Fuse from "fuse.js";
import { matchesQuery, type FeedbackQuery } from "../../core/capture/feedback-list.js";
import { effectiveLesson, type Candidate, type ReviewState, type Status } from "../../core/capture/review.js";
import type { State } from "../../core/capture/state.js";
import type { SessionSummary } from "../../core/session/index.js";
import { capturedTitle } from "../format/list-title.js";

export type StatusFilter = ReviewState | "all";
export const STATUS_FILTERS: StatusFilter[] = ["pending", "promoted", "dismissed", "all"];
/** What the screen calls each status filter. */
export const STATUS_LABEL: Record<StatusFilter, string> = { pending: "new", promoted: "promoted", dismissed: "dismissed", all: "all" };
export const TYPE_FILTERS = [null, "correction", "preference", "approval", "decision", "manual"] as const;
export const CONFIDENCE_FILTERS = ["low", "medium", "high"] as const;

/** The minimum-confidence filter in words: any, medium+ (medium or high), high (nothing is above it). */
export function confidenceLabel(min: string): string {
  return min === "low" ? "any" : min === "high" ? "high" : `${min}+`;
}

export interface FeedbackFilters {
  status: StatusFilter;
  type: string | null;
  /** Minimum confidence; "low" = any. */
  minConfidence: string;
  /** One session only (sid), e.g. after `I` on the tree. */
  session: string | null;
}

export const queryOf = (f: FeedbackFilters): FeedbackQuery => ({
  state: f.status === "all" ? undefined : f.status,
  includeDismissed: true,
  type: f.type ?? undefined,
  minConfidence: f.minConfidence,
  sessionId: f.session ?? undefined,
});

const words = (q: string): string[] => q.trim().split(/\s+/).filter(Boolean);

/** Items hit by every word (fuzzy per word, typos forgiven), in their original order. */
function fuzzyAll<T>(items: T[], fuse: Fuse<Record<string, string>>, q: string): T[] {
  const ws = words(q);
  if (ws.length === 0) return items;
  const hits = new Map<number, number>();
  for (const w of ws) for (const r of fuse.search(w)) hits.set(r.refIndex, (hits.get(r.refIndex) ?? 0) + 1);
  return items.filter((_, i) => hits.get(i) === ws.length);
}

const fuseOf = (docs: Record<string, string>[], keys: string[]) => new Fuse(docs, { keys, threshold: 0.35, ignoreLocation: true });

const s = (v: unknown): string => (v == null ? "" : String(v));
// The lesson holds the redacted words (prefix + preview), so they need no key of their own.
// title: the session's title as its row shows it (format/list-title.ts), when the list holds it.
const FEEDBACK_KEYS = ["lesson", "type", "session", "scope", "title"];

/** The session list's rows (the app store's `sessions`): what the review rows' titles come from. */
export type ListedRows = readonly SessionSummary[] | null;

/** The candidates the queue shows: filters, then the search (every word must match; a session's title as the row shows it too). */
export type FeedbackView = (all: Candidate[], status: Status, f: FeedbackFilters, query: string, listed?: ListedRows) => Candidate[];

/**
 * A feedback view for one review store. It keeps the filtered list and its
 * search index while the data and filters stay the same: typing a search then
 * costs one Fuse query per word, not an index of every candidate.
 */
export function createFeedbackView(): FeedbackView {
  let last: { all: Candidate[]; status: Status; key: string; base: Candidate[]; listed: ListedRows; fuse: Fuse<Record<string, string>> | null } | null = null;
  return (all, status, f, query, listed = null) => {
    const key = JSON.stringify(f);
    if (!last || last.all !== all || last.status !== status || last.key !== key) {
      const q = queryOf(f);
      last = { all, status, key, base: all.filter((c) => matchesQuery(c, status, q)), listed, fuse: null };
    }
    const cached = last;
    if (words(query).length === 0) return cached.base;
    // A new listing names the sessions anew: the index is built again on the next search.
    if (cached.listed !== listed) {
      cached.listed = listed;
      cached.fuse = null;
    }
    cached.fuse ??= fuseOf(
      cached.base.map((c) => ({
        lesson: effectiveLesson(status, c),
        type: s(c.feedback_type),
        session: s(c.llm_wiki_session_id),
        scope: s(c.scope_hint),
        title: capturedTitle(listed, c.harness, c.native_session_id) ?? "",
      })),
      FEEDBACK_KEYS,
    );
    return fuzzyAll(cached.base, cached.fuse, query);
  };
}

export interface DigestItem {
  path: string;
  state: State;
}

/** The captured sessions the digests list shows: every word of the search must match (a session's title as its row shows it too). */
export function digestsView(all: DigestItem[], query: string, listed: ListedRows = null): DigestItem[] {
  if (words(query).length === 0) return all;
  const docs = all.map(({ state }) => ({
    title: capturedTitle(listed, state.harness, state.native_session_id) ?? "",
    session: s(state.llm_wiki_session_id),
    harness: s(state.harness),
    cwd: s(state.cwd),
    topics: Array.isArray(state.topics) ? state.topics.join(" ") : "",
    branch: s(state.git_branch),
  }));
  return fuzzyAll(all, fuseOf(docs, ["title", "session", "harness", "cwd", "topics", "branch"]), query);
}
