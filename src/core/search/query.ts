// Search queries: the user's words become an FTS5 query that cannot fail to
// parse (every word and phrase is quoted; FTS operators in the input are just
// text), plus field filters `cwd:`, `role:` and `label:` that are SQL.
//   words        every word must match (any order)
//   "a phrase"   the words next to each other
//   pre*         any word starting with "pre"
// A query whose words match no entry as whole words is asked again with each
// bare word as a prefix (`frinfo` finds `frinfo702`): its hits say so (SearchHit.widened).
//   cwd:DIR      sessions whose cwd is DIR or under it (a bare name: cwd contains it)
//   role:R       user, assistant, tool (tool output; needs the tools index) or bash
//   label:TEXT   entries whose label in force contains TEXT (label: alone: any label)
import { expandHome } from "../fs/home-path.js";
import { isWindowsPath, windowsDirKey } from "../fs/windows-path.js";
import type { SearchDb } from "./db.js";
import { cjkWords, withoutCjkBreaks } from "./cjk.js";
import type { SearchRole } from "./extract.js";
import { safeText, withoutStyles } from "../session/index.js";

export class SearchQueryError extends Error {}

export interface ParsedQuery {
  /** The FTS5 MATCH expression, or null for a query of filters only. */
  match: string | null;
  /** The same with every bare word (not a phrase, no `*`) a prefix: asked when `match` finds nothing; null when there is no bare word. */
  widened: string | null;
  cwd: string[];
  roles: SearchRole[];
  labels: string[];
}

const ROLES: Record<string, SearchRole> = {
  user: "user",
  assistant: "assistant",
  tool: "tool",
  tools: "tool",
  toolresult: "tool",
  bash: "bash",
};

const hasWordChar = (s: string): boolean => /[\p{L}\p{N}]/u.test(s);
/** A word or phrase as one FTS5 string (a phrase of its words), its CJK characters split as the index splits them (cjk.ts). */
const quote = (s: string): string => `"${cjkWords(s).replace(/"/g, '""')}"`;

// Bounds on a query: each filter is one SQL condition and each word one FTS5 term, and SQLite refuses
// an expression deeper than 1000 ("Expression tree is too large"). A query past these is a usage error.
export const MAX_QUERY_CHARS = 4096;
const MAX_FILTERS = 64;
const MAX_TERMS = 128;

/** Splits the query into terms and filters; throws SearchQueryError for a query that asks for nothing, or for too much. */
export function parseQuery(input: string): ParsedQuery {
  if (input.length > MAX_QUERY_CHARS) throw new SearchQueryError(`the query is ${input.length} characters long; at most ${MAX_QUERY_CHARS}`);
  const out: ParsedQuery = { match: null, widened: null, cwd: [], roles: [], labels: [] };
  const terms: string[] = [];
  /** terms, with each bare word a prefix. */
  const wide: string[] = [];
  let bareWords = 0;
  let i = 0;
  const s = input;
  /** A quoted value from i (at the opening quote) to the closing quote or the end. */
  const quoted = (): string => {
    const close = s.indexOf('"', i + 1);
    const v = s.slice(i + 1, close === -1 ? s.length : close);
    i = close === -1 ? s.length : close + 1;
    return v;
  };
  const bare = (): string => {
    const m = /^\S*/.exec(s.slice(i))![0];
    i += m.length;
    return m;
  };
  while (i < s.length) {
    if (/\s/.test(s[i])) {
      i++;
      continue;
    }
    const field = /^(cwd|role|label):/i.exec(s.slice(i));
    if (field) {
      i += field[0].length;
      const value = s[i] === '"' ? quoted() : bare();
      const name = field[1].toLowerCase();
      if (name === "role") {
        const role = ROLES[value.toLowerCase()];
        if (!role) throw new SearchQueryError(`unknown role "${safeText(value)}" (role:user, role:assistant, role:tool, role:bash)`);
        out.roles.push(role);
      } else if (name === "cwd") {
        if (value === "") throw new SearchQueryError("cwd: needs a directory");
        out.cwd.push(value);
      } else out.labels.push(value);
      continue;
    }
    if (s[i] === '"') {
      const phrase = quoted();
      if (hasWordChar(phrase)) {
        terms.push(quote(phrase));
        wide.push(quote(phrase));
      }
      continue;
    }
    const word = bare();
    const prefix = /\*+$/.test(word);
    const stem = word.replace(/\*+$/, "");
    if (!hasWordChar(stem)) continue; // punctuation alone matches nothing the index keeps
    terms.push(prefix ? `${quote(stem)}*` : quote(stem));
    wide.push(`${quote(stem)}*`);
    if (!prefix) bareWords++;
  }
  const filters = out.cwd.length + out.roles.length + out.labels.length;
  if (filters > MAX_FILTERS) throw new SearchQueryError(`${filters} cwd:/role:/label: filters; at most ${MAX_FILTERS}`);
  if (terms.length > MAX_TERMS) throw new SearchQueryError(`${terms.length} words to search for; at most ${MAX_TERMS}`);
  if (terms.length > 0) out.match = terms.join(" ");
  if (bareWords > 0) out.widened = wide.join(" ");
  if (out.match === null && out.cwd.length + out.roles.length + out.labels.length === 0) {
    throw new SearchQueryError(input.trim() === "" ? "nothing to search for" : `nothing to search for in "${safeText(input)}" (words need letters or digits)`);
  }
  return out;
}

export interface SearchHit {
  path: string;
  entryId: string;
  role: SearchRole;
  cwd: string;
  timestamp: string;
  /** The label in force on the entry, or null. */
  label: string | null;
  /** The session's id, and its title as the session list shows it (session/title.ts; one terminal-safe line, "" in a file not fully indexed yet). */
  sessionId: string;
  title: string;
  /** bm25 rank (lower is better; 0 for filter-only queries). */
  score: number;
  /** One terminal-safe line around the match. */
  snippet: string;
  /** [start, end) character ranges of `snippet` that matched. */
  marks: [number, number][];
  /** Present when the query's words matched no entry whole and each was taken as a prefix (ParsedQuery.widened). */
  widened?: true;
}

export interface SearchOptions {
  limit?: number;
  /** Matches ranked (default RANK_WINDOW). */
  window?: number;
}

const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => "\\" + c);

/** Turns FTS5 snippet text (matches between \x01 and \x02) into one safe line and its marks. */
export function renderSnippet(raw: string): { snippet: string; marks: [number, number][] } {
  let snippet = "";
  const marks: [number, number][] = [];
  let open = -1;
  for (const part of raw.split(/([\x01\x02])/)) {
    if (part === "\x01") open = snippet.length;
    else if (part === "\x02") {
      if (open >= 0 && snippet.length > open) marks.push([open, snippet.length]);
      open = -1;
    } else snippet += safeText(withoutStyles(withoutCjkBreaks(part)).replace(/[\s\u0085\u2028\u2029]+/g, " "));
  }
  const lead = snippet.length - snippet.trimStart().length;
  snippet = snippet.trim();
  return { snippet, marks: marks.map(([a, b]) => [Math.max(0, a - lead), Math.min(snippet.length, b - lead)]) };
}

/**
 * Matches ranked per query: the newest this many (rowid order is time order,
 * see db.ts). Ranking every match of a common word costs a bm25 score and a
 * document-length lookup for each of tens of thousands of entries; walking
 * the matches newest first stops after these.
 */
export const RANK_WINDOW = 5_000;

interface Row {
  rid: number;
  eid: string;
  role: SearchRole;
  ts: string;
  path: string;
  cwd: string;
  sid: string;
  title: string;
  label: string | null;
  snip: string | null;
}

const hit = (r: Row, score: number): SearchHit => ({
  path: r.path,
  entryId: r.eid,
  role: r.role,
  cwd: r.cwd,
  timestamp: r.ts,
  label: r.label,
  sessionId: r.sid,
  title: r.title,
  score,
  ...renderSnippet(r.snip ?? ""),
});

const SNIPPET = "snippet(docs, 0, char(1), char(2), '…', 16)";
const DETAILS = "e.rowid AS rid, e.eid AS eid, e.role AS role, e.ts AS ts, f.path AS path, f.cwd AS cwd, f.sid AS sid, f.title AS title, l.label AS label";

/**
 * Runs a query against an index database. With words: best matches (bm25)
 * first among the RANK_WINDOW newest matching entries, ties newest first.
 * Filters only: newest first. No hit for the words as typed: the query is
 * asked again with each bare word a prefix, and those hits are marked.
 */
export function searchDb(db: SearchDb, q: ParsedQuery, opts: SearchOptions = {}): SearchHit[] {
  const hits = searchExact(db, q, opts);
  if (hits.length > 0 || q.widened === null) return hits;
  return searchExact(db, { ...q, match: q.widened, widened: null }, opts).map((h) => ({ ...h, widened: true }));
}

function searchExact(db: SearchDb, q: ParsedQuery, opts: SearchOptions): SearchHit[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.match !== null) {
    where.push("docs MATCH ?");
    params.push(q.match);
  }
  if (q.roles.length > 0) {
    where.push(`e.role IN (${q.roles.map(() => "?").join(", ")})`);
    params.push(...q.roles);
  }
  if (q.cwd.length > 0) {
    const parts = q.cwd.map((c) => {
      if (isWindowsPath(c)) {
        // the dir or a dir under it, compared as Windows compares paths (windows_dir_key: db.ts)
        const key = windowsDirKey(c);
        params.push(key, key.endsWith("\\") ? key : key + "\\");
        return "(windows_dir_key(f.cwd) = ? OR instr(windows_dir_key(f.cwd), ?) = 1)";
      }
      const v = expandHome(c).replace(/\/+$/, "") || "/";
      if (v.startsWith("/")) {
        params.push(v, likeEscape(v === "/" ? "" : v) + "/%");
        return "(f.cwd = ? OR f.cwd LIKE ? ESCAPE '\\')";
      }
      params.push(v);
      return "instr(f.cwd, ?) > 0";
    });
    where.push(`(${parts.join(" OR ")})`);
  }
  if (q.labels.length > 0) {
    const parts = q.labels.map((l) => {
      if (l === "") return "l.label IS NOT NULL";
      params.push(`%${likeEscape(l)}%`);
      return "l.label LIKE ? ESCAPE '\\'";
    });
    where.push(`(${parts.join(" OR ")})`);
  }
  const limit = Math.max(1, opts.limit ?? 20);
  if (q.match === null) {
    // Filters only: start from the few labeled entries when a label is asked for.
    const from = q.labels.length > 0 ? "labels l JOIN entries e ON e.fid = l.fid AND e.eid = l.target" : "entries e LEFT JOIN labels l ON l.fid = e.fid AND l.target = e.eid";
    const sql = `SELECT ${DETAILS}, substr(docs.text, 1, 160) AS snip
      FROM ${from} JOIN files f ON f.fid = e.fid JOIN docs ON docs.rowid = e.rowid
      WHERE ${where.join(" AND ")} ORDER BY e.rowid DESC LIMIT ?`;
    return (db.prepare(sql).all(...params, limit) as Row[]).map((r) => hit(r, 0));
  }
  // Rank: FTS5 yields matches newest first (rowid descending) and stops after
  // the window; only the filters' tables are joined, and only the winners get
  // their details and snippet.
  const joins = [
    q.roles.length + q.cwd.length + q.labels.length > 0 ? "JOIN entries e ON e.rowid = docs.rowid" : "",
    q.cwd.length > 0 ? "JOIN files f ON f.fid = e.fid" : "",
    q.labels.length > 0 ? "LEFT JOIN labels l ON l.fid = e.fid AND l.target = e.eid" : "",
  ].join(" ");
  const rankSql = `SELECT rid, score FROM (
      SELECT docs.rowid AS rid, bm25(docs) AS score FROM docs ${joins}
      WHERE ${where.join(" AND ")} ORDER BY docs.rowid DESC LIMIT ?
    ) ORDER BY score, rid DESC LIMIT ?`;
  const ranked = db.prepare(rankSql).all(...params, Math.max(1, opts.window ?? RANK_WINDOW), limit) as { rid: number; score: number }[];
  if (ranked.length === 0) return [];
  // The rowid goes in as an INTEGER: better-sqlite3 binds a JS number as REAL,
  // and FTS5 ignores a rowid constraint that is not an integer (it takes it as
  // handled, so SQLite does not check it either) — every hit then got the
  // first match's snippet.
  const details = db.prepare(`SELECT ${DETAILS}, ${SNIPPET} AS snip
    FROM docs JOIN entries e ON e.rowid = docs.rowid JOIN files f ON f.fid = e.fid LEFT JOIN labels l ON l.fid = e.fid AND l.target = e.eid
    WHERE docs MATCH ? AND docs.rowid = CAST(? AS INTEGER)`);
  const out: SearchHit[] = [];
  for (const { rid, score } of ranked) {
    const r = details.get(q.match, rid) as Row | undefined;
    if (r) out.push(hit(r, score));
  }
  return out;
}
