// Every timestamp the store writes comes from here, so OMP_SESSIONS_NOW can
// freeze the clock for tests.

export function now(): Date {
  const fixed = process.env.OMP_SESSIONS_NOW;
  if (fixed) {
    const d = new Date(fixed);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return new Date();
}

/**
 * A monotonic clock in milliseconds, for time budgets within one process.
 * `performance.now()` would do, but loading node:perf_hooks (or touching the
 * global) costs the hook about 0.7 ms of CPU, more than some of its work.
 */
export function monoMs(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}

const p2 = (n: number): string => String(n).padStart(2, "0");

/**
 * `YYYY-MM-DDTHH:MM:SS` in UTC, as toISOString writes it, from the UTC
 * getters: toISOString first loads the local time zone (reading
 * /etc/localtime and its links, ~0.15 ms of the hook's start-up) though it
 * prints UTC. Years outside 0–9999 (and invalid dates) go to toISOString.
 */
export function utcSeconds(d: Date): string {
  const y = d.getUTCFullYear();
  if (!(y >= 0 && y <= 9999)) return d.toISOString().slice(0, 19);
  return `${String(y).padStart(4, "0")}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}T${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
}

/** UTC to the second: `YYYY-MM-DDTHH:MM:SSZ`. */
export const isoTs = (d: Date = now()): string => utcSeconds(d) + "Z";

/** UTC calendar date, for queue file names. */
export const utcDate = (d: Date = now()): string => utcSeconds(d).slice(0, 10);

/** Local calendar date `YYYY-MM-DD` (note names, `ingested`, log lines). */
export const localDate = (d: Date = now()): string => `${d.getFullYear()}-${p2(d.getMonth() + 1)}-${p2(d.getDate())}`;

/** Local `YYYYmmdd-HHMMSS`, for manual session ids. */
export const localStamp = (d: Date = now()): string => `${d.getFullYear()}${p2(d.getMonth() + 1)}${p2(d.getDate())}-${p2(d.getHours())}${p2(d.getMinutes())}${p2(d.getSeconds())}`;

/** UTC `YYYYMMDDTHHMMSSZ`, for `.corrupt-<stamp>` copies. */
export const corruptStamp = (d: Date = now()): string => utcSeconds(d).replace(/[-:]/g, "") + "Z";

/** Milliseconds since the epoch for an ISO timestamp, or NaN. */
export const tsMs = (ts: unknown): number => (typeof ts === "string" ? Date.parse(ts) : NaN);
