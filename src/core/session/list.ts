// The session list: every session file found, summarized through the catalog
// (or scanned, without it), filtered and sorted. Apart from summary.ts so that
// a warm `ls` loads only this, discover.ts and the catalog's reading half: the
// scanning code is imported when some file must be read.
import { defaultAgentDirs, findSessionFiles } from "./discover.js";
import type { SessionSummary } from "./summary.js";

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
}

/** Every session found, newest activity first. */
export async function listSessions(opts: ListOptions = {}): Promise<SessionSummary[]> {
  const roots = opts.paths && opts.paths.length > 0 ? opts.paths : (opts.agentDirs ?? defaultAgentDirs());
  const files = await findSessionFiles(roots);
  const cwd = !opts.all && opts.cwd !== undefined ? opts.cwd : undefined;
  const limit = opts.concurrency ?? 8;
  const summaries =
    opts.cache === false
      ? await (await import("./summary.js")).scanSummaries(files, cwd, limit)
      : await (await import("./catalog.js")).catalogSummaries(files, roots, { cwd, concurrency: limit, dir: opts.cacheDir });
  let out = summaries.filter((s): s is SessionSummary => s !== null);
  const q = opts.search?.toLowerCase();
  if (q) {
    out = out.filter((s) => [s.name ?? "", s.firstMessage, s.cwd, s.id].some((v) => v.toLowerCase().includes(q)));
  }
  return out.sort((a, b) => (a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : a.path < b.path ? -1 : 1));
}
