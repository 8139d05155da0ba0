// Rows of figures grouped one way: by session, branch, model, project or day.
// A subagent's calls go to its parent session's row when the parent is among
// the sessions given (counted once: its own row is not made then).
import { addFigure, emptyFigure, QUARTER_HOUR_MS, withCalls, type Figure, type SessionFigures } from "./figures.js";
import { dayFormatter } from "./days.js";
import { resolveParent } from "./parent.js";
import { projectKey } from "../fs/same-dir.js";

export const GROUPINGS = ["session", "model", "project", "day", "branch"] as const;
export type GroupBy = (typeof GROUPINGS)[number];

export interface ReportOptions {
  by: GroupBy;
  /** IANA zone for days (default: the local zone). */
  tz?: string;
  /** Inclusive days, YYYY-MM-DD in the zone: calls outside are left out. */
  since?: string;
  until?: string;
}

export interface Row extends Figure {
  /** The row's key as shown: a path, a model, a project, a day, "path · branch". */
  key: string;
  session?: string;
  id?: string;
  model?: string;
  project?: string;
  day?: string;
  /** "active" or "abandoned N" (by branch). */
  branch?: string;
  leafId?: string;
  /** When the row's session started (by session, by branch): for sorting. */
  created?: string;
}

/** Which session's row a session's calls belong to: its parent's for a listed subagent. */
function ownerOf(figures: SessionFigures[]): (f: SessionFigures) => SessionFigures {
  const byFile = new Map(figures.map((f) => [f.file, f]));
  const byId = new Map(figures.filter((f) => f.id).map((f) => [f.id, f]));
  return (f) => {
    let owner = f;
    // Up the chain of subagents (a subagent's subagent), bounded by the count of sessions.
    for (let steps = 0; owner.subagent && steps < figures.length; steps++) {
      const p = owner.parentSession;
      const parent = (p && (byFile.get(resolveParent(owner.file, p) ?? "") ?? byId.get(p))) || undefined;
      if (!parent || parent === owner) break;
      owner = parent;
    }
    return owner;
  };
}

/** Slots surely before `since` / after `until` in any zone (offsets stay within ±14 h): skipped without formatting their day. */
function slotBounds(since: string | undefined, until: string | undefined): [number, number] {
  const H14 = 14 * 3600_000;
  const lo = since === undefined ? -Infinity : Math.floor((Date.parse(`${since}T00:00:00Z`) - H14) / QUARTER_HOUR_MS);
  const hi = until === undefined ? Infinity : Math.ceil((Date.parse(`${until}T00:00:00Z`) + 86_400_000 + H14) / QUARTER_HOUR_MS);
  return [lo, hi];
}

/**
 * Files that are copies of one session (the same agent and session id: a
 * backup, an older version's file beside the migrated one) hold the same
 * calls: each call counts once, in the copy with the most calls (the others
 * keep what only they hold). Only such groups decode their calls.
 */
export function withoutCopies(figures: SessionFigures[]): SessionFigures[] {
  const groups = new Map<string, number[]>();
  figures.forEach((f, i) => {
    if (!f.id) return;
    const k = `${f.agent}\u0000${f.id}`;
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  });
  let out: SessionFigures[] | null = null;
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    const order = [...g].sort((a, b) => figures[b].total.calls - figures[a].total.calls || (figures[a].file < figures[b].file ? -1 : 1));
    const seen = new Set<number>();
    for (const i of order) {
      const f = figures[i];
      const kept = f.calls.filter((c) => !seen.has(c.key));
      for (const c of f.calls) seen.add(c.key);
      if (kept.length === f.calls.length) continue;
      out ??= [...figures];
      out[i] = withCalls(f, kept, f.duplicates + f.calls.length - kept.length);
    }
  }
  return out ?? figures;
}

export function report(all: SessionFigures[], opts: ReportOptions): Row[] {
  const figures = withoutCopies(all);
  const filtered = opts.since !== undefined || opts.until !== undefined;
  // Days are formatted only when asked for (by day, or a --since/--until): Intl is the slow part.
  const day = filtered || opts.by === "day" ? dayFormatter(opts.tz) : () => "";
  const [lo, hi] = slotBounds(opts.since, opts.until);
  const rows = new Map<string, Row>();
  const owner = ownerOf(figures);
  const row = (key: string, make: () => Omit<Row, keyof Figure>): Row => {
    let r = rows.get(key);
    if (!r) rows.set(key, (r = Object.assign(emptyFigure(), make())));
    return r;
  };
  const sessionRow = (o: SessionFigures): Row => row(o.file, () => ({ key: o.file, session: o.file, id: o.id, project: o.cwd, created: o.created }));
  // One project recorded in several spellings (a Windows path in two cases) is one row,
  // named as its most recently started session wrote it.
  const newestStart = new Map<Row, string>();
  const projectRow = (o: SessionFigures): Row => {
    const r = row(projectKey(o.cwd), () => ({ key: o.cwd || "(no project)", project: o.cwd }));
    const seen = newestStart.get(r);
    if (seen === undefined || o.created > seen) {
      newestStart.set(r, o.created);
      r.key = o.cwd || "(no project)";
      r.project = o.cwd;
    }
    return r;
  };
  const modelRow = (f: SessionFigures, m: number): Row => {
    const name = f.models[m] ?? "(unknown model)";
    return row(name, () => ({ key: name, model: name }));
  };
  for (const f of figures) {
    const o = owner(f);
    // Whole sessions need no buckets: the stored totals answer (a warm run decodes none).
    if (!filtered && opts.by !== "day" && opts.by !== "branch") {
      if (opts.by === "model") f.modelTotals.forEach((t, m) => addFigure(modelRow(f, m), t));
      else addFigure(opts.by === "session" ? sessionRow(o) : projectRow(o), f.total);
      continue;
    }
    let project: Row | undefined; // the session's project row, looked up once for all its buckets
    for (const b of f.buckets) {
      let d = "";
      if (filtered) {
        if (b.slot < lo || b.slot > hi) continue;
        d = day(b.slot);
        if (d === "" || (opts.since !== undefined && d < opts.since) || (opts.until !== undefined && d > opts.until)) continue;
      } else if (opts.by === "day") d = day(b.slot);
      let r: Row;
      switch (opts.by) {
        case "session":
          r = sessionRow(o);
          break;
        case "branch": {
          // A subagent's calls are its own row under the parent session: they are on no branch of the parent.
          const name = o !== f ? `subagent ${f.id || f.file}` : b.branch === 0 ? "active" : `abandoned ${b.branch}`;
          const leafId = o !== f ? undefined : f.branches[b.branch]?.leafId;
          r = row(`${o.file}\u0000${name}`, () => ({ key: `${o.file} · ${name}`, session: o.file, id: o.id, branch: name, leafId, created: o.created }));
          break;
        }
        case "model":
          r = modelRow(f, b.model);
          break;
        case "project":
          r = project ??= projectRow(o);
          break;
        case "day": {
          const k = d || "(no time)";
          r = row(k, () => ({ key: k, day: d || undefined }));
          break;
        }
      }
      addFigure(r, b);
    }
  }
  const out = [...rows.values()];
  return out.sort(orderFor(opts.by));
}

const byCost = (a: Row, b: Row): number => b.cost - a.cost || tokens(b) - tokens(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const tokens = (r: Figure): number => r.input + r.output + r.cacheRead + r.cacheWrite;
const branchNo = (r: Row): number => (r.branch === "active" ? 0 : r.branch?.startsWith("abandoned ") ? Number(r.branch.slice(10)) : Number.MAX_SAFE_INTEGER);

function orderFor(by: GroupBy): (a: Row, b: Row) => number {
  if (by === "day") return (a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  if (by === "branch") return (a, b) => (a.session! < b.session! ? -1 : a.session! > b.session! ? 1 : branchNo(a) - branchNo(b) || (a.key < b.key ? -1 : 1));
  return byCost;
}

/** The sum of rows. */
export function totalRow(rows: Row[]): Figure {
  const t = emptyFigure();
  for (const r of rows) addFigure(t, r);
  return t;
}

/** A row as `stats --json` prints it. */
export function rowJson(r: Row, by: GroupBy): Record<string, unknown> {
  const key: Record<string, unknown> =
    by === "session"
      ? { session: r.session, id: r.id, project: r.project }
      : by === "branch"
        ? { session: r.session, id: r.id, branch: r.branch, leafId: r.leafId ?? null }
        : by === "model"
          ? { model: r.model }
          : by === "project"
            ? { project: r.project }
            : { day: r.day ?? null };
  return {
    ...key,
    inputTokens: r.input,
    outputTokens: r.output,
    cacheReadTokens: r.cacheRead,
    cacheWriteTokens: r.cacheWrite,
    totalTokens: tokens(r),
    // Nothing priced: no cost at all, never $0.
    cost: r.calls > r.unpricedCalls ? r.cost : null,
    unpriced: { messages: r.unpricedCalls, tokens: r.unpricedTokens },
    messages: r.calls,
  };
}
