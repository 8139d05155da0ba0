// Where session files live: every omp and pi agent dir that exists, and the
// session files under a dir or agent dir. The folder names (encoded cwds) are
// never decoded: a session's header is the truth about its cwd.
import { existsSync, readdirSync, realpathSync, statSync, type Dirent } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve, sep } from "node:path";
import { isDir } from "../../fs/home-dir.js";
import { expandHome } from "../../fs/home-path.js";

/** Every `~/.omp/profiles/<name>/agent` candidate, in name order. */
function profileDirs(home: string): string[] {
  const root = join(home, ".omp", "profiles");
  try {
    return readdirSync(root)
      .sort()
      .map((name) => join(root, name, "agent"));
  } catch {
    return [];
  }
}

/**
 * Every omp and pi agent dir that exists, env overrides and omp profiles
 * included, in a stable order (overrides first), deduplicated by realpath.
 */
export function defaultAgentDirs(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string[] {
  const candidates: string[] = [];
  for (const key of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR"]) {
    const v = env[key];
    if (v && v.trim() !== "") candidates.push(resolve(expandHome(v.trim(), home)));
  }
  for (const key of ["OMP_PROFILE", "PI_PROFILE"]) {
    const name = env[key]?.trim();
    // A profile name is a folder name; anything path-like is not one.
    if (name && !/[\\/]/.test(name) && name !== "." && name !== "..") {
      candidates.push(join(home, ".omp", "profiles", name, "agent"));
    }
  }
  candidates.push(join(home, ".omp", "agent"), join(home, ".pi", "agent"));
  candidates.push(...profileDirs(home));

  const seen = new Set<string>();
  const out: string[] = [];
  for (const dir of candidates) {
    if (!isDir(dir)) continue;
    let real: string;
    try {
      real = realpathSync(dir);
    } catch {
      continue;
    }
    if (seen.has(real)) continue;
    seen.add(real);
    out.push(dir);
  }
  return out;
}

export function isSessionFileName(name: string): boolean {
  return name.endsWith(".jsonl") || name.endsWith(".jsonl.gz");
}

/** `dir` + `name` for a name read from dir: join() would normalize thousands of clean paths. */
const child = (dir: string, name: string): string => (dir.endsWith(sep) ? dir + name : dir + sep + name);

/**
 * Session files directly inside dir, and inside its immediate subdirs.
 * Synchronous: a few dozen readdirs in a row cost a fraction of as many
 * thread-pool round trips, and a warm `ls` is mostly this and the stats.
 * `read` is told of each dir just before it is read.
 */
/** A dir's entries, `read` told first; null when it cannot be read (it hides only its own sessions). */
function entriesOf(dir: string, read?: (dir: string) => void): Dirent[] | null {
  try {
    read?.(dir);
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
}

const isSessionEntry = (e: Dirent): boolean => isSessionFileName(e.name) && (e.isFile() || e.isSymbolicLink());

function scanDir(dir: string, out: string[], read?: (dir: string) => void): void {
  const entries = entriesOf(dir, read);
  if (entries === null) return;
  const subdirs: string[] = [];
  for (const e of entries) {
    const p = child(dir, e.name);
    if (e.isDirectory()) subdirs.push(p);
    else if (isSessionEntry(e)) out.push(p);
  }
  for (const sub of subdirs) {
    const entries = entriesOf(sub, read);
    if (entries === null) continue;
    const names = new Set<string>();
    const dirs: string[] = [];
    for (const e of entries) {
      if (isSessionEntry(e)) {
        out.push(child(sub, e.name));
        names.add(e.name);
      } else if (e.isDirectory()) dirs.push(e.name);
    }
    for (const d of dirs) if (names.has(d + ".jsonl") || names.has(d + ".jsonl.gz")) scanArtifacts(child(sub, d), out, read, 0);
  }
}

/** How deep a session's artifacts dir is walked: pi-subagents' `<run id>/run-N/session.jsonl` is two dirs down. */
const ARTIFACT_DEPTH = 3;

/**
 * The session whose artifacts dir holds this file (scanArtifacts' places: the
 * nearest dir up to ARTIFACT_DEPTH above it with a `<dir>.jsonl` beside it),
 * or null. omp finds a subagent's parent the same way (`<dir>.jsonl` for a
 * file in `<dir>/`).
 */
export function artifactsOwner(file: string): string | null {
  let dir = dirname(resolve(file));
  for (let depth = 0; depth < ARTIFACT_DEPTH; depth++) {
    for (const ext of [".jsonl", ".jsonl.gz"]) if (existsSync(dir + ext)) return dir + ext;
    const up = dirname(dir);
    // an agent's `sessions/` holds project folders, never a session: a file in a project folder is no subagent's
    if (up === dir || basename(up) === "sessions") break;
    dir = up;
  }
  return null;
}

/**
 * The session files in a session's artifacts dir (`<session>.jsonl` beside
 * `<session>/`): omp writes a task subagent's session there as `<agent
 * id>.jsonl` (its own subagents one dir further down), and its advisor's as
 * `__advisor.jsonl`; the pi-subagents extension writes `<run id>/run-N/session.jsonl`.
 * omp's own stats count every one of them, and so do ours.
 */
function scanArtifacts(dir: string, out: string[], read: ((dir: string) => void) | undefined, depth: number): void {
  for (const e of entriesOf(dir, read) ?? []) {
    if (isSessionEntry(e)) out.push(child(dir, e.name));
    else if (e.isDirectory() && depth + 1 < ARTIFACT_DEPTH) scanArtifacts(child(dir, e.name), out, read, depth + 1);
  }
}

/**
 * The session files under each root. An agent dir (one with a `sessions/`
 * subdir) gives `sessions/*\/*.jsonl[.gz]` and what each session's artifacts
 * dir holds (scanArtifacts); any other dir is scanned itself and
 * one level down; a file is taken as is. Missing roots are skipped. Paths are
 * absolute and deduplicated, in a stable order.
 */
export async function findSessionFiles(roots: string[]): Promise<string[]> {
  return listSessionFiles(roots);
}

/**
 * findSessionFiles, also naming every dir whose entries decided the result,
 * each told to `seen` before it is looked at: the roots that are (or would
 * be) dirs, their `sessions/`, and every folder read. While none of those
 * changes (a dir's mtime moves whenever an entry is added, removed or
 * renamed), the same files are found.
 */
export function traceSessionFiles(roots: string[], seen: (dir: string) => void): string[] {
  return listSessionFiles(roots, seen);
}

function listSessionFiles(roots: string[], seen?: (dir: string) => void): string[] {
  const out: string[] = [];
  for (const root of roots) {
    const abs = resolve(root);
    let st;
    try {
      st = statSync(abs);
    } catch {
      seen?.(abs); // missing: its coming into being must be noticed
      continue;
    }
    if (!st.isDirectory()) {
      out.push(abs);
      continue;
    }
    seen?.(abs);
    const sessions = join(abs, "sessions");
    const found: string[] = [];
    if (isDir(sessions)) scanDir(sessions, found, seen);
    else {
      seen?.(sessions);
      scanDir(abs, found, seen);
    }
    found.sort();
    out.push(...found);
  }
  if (roots.length < 2) return out;
  const unique = new Set<string>();
  return out.filter((p) => (unique.has(p) ? false : (unique.add(p), true)));
}
