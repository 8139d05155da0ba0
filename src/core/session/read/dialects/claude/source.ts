// The records of one Claude Code file. A subagent or sidechain file also gets
// one record made here, not read from it: the link to the parent's entry that
// spawned it (found by scanning the parent), since the file itself never says.
import type { Origin, RecordSource } from "../../dialect-api.js";
import { isObj, str } from "./blocks.js";
import { readLines } from "./lines.js";
import { findSpawnEntry } from "./parent-link.js";
import { agentIdOfPath, kindOf, sidechainParentPath, subagentParentPath } from "./paths.js";
import { readSubagentMeta } from "./subagent-meta.js";

/** The key of the made-up link record: a symbol, so no line of a file can pose as one. */
export const PARENT_LINK = Symbol("claude parent link");

export interface ParentLink {
  parentSession: string | null;
  parentEntryId: string | null;
}

const NO_ORIGIN: Origin = { line: 0, offset: 0, length: 0 };

export function claudeSource(path: string): RecordSource {
  const kind = kindOf(path);
  async function* records(): AsyncGenerator<{ value: unknown; origin: Origin } | { warning: string; origin: Origin }> {
    const agentId = agentIdOfPath(path);
    if (kind === "subagent") {
      const meta = readSubagentMeta(path);
      const parentSession = subagentParentPath(path, meta.parentAgentId);
      const parentEntryId = parentSession ? await findSpawnEntry(parentSession, meta.toolUseId, agentId) : null;
      yield { value: { [PARENT_LINK]: { parentSession, parentEntryId } satisfies ParentLink }, origin: NO_ORIGIN };
    }
    let linked = kind !== "sidechain";
    for await (const { text, origin, terminated } of readLines(path)) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        yield { warning: terminated ? "not valid JSON: line skipped" : "truncated last line (not valid JSON): skipped", origin };
        continue;
      }
      // An old-style sidechain names its parent only by the session id its records carry.
      if (!linked && isObj(value) && str(value.sessionId)) {
        linked = true;
        const parentSession = sidechainParentPath(path, str(value.sessionId));
        const parentEntryId = await findSpawnEntry(parentSession, null, agentId);
        yield { value: { [PARENT_LINK]: { parentSession, parentEntryId } satisfies ParentLink }, origin: NO_ORIGIN };
      }
      yield { value, origin };
    }
  }
  return { records };
}
