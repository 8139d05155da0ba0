// Short relative ages for the session list ("4m", "3h", "2d", "5w", "2y").
export function age(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return "?";
  const s = Math.max(0, (now - t) / 1000);
  if (s < 60) return `${Math.floor(s)}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86400) return `${Math.floor(s / 3600)}h`;
  if (s < 86400 * 14) return `${Math.floor(s / 86400)}d`;
  if (s < 86400 * 365) return `${Math.floor(s / (86400 * 7))}w`;
  return `${Math.floor(s / (86400 * 365))}y`;
}

/** A home-relative, compact project path. */
export function shortPath(p: string, home: string): string {
  if (home && (p === home || p.startsWith(home + "/"))) return "~" + p.slice(home.length);
  return p;
}

/** A path cut to `width` columns from the front ("…/dir/file.jsonl"): its end tells two copies apart. */
export function pathTail(p: string, width: number): string {
  if (p.length <= width) return p;
  return width <= 1 ? "…".slice(0, width) : "…" + p.slice(p.length - width + 1);
}
