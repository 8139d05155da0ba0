// Times read from session files are untrusted numbers: JavaScript dates end at
// ±8.64e15 ms, and `new Date(9e15).toISOString()` throws "Invalid time value".
// One bad timestamp must cost that one value, never a listing.

/** The largest time a Date can hold (ms since the epoch). */
export const MAX_TIME_MS = 8.64e15;

/** A time that can become a Date: finite, after the epoch, within range. */
export const validTime = (ms: number): boolean => Number.isFinite(ms) && ms > 0 && ms <= MAX_TIME_MS;

/** The ISO form of a valid time, else null. */
export const isoOrNull = (ms: number): string | null => (validTime(ms) ? new Date(ms).toISOString() : null);

const DIGIT_0 = 48;
/** The digit at i (NaN when it is none). */
function digit(s: string, i: number): number {
  const d = s.charCodeAt(i) - DIGIT_0;
  return d >= 0 && d <= 9 ? d : NaN;
}
const two = (s: string, i: number): number => digit(s, i) * 10 + digit(s, i + 1);
const MONTH_DAYS: readonly number[] = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const monthDays = (year: number, month: number): number => (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : MONTH_DAYS[month]);

/**
 * Date.parse, fast for the form agents write (`2026-06-01T12:34:56.789Z`):
 * a session's every line has one, and Date.parse reads it several times
 * slower than this arithmetic. Any other text, or a field out of range (a
 * 30th of February, a year before 1970), goes to Date.parse itself.
 */
export function parseIsoTime(s: string): number {
  if (s.length !== 24 || s.charCodeAt(23) !== 90 || s[4] !== "-" || s[7] !== "-" || s[10] !== "T" || s[13] !== ":" || s[16] !== ":" || s[19] !== ".") return Date.parse(s);
  const year = two(s, 0) * 100 + two(s, 2);
  const month = two(s, 5);
  const day = two(s, 8);
  const hour = two(s, 11);
  const minute = two(s, 14);
  const second = two(s, 17);
  const ms = two(s, 20) * 10 + digit(s, 22);
  if (!(year >= 1970 && month >= 1 && month <= 12 && day >= 1 && day <= monthDays(year, month) && hour <= 23 && minute <= 59 && second <= 59 && ms >= 0)) return Date.parse(s);
  // Days since the epoch of a civil date (the year taken to start in March, so that February's length does not matter).
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const days = era * 146097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719468;
  return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + ms;
}
