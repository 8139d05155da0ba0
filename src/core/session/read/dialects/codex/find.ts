// A Codex session by its id: $CODEX_HOME (~/.codex)/sessions/YYYY/MM/DD/rollout-…-<id>.jsonl,
// then archived_sessions/, newest dates first.
import { firstFile } from "../by-id.js";
import { codexRoots } from "./paths.js";

export async function findCodexSession(id: string, env: NodeJS.ProcessEnv, home: string): Promise<string | null> {
  const match = (n: string) => n.startsWith("rollout-") && n.endsWith(`-${id}.jsonl`);
  for (const root of codexRoots(env, home)) {
    const hit = await firstFile(root, 3, match);
    if (hit) return hit;
  }
  return null;
}
