// Where Codex keeps its rollouts: `$CODEX_HOME` (default `~/.codex`) holds
// `sessions/YYYY/MM/DD/rollout-<time>-<session id>.jsonl` and, for sessions
// the user archived, `archived_sessions/rollout-….jsonl`.
import { readdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { expandHome } from "../../../../fs/home-path.js";
import { findFiles } from "../walk.js";
import { envSlot } from "../../../../env.js";

const ROLLOUT = /^rollout-.+\.jsonl$/;
/** A rollout's name ends with its session id (a UUID). */
const ID_TAIL = /-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

export const isRolloutName = (name: string): boolean => ROLLOUT.test(name);

export function codexRoots(env: NodeJS.ProcessEnv, home: string): string[] {
  const own = env.CODEX_HOME?.trim();
  const base = own ? resolve(expandHome(own, home)) : join(home, ".codex");
  return [join(base, "sessions"), join(base, "archived_sessions")];
}

/** sessions/ is dated three levels deep; archived_sessions/ is flat (a little slack for both). */
export function rolloutFiles(root: string): Promise<string[]> {
  return findFiles(root, (name) => ROLLOUT.test(name), 4);
}

interface IdIndex {
  built: number;
  paths: Map<string, string>;
}

const idIndexes = envSlot(() => new Map<string, IdIndex>());
const REBUILD_MS = 5000;

function indexRollouts(dir: string, depth: number, into: Map<string, string>): void {
  let names;
  try {
    names = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of names) {
    if (e.isDirectory() && depth > 0) indexRollouts(join(dir, e.name), depth - 1, into);
    else if (e.isFile()) {
      const m = ID_TAIL.exec(e.name);
      if (m && ROLLOUT.test(e.name) && !into.has(m[1].toLowerCase())) into.set(m[1].toLowerCase(), join(dir, e.name));
    }
  }
}

/**
 * The rollout of a session by its id, in the Codex home that holds `file`: a
 * fork names its parent by id only (`forked_from_id`), and a rollout's file
 * name ends with its session id. One walk of sessions/ and archived_sessions/
 * per home, done again on a miss (a session written since) at most every few
 * seconds. Null when it is not there (deleted, or kept elsewhere).
 */
export function rolloutOfId(file: string, id: string, now: number = Date.now()): string | null {
  if (!id) return null;
  const home = codexHomeOf(file);
  if (!home) return null;
  const key = id.toLowerCase();
  const indexes = idIndexes();
  let idx = indexes.get(home);
  if (!idx || (!idx.paths.has(key) && now - idx.built > REBUILD_MS)) {
    idx = { built: now, paths: new Map() };
    indexRollouts(join(home, "sessions"), 3, idx.paths);
    indexRollouts(join(home, "archived_sessions"), 1, idx.paths);
    indexes.set(home, idx);
  }
  return idx.paths.get(key) ?? null;
}

/** The Codex home holding a rollout (the dir above its sessions/ or archived_sessions/), or null. */
export function codexHomeOf(file: string): string | null {
  for (let d = dirname(file); d !== dirname(d); d = dirname(d)) {
    if (basename(d) === "sessions" || basename(d) === "archived_sessions") return dirname(d);
  }
  return null;
}
