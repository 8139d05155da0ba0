// Where Codex keeps its rollouts: `$CODEX_HOME` (default `~/.codex`) holds
// `sessions/YYYY/MM/DD/rollout-<time>-<session id>.jsonl` and, for sessions
// the user archived, `archived_sessions/rollout-….jsonl`.
import { basename, join } from "node:path";
import { findFiles } from "../walk.js";

const ROLLOUT = /^rollout-.+\.jsonl$/;

export const isRolloutName = (name: string): boolean => ROLLOUT.test(name);

export function codexHome(env: NodeJS.ProcessEnv, home: string): string {
  return env.CODEX_HOME || join(home, ".codex");
}

export function codexRoots(env: NodeJS.ProcessEnv, home: string): string[] {
  const base = codexHome(env, home);
  return [join(base, "sessions"), join(base, "archived_sessions")];
}

/** sessions/ is dated three levels deep; archived_sessions/ is flat (a little slack for both). */
export function rolloutFiles(root: string): Promise<string[]> {
  return findFiles(root, (name) => ROLLOUT.test(name), 4);
}

/**
 * The rollout of a session by its id: a fork names its parent by id only
 * (`forked_from_id`), and a rollout's file name ends with its session id.
 */
export async function rolloutOfId(roots: string[], id: string): Promise<string | null> {
  if (!id) return null;
  const tail = `-${id}.jsonl`;
  for (const root of roots) {
    const hit = (await rolloutFiles(root)).find((f) => basename(f).endsWith(tail));
    if (hit) return hit;
  }
  return null;
}
