// What the tree keeps of one entry (EntryMeta), from its full JSON: the same
// for pi and omp lines and for the entries other agents' dialects give.
import { describeEntry, type Description } from "./describe.js";
import type { NameFacts } from "./build.js";
import type { EntryMeta } from "../model.js";

type Obj = Record<string, unknown>;

/** The entry's meta; a name it sets (session_info, title_change) goes into `facts`. */
export function entryMeta(obj: Obj, type: string, id: string, parentId: string | null, line: number, offset: number, length: number, facts: NameFacts, describe: (e: Obj) => Description = describeEntry): EntryMeta {
  const d = describe(obj);
  const meta: EntryMeta = {
    id,
    parentId,
    type,
    timestamp: typeof obj.timestamp === "string" ? obj.timestamp : "",
    line,
    offset,
    length,
    preview: d.preview,
    summary: d.summary,
  };
  if (d.role !== undefined) meta.role = d.role;
  if (d.isError) meta.isError = true;
  if (d.tools) meta.tools = d.tools;
  if (type === "label") {
    if (typeof obj.targetId === "string") meta.targetId = obj.targetId;
    if (typeof obj.label === "string") meta.label = obj.label;
  } else if (type === "session_info") {
    facts.names.set(id, typeof obj.name === "string" ? obj.name.trim() : "");
  } else if (type === "title_change") {
    facts.names.set(id, typeof obj.title === "string" ? obj.title.trim() : "");
  }
  return meta;
}
