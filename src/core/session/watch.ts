// Live updates for the session list: tells the caller that session files under
// some roots were added, grew or went away. fs.watch is fast but not reliable
// everywhere (network and container filesystems, too many watches, renamed
// dirs), so a poll runs beside it: every few seconds a readdir of the session
// dirs and a stat of each file known. Bursts (an agent appending line after
// line) are debounced into one call with every changed path.
import { watch, type FSWatcher } from "node:fs";
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { findSessionFiles, isSessionFileName } from "./discover.js";

export interface WatchOptions {
  /** Poll period (ms); 0 turns the poll off. Default 2000. */
  pollMs?: number;
  /** Quiet time before a change is reported (ms). Default 150. */
  debounceMs?: number;
  /** Use fs.watch too (default true). */
  native?: boolean;
}

export type WatchCallback = (changed: string[]) => void;

interface Seen {
  size: number;
  mtimeMs: number;
}

/** Where a root's session files live: `<agent dir>/sessions` when it has one. */
async function watchDirs(root: string): Promise<string[]> {
  const abs = resolve(root);
  try {
    const st = await stat(join(abs, "sessions"));
    if (st.isDirectory()) return [join(abs, "sessions")];
  } catch {}
  return [abs];
}

/**
 * Watches the session files under `roots` (agent dirs, dirs or files, as
 * findSessionFiles takes them) and calls `onChange` with the paths that were
 * added, changed or removed. Returns a function that stops watching.
 */
export function watchSessions(roots: string[], onChange: WatchCallback, opts: WatchOptions = {}): () => void {
  const pollMs = opts.pollMs ?? 2000;
  const debounceMs = opts.debounceMs ?? 150;
  const known = new Map<string, Seen>();
  const pending = new Set<string>();
  const watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | null = null;
  let poller: NodeJS.Timeout | null = null;
  let stopped = false;
  let polling = false;

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

  /** One pass: readdir the dirs, stat every file, report what differs from the last pass. */
  const poll = async (report: boolean) => {
    if (polling || stopped) return;
    polling = true;
    try {
      const files = await findSessionFiles(roots);
      const now = new Set(files);
      await Promise.all(
        files.map(async (f) => {
          try {
            const st = await stat(f);
            const prev = known.get(f);
            if (!prev || prev.size !== st.size || prev.mtimeMs !== st.mtimeMs) {
              known.set(f, { size: st.size, mtimeMs: st.mtimeMs });
              if (report) mark(f);
            }
          } catch {
            now.delete(f);
          }
        }),
      );
      for (const f of [...known.keys()]) {
        if (!now.has(f)) {
          known.delete(f);
          if (report) mark(f);
        }
      }
    } finally {
      polling = false;
    }
  };

  const start = async () => {
    await poll(false);
    if (stopped) return;
    if (opts.native !== false) {
      for (const root of roots) {
        for (const dir of await watchDirs(root)) {
          try {
            // recursive is native on macOS and Windows, and emulated on Linux (Node 20+).
            const w = watch(dir, { recursive: true, persistent: false }, (_event, name) => {
              if (typeof name === "string" && isSessionFileName(name)) {
                // The poll's stat decides what changed; an event only makes it come sooner.
                void poll(true);
              } else if (name === null) void poll(true);
            });
            w.on("error", () => w.close());
            watchers.push(w);
          } catch {
            // No native watching here: the poll covers it.
          }
        }
      }
    }
    if (pollMs > 0 && !stopped) {
      poller = setInterval(() => void poll(true), pollMs);
      poller.unref();
    }
  };
  const ready = start();
  void ready;

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    if (poller) clearInterval(poller);
    for (const w of watchers) w.close();
  };
}
