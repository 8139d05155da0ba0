// Writes below a guarded tree (the store's ROOT, a topic's raw/) never follow
// a symbolic link: a planted link would send our appends, replaces and marker
// creations to its target. The tree's own top may be a link (a hub on another
// disk); every directory below it is checked with lstat and the file itself is
// opened with O_NOFOLLOW (or replaced by rename, which never follows).
//
// The trees are registered by the code that builds their paths (capture's
// paths.ts, the topic lookup), so every writer in core/fs applies the rule
// without each caller having to pass its root along.
import { constants, lstatSync, mkdirSync } from "node:fs";
import { sep } from "node:path";
import { envSlot } from "../env.js";
import { joinPath, resolvePath } from "./plain-path.js";

/** O_NOFOLLOW where the platform has it (not on Windows, which has no such links to plant by accident). */
export const O_NOFOLLOW: number = constants.O_NOFOLLOW ?? 0;

/**
 * The `code` of a LinkRefusedError. Tell one by it, not by its class: the
 * hook's bundles of their own (dist/hook-feedback.cjs, dist/hook-keep.cjs)
 * each carry a copy of this module, so an error one of them throws is of
 * another class than the hook's (hooks-cli/capture/hook.ts, classifyError).
 */
export const LINK_REFUSED = "ELINK";

/** The error is a refused link (a LinkRefusedError of any bundle's copy of this module). */
export const isLinkRefused = (err: unknown): boolean => typeof err === "object" && err !== null && (err as { code?: unknown }).code === LINK_REFUSED;

export class LinkRefusedError extends Error {
  override name = "LinkRefusedError";
  readonly code = LINK_REFUSED;
  constructor(readonly linkPath: string) {
    super(`refused to write through a symbolic link: ${linkPath}`);
  }
}

interface Tree {
  top: string;
  /** Atomic replaces stage their temp files in `<top>/.tmp` (one small directory to sweep). */
  staging: boolean;
}

const guarded = envSlot(() => new Map<string, Tree>());

// The paths here are checked on every write (~150 a hook event): resolved and
// joined by plain-path.ts, which takes the store's plain paths as they are
// and never runs node:path's character loop on POSIX, and the directories
// between a tree's top and a path split off at each separator.

/** Registers a tree whose descendants are never written through links. Cheap to call often. */
export function guardTree(top: string, opts: { staging?: boolean } = {}): void {
  const trees = guarded();
  const t = resolvePath(top);
  const had = trees.get(t);
  if (!had || (opts.staging && !had.staging)) trees.set(t, { top: t, staging: !!opts.staging || !!had?.staging });
}

/** The guarded tree holding `path` (the innermost), or null. */
export function treeOf(path: string): Tree | null {
  const p = resolvePath(path);
  let best: Tree | null = null;
  for (const t of guarded().values()) {
    if (p.startsWith(t.top + sep) && (!best || t.top.length > best.top.length)) best = t;
  }
  return best;
}

/** The directories strictly between the tree's top and `path`, outermost first. */
function between(top: string, path: string): string[] {
  const p = resolvePath(path);
  if (!p.startsWith(top + sep)) return [];
  // each separator past the top ends one of them (the last ends the file's own directory)
  const out: string[] = [];
  for (let i = p.indexOf(sep, top.length + 1); i !== -1; i = p.indexOf(sep, i + 1)) out.push(p.slice(0, i));
  return out;
}

/**
 * Throws LinkRefusedError when a directory below a guarded tree's top on the
 * way to `path` is a symbolic link. Missing directories are fine (nothing to follow).
 */
export function checkWritePath(path: string): void {
  const t = treeOf(path);
  if (!t) return;
  for (const d of between(t.top, path)) {
    let isLink: boolean;
    try {
      isLink = lstatSync(d).isSymbolicLink();
    } catch {
      return;
    }
    if (isLink) throw new LinkRefusedError(d);
  }
}

/** mkdir -p (0700) that refuses, below a guarded tree, to pass through or create over a link. */
export function ensureDirGuarded(dir: string): void {
  const probe = joinPath(dir, "x");
  const t = treeOf(probe);
  if (!t) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return;
  }
  mkdirSync(t.top, { recursive: true, mode: 0o700 });
  for (const d of between(t.top, probe)) {
    let st;
    try {
      st = lstatSync(d);
    } catch {
      try {
        mkdirSync(d, { mode: 0o700 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      st = lstatSync(d);
    }
    if (st.isSymbolicLink()) throw new LinkRefusedError(d);
  }
}

/** Maps ELOOP from an O_NOFOLLOW open to LinkRefusedError. */
export function refuseLoop(err: unknown, path: string): never {
  if ((err as NodeJS.ErrnoException).code === "ELOOP") throw new LinkRefusedError(path);
  throw err;
}
