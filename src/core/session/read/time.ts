// Times read from session files are untrusted numbers: JavaScript dates end at
// ±8.64e15 ms, and `new Date(9e15).toISOString()` throws "Invalid time value".
// One bad timestamp must cost that one value, never a listing.

/** The largest time a Date can hold (ms since the epoch). */
export const MAX_TIME_MS = 8.64e15;

/** A time that can become a Date: finite, after the epoch, within range. */
export const validTime = (ms: number): boolean => Number.isFinite(ms) && ms > 0 && ms <= MAX_TIME_MS;

/** The ISO form of a valid time, else null. */
export const isoOrNull = (ms: number): string | null => (validTime(ms) ? new Date(ms).toISOString() : null);
