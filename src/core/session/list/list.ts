// The session list: every session file found, summarized through the catalog
// (or scanned, without it), filtered and sorted. Apart from summary.ts so that
// a warm `ls` loads only this, discover.ts and catalog.ts: the scanning code
// (summary.ts, catalog-read.ts) is imported when some file must be read.
import { defaultAgentDirs, findSessionFiles } from "./discover.js";
import { dialectSources, joinSources } from "./dialect-sources.js";
import type { SessionSummary } from "../model.js";
import type { RawSummary } from "./catalog-row.js";
import type { FileStamp } from "../../fs/stat.js";
import type { ScanTaps } from "./catalog-scan.js";
import type { ParallelMode } from "./catalog-parallel.js";
import { summaryJson } from "./summary-json.js";
import { shownInList } from "./listed.js";
import { resolve } from "node:path";

export interface ListOptions {
  /** Agent dirs to scan (default: every omp and pi agent dir that exists). */
  agentDirs?: string[];
  /** Dirs or files to list instead of the agent dirs. */
  paths?: string[];
  /** Only sessions whose header cwd is this dir (ignored with `all`). */
  cwd?: string;
  all?: boolean;
  /** Case-insensitive substring over name, firstMessage, cwd and id. */
  search?: string;
  /** Files read at once. */
  concurrency?: number;
  /** Use the catalog cache (catalog.ts); false scans every file. Default true. */
  cache?: boolean;
  /** The catalog's dir (default: catalog.ts cacheDir()). */
  cacheDir?: string;
  /** Told of the lines of every pi or omp file the catalog scans whole (stats' figures, in the same pass). */
  taps?: ScanTaps;
  /** Awaited before each chunk of a pi or omp file the catalog reads (read/lines.ts): the browser holds its list's scan while keys come. */
  beforeRead?: () => Promise<void>;
  /** Whether a cold listing scans in a worker thread too (catalog-parallel.ts; default "off"). */
  parallel?: ParallelMode;
  /** Given the stamp of every file the catalog listed (null: missing), as it stat'ed them (stats keys its cache by them). */
  stamps?: Map<string, FileStamp | null>;
  /** Also the sessions with no message and no name that their agent's own list leaves out (listed.ts); a file named in `paths` is listed anyway. */
  empty?: boolean;
  /**
   * Also the transcripts of nothing but an agent's own warm-up (listed.ts): left
   * out of the list, but their calls were made and billed, so `stats` counts
   * them (in their parent's row).
   */
  warmups?: boolean;
}

/** The files named as paths (not found in a dir named). */
const namedFiles = (opts: ListOptions): Set<string> => new Set((opts.paths ?? []).map((p) => resolve(p)));

/** The rule of listed.ts, with its exceptions: every row when asked, a file named as a path, and warm-up-only transcripts when asked. */
function shownBy(opts: ListOptions): (s: SessionSummary) => boolean {
  if (opts.empty) return () => true;
  const named = namedFiles(opts);
  const warmups = opts.warmups === true;
  return (s) => named.has(s.path) || shownInList(s) || (warmups && s.warmupOnly === true);
}

type Listed = { path: string; modified: string };
const newestFirst = (a: Listed, b: Listed): number => (a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : a.path < b.path ? -1 : 1);

function options(opts: ListOptions): { roots: string[]; cwd: string | undefined; limit: number } {
  const roots = opts.paths && opts.paths.length > 0 ? opts.paths : (opts.agentDirs ?? defaultAgentDirs());
  return { roots, cwd: !opts.all && opts.cwd !== undefined ? opts.cwd : undefined, limit: opts.concurrency ?? 8 };
}

/** pi and omp files under the roots, and other agents' sessions (dialect-sources.ts); roots for pruning. */
async function findAll(opts: ListOptions, roots: string[]): Promise<{ files: string[]; roots: string[] }> {
  const [files, other] = await Promise.all([findSessionFiles(roots), dialectSources(opts)]);
  return { files: joinSources(files, other), roots: other.roots.length ? [...roots, ...other.roots] : roots };
}

/** Every session found, newest activity first. */
export async function listSessions(opts: ListOptions = {}): Promise<SessionSummary[]> {
  const { cwd, limit, ...o } = options(opts);
  const { files, roots } = await findAll(opts, o.roots);
  const summaries =
    opts.cache === false
      ? await (await import("./summary.js")).scanSummaries(files, cwd, limit)
      : await (await import("./catalog.js")).catalogSummaries(files, roots, { cwd, concurrency: limit, dir: opts.cacheDir, taps: opts.taps, beforeRead: opts.beforeRead, parallel: opts.parallel, stamps: opts.stamps });
  const shown = shownBy(opts);
  let out = summaries.filter((s): s is SessionSummary => s !== null && shown(s));
  const q = opts.search?.toLowerCase();
  if (q) {
    out = out.filter((s) => [s.name ?? "", s.firstMessage, s.cwd, s.id].some((v) => v.toLowerCase().includes(q)));
  }
  return out.sort(newestFirst);
}

/**
 * The `ls --json` text of listSessions(opts) (summary-json.ts), as UTF-8. Rows the catalog holds
 * unchanged are copied as stored, neither parsed nor serialized: most of a
 * warm `ls --json` would otherwise be spent on those two.
 */
export async function listSessionsJson(opts: ListOptions = {}): Promise<Buffer> {
  return Buffer.concat(await listSessionsJsonParts(opts));
}

/** listSessionsJson's bytes in parts, in order (the stored rows as they are, not joined). */
export async function listSessionsJsonParts(opts: ListOptions = {}): Promise<Uint8Array[]> {
  if (opts.search || opts.cache === false) return [Buffer.from(JSON.stringify((await listSessions(opts)).map(summaryJson)))];
  const { cwd, limit, ...o } = options(opts);
  const { files, roots } = await findAll(opts, o.roots);
  const named = opts.empty || opts.warmups ? undefined : namedFiles(opts);
  const rows = await (await import("./catalog.js")).catalogRawSummaries(files, roots, { cwd, named, concurrency: limit, dir: opts.cacheDir, parallel: opts.parallel });
  // A stored text is a row the list shows (catalog-row.ts encode); a decoded row is asked.
  const shown = shownBy(opts);
  const kept = rows.filter((r): r is SessionSummary | RawSummary => r !== null && ("json" in r || shown(r))).sort(newestFirst);
  const parts: Uint8Array[] = [];
  for (const r of kept) {
    parts.push(parts.length === 0 ? OPEN : COMMA);
    parts.push("json" in r ? r.json : Buffer.from(JSON.stringify(summaryJson(r))));
  }
  parts.push(parts.length === 0 ? EMPTY : CLOSE);
  return parts;
}

const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");
const EMPTY = Buffer.from("[]");
