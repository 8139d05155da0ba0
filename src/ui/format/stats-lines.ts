// The stats screen as lines of text: totals, a bar chart of cost and of tokens
// per day over the last 30 days (▁▂▃▄▅▆▇█, a · for a day without calls, so it
// reads without colour), the top models and projects.
import { homedir } from "node:os";
import { report, totalRow, type Row } from "../../core/stats/report.js";
import { dayFormatter, lastDays } from "../../core/stats/days.js";
import { QUARTER_HOUR_MS, type Figure, type SessionFigures } from "../../core/stats/figures.js";
import { costCell, dollars, figureTokens, shortCount, unpricedCell } from "../../core/stats/format.js";
import { safeText } from "../../core/session/text/safe-text.js";
import { fitWidth } from "./width.js";
import { tildePath } from "../../core/fs/home-path.js";
import type { Line } from "./lines.js";

export const BLOCKS = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] as const;
/** A day without calls (nothing to draw, but not unknown). */
export const EMPTY_DAY = "·";

/** One block per value, scaled to the largest (█); 0 is EMPTY_DAY; every positive value is at least ▁. */
export function bars(values: number[]): string {
  const max = Math.max(0, ...values);
  return values.map((v) => (v <= 0 || max <= 0 ? EMPTY_DAY : BLOCKS[Math.min(7, Math.max(0, Math.ceil((v / max) * 8) - 1))])).join("");
}

export interface StatsLinesOptions {
  width: number;
  /** Now, for the last 30 days (ms). */
  now: number;
  tz?: string;
  top?: number;
}

const DAYS = 30;

function chart(title: string, days: string[], values: number[], label: (v: number) => string, width: number): Line[] {
  // Each day as wide as fits (1 to 3 columns), so the chart spans the screen.
  const cell = Math.max(1, Math.min(3, Math.floor((width - 2) / days.length)));
  const line = [...bars(values)].map((b) => b.repeat(cell)).join("");
  const max = Math.max(0, ...values);
  const span = days.length * cell;
  const from = days[0].slice(5);
  const to = days[days.length - 1].slice(5);
  return [
    { text: fitWidth(`${title}  (█ = ${label(max)}, ▁ up to ${label(max / 8)}, ${EMPTY_DAY} none)`, width), tone: "muted" },
    { text: "  " + line },
    { text: "  " + from + to.padStart(Math.max(to.length, span - from.length)), tone: "muted" },
  ];
}

function topLines(title: string, rows: Row[], n: number, name: (r: Row) => string, width: number): Line[] {
  const out: Line[] = [{ text: title, tone: "muted" }];
  if (rows.length === 0) out.push({ text: "  (none)", tone: "muted" });
  for (const r of rows.slice(0, n)) {
    const right = `${costCell(r).padStart(10)}  ${shortCount(figureTokens(r)).padStart(7)} tok  ${String(r.calls).padStart(6)} msgs`;
    out.push({ text: "  " + fitWidth(safeText(name(r)), Math.max(8, width - right.length - 4), true) + "  " + right });
  }
  return out;
}

export function totalsLine(t: Figure): string {
  const un = unpricedCell(t);
  return `${costCell(t) || "$0"} · ${shortCount(figureTokens(t))} tokens (input ${shortCount(t.input)} · output ${shortCount(t.output)} · cache read ${shortCount(t.cacheRead)} · cache write ${shortCount(t.cacheWrite)}) · ${t.calls} msgs${un ? ` · unpriced: ${un}` : ""}`;
}

export function statsLines(figures: SessionFigures[], opts: StatsLinesOptions): Line[] {
  const top = opts.top ?? 5;
  const width = opts.width;
  const day = dayFormatter(opts.tz);
  const days = lastDays(day(Math.floor(opts.now / QUARTER_HOUR_MS)), DAYS);
  const byDay = new Map(report(figures, { by: "day", tz: opts.tz, since: days[0], until: days[days.length - 1] }).map((r) => [r.day ?? "", r]));
  const perDay = days.map((d) => byDay.get(d));
  const all = report(figures, { by: "session", tz: opts.tz });
  const total = totalRow(all);
  const month = totalRow([...byDay.values()]);
  const home = homedir();
  return [
    { text: fitWidth(`all time  ${totalsLine(total)}`, width), tone: "accent" },
    { text: fitWidth(`30 days   ${totalsLine(month)}`, width) },
    { text: "" },
    ...chart(
      "cost per day, last 30 days",
      days,
      perDay.map((r) => r?.cost ?? 0),
      dollars,
      width,
    ),
    { text: "" },
    ...chart(
      "tokens per day, last 30 days",
      days,
      perDay.map((r) => (r ? figureTokens(r) : 0)),
      shortCount,
      width,
    ),
    { text: "" },
    ...topLines("top models", report(figures, { by: "model" }), top, (r) => r.model ?? r.key, width),
    { text: "" },
    ...topLines("top projects", report(figures, { by: "project" }), top, (r) => (r.project ? tildePath(r.project, home) : "(no project)"), width),
  ];
}
