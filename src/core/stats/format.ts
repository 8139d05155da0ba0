// Figures as short text, the same in the stats table, the stats screen, the
// list's cost column and the tree header.
import type { Figure } from "./figures.js";

/** 950, 12.3k, 4.56M, 1.2B: four significant characters or so. */
export function shortCount(n: number): string {
  const abs = Math.abs(n);
  if (abs < 1000) return String(Math.round(n));
  const [d, unit] = abs < 1e6 ? [1e3, "k"] : abs < 1e9 ? [1e6, "M"] : [1e9, "B"];
  const v = n / d;
  return `${Math.abs(v) < 10 ? v.toFixed(2) : Math.abs(v) < 100 ? v.toFixed(1) : v.toFixed(0)}${unit}`;
}

/** $0.0042, $1.23, $1,234 — cents once a dollar is reached, more digits below one. */
export function dollars(n: number): string {
  // a sum that could not be computed is unknown, never "$∞" or "$NaN"
  if (!Number.isFinite(n)) return "?";
  if (n === 0) return "$0";
  // Never "$0.0000" for a cost that is there: below the last digit shown, say so.
  if (n < 0.0001) return "<$0.0001";
  if (n < 0.01) return `$${n.toFixed(4)}`;
  if (n < 1000) return `$${n.toFixed(2)}`;
  return `$${Math.round(n).toLocaleString("en-US")}`;
}

/**
 * One call's recorded cost as its entry shows it (the detail pane, exports),
 * to the hundredth of a cent. A recorded 0 with tokens spent is the agent's
 * "no price", which stats prices from the table (or leaves unpriced): never
 * shown as $0.0000. `usage` is the entry's (input, output, cacheRead, cacheWrite).
 */
export function recordedCostText(cost: number, usage: Record<string, unknown>): string {
  const n = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  const spent = n(usage.input) + n(usage.output) + n(usage.cacheRead) + n(usage.cacheWrite);
  return cost === 0 && spent > 0 ? "not recorded" : `$${cost.toFixed(4)}`;
}

export const figureTokens = (f: Figure): number => f.input + f.output + f.cacheRead + f.cacheWrite;

/**
 * The cost as a cell: "$1.23"; "$1.23+?" when some calls are unpriced (the
 * sum leaves them out); "?" when none is priced; "" when there are no calls.
 */
export function costCell(f: Figure): string {
  if (f.calls === 0) return "";
  if (f.unpricedCalls === f.calls || !Number.isFinite(f.cost)) return "?";
  return f.unpricedCalls > 0 ? `${dollars(f.cost)}+?` : dollars(f.cost);
}

/** "3 msgs, 12.3k tokens" not priced, or "". */
export function unpricedCell(f: Figure): string {
  if (f.unpricedCalls === 0) return "";
  return `${f.unpricedCalls} msg${f.unpricedCalls === 1 ? "" : "s"}, ${shortCount(f.unpricedTokens)} tok`;
}
