// A Claude Code session by its id: <projects root>/<cwd, every character but
// letters and digits as ->/<id>.jsonl, in each projects root (claudeRoots);
// without a cwd (or when that dir lacks it), every project dir of each root.
import { join } from "node:path";
import { dirsIn, isFile } from "../by-id.js";
import { claudeRoots } from "./paths.js";

/** Claude Code's folder name for a project: the cwd with every character but letters and digits as `-`. */
export const claudeProjectDir = (cwd: string): string => cwd.replace(/[^A-Za-z0-9]/g, "-");

export async function findClaudeSession(id: string, cwd: string, env: NodeJS.ProcessEnv, home: string): Promise<string | null> {
  const name = `${id}.jsonl`;
  const roots = claudeRoots(env, home);
  for (const root of roots) {
    if (cwd && (await isFile(join(root, claudeProjectDir(cwd), name)))) return join(root, claudeProjectDir(cwd), name);
  }
  for (const root of roots) {
    for (const dir of await dirsIn(root)) if (await isFile(join(dir, name))) return join(dir, name);
  }
  return null;
}
