// The sidecar Claude Code writes beside a subagent's transcript
// (`agent-<id>.meta.json`): `agentType`, `description`, `toolUseId` (the parent's
// Agent call), `spawnDepth`, and `parentAgentId` when an agent spawned it.
// Workflow steps carry only `agentType` and `spawnDepth`. It may be missing (an
// interrupted spawn): then the place alone links the file.
import { readFileSync } from "node:fs";
import { isObj, str } from "./blocks.js";
import { metaPathOf } from "./paths.js";

export interface SubagentMeta {
  agentType: string | null;
  description: string | null;
  toolUseId: string | null;
  parentAgentId: string | null;
}

const orNull = (v: unknown): string | null => str(v).trim() || null;

export function readSubagentMeta(path: string): SubagentMeta {
  let v: unknown = null;
  try {
    v = JSON.parse(readFileSync(metaPathOf(path), "utf8"));
  } catch {
    // missing or damaged: the place still links it
  }
  const m = isObj(v) ? v : {};
  return { agentType: orNull(m.agentType), description: orNull(m.description), toolUseId: orNull(m.toolUseId), parentAgentId: orNull(m.parentAgentId) };
}
