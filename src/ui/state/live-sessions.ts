// Live session list: while the list is on screen, session files that agents
// create, grow or delete update their rows. Away from it (a tree, a review
// screen) nothing is watched; on return the watcher starts from what it saw
// last (the list slice's listWatchMemory, new with each list source), so what
// changed meanwhile is read at once. Only the files the watcher names are read
// again (through the catalog, so a grown file costs its new bytes),
// merged into the list the store holds; the store keeps the cursor on the
// same session. Updates are coalesced: one at a time, at most every
// MIN_GAP_MS, so an agent writing line after line costs a few refreshes a
// second, not one per line.
import { useEffect } from "react";
import { statSync } from "node:fs";
import { watchSessions } from "../../core/session/index.js";
import { catalogSummaries } from "../../core/session/index.js";
import type { SessionSummary } from "../../core/session/index.js";
import { useApp, useAppStore } from "./use-app.js";
import type { AppStore } from "./store.js";
import { listedRoots } from "../../core/session/index.js";

const MIN_GAP_MS = 400;

/** The list with the rows of `changed` paths read again (added, replaced or dropped). */
export async function mergeChanged(list: readonly SessionSummary[], changed: readonly string[]): Promise<SessionSummary[]> {
  const present = changed.filter((p) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  });
  // No roots: a partial read must not prune the catalog's other rows.
  const fresh = present.length > 0 ? await catalogSummaries(present, []) : [];
  const byPath = new Map(list.map((s) => [s.path, s]));
  for (const p of changed) byPath.delete(p);
  for (const s of fresh) if (s) byPath.set(s.path, s);
  return [...byPath.values()];
}

/** Reads the rows of `paths` again now (the browser wrote to them): the list shows the change at once, also when it is not on screen. */
export async function refreshRows(app: AppStore, paths: readonly string[]): Promise<void> {
  let wanted = paths;
  // Two writes in a row start two refreshes from the same list: the one that
  // finds the list replaced merges again onto the newer list (re-reading its
  // files), keeping to the rows that list holds (a list reloaded for another
  // scope wins).
  for (let attempt = 0; attempt < 4 && wanted.length > 0; attempt++) {
    const list = app.getState().sessions;
    if (!list) return;
    let next: SessionSummary[];
    try {
      next = await mergeChanged(list, wanted);
    } catch {
      return; // the watcher or the next reload brings the row up to date
    }
    const now = app.getState().sessions;
    if (now === list) {
      app.getState().setSessions(next);
      return;
    }
    const held = new Set((now ?? []).map((s) => s.path));
    wanted = wanted.filter((p) => held.has(p));
  }
}

/** Starts following the store's list source; returns the stop function. */
export function followSessions(app: AppStore, opts: { pollMs?: number; debounceMs?: number } = {}): () => void {
  const source = app.getState().listSource();
  const roots = listedRoots(source);
  const pending = new Set<string>();
  let running = false;
  let stopped = false;
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const apply = async () => {
    timer = null;
    if (running || stopped || pending.size === 0) return;
    const wait = last + MIN_GAP_MS - Date.now();
    if (wait > 0) {
      timer = setTimeout(() => void apply(), wait);
      return;
    }
    running = true;
    const changed = [...pending];
    pending.clear();
    try {
      const list = app.getState().sessions;
      if (list) {
        const next = await mergeChanged(list, changed);
        // A list reloaded meanwhile (scope, source) wins over this merge.
        if (!stopped && app.getState().sessions === list) app.getState().setSessions(next);
      }
    } catch {
      // A failed refresh leaves the list as it was; the next change tries again.
    } finally {
      running = false;
      last = Date.now();
      if (pending.size > 0 && !stopped && !timer) timer = setTimeout(() => void apply(), MIN_GAP_MS);
    }
  };

  const stop =
    roots.length === 0
      ? () => {}
      : watchSessions(
          roots,
          (changed) => {
            for (const p of changed) pending.add(p);
            if (!timer && !running) void apply();
          },
          { pollMs: opts.pollMs, debounceMs: opts.debounceMs, memory: app.getState().listWatchMemory() },
        );
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    stop();
  };
}

/** Keeps the session list live while the calling screen is mounted. */
export function useLiveSessions(): void {
  const app = useAppStore();
  // Restart when the list source changes (e.g. the demo fallback).
  const source = useApp((s) => s.listSource());
  useEffect(() => followSessions(app), [app, source]);
}
