// Where Claude Code keeps sessions:
//   <config dir>/projects/<cwd with / and . as ->/<session id>.jsonl
//   <config dir>/projects/<project>/<session id>/subagents/agent-<agent id>.jsonl (+ .meta.json)
//   <config dir>/projects/<project>/<session id>/subagents/workflows/wf_<id>/agent-<agent id>.jsonl
//   <config dir>/projects/<project>/agent-<agent id>.jsonl   (older sidechains, beside the sessions)
// The config dir is $CLAUDE_CONFIG_DIR (a comma-separated list is allowed, as
// ccusage reads it), else ~/.config/claude and ~/.claude.
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { isDir } from "../../../../fs/home-dir.js";
import { expandHome } from "../../../../fs/home-path.js";
import { joinerFor } from "../../../../fs/plain-path.js";

/** The `projects` dirs to scan, those that exist. */
export function claudeRoots(env: NodeJS.ProcessEnv, home: string): string[] {
  return claudePlaces(env, home).filter(isDir);
}

/** Every projects dir Claude Code may use, whether it exists or not (for saying where a listing looked). */
export function claudePlaces(env: NodeJS.ProcessEnv, home: string): string[] {
  const out: string[] = [];
  const add = (projects: string) => {
    if (!out.includes(projects)) out.push(projects);
  };
  const fromEnv = env.CLAUDE_CONFIG_DIR?.trim();
  if (fromEnv) {
    for (const raw of fromEnv.split(",")) {
      const p = expandHome(raw.trim(), home);
      if (!p) continue;
      // The projects dir itself is accepted too.
      add(basename(p) === "projects" ? p : join(p, "projects"));
    }
    return out;
  }
  const xdg = env.XDG_CONFIG_HOME?.trim() || join(home, ".config");
  add(join(xdg, "claude", "projects"));
  add(join(home, ".claude", "projects"));
  return out;
}

/** A session id as Claude Code makes them (a UUID): a transcript is named `<session id>.jsonl`. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AGENT_NAME = /^agent-[^/\\]+\.jsonl$/;

/** The path split into its parts (either separator). */
const partsOf = (p: string): string[] => p.split(/[\\/]+/);

/**
 * Whether a path is a Claude Code session file, by place and name only: a
 * session or old-style sidechain right under a project dir of a `projects`
 * dir, or an agent file under a session's `subagents` dir.
 */
export function claimsPath(path: string): boolean {
  const parts = partsOf(path);
  const name = parts[parts.length - 1] ?? "";
  if (!name.endsWith(".jsonl")) return false;
  if (AGENT_NAME.test(name) && parts.lastIndexOf("subagents") >= 0) return true;
  return parts[parts.length - 3] === "projects" && (SESSION_ID.test(name.slice(0, -".jsonl".length)) || AGENT_NAME.test(name));
}

export type SourceKind = "session" | "subagent" | "sidechain";

/** What kind of Claude Code file a path is (its place decides). */
export function kindOf(path: string): SourceKind {
  const parts = partsOf(path);
  const name = parts[parts.length - 1] ?? "";
  if (!AGENT_NAME.test(name)) return "session";
  return parts.includes("subagents") ? "subagent" : "sidechain";
}

/** The agent id in an agent file's name (`agent-<id>.jsonl`). */
export const agentIdOfPath = (path: string): string =>
  basename(path)
    .replace(/^agent-/, "")
    .replace(/\.jsonl$/, "");

/** The session id a transcript's name gives (`<uuid>.jsonl`, as Claude Code names it), or "" for another name. */
export function sessionIdOfPath(path: string): string {
  const name = basename(path).replace(/\.jsonl$/, "");
  return SESSION_ID.test(name) ? name : "";
}

/** The sidecar Claude Code writes beside a subagent's transcript. */
export const metaPathOf = (path: string): string => path.replace(/\.jsonl$/, ".meta.json");

/**
 * The session dir a subagent file belongs to (`<project>/<session id>`), found
 * as the dir holding the nearest `subagents` dir (workflows nest below it).
 */
export function subagentSessionDir(path: string): string | null {
  let d = dirname(path);
  while (basename(d) !== "subagents") {
    const up = dirname(d);
    if (up === d) return null;
    d = up;
  }
  return dirname(d);
}

/**
 * The id `claude --resume` takes for a transcript. Claude Code resumes
 * sessions, not agents: a subagent's file (its id is the agent's) resumes
 * the session it ran in, the `<session id>` dir above its `subagents` dir; an
 * old-style sidechain beside the sessions resumes its parent, the session its
 * records name (`parentSession`, the reader's `<project>/<session id>.jsonl`).
 */
export function resumeIdOf(path: string, id: string, parentSession?: string | null): string {
  const kind = kindOf(path);
  if (kind === "sidechain") return (parentSession ? sessionIdOfPath(parentSession) : "") || id;
  if (kind !== "subagent") return id;
  const dir = subagentSessionDir(path);
  const session = dir ? basename(dir) : "";
  return SESSION_ID.test(session) ? session : id;
}

/**
 * The parent session's path for a subagent: the agent that spawned it (a
 * sidecar's `parentAgentId`, a file in the same subagents dir), else the root
 * session `<project>/<session id>.jsonl`. Nesting is not mirrored by dirs.
 */
export function subagentParentPath(path: string, parentAgentId: string | null): string | null {
  const sessionDir = subagentSessionDir(path);
  if (!sessionDir) return null;
  if (parentAgentId) {
    const sibling = join(sessionDir, "subagents", `agent-${parentAgentId}.jsonl`);
    if (existsSync(sibling)) return sibling;
  }
  return `${sessionDir}.jsonl`;
}

/** An old-style sidechain's parent: the session named by its records' `sessionId`, beside it. */
export const sidechainParentPath = (path: string, sessionId: string): string => join(dirname(path), `${sessionId}.jsonl`);

/**
 * The transcript of an agent a session spawned (named by the tool result's
 * `agentId`): under the session's subagents dir (newer), or beside the
 * session (older); the first that exists, or null.
 */
export function childSessionPath(sessionPath: string, sessionId: string, agentId: string): string | null {
  if (!/^[\w.-]+$/.test(agentId)) return null; // an id is a file name part: nothing that climbs dirs
  const project = dirname(sessionPath);
  const own = kindOf(sessionPath) === "subagent" ? subagentSessionDir(sessionPath) : join(project, basename(sessionPath, ".jsonl"));
  const candidates = [own ? join(own, "subagents", `agent-${agentId}.jsonl`) : null, sessionId ? join(project, sessionId, "subagents", `agent-${agentId}.jsonl`) : null, join(project, `agent-${agentId}.jsonl`)];
  for (const c of candidates) if (c && existsSync(c)) return c;
  return null;
}

// Read synchronously, as pi's discovery does: a listing walks hundreds of
// small dirs, and awaiting each readdir in turn left the process idle between
// them (bench/agents.ts).
async function list(dir: string): Promise<{ name: string; dir: boolean; file: boolean }[]> {
  try {
    return readdirSync(dir, { withFileTypes: true }).map((d) => ({ name: d.name, dir: d.isDirectory(), file: d.isFile() }));
  } catch {
    return []; // unreadable dirs are normal (another user's project): skip them
  }
}

async function agentFiles(dir: string, out: string[], depth: number, under: (dir: string, name: string) => string): Promise<void> {
  for (const d of await list(dir)) {
    const p = under(dir, d.name);
    if (d.file && AGENT_NAME.test(d.name)) out.push(p);
    else if (d.dir && depth > 0) await agentFiles(p, out, depth - 1, under);
  }
}

/**
 * The session files under a `projects` dir (or one project dir), without
 * reading them: sessions, old-style sidechains and every subagent transcript.
 */
export async function claudeSources(root: string): Promise<string[]> {
  const out: string[] = [];
  const under = joinerFor(root);
  const project = async (dir: string) => {
    for (const d of await list(dir)) {
      const p = under(dir, d.name);
      if (d.file && d.name.endsWith(".jsonl")) out.push(p);
      else if (d.dir) await agentFiles(under(p, "subagents"), out, 3, under);
    }
  };
  const top = await list(root);
  // A project dir given directly holds .jsonl files; a projects dir holds only dirs.
  if (top.some((d) => d.file && d.name.endsWith(".jsonl"))) await project(root);
  else for (const d of top) if (d.dir) await project(under(root, d.name));
  return out.sort();
}
