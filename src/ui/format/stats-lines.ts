// The stats screen as lines of text: totals, a bar chart of cost and of tokens
// per day over the last 30 days (▁▂▃▄▅▆▇█, a · for a day without calls, so it
// reads without colour), the top models and projects.
import { homedir } from "node:os";
import { report, totalRow, type Row } from "../../core/stats/report.js";
import { dayFormatter, lastDays } from "../../core/stats/days.js";
import { QUARTER_HOUR_MS, type Figure, type SessionFigures } from "../../core/stats/figures.js";
import { costCell, dollars, figureTokens, shortCount, unpricedCell } from "../../core/stats/format.js";
import { safeText } from "../../core/session/index.js";
import { displayWidth, fitWidth } from "./width.js";
import { pathTail } from "./path-tail.js";
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

function chart(title: string, days: string[], values: number[], label: (v: number) => string, width: number, none: string): Line[] {
  const max = Math.max(0, ...values);
  // Nothing to scale: a scale of "$0" would only puzzle.
  if (max <= 0) return [{ text: fitWidth(`${title}  (${none} in the last 30 days)`, width), tone: "muted" }];
  // Each day as wide as fits (1 to 3 columns), so the chart spans the screen.
  const cell = Math.max(1, Math.min(3, Math.floor((width - 2) / days.length)));
  const line = [...bars(values)].map((b) => b.repeat(cell)).join("");
  const span = days.length * cell;
  const from = days[0].slice(5);
  const to = days[days.length - 1].slice(5);
  const legend = [`(█ = ${label(max)},`, `▁ up to ${label(max / 8)},`, `${EMPTY_DAY} none)`];
  const oneLine = `${title}  ${legend.join(" ")}`;
  // Too narrow for one line: the legend goes under the title, whole (wrapped between its parts).
  const head = displayWidth(oneLine) <= width ? [oneLine] : [title, ...wrapWords("  ", legend, width)];
  return [...head.map((text): Line => ({ text: fitWidth(text, width), tone: "muted" })), { text: "  " + line }, { text: "  " + from + to.padStart(Math.max(to.length, span - from.length)), tone: "muted" }];
}

/** Words joined by spaces after `head`, onto as many lines of `width` as they need (continuations under the first word). */
function wrapWords(head: string, words: string[], width: number): string[] {
  const out: string[] = [];
  let cur = "";
  for (const w of words) {
    if (cur && displayWidth(head + cur + " " + w) > width) {
      out.push(head + cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  return cur ? [...out, head + cur] : out;
}

/** `path`: the names are paths, cut from the front when too long (their end tells them apart). */
function topLines(title: string, rows: Row[], n: number, name: (r: Row) => string, width: number, path = false): Line[] {
  const out: Line[] = [{ text: title, tone: "muted" }];
  if (rows.length === 0) out.push({ text: "  (none)", tone: "muted" });
  const shown = rows.slice(0, n).map((r) => ({ name: safeText(name(r)), cost: costCell(r), tokens: shortCount(figureTokens(r)), calls: r.calls }));
  // Each column as wide as its widest cell shown, the figures right after the longest name (a wide screen put
  // them 150 columns away; fixed paddings left a narrow screen's names a third of the row).
  const widest = (cells: string[]): number => Math.max(0, ...cells.map((c) => displayWidth(c)));
  const w = { name: widest(shown.map((x) => x.name)), cost: widest(shown.map((x) => x.cost)), tokens: widest(shown.map((x) => x.tokens)), calls: widest(shown.map((x) => String(x.calls))) };
  for (const x of shown) {
    const right = `${x.cost.padStart(w.cost)}  ${x.tokens.padStart(w.tokens)} tok  ${String(x.calls).padStart(w.calls)} msg${x.calls === 1 ? " " : "s"}`;
    const room = Math.max(8, Math.min(w.name, width - right.length - 4));
    out.push({ text: "  " + fitWidth(path ? pathTail(x.name, room) : x.name, room, true) + "  " + right });
  }
  return out;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The totals of a row as parts ("$1.20", "12k tokens (…)", "3 msgs", "unpriced: …"), to join or wrap. */
export function totalsParts(t: Figure): string[] {
  const un = unpricedCell(t);
  return [
    costCell(t) || "$0",
    `${shortCount(figureTokens(t))} tokens (input ${shortCount(t.input)}, output ${shortCount(t.output)}, cache read ${shortCount(t.cacheRead)}, cache write ${shortCount(t.cacheWrite)})`,
    plural(t.calls, "msg", "msgs"),
    ...(un ? [`unpriced: ${un}`] : []),
  ];
}

export function totalsLine(t: Figure): string {
  return totalsParts(t).join(" · ");
}

/** `head` then the parts joined with " · ", wrapped between parts (a part too long for a line wraps at its spaces) under an indent as wide as `head`. */
export function wrapParts(head: string, parts: string[], width: number): string[] {
  const indent = " ".repeat(head.length);
  const room = Math.max(10, width - head.length);
  const words: string[] = [];
  parts.forEach((p, i) => {
    const last = i === parts.length - 1;
    if (p.length + (last ? 0 : 2) <= room) words.push(last ? p : `${p} ·`);
    else p.split(" ").forEach((w, j, all) => words.push(j === all.length - 1 && !last ? `${w} ·` : w));
  });
  const out: string[] = [];
  let cur = "";
  for (const w of words) {
    if (cur && cur.length + 1 + w.length > room) {
      out.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) out.push(cur);
  return out.map((l, i) => fitWidth((i === 0 ? head : indent) + l, width));
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
    ...wrapParts("all time  ", totalsParts(total), width).map((text): Line => ({ text, tone: "accent" })),
    ...wrapParts("30 days   ", totalsParts(month), width).map((text): Line => ({ text })),
    { text: "" },
    ...chart(
      "cost per day, last 30 days",
      days,
      perDay.map((r) => r?.cost ?? 0),
      dollars,
      width,
      "no cost",
    ),
    { text: "" },
    ...chart(
      "tokens per day, last 30 days",
      days,
      perDay.map((r) => (r ? figureTokens(r) : 0)),
      shortCount,
      width,
      "no tokens",
    ),
    { text: "" },
    ...topLines("top models", report(figures, { by: "model" }), top, (r) => r.model ?? r.key, width),
    { text: "" },
    ...topLines("top projects", report(figures, { by: "project" }), top, (r) => (r.project ? tildePath(r.project, home) : "(no project)"), width, true),
  ];
}
