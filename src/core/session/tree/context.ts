// What the model sees at a leaf (docs/session-format.md §6), computed from the
// path's full entries re-read from disk. omp files follow omp's own rule
// (context-omp.ts), over entries whose blob references are resolved first.
import { blobReaderFor, resolveBlobRefs } from "../read/blobs.js";
import { emptyOmpContext, ompContextOfPath } from "./context-omp.js";
import { entryOf, readEntries } from "../read/entry.js";
import { loadSession } from "./load.js";
import { envSlot } from "../../env.js";
import { stampOf } from "../../fs/stat.js";
import { pathTo } from "./path.js";
import { epoch, strip } from "./message-fields.js";
import type { Session, SessionContext } from "../model.js";
import { dialectFor } from "../read/dialect-of.js";
import type { AgentId, PiEntry } from "../read/dialect-api.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** `leafId` undefined (or unknown) → the session's leaf; null → the empty context. */
export async function buildContext(s: Session, leafId?: string | null): Promise<SessionContext> {
  const omp = s.agent === "omp";
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
  if (other) {
    const before = await pathBefore(s);
    if (before === null) return { ...dialectContext(other, path, s.header), leafId: leaf };
    if ("warning" in before) return { ...dialectContext(other, path, s.header), leafId: leaf, warnings: [before.warning] };
    return { ...dialectContext(other, [...before.path, ...path], withReplacements(s.header, before.header)), leafId: leaf };
  }
  if (!omp) return { ...contextOfPath(path), leafId: leaf };
  const blobs = blobReaderFor(s.file);
  const missing: string[] = [];
  for (const e of path) missing.push(...resolveBlobRefs(e, blobs).missing);
  const ctx: SessionContext = { ...ompContextOfPath(path), leafId: leaf };
  if (missing.length) ctx.missingBlobs = [...new Set(missing)];
  return ctx;
}

/**
 * The path a session's context goes on from: its parent session's path to the
 * entry its header's `contextFrom` names (DialectFacts.contextFrom: a Claude
 * Code fork subagent is sent its parent's chain to `parentLastUuid`, then its
 * own rows). Null when there is none. When the parent or the entry is not
 * there, or the parent cannot be read, a warning saying so: the context is
 * then the session's own, as Claude Code's is with an empty prefix, and the
 * reader is told what it lacks rather than left to think it whole.
 */
async function pathBefore(s: Session): Promise<{ path: Obj[]; header: Obj } | { warning: string } | null> {
  const at = s.header.contextFrom;
  const from = s.header.parentSession;
  if (typeof at !== "string" || at === "" || typeof from !== "string" || from === "") return null;
  const lacking = (why: string) => ({ warning: `the context goes on from its parent session ${from} ${why}: only this session's own messages are shown` });
  try {
    const parent = await parentSession(from);
    if (parent === null) return lacking("(no such file)");
    const id = entryOf(parent, at)?.id;
    if (id === undefined) return lacking(`(no entry ${at} in it)`);
    const path = await readEntries(
      parent,
      pathTo(parent, id).map((i) => parent.byId.get(i)!),
    );
    return { path, header: parent.header };
  } catch (err) {
    return lacking(`(cannot be read: ${err instanceof Error ? err.message : String(err)})`);
  }
}

// The last parent loaded for a context, while its file is unchanged: the browser's context view asks again at each entry.
const lastParent = envSlot(() => ({ file: "", stamp: "", session: null as Session | null }));

/** The parent session (null when its file is not there); a failure to read it is thrown. */
async function parentSession(file: string): Promise<Session | null> {
  const st = stampOf(file);
  if (st === null) return null;
  const stamp = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
  const last = lastParent();
  if (last.session && last.file === file && last.stamp === stamp) return last.session;
  const session = await loadSession(file);
  Object.assign(last, { file, stamp, session });
  return session;
}

/** The header with the parent's shortened tool results too (Claude Code sends the parent's history as it sent it). */
function withReplacements(own: Obj, parent: Obj): Obj {
  const a = parent.contentReplacements;
  if (!isObj(a)) return own;
  return { ...own, contentReplacements: { ...a, ...(isObj(own.contentReplacements) ? own.contentReplacements : {}) } };
}

/** The agent whose session a pi file is the JSONL export of (its header's `agent`, export/jsonl.ts), when that agent has a rule of its own. */
function exportedFrom(s: Session): AgentId | null {
  const a = s.header.agent;
  if (s.agent !== "pi" || typeof a !== "string" || a === "pi" || a === "omp") return null;
  return dialectFor(a as AgentId)?.context ? (a as AgentId) : null;
}

/** Another agent's session: its dialect's own rule when it has one, else pi's over the pi-shaped entries. */
function dialectContext(agent: AgentId, path: Obj[], header: Obj): Omit<SessionContext, "leafId"> {
  const d = dialectFor(agent);
  if (!d?.context) return contextOfPath(path);
  const own = d.context(path as PiEntry[], header);
  return { thinkingLevel: "off", model: own.model ?? null, messages: own.messages };
}

/**
 * The context rule over a root→leaf path of full entries: pi's
 * buildSessionContext. pi 1.6.0 keeps file version 3 and adds shapes that
 * 0.73.1 never wrote (system checkpoints, `context_edit`, a compaction's
 * `systemMessage`); their rules apply wherever those shapes appear, so a file
 * of either version reads by the rules of the pi that wrote it.
 */
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

  const chosen = contextEntries(path, compaction, boundary);
  // pi 1.6.0: the latest context_edit among the chosen entries rewrites (or removes) its target.
  const edits = new Map<unknown, Obj>();
  for (const e of chosen) if (e.type === "context_edit") edits.set(e.targetId, e);
  const messages: Obj[] = [];
  chosen.forEach((e, i) => {
    // An older compaction kept inside the newest one's range says nothing: only the newest (first) speaks.
    if (e.type === "compaction" && i > 0) return;
    const own = e.type === "compaction" ? compactionMessages(e) : toMessage(e);
    const edit = typeof e.id === "string" ? edits.get(e.id) : undefined;
    for (const m of own) {
      const edited = edit ? applyEdit(m, edit) : m;
      if (edited) messages.push(edited);
    }
  });
  const out: Omit<SessionContext, "leafId"> = { thinkingLevel, model, messages };
  const summaryAt = compaction >= 0 && !(boundary > compaction) ? messages.findIndex((m) => m.role === "compactionSummary") : -1;
  if (summaryAt >= 0) out.compactionIndex = summaryAt;
  return out;
}

/**
 * The entries the context is made of, in order: after omp's newest /clear
 * boundary; else the newest compaction, then its kept entries (from
 * `firstKeptEntryId`, which pi 1.6.0 may set to the compaction's own id: none
 * kept; system checkpoints in that range left out, as 1.6.0 does), then
 * everything after it; else the whole path.
 */
function contextEntries(path: Obj[], compaction: number, boundary: number): Obj[] {
  if (boundary >= 0 && boundary > compaction) return path.slice(boundary + 1);
  if (compaction < 0) return path;
  const c = path[compaction];
  const out: Obj[] = [c];
  const kept = path.findIndex((e, i) => i < compaction && e.id === c.firstKeptEntryId);
  if (kept >= 0) for (let i = kept; i < compaction; i++) if (!isSystemMessage(path[i])) out.push(path[i]);
  for (let i = compaction + 1; i < path.length; i++) out.push(path[i]);
  return out;
}

const isSystemMessage = (e: Obj): boolean => e.type === "message" && isObj(e.message) && e.message.role === "system";

/** A compaction's summary, after the system checkpoint pi 1.6.0 keeps on it. */
function compactionMessages(c: Obj): Obj[] {
  const summary = strip({ role: "compactionSummary", summary: c.summary, tokensBefore: c.tokensBefore, timestamp: epoch(c.timestamp) });
  return isObj(c.systemMessage) ? [c.systemMessage, summary] : [summary];
}

/**
 * A message under a context_edit (pi 1.6.0): `replacement: null` removes it;
 * otherwise the replacement's content stands in for a user, assistant, tool
 * result or custom message's content (text given to an assistant or a tool
 * result becomes one text block); other messages stay as they are.
 */
function applyEdit(m: Obj, edit: Obj): Obj | null {
  const r = edit.replacement;
  if (r === null) return null;
  const role = m.role;
  if (role !== "user" && role !== "assistant" && role !== "toolResult" && role !== "custom") return m;
  const content = isObj(r) ? r.content : undefined;
  const blocks = (role === "assistant" || role === "toolResult") && typeof content === "string" ? [{ type: "text", text: content }] : content;
  return strip({ ...m, content: blocks });
}

function modelOfChange(e: Obj): SessionContext["model"] {
  if (typeof e.model === "string") {
    const slash = e.model.indexOf("/");
    return slash < 0 ? { provider: "", modelId: e.model } : { provider: e.model.slice(0, slash), modelId: e.model.slice(slash + 1) };
  }
  if (typeof e.provider === "string" && typeof e.modelId === "string") return { provider: e.provider, modelId: e.modelId };
  return null;
}

function toMessage(e: Obj): Obj[] {
  const m = oneMessage(e);
  return m ? [m] : [];
}

function oneMessage(e: Obj): Obj | null {
  switch (e.type) {
    case "message":
      if (!isObj(e.message)) return null;
      // pi 1.6.0 gives a system checkpoint without content an empty one.
      if (e.message.role === "system" && e.message.content == null) return { ...e.message, content: "" };
      return e.message;
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
