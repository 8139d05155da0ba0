// `keep --now`: every agent's session files, as the list finds them, through
// the same run the hook makes over one file (run-files.ts).
import { sep } from "node:path";
import { defaultAgentDirs, findSessionFiles } from "../session/index.js";
import { dialectSources, joinSources } from "../session/index.js";
import { cacheDir } from "../cache-dir.js";
import { archiveDir } from "./paths.js";
import { keepFiles, type KeepRunOptions, type KeepRunResult } from "./run-files.js";

export { SCAN_ALL, hostDirOf, keepFiles, type KeepRunOptions, type KeepRunResult } from "./run-files.js";

/** Every agent's session files, as the list finds them; databases (`db#id`) and our own folders left out. */
export async function allSources(env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const [files, other] = await Promise.all([findSessionFiles(defaultAgentDirs(env)), dialectSources({}, env)]);
  const ours = [archiveDir(env) + sep, cacheDir(env) + sep];
  return joinSources(files, other).filter((f) => !f.includes("#") && !ours.some((o) => f.startsWith(o)));
}

/** The named files (and what is pending), or, without `files`, every agent's session files. */
export async function keepRun(opts: KeepRunOptions = {}): Promise<KeepRunResult> {
  // Listing every agent's files happens before the run takes the lock: it reads no archive.
  return keepFiles(opts, opts.files ? null : await allSources(opts.env ?? process.env));
}
