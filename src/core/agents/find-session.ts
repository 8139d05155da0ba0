// Where a captured session lives on this machine: the capture store knows its
// harness, the agent's own session id, its cwd and often the transcript path
// the hook was given. The path is taken when it still exists; otherwise the
// agent's registry entry (session/agents.ts findById) looks in its default
// places by the id, the way that agent names its files (each dialect's
// find.ts; pi's and omp's in session/list/pi-by-id.ts), never by reading
// every session.
import { homedir } from "node:os";
import { agentInfo, isAgentId, type AgentId } from "../session/index.js";
import { promises as fsp } from "node:fs";

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
    return (await fsp.stat(p)).isFile();
  } catch {
    return false;
  }
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
  return (await agentInfo(agent)?.findById(id, { cwd, env, home, agentDirs: opts.agentDirs })) ?? null;
}
