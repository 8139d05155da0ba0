// Where a captured session lives on this machine: the capture store knows its
// harness, the agent's own session id, its cwd and often the transcript path
// the hook was given. The path is taken when it still exists; otherwise the
// agent's default places (its dialect's own, read/dialects/*/paths.ts) are
// searched by the id, the way each agent names its files (never by reading
// every session):
//   Claude Code  <projects root>/<cwd, every non-alphanumeric as ->/<id>.jsonl
//                ($CLAUDE_CONFIG_DIR, comma-separated, else $XDG_CONFIG_HOME/claude and ~/.claude)
//   Codex        $CODEX_HOME (~/.codex)/sessions/YYYY/MM/DD/rollout-…-<id>.jsonl, archived_sessions/
//   Gemini CLI   ($GEMINI_CLI_HOME or ~)/.gemini/tmp/<sha256 of cwd, or any project dir>/chats/session-…-<id's first 8>.json(l),
//                checked for the whole id in the file's first bytes
//   OpenCode     $XDG_DATA_HOME (~/.local/share)/opencode/opencode.db#<id> (1.2 and later),
//                or a release channel's opencode-<channel>.db#<id> that holds it,
//                else storage/session/<project>/<id>.json
//   pi, omp      <agent dir>/sessions/<dir>/<time>_<id>.jsonl
import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import { openRegular } from "../fs/read-capped.js";
import { homedir } from "node:os";
import { join } from "node:path";
import { defaultAgentDirs } from "../session/list/discover.js";
import { claudeRoots } from "../session/read/dialects/claude/paths.js";
import { codexRoots } from "../session/read/dialects/codex/paths.js";
import { geminiRoots } from "../session/read/dialects/gemini/paths.js";
import { hasDbSession } from "../session/read/dialects/opencode/db.js";
import { databases as opencodeDatabases, dataDir as opencodeDataDir } from "../session/read/dialects/opencode/paths.js";
import { isAgentId, type AgentId } from "../session/agents.js";

/** What the capture store holds of a session (its state file's fields). */
export interface SessionRef {
  harness: string;
  nativeId: string;
  transcriptPath?: string | null;
  cwd?: string | null;
}

export interface FindOptions {
  env?: NodeJS.ProcessEnv;
  home?: string;
  /** pi/omp agent dirs (default: every one that exists). */
  agentDirs?: string[];
}

/** A file that exists (not a dir). */
async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

async function dirsIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => join(dir, d.name));
  } catch {
    return [];
  }
}

async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
  } catch {
    return [];
  }
}

/** Claude Code's folder name for a project: the cwd with every character but letters and digits as `-`. */
export const claudeProjectDir = (cwd: string): string => cwd.replace(/[^A-Za-z0-9]/g, "-");

async function findClaude(id: string, cwd: string, env: NodeJS.ProcessEnv, home: string): Promise<string | null> {
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

/** Files under `dir` (to `depth` levels) whose name passes `match`, newest-named dirs first. */
async function walk(dir: string, depth: number, match: (name: string) => boolean): Promise<string | null> {
  for (const name of await filesIn(dir)) if (match(name)) return join(dir, name);
  if (depth === 0) return null;
  const dirs = (await dirsIn(dir)).sort().reverse();
  for (const d of dirs) {
    const hit = await walk(d, depth - 1, match);
    if (hit) return hit;
  }
  return null;
}

async function findCodex(id: string, env: NodeJS.ProcessEnv, home: string): Promise<string | null> {
  const match = (n: string) => n.startsWith("rollout-") && n.endsWith(`-${id}.jsonl`);
  // sessions/, then archived_sessions/
  for (const root of codexRoots(env, home)) {
    const hit = await walk(root, 3, match);
    if (hit) return hit;
  }
  return null;
}

/** Whether the first bytes of a file hold `text` (Gemini's session id sits near the top of its document). */
async function headHolds(file: string, text: string, bytes = 64 * 1024): Promise<boolean> {
  let fh;
  try {
    fh = await openRegular(file);
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString("utf8").includes(text);
  } catch {
    return false;
  } finally {
    await fh?.close();
  }
}

async function findGemini(id: string, cwd: string, env: NodeJS.ProcessEnv, home: string): Promise<string | null> {
  const [tmp] = geminiRoots(env, home);
  const short = id.slice(0, 8);
  const mine = cwd ? join(tmp, createHash("sha256").update(cwd).digest("hex")) : null;
  const projects = [...(mine ? [mine] : []), ...(await dirsIn(tmp)).filter((d) => d !== mine)];
  for (const p of projects) {
    const chats = join(p, "chats");
    const names = (await filesIn(chats))
      .filter((n) => n.startsWith("session-") && /\.jsonl?$/.test(n) && n.includes(short))
      .sort()
      .reverse();
    for (const n of names) if (await headHolds(join(chats, n), id)) return join(chats, n);
  }
  return null;
}

async function findOpencode(id: string, env: NodeJS.ProcessEnv, home: string): Promise<string | null> {
  const base = opencodeDataDir(env, home);
  // 1.2 and later moved every session into the database: a session kept there is named `<db>#<id>`.
  // A release channel keeps its own (`opencode-<channel>.db`): the one that holds the id.
  const dbs = opencodeDatabases(base);
  for (const db of dbs) {
    try {
      if (hasDbSession(db, id, { busyTimeoutMs: 1000 })) return `${db}#${id}`;
    } catch {
      // locked or damaged: the next one, else the main database by name
    }
  }
  if (await isFile(join(base, "opencode.db"))) return `${join(base, "opencode.db")}#${id}`;
  for (const dir of await dirsIn(join(base, "storage", "session"))) {
    if (await isFile(join(dir, `${id}.json`))) return join(dir, `${id}.json`);
  }
  return null;
}

async function findPiOmp(id: string, dirs: string[]): Promise<string | null> {
  for (const agentDir of dirs) {
    const hit = await walk(join(agentDir, "sessions"), 1, (n) => n.endsWith(`_${id}.jsonl`) || n.endsWith(`_${id}.jsonl.gz`));
    if (hit) return hit;
  }
  return null;
}

/** The agent a harness name is (the capture store's names are the agent ids). */
export const agentOfHarness = (harness: string): AgentId | null => (isAgentId(harness) ? harness : null);

/** An id that can name a file: the store keeps ids holding a secret as `redacted-…`, which no agent wrote. */
const usableId = (id: string): boolean => /^[A-Za-z0-9_.:-]{1,200}$/.test(id) && !id.startsWith("redacted-") && !id.startsWith("derived-");

/**
 * The session source of a captured session: the transcript path when it
 * exists, else the file (or `database#id`) found by the session id in the
 * agent's default places; null when there is none on this machine.
 */
export async function findSessionSource(ref: SessionRef, opts: FindOptions = {}): Promise<string | null> {
  const env = opts.env ?? process.env;
  const home = opts.home ?? homedir();
  const transcript = ref.transcriptPath?.trim();
  if (transcript && (await isFile(transcript))) return transcript;
  const agent = agentOfHarness(ref.harness);
  const id = ref.nativeId.trim();
  if (!agent || !usableId(id)) return null;
  const cwd = ref.cwd?.trim() ?? "";
  switch (agent) {
    case "claude":
      return findClaude(id, cwd, env, home);
    case "codex":
      return findCodex(id, env, home);
    case "gemini":
      return findGemini(id, cwd, env, home);
    case "opencode":
      return findOpencode(id, env, home);
    case "pi":
    case "omp":
      return findPiOmp(id, opts.agentDirs ?? defaultAgentDirs(env, home));
  }
}
