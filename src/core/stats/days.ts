// Calendar days in a time zone, from quarter-hour slots (figures.ts), with
// Intl alone: no time-zone package.
import { QUARTER_HOUR_MS } from "./figures.js";

export class TimeZoneError extends Error {}

/** The zone's name as Intl knows it (the local zone when none is given); throws TimeZoneError for an unknown one. */
export function checkTimeZone(tz: string | undefined): string {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    throw new TimeZoneError(`unknown time zone "${tz}" (an IANA name such as Europe/Berlin or UTC)`);
  }
}

/**
 * slot → "YYYY-MM-DD" in the zone ("" for a slot without a time), remembered
 * per slot. The local zone (tz undefined) is read from Date's own offsets,
 * which come from the same zone data: Intl is made only for a zone named,
 * or a year Date's ISO form does not write as four digits (Intl's first use
 * loads its zone data, about 10 ms of a warm `stats --by day`).
 */
export function dayFormatter(tz: string | undefined): (slot: number) => string {
  let fmt: Intl.DateTimeFormat | null = null;
  const intlDay = (ms: number): string => {
    fmt ??= new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" });
    const parts = fmt.formatToParts(ms);
    const get = (t: string): string => parts.find((p) => p.type === t)?.value ?? "";
    return `${get("year")}-${get("month")}-${get("day")}`;
  };
  const seen = new Map<number, string>();
  const spans = tz === undefined ? new LocalDays() : null;
  return (slot) => {
    if (slot < 0) return "";
    let d = seen.get(slot);
    if (d === undefined) {
      const ms = slot * QUARTER_HOUR_MS;
      seen.set(slot, (d = spans?.dayOf(ms) ?? intlDay(ms)));
    }
    return d;
  };
}

const DAY_MS = 86_400_000;

/**
 * The local zone's days, each found once: a day's span of instants (local
 * midnight to midnight) is kept when Date gives the same offset at both of
 * its ends, so every instant in it is that day without asking Date again
 * (a warm `stats --by day` asks for thousands of quarter hours of a few dozen
 * days). A day whose offset changes is answered instant by instant.
 */
class LocalDays {
  /** Spans by the UTC day their start falls in (a UTC day meets at most two local days). */
  private byUtcDay = new Map<number, { start: number; end: number; day: string }[]>();

  dayOf(ms: number): string | null {
    const key = Math.floor(ms / DAY_MS);
    const hit = this.inSpan(key, ms) ?? this.inSpan(key - 1, ms);
    if (hit !== null) return hit;
    // The day by the offset Date gives at that instant; null outside the years 1000–9999 (Intl answers those).
    const offset = new Date(ms).getTimezoneOffset() * 60_000;
    const local = new Date(ms - offset);
    const year = local.getUTCFullYear();
    if (year < 1000 || year > 9999) return null;
    const day = local.toISOString().slice(0, 10);
    const start = Math.floor((ms - offset) / DAY_MS) * DAY_MS + offset;
    const end = start + DAY_MS;
    if (new Date(start).getTimezoneOffset() * 60_000 === offset && new Date(end - 1).getTimezoneOffset() * 60_000 === offset) {
      const k = Math.floor(start / DAY_MS);
      const list = this.byUtcDay.get(k);
      if (list) list.push({ start, end, day });
      else this.byUtcDay.set(k, [{ start, end, day }]);
    }
    return day;
  }

  /** The day of a kept span starting in UTC day `key` that holds ms, or null. */
  private inSpan(key: number, ms: number): string | null {
    const list = this.byUtcDay.get(key);
    if (list) for (const s of list) if (ms >= s.start && ms < s.end) return s.day;
    return null;
  }
}

/** "YYYY-MM-DD" for a --since/--until value: YYYY-MM-DD or YYYYMMDD; null when it is neither. */
export function parseDay(v: string): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(v.trim());
  if (!m) return null;
  const [, y, mo, d] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return null;
  return `${y}-${mo}-${d}`;
}

/** The n days ending with `today` (YYYY-MM-DD), oldest first. */
export function lastDays(today: string, n: number): string[] {
  const [y, m, d] = today.split("-").map(Number);
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) out.push(new Date(Date.UTC(y, m - 1, d - i)).toISOString().slice(0, 10));
  return out;
}
