// A subagent's transcript starts a fresh uuid chain: nothing in it names the
// parent turn. The spawn edge lives in the parent: the Agent (formerly Task)
// tool call whose id the sidecar's `toolUseId` names, and the tool result whose
// `toolUseResult.agentId` names the agent. This finds, in the parent file, the
// entry that holds that call — the first streamed copy of its message, the id
// the reader gives the merged message.
import { stat } from "node:fs/promises";
import { readLines } from "./lines.js";
import { isObj, str } from "./blocks.js";
import { SPAWN_TOOLS } from "./subagent-meta.js";

interface Links {
  /** Tool call id → entry id of the message holding it. */
  byCall: Map<string, string>;
  /** Agent id → entry id of the call that spawned it. */
  byAgent: Map<string, string>;
}

// One scan per parent file version: a session with many subagents is read once.
const cache = new Map<string, { key: string; links: Links }>();
const CACHE_MAX = 64;

const REQUEST = /"requestId":"([^"]+)"/;
const UUID = /"uuid":"([^"]+)"/;

async function scan(path: string): Promise<Links> {
  const firstByRequest = new Map<string, string>();
  const byCall = new Map<string, string>();
  const byAgent = new Map<string, string>();
  const resultAgent: [string, string][] = [];
  for await (const { text } of readLines(path)) {
    // Plain string tests first: most lines are neither a spawn nor its result, and are never parsed.
    const request = text.includes('"requestId":"') ? REQUEST.exec(text)?.[1] : undefined;
    const uuid = UUID.exec(text)?.[1];
    if (request && uuid && !firstByRequest.has(request)) firstByRequest.set(request, uuid);
    const spawn = text.includes('"tool_use"') && (text.includes('"name":"Agent"') || text.includes('"name":"Task"'));
    const result = text.includes('"agentId":"') && text.includes('"toolUseResult"');
    if (!spawn && !result) continue;
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      continue;
    }
    if (!isObj(v) || !isObj(v.message) || !Array.isArray(v.message.content)) continue;
    const own = (request && firstByRequest.get(request)) || str(v.uuid);
    for (const b of v.message.content) {
      if (!isObj(b)) continue;
      if (spawn && b.type === "tool_use" && SPAWN_TOOLS.has(str(b.name)) && own) byCall.set(str(b.id), own);
      if (result && b.type === "tool_result" && isObj(v.toolUseResult) && typeof v.toolUseResult.agentId === "string") {
        resultAgent.push([v.toolUseResult.agentId, str(b.tool_use_id)]);
      }
    }
  }
  for (const [agent, call] of resultAgent) {
    const entry = byCall.get(call);
    if (entry && !byAgent.has(agent)) byAgent.set(agent, entry);
  }
  return { byCall, byAgent };
}

/** The parent entry that spawned a subagent (by the sidecar's tool call id, else by agent id), or null. */
export async function findSpawnEntry(parentPath: string, toolUseId: string | null, agentId: string): Promise<string | null> {
  let key: string;
  try {
    const s = await stat(parentPath);
    key = `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
  let hit = cache.get(parentPath);
  if (!hit || hit.key !== key) {
    hit = { key, links: await scan(parentPath) };
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(parentPath, hit);
  }
  return (toolUseId && hit.links.byCall.get(toolUseId)) || hit.links.byAgent.get(agentId) || null;
}
