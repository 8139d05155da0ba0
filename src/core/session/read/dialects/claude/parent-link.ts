// A subagent's transcript starts a fresh uuid chain: nothing in it names the
// parent turn. The spawn edge lives in the parent: the Agent (formerly Task)
// tool call whose id the sidecar's `toolUseId` names, and the tool result whose
// `toolUseResult.agentId` names the agent. This finds, in the parent file, the
// entry that holds that call — the first streamed copy of its message, the id
// the reader gives the merged message.
import { lineBatches } from "../../lines.js";
import { isObj, str } from "./blocks.js";
import { SPAWN_TOOLS } from "./subagent-meta.js";
import { envSlot } from "../../../../env.js";
import { promises as fsp } from "node:fs";

interface Links {
  /** Tool call id → entry id of the message holding it. */
  byCall: Map<string, string>;
  /** Agent id → entry id of the call that spawned it. */
  byAgent: Map<string, string>;
}

// One scan per parent file version: a session with many subagents is read once.
const caches = envSlot(() => new Map<string, { key: string; links: Links }>());
const CACHE_MAX = 64;

const REQUEST = Buffer.from('"requestId":"');
const UUID = Buffer.from('"uuid":"');
const TOOL_USE = Buffer.from('"tool_use"');
const SPAWN_NAMES = [...SPAWN_TOOLS].map((n) => Buffer.from(`"name":"${n}"`));
const AGENT_ID = Buffer.from('"agentId":"');
const TOOL_USE_RESULT = Buffer.from('"toolUseResult"');
const QUOTE = Buffer.from('"');

/**
 * Where `what` is in the line buf[start, end), or -1. The search stays in the
 * line: `buf.indexOf(what, start)` alone runs on to the end of the batch when
 * the line does not hold it, so a parent of many lines was searched once per
 * line end to end (a 4 MB parent: 1.4 s of CPU to open a 3-line subagent).
 */
const has = (buf: Buffer, start: number, end: number, what: Buffer): number => {
  const i = buf.subarray(start, end).indexOf(what);
  return i < 0 ? -1 : start + i;
};

/** The string value after a `"key":"` found in the line, or "". */
function valueAfter(buf: Buffer, start: number, end: number, key: Buffer): string {
  const i = has(buf, start, end, key);
  if (i < 0) return "";
  const from = i + key.length;
  const to = has(buf, from, end, QUOTE);
  return to < 0 ? "" : buf.toString("latin1", from, to);
}

interface Seen {
  request: string;
  uuid: string;
  /** The line's text, only for the few lines worth parsing (a spawn or its result). */
  text?: string;
}

async function scan(path: string): Promise<Links> {
  const firstByRequest = new Map<string, string>();
  const byCall = new Map<string, string>();
  const byAgent = new Map<string, string>();
  const resultAgent: [string, string][] = [];
  // The bytes are searched before anything is decoded: most lines are neither a spawn nor its result.
  const take = (buf: Buffer, from: number, end: number): Seen => {
    let start = from;
    while (start < end && buf[start] === 0) start++; // NUL padding (see jsonl-source)
    const seen: Seen = { request: valueAfter(buf, start, end, REQUEST), uuid: valueAfter(buf, start, end, UUID) };
    const spawn = has(buf, start, end, TOOL_USE) >= 0 && SPAWN_NAMES.some((n) => has(buf, start, end, n) >= 0);
    const result = has(buf, start, end, AGENT_ID) >= 0 && has(buf, start, end, TOOL_USE_RESULT) >= 0;
    if (spawn || result) seen.text = buf.toString("utf8", start, end);
    return seen;
  };
  for await (const batch of lineBatches(path, take)) {
    for (const { request, uuid, text } of batch) {
      if (request && uuid && !firstByRequest.has(request)) firstByRequest.set(request, uuid);
      if (text === undefined) continue;
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
        if (b.type === "tool_use" && SPAWN_TOOLS.has(str(b.name)) && own) byCall.set(str(b.id), own);
        if (b.type === "tool_result" && isObj(v.toolUseResult) && typeof v.toolUseResult.agentId === "string") resultAgent.push([v.toolUseResult.agentId, str(b.tool_use_id)]);
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
    const s = await fsp.stat(parentPath);
    key = `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
  const cache = caches();
  let hit = cache.get(parentPath);
  if (!hit || hit.key !== key) {
    hit = { key, links: await scan(parentPath) };
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(parentPath, hit);
  }
  return (toolUseId && hit.links.byCall.get(toolUseId)) || hit.links.byAgent.get(agentId) || null;
}
