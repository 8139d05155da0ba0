// Live updates for the session list: tells the caller that session files under
// some roots were added, grew or went away. fs.watch is fast but not reliable
// everywhere (network and container filesystems, too many watches, renamed
// dirs), so a poll runs beside it: every few seconds the session dirs are
// listed and each file stat'ed once (packed, fs/stat.ts). Bursts (an agent
// appending line after line) are debounced into one call with every changed path.
//
// fs.watch is set on each dir a listing reads (an agent dir's sessions/ and
// its project folders), not recursively: Node emulates a recursive watch on
// Linux with a watcher and a stat per file, which for a long history costs
// the browser's start-up thousands of both. A change to a file in a watched
// dir stats that file alone; an entry added or removed lists everything again.
import { watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { isSessionFileName, traceSessionFiles } from "./discover.js";
import { stampAll, stampOf } from "../../fs/stat.js";
import { dialectSources, type SourceRoots } from "./dialect-sources.js";

export interface WatchOptions {
  /** Poll period (ms); 0 turns the poll off. Default 2000. */
  pollMs?: number;
  /** Quiet time before a change is reported (ms). Default 150. */
  debounceMs?: number;
  /** Use fs.watch too (default true). */
  native?: boolean;
  /**
   * Also poll other agents' sessions (dialect-sources.ts) for a listing of
   * these roots: `{}` for every agent's default places, `{ paths }` for the
   * paths given. Absent: pi and omp files under `roots` only.
   */
  dialects?: SourceRoots;
  /**
   * What an earlier watcher over the same roots saw (watchMemory): this one
   * starts from it and reports what changed since, where a watcher without
   * one takes its first pass as the start. The browser's list stops
   * watching while another screen is shown and starts again on return: the
   * sessions an agent made or grew meanwhile are reported then.
   */
  memory?: WatchMemory;
}

/** The files a watcher saw at its last pass, with their size and mtime; kept by the caller from one watcher to the next. */
export interface WatchMemory {
  readonly known: Map<string, Seen>;
  readonly ours: Set<string>;
  readonly others: Set<string>;
  /** Passes made over these roots (0: nothing seen yet). */
  passes: number;
}

/** An empty memory for watchSessions' `memory` option. */
export function watchMemory(): WatchMemory {
  return { known: new Map(), ours: new Set(), others: new Set(), passes: 0 };
}

export type WatchCallback = (changed: string[]) => void;

interface Seen {
  size: number;
  mtimeMs: number;
}

/**
 * Watches the session files under `roots` (agent dirs, dirs or files, as
 * findSessionFiles takes them) and calls `onChange` with the paths that were
 * added, changed or removed. Returns a function that stops watching.
 */
export function watchSessions(roots: string[], onChange: WatchCallback, opts: WatchOptions = {}): () => void {
  const pollMs = opts.pollMs ?? 2000;
  const debounceMs = opts.debounceMs ?? 150;
  const memory = opts.memory ?? watchMemory();
  const known = memory.known;
  const pending = new Set<string>();
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | null = null;
  let poller: NodeJS.Timeout | null = null;
  let soon: NodeJS.Timeout | null = null;
  let stopped = false;

  const flush = () => {
    timer = null;
    if (stopped || pending.size === 0) return;
    const changed = [...pending].sort();
    pending.clear();
    onChange(changed);
  };
  const mark = (path: string) => {
    pending.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };
  /** Records a file's size and mtime (null: gone); true when they differ from what was known. */
  const note = (path: string, size: number | null, mtimeMs: number): boolean => {
    const prev = known.get(path);
    if (size === null) return known.delete(path);
    if (prev && prev.size === size && prev.mtimeMs === mtimeMs) return false;
    known.set(path, { size, mtimeMs });
    return true;
  };

  /** Stats `files`, reports what differs from the last pass over `seen`'s files (and what left them). */
  const compare = (files: string[], seen: Set<string>, report: boolean) => {
    const { packed } = stampAll(files);
    const now = new Set<string>();
    for (let i = 0; i < files.length; i++) {
      const size = packed[i * 4 + 2];
      if (size < 0) continue;
      now.add(files[i]);
      if (note(files[i], size, packed[i * 4 + 3]) && report) mark(files[i]);
    }
    for (const f of seen) {
      if (!now.has(f)) {
        known.delete(f);
        if (report) mark(f);
      }
    }
    seen.clear();
    for (const f of now) seen.add(f);
  };
  const ours = memory.ours;
  const others = memory.others;
  let othersBusy = false;
  /** One pass: list the dirs, stat every file, report what differs from the last pass. */
  const poll = (report: boolean) => {
    if (stopped) return;
    const dirs: string[] = [];
    const files = traceSessionFiles(roots, (dir) => dirs.push(dir));
    compare(files, ours, report);
    memory.passes++;
    if (opts.native !== false) follow(dirs);
    if (opts.dialects && !othersBusy) {
      // Other agents' sources are named by their dialects (a database's sessions included): polled only.
      othersBusy = true;
      void dialectSources(opts.dialects)
        .then((found) => {
          if (!stopped)
            compare(
              found.files.filter((f) => !ours.has(f)),
              others,
              report,
            );
        })
        .catch(() => {})
        .finally(() => (othersBusy = false));
    }
  };
  /** A full pass shortly: a burst of added or removed entries costs one. */
  const pollSoon = () => {
    if (soon || stopped) return;
    soon = setTimeout(() => {
      soon = null;
      poll(true);
    }, 20);
  };
  /** One file changed in place: its stat alone. */
  const recheck = (path: string) => {
    let st = null;
    try {
      st = stampOf(path);
    } catch {
      // unreadable now: as gone
    }
    if (!st) {
      if (known.has(path)) pollSoon(); // gone: the full pass tells a rename from a delete
      return;
    }
    if (!known.has(path)) return pollSoon(); // new to us: listed by the full pass
    if (note(path, st.size, st.mtimeMs)) mark(path);
  };

  /** Watches exactly the dirs the last listing read. */
  const follow = (dirs: string[]) => {
    const want = new Set(dirs);
    for (const [dir, w] of watchers) {
      if (!want.has(dir)) {
        w.close();
        watchers.delete(dir);
      }
    }
    for (const dir of want) {
      if (watchers.has(dir)) continue;
      try {
        const w = watch(dir, { persistent: false }, (event, name) => {
          if (typeof name !== "string" || event === "rename") pollSoon();
          else if (isSessionFileName(name)) recheck(join(dir, name));
        });
        w.on("error", () => {
          w.close();
          watchers.delete(dir);
        });
        watchers.set(dir, w);
      } catch {
        // Missing (a sessions/ not made yet) or no native watching here: the poll covers it.
      }
    }
  };

  // The first pass after the caller's own first read of the list; from a
  // memory that has seen a pass, what changed since is reported.
  const first = setTimeout(() => {
    poll(memory.passes > 0);
    if (pollMs > 0 && !stopped) {
      poller = setInterval(() => poll(true), pollMs);
      poller.unref();
    }
  }, 0);

  return () => {
    stopped = true;
    clearTimeout(first);
    if (timer) clearTimeout(timer);
    if (soon) clearTimeout(soon);
    if (poller) clearInterval(poller);
    for (const w of watchers.values()) w.close();
    watchers.clear();
  };
}
