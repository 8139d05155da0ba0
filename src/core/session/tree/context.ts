// What the model sees at a leaf (docs/session-format.md §6), computed from the
// path's full entries re-read from disk. omp files follow omp's own rule
// (context-omp.ts), over entries whose blob references are resolved first.
import { blobReaderFor, resolveBlobRefs } from "../read/blobs.js";
import { emptyOmpContext, ompContextOfPath } from "./context-omp.js";
import { readEntries } from "../read/entry.js";
import { pathTo } from "./path.js";
import { epoch, strip } from "./message-fields.js";
import type { Session, SessionContext } from "../model.js";
import { dialectFor } from "../read/dialect-of.js";
import type { AgentId, PiEntry } from "../read/dialect-api.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** `leafId` undefined (or unknown) → the session's leaf; null → the empty context. */
export async function buildContext(s: Session, leafId?: string | null): Promise<SessionContext> {
  const omp = s.dialect === "omp";
  const empty: SessionContext = omp ? { ...emptyOmpContext(), leafId: null } : { leafId: null, thinkingLevel: "off", model: null, messages: [] };
  if (leafId === null) return empty;
  const leaf = leafId !== undefined && s.byId.has(leafId) ? leafId : s.leafId;
  if (leaf === null) return empty;
  const ids = pathTo(s, leaf);
  const path = await readEntries(
    s,
    ids.map((id) => s.byId.get(id)!),
  );
  // Another agent's session, or its JSONL export (a pi file whose header names the agent): that agent's rule.
  const other = s.held ? s.agent : exportedFrom(s);
  if (other) return { ...dialectContext(other, path), leafId: leaf };
  if (!omp) return { ...contextOfPath(path), leafId: leaf };
  const blobs = blobReaderFor(s.file);
  const missing: string[] = [];
  for (const e of path) missing.push(...resolveBlobRefs(e, blobs).missing);
  const ctx: SessionContext = { ...ompContextOfPath(path), leafId: leaf };
  if (missing.length) ctx.missingBlobs = [...new Set(missing)];
  return ctx;
}

/** The agent whose session a pi file is the JSONL export of (its header's `agent`, export/jsonl.ts), when that agent has a rule of its own. */
function exportedFrom(s: Session): AgentId | null {
  const a = s.header.agent;
  if (s.dialect !== "pi" || typeof a !== "string" || a === "pi" || a === "omp") return null;
  return dialectFor(a as AgentId)?.context ? (a as AgentId) : null;
}

/** Another agent's session: its dialect's own rule when it has one, else pi's over the pi-shaped entries. */
function dialectContext(agent: AgentId, path: Obj[]): Omit<SessionContext, "leafId"> {
  const d = dialectFor(agent);
  if (!d?.context) return contextOfPath(path);
  const own = d.context(path as PiEntry[]);
  return { thinkingLevel: "off", model: own.model ?? null, messages: own.messages };
}

/** The context rule over a root→leaf path of full entries. */
export function contextOfPath(path: Obj[]): Omit<SessionContext, "leafId"> {
  let thinkingLevel = "off";
  let model: SessionContext["model"] = null;
  let compaction = -1;
  let boundary = -1;
  path.forEach((e, i) => {
    switch (e.type) {
      case "thinking_level_change":
        thinkingLevel = typeof e.thinkingLevel === "string" ? e.thinkingLevel : "off";
        break;
      case "model_change":
        model = modelOfChange(e) ?? model;
        break;
      case "message":
        if (isObj(e.message) && e.message.role === "assistant" && typeof e.message.provider === "string" && typeof e.message.model === "string") {
          model = { provider: e.message.provider, modelId: e.message.model };
        }
        break;
      case "compaction":
        compaction = i;
        break;
      case "reset_boundary":
        boundary = i;
        break;
    }
  });

  const messages: Obj[] = [];
  let compactionIndex: number | undefined;
  const add = (e: Obj) => {
    const m = toMessage(e);
    if (m) messages.push(m);
  };
  if (boundary >= 0 && boundary > compaction) {
    for (let i = boundary + 1; i < path.length; i++) add(path[i]);
  } else if (compaction >= 0) {
    const c = path[compaction];
    compactionIndex = 0;
    messages.push(strip({ role: "compactionSummary", summary: c.summary, tokensBefore: c.tokensBefore, timestamp: epoch(c.timestamp) }));
    const kept = path.findIndex((e, i) => i < compaction && e.id === c.firstKeptEntryId);
    if (kept >= 0) for (let i = kept; i < compaction; i++) add(path[i]);
    for (let i = compaction + 1; i < path.length; i++) add(path[i]);
  } else {
    for (const e of path) add(e);
  }
  const out: Omit<SessionContext, "leafId"> = { thinkingLevel, model, messages };
  if (compactionIndex !== undefined) out.compactionIndex = compactionIndex;
  return out;
}

function modelOfChange(e: Obj): SessionContext["model"] {
  if (typeof e.model === "string") {
    const slash = e.model.indexOf("/");
    return slash < 0 ? { provider: "", modelId: e.model } : { provider: e.model.slice(0, slash), modelId: e.model.slice(slash + 1) };
  }
  if (typeof e.provider === "string" && typeof e.modelId === "string") return { provider: e.provider, modelId: e.modelId };
  return null;
}

function toMessage(e: Obj): Obj | null {
  switch (e.type) {
    case "message":
      return isObj(e.message) ? e.message : null;
    case "custom_message":
      return strip({
        role: "custom",
        customType: e.customType,
        content: e.content,
        display: e.display,
        details: e.details,
        timestamp: epoch(e.timestamp),
      });
    case "branch_summary":
      return typeof e.summary === "string" && e.summary !== "" ? strip({ role: "branchSummary", summary: e.summary, fromId: e.fromId, timestamp: epoch(e.timestamp) }) : null;
    default:
      return null;
  }
}
