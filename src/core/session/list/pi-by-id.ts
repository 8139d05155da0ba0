// A pi or omp session by its id: <agent dir>/sessions/<dir>/<time>_<id>.jsonl
// (or .jsonl.gz), in each agent dir given, else every default one that exists.
import { join } from "node:path";
import { firstFile } from "../read/dialects/by-id.js";
import { defaultAgentDirs } from "./discover.js";

export async function findPiSession(id: string, env: NodeJS.ProcessEnv, home: string, agentDirs?: readonly string[]): Promise<string | null> {
  for (const agentDir of agentDirs ?? defaultAgentDirs(env, home)) {
    const hit = await firstFile(join(agentDir, "sessions"), 1, (n) => n.endsWith(`_${id}.jsonl`) || n.endsWith(`_${id}.jsonl.gz`));
    if (hit) return hit;
  }
  return null;
}
