// A session named as the session list names it, for every screen that points
// at a session (feedback, digests, search): one title (core/session/title.ts),
// one line, and the list's row found for a captured session by its agent and id.
import { oneLine, sessionTitle, titleLine, type SessionSummary, type Titled } from "../../core/session/index.js";

/** The title the list shows for a session, one line of at most `max` columns (raw text made terminal-safe by oneLine). */
export function listTitle(s: Titled, max: number): string {
  return titleLine(sessionTitle(s), max);
}

/** How many units of a title a `/` search on a review screen matches: a row shows less, the preview a line of it. */
const MATCHED_TITLE_UNITS = 200;

/**
 * The title a captured session's rows show (feedback, digests), uncut: what `/` on those
 * screens matches, so that typing part of the shown title finds the row. Undefined when the
 * list does not hold the session (the rows show its id then, which `/` matches anyway).
 */
export function capturedTitle(rows: readonly SessionSummary[] | null, harness: unknown, nativeId: unknown): string | undefined {
  const row = listedSession(rows, harness, nativeId);
  return row && oneLine(sessionTitle(row), MATCHED_TITLE_UNITS);
}

// The list's rows by agent and session id, built once per list (a listing makes a new array).
const byAgentId = new WeakMap<readonly SessionSummary[], Map<string, SessionSummary>>();

/**
 * The listed session a captured one is (the capture store's harness is the agent's id, its native
 * session id the list row's id), or undefined when the list does not hold it (not read yet, another
 * machine's, or a listing of other folders).
 */
export function listedSession(rows: readonly SessionSummary[] | null, harness: unknown, nativeId: unknown): SessionSummary | undefined {
  if (!rows || typeof harness !== "string" || typeof nativeId !== "string" || !nativeId) return undefined;
  let index = byAgentId.get(rows);
  if (!index) {
    index = new Map();
    for (const r of rows) if (r.valid) index.set(`${r.agent}\u0000${r.id}`, index.get(`${r.agent}\u0000${r.id}`) ?? r);
    byAgentId.set(rows, index);
  }
  return index.get(`${harness}\u0000${nativeId}`);
}
