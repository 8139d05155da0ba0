// The sidecar Claude Code writes beside a subagent's transcript
// (`agent-<id>.meta.json`): `agentType`, `description`, `toolUseId` (the parent's
// Agent call), `spawnDepth`, and `parentAgentId` when an agent spawned it.
// Workflow steps carry only `agentType` and `spawnDepth`. It may be missing (an
// interrupted spawn): then the place alone links the file.
import { type Dirent, existsSync, readdirSync } from "node:fs";
import { readTextCapped } from "../../../../fs/read-capped.js";
import { join } from "node:path";
import { isObj, str } from "./blocks.js";
import { agentIdOfPath, metaPathOf } from "./paths.js";

/** The tools that spawn a subagent: `Agent` in newer versions, `Task` before. */
export const SPAWN_TOOLS: ReadonlySet<string> = new Set(["Agent", "Task"]);

export interface SubagentMeta {
  agentType: string | null;
  description: string | null;
  toolUseId: string | null;
  parentAgentId: string | null;
}

const META_CAP = 1024 * 1024;

const orNull = (v: unknown): string | null => str(v).trim() || null;

export function readSubagentMeta(path: string): SubagentMeta {
  let v: unknown = null;
  try {
    // a sidecar is a few hundred bytes: a FIFO or /dev/zero in its place is refused, not waited on or read forever
    v = JSON.parse(readTextCapped(metaPathOf(path), META_CAP) ?? "null");
  } catch {
    // missing, damaged or no regular file: the place still links it
  }
  const m = isObj(v) ? v : {};
  return { agentType: orNull(m.agentType), description: orNull(m.description), toolUseId: orNull(m.toolUseId), parentAgentId: orNull(m.parentAgentId) };
}

/**
 * The subagent transcripts of one session by the parent's tool call that
 * spawned them (each sidecar's `toolUseId`): read from the session's
 * `subagents` dir (workflows nest below it), so a call knows its agent from
 * its own line, before any result names it.
 */
export function subagentsByToolUse(sessionDir: string): Map<string, { path: string; agentId: string }> {
  const out = new Map<string, { path: string; agentId: string }>();
  const walk = (dir: string, depth: number) => {
    let names: Dirent[];
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // no subagents (the usual case)
    }
    for (const d of names) {
      const p = join(dir, d.name);
      if (d.isDirectory() && depth > 0) walk(p, depth - 1);
      else if (d.isFile() && d.name.startsWith("agent-") && d.name.endsWith(".meta.json")) {
        const transcript = p.replace(/\.meta\.json$/, ".jsonl");
        const meta = readSubagentMeta(transcript);
        if (meta.toolUseId && existsSync(transcript)) out.set(meta.toolUseId, { path: transcript, agentId: agentIdOfPath(transcript) });
      }
    }
  };
  walk(join(sessionDir, "subagents"), 3);
  return out;
}
