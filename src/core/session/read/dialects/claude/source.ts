// The records of one Claude Code file. A subagent or sidechain file also gets
// one record made here, not read from it: the link to the parent's entry that
// spawned it (found by scanning the parent), since the file itself never says.
import type { Origin, RecordSource, SourceRecord } from "../../dialect-api.js";
import { isObj, type Obj, str } from "./blocks.js";
import { jsonlSource } from "../../jsonl-source.js";
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

/** Whether a run of records holds a fork's `fork-context-ref` naming the parent entry its history runs to (Claude Code writes it first). */
const namesForkEntry = (run: SourceRecord[]): boolean => run.some((r) => "value" in r && isObj(r.value) && r.value.type === "fork-context-ref" && str(r.value.parentLastUuid) !== "");

export function claudeSource(path: string): RecordSource {
  const kind = kindOf(path);
  /**
   * A subagent's link, made with its first run of records: a fork names its
   * parent entry itself (the reader takes `parentLastUuid`), so the parent is
   * scanned for the spawning call only when the run names none.
   */
  async function subagentLink(first: SourceRecord[], agentId: string): Promise<SourceRecord> {
    const meta = readSubagentMeta(path);
    const parentSession = subagentParentPath(path, meta.parentAgentId);
    const parentEntryId = parentSession && !namesForkEntry(first) ? await findSpawnEntry(parentSession, meta.toolUseId, agentId) : null;
    return { value: { [PARENT_LINK]: { parentSession, parentEntryId } satisfies ParentLink }, origin: NO_ORIGIN };
  }
  // In runs, as the file is read (dialect-api.ts RecordSource.batches): one await per run, not per line.
  async function* batches(): AsyncGenerator<SourceRecord[]> {
    const agentId = agentIdOfPath(path);
    let subLinked = kind !== "subagent";
    let linked = kind !== "sidechain";
    for await (const batch of jsonlSource(path, { leadingNul: true }).batches!()) {
      if (!subLinked) {
        subLinked = true;
        yield [await subagentLink(batch, agentId), ...batch];
        continue;
      }
      // An old-style sidechain names its parent only by the session id its records carry: the link goes before the first such record.
      const at = linked ? -1 : batch.findIndex((r) => "value" in r && isObj(r.value) && str(r.value.sessionId) !== "");
      if (at < 0) {
        yield batch;
        continue;
      }
      linked = true;
      const parentSession = sidechainParentPath(path, str((batch[at] as { value: Obj }).value.sessionId));
      const parentEntryId = await findSpawnEntry(parentSession, null, agentId);
      yield [...batch.slice(0, at), { value: { [PARENT_LINK]: { parentSession, parentEntryId } satisfies ParentLink }, origin: NO_ORIGIN }, ...batch.slice(at)];
    }
    if (!subLinked) yield [await subagentLink([], agentId)];
  }
  async function* records(): AsyncGenerator<SourceRecord> {
    for await (const batch of batches()) yield* batch;
  }
  return { records, batches };
}
