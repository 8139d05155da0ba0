// Where other agents' sessions are found: each registered dialect's agent's
// default places (the registry's, session/agents.ts; those that exist) when
// no roots are given, or the roots given
// on the command line. A dialect names its sources without reading them; a
// database's sessions are `<database file>#<session id>`.
import { homedir } from "node:os";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { plainAbsolute } from "../../fs/plain-path.js";
import { registeredDialects } from "../read/dialect-of.js";
import { defaultAgentDirs } from "./discover.js";
import { agentLabel, agentPlaces } from "../agents.js";
import { archivedViews } from "../../keep/archived.js";

export interface DialectSources {
  /** The sources found, absolute, in a stable order, without repeats. */
  files: string[];
  /** The roots they were looked for under (for pruning what went away). */
  roots: string[];
  /** Given files that are containers of sessions (a database): not session files themselves. */
  containers: Set<string>;
}

export interface SourceRoots {
  /** Dirs or files to list instead of every agent's default places. */
  paths?: string[];
  /** pi/omp agent dirs given explicitly: then only those are listed. */
  agentDirs?: string[];
}

/** Other agents' session sources for a listing of `opts`' roots. */
export async function dialectSources(opts: SourceRoots, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): Promise<DialectSources> {
  const out: DialectSources = { files: [], roots: [], containers: new Set() };
  const dialects = registeredDialects();
  if (dialects.length === 0 || (opts.agentDirs !== undefined && !(opts.paths && opts.paths.length > 0))) return out;
  const given = opts.paths && opts.paths.length > 0 ? opts.paths.map((p) => resolve(p)) : null;
  const seen = new Set<string>();
  for (const d of dialects) {
    const roots =
      given ??
      agentPlaces(d.agent, env, home)
        .map((r) => resolve(r))
        .filter((r) => existsSync(r));
    for (const root of roots) {
      let found: string[];
      try {
        found = await d.sources(root);
      } catch {
        continue; // an unreadable root hides only its own sessions
      }
      if (!given) out.roots.push(root);
      for (const f of found) {
        const abs = plainAbsolute(f) ? f : resolve(f);
        // A file given is listed as given; a database's session given by its own path (`<db>#<id>`) only here.
        if (abs === root && existsSync(root)) continue;
        if (given && f.startsWith(`${root}#`)) out.containers.add(root);
        if (!seen.has(abs)) {
          seen.add(abs);
          out.files.push(abs);
        }
      }
    }
  }
  if (!given) {
    // Sessions kept by `keep` whose original is gone, and other machines' (keep/archived.ts).
    const kept = await archivedViews(env);
    out.files.push(...kept.files.filter((f) => !seen.has(f)));
    out.roots.push(...kept.roots);
  }
  return out;
}

/** pi/omp files found under the roots joined with the other agents' sources: containers left out, no repeats. */
export function joinSources(files: string[], other: DialectSources): string[] {
  if (other.files.length === 0 && other.containers.size === 0) return files;
  const kept = files.filter((f) => !other.containers.has(f));
  const have = new Set(kept);
  for (const f of other.files) if (!have.has(f)) kept.push(f);
  return kept;
}

/**
 * The dirs a listing of `opts` reads, for watching: the paths or agent dirs
 * given, else pi's and omp's default agent dirs and every dialect's default
 * roots that exist.
 */
export function listedRoots(opts: SourceRoots, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string[] {
  if (opts.paths && opts.paths.length > 0) return opts.paths;
  if (opts.agentDirs !== undefined) return opts.agentDirs;
  const roots = defaultAgentDirs(env, home);
  for (const d of registeredDialects()) for (const r of agentPlaces(d.agent, env, home)) if (existsSync(r)) roots.push(resolve(r));
  return [...new Set(roots)];
}

/** Every other agent's default places (existing or not), for saying where a listing looked: "Claude Code: ~/.claude/projects". */
export function otherAgentPlaces(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): { label: string; dir: string; exists: boolean }[] {
  const out: { label: string; dir: string; exists: boolean }[] = [];
  for (const d of registeredDialects()) {
    for (const r of agentPlaces(d.agent, env, home)) out.push({ label: agentLabel(d.agent), dir: resolve(r), exists: existsSync(r) });
  }
  return out;
}
