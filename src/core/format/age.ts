// How long ago, in two to four characters: the browser's lists and the `ls`
// table both have a narrow age column.

/**
 * "list" (the browser): seconds, minutes, hours, days, then weeks and years ("45s", "3h", "5w", "2y").
 * "table" (`ls`): "now" under a minute, then minutes, hours, days, and the date after a month.
 */
export type AgeStyle = "list" | "table";

/** The time from `iso` to `now` ("?" when `iso` is no date). */
export function age(iso: string, now: number = Date.now(), style: AgeStyle = "list"): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return "?";
  const raw = Math.max(0, (now - t) / 1000);
  const s = style === "table" ? Math.round(raw) : raw;
  if (s < 60) return style === "table" ? "now" : `${Math.floor(s)}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86400) return `${Math.floor(s / 3600)}h`;
  if (style === "table") return s < 86400 * 30 ? `${Math.floor(s / 86400)}d` : iso.slice(0, 10);
  if (s < 86400 * 14) return `${Math.floor(s / 86400)}d`;
  if (s < 86400 * 365) return `${Math.floor(s / (86400 * 7))}w`;
  return `${Math.floor(s / (86400 * 365))}y`;
}
