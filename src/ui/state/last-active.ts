// When a session last saw activity, for sorting the session list and its age
// column: its newest message, or its creation when that is later — a fork
// copies old messages under a fresh header (as pi's createBranchedSession
// does) and must sort as new.
import type { SessionSummary } from "../../core/session/index.js";

/** The time in ms (0 when neither time parses). */
export function lastActive(s: SessionSummary): number {
  const m = Date.parse(s.modified);
  const c = Date.parse(s.created);
  return Number.isFinite(c) && !(c <= m) ? c : Number.isFinite(m) ? m : 0;
}

/** Newest activity first. */
export const newestActiveFirst = (a: SessionSummary, b: SessionSummary): number => lastActive(b) - lastActive(a);

/** The activity time as ISO text, for the age column. */
export function lastActiveIso(s: SessionSummary): string {
  const t = lastActive(s);
  return t ? new Date(t).toISOString() : s.modified;
}
