// One Gemini CLI chat read into pi-shaped entries: each message record is an
// entry with the message's own id, each tool call's result a toolResult entry
// after it (`<message id>/<call id>`).
//
// The `.jsonl` form is a log: a metadata line, then message records — the
// same message written again each time it grows (thoughts, tokens, tool
// calls and their results), the last copy holding it whole — `{$set:{…}}`
// metadata updates and `{$rewindTo: id}`, which drops that message and all
// after it. A rewind makes a branch: the next message hangs from the one before
// the dropped one, so what was dropped stays in the tree as an abandoned branch.
//
// A `messages` list in a `$set` (0.61: compression, tool-output masking)
// REPLACES the conversation: Gemini clears its messages and takes the listed
// ones. Here a `gemini_replace` entry marks the place, the listed messages
// follow it (a message already in the tree comes again as a copy,
// `<id>@<line>`), and the context starts after the last such mark (context.ts).
// The older `.json` document gives the same records (see json-document).
import { basename, dirname } from "node:path";
import type { DialectEntry, DialectFacts, Origin, PiEntry, RecordReader } from "../../dialect-api.js";
import { functionResponses, geminiUsage, isObj, partBlocks, str, thoughtBlocks, toolResultContent, type Obj } from "./messages.js";
import { helperOf } from "./helper.js";
import { mainChatOf } from "./paths.js";
import { projectPathOf } from "./project.js";

interface Pending {
  record: Obj;
  origins: Origin[];
}

interface Placed {
  /** The entry a message hangs from, and the last entry it made (its last tool result, or itself). */
  parent: string | null;
  tail: string;
}

/** Message types Gemini CLI writes (others are kept, marked unknown). */
const KNOWN_TYPES: ReadonlySet<string> = new Set(["user", "gemini", "info", "error", "warning"]);

/**
 * A chat's name from its `summary`. A subagent's summary can be the JSON it
 * answered with (`{"response": "Memory operations completed: …"}`): its
 * `response` text is the name, not the JSON. Any other JSON answer (the CLI
 * help agent's `{"sources": […], "answer": "…"}`, the codebase
 * investigator's `{"SummaryOfFindings": …}` / `{"RelevantLocations": […]}`,
 * 0.4x–0.6x) is no name: the chat is then named by its task (helper.ts).
 */
function summaryName(summary: string): string | null {
  const open = /^\s*\{\s*"response"\s*:\s*"/.exec(summary);
  if (!open) return /^\s*\{\s*"/.test(summary) ? null : summary || null;
  // The string's body up to its closing quote; Gemini may have cut the summary short (then all of it, less a cut escape).
  let body = summary.slice(open[0].length);
  let end = -1;
  for (let i = 0; i < body.length && end < 0; i++) {
    if (body[i] === "\\") i++;
    else if (body[i] === '"') end = i;
  }
  body = end >= 0 ? body.slice(0, end) : body.replace(/\\(u[0-9a-fA-F]{0,3})?$/, "");
  try {
    const text = (JSON.parse(`"${body}"`) as string).trim();
    if (text) return text;
  } catch {
    // not a JSON string after all: the summary as written
  }
  return summary || null;
}

export function geminiReader(file: string): RecordReader {
  const facts: DialectFacts = { id: "", cwd: "", name: null, created: "", parentSession: null };
  let projectHash = "";
  let cwdKnown = false;
  /** The first user message's text, and whether what it says of a helper's chat was taken. */
  let firstUser: string | null = null;
  let helperKnown = false;
  /** A built-in agent's task (its question or objective): the name when the summary gives none. */
  let task: string | null = null;
  let position: string | null = null;
  let pending: Pending | null = null;
  const placed = new Map<string, Placed>();
  const unknown = new Set<string>();
  /** Calls whose result a message's own tool call record gave (since the last replacement of the history). */
  const answered = new Set<string>();

  const metadata = (m: Obj): void => {
    if (typeof m.sessionId === "string" && !facts.id) facts.id = m.sessionId;
    if (typeof m.projectHash === "string") projectHash = m.projectHash;
    if (typeof m.startTime === "string" && !facts.created) facts.created = m.startTime;
    if (typeof m.summary === "string") facts.name = summaryName(m.summary);
    if (m.kind === "subagent") {
      facts.subagent = true;
      // Subagent chats live in chats/<parent session id>/<session id>.jsonl: the parent by its path when its chat is there.
      const dir = dirname(file);
      if (basename(dirname(dir)) === "chats" && !facts.parentSession) facts.parentSession = mainChatOf(dirname(dir), basename(dir)) ?? basename(dir);
    }
  };

  const place = (record: Obj, origins: Origin[], id = str(record.id)): DialectEntry[] => {
    const ts = str(record.timestamp);
    const time = Date.parse(ts);
    const stamp = (o: Obj): Obj => (Number.isFinite(time) ? { ...o, timestamp: time } : o);
    const base = (entryId: string): PiEntry => ({ type: "message", id: entryId, parentId: position, ...(ts ? { timestamp: ts } : {}) });
    const origin = origins[0];
    const parts = origins.length > 1 ? { parts: origins } : {};
    const parent = position;
    const out: DialectEntry[] = [];
    const type = str(record.type);
    const responses = type === "user" ? functionResponses(record.content) : null;
    if (responses && responses.every((r) => answered.has(r.id))) {
      // The function responses sent back to the model, recorded (0.4x-0.6x) after the call's own record
      // already gave each result: bookkeeping, kept where it was written, never a prompt or a second result.
      const e: PiEntry = { type: "custom", id, parentId: position, ...(ts ? { timestamp: ts } : {}), customType: "gemini_function_responses", data: { calls: responses.map((r) => r.id) } };
      out.push({ entry: e, origin, ...parts });
    } else if (responses) {
      // The tool results of a turn as the API takes them (a compressed history's calls have no call records): results, never the user's words.
      responses.forEach((r, i) => {
        const rid = i === 0 ? id : `${id}/${r.id}`;
        const msg: Obj = { role: "toolResult", toolCallId: r.id, toolName: r.name, content: [{ type: "text", text: r.text }], isError: r.isError };
        if (Number.isFinite(time)) msg.timestamp = time;
        out.push({ entry: { type: "message", id: rid, parentId: position, ...(ts ? { timestamp: ts } : {}), message: msg }, origin, ...parts });
        position = rid;
      });
    } else if (type === "user") {
      if (firstUser === null)
        firstUser = partBlocks(record.content)
          .map((b) => (b.type === "text" ? str(b.text) : ""))
          .join("");
      out.push({ entry: { ...base(id), message: stamp({ role: "user", content: partBlocks(record.content) }) }, origin, ...parts });
    } else if (type === "gemini") {
      const calls = Array.isArray(record.toolCalls) ? record.toolCalls.filter(isObj) : [];
      const content = [...thoughtBlocks(record.thoughts), ...partBlocks(record.content)];
      for (const tc of calls) if (!content.some((b) => b.type === "toolCall" && b.id === str(tc.id))) content.push({ type: "toolCall", id: str(tc.id), name: str(tc.name), arguments: isObj(tc.args) ? tc.args : {} });
      const calling = content.some((b) => b.type === "toolCall");
      const message: Obj = { role: "assistant", content, api: "gemini", provider: "google", model: str(record.model), stopReason: calling ? "toolUse" : "stop" };
      const usage = geminiUsage(record.tokens);
      if (usage) message.usage = usage;
      if (!facts.model && record.model) facts.model = `google/${str(record.model)}`;
      out.push({ entry: { ...base(id), message: stamp(message) }, origin, ...parts });
      position = id;
      for (const tc of calls) {
        const result = toolResultContent(tc);
        if (!result) continue;
        answered.add(str(tc.id));
        const rid = `${id}/${str(tc.id)}`;
        const isError = tc.status === "error" || tc.status === "cancelled";
        const rts = str(tc.timestamp) || ts;
        const rtime = Date.parse(rts);
        const msg: Obj = { role: "toolResult", toolCallId: str(tc.id), toolName: str(tc.name), content: result, isError };
        if (Number.isFinite(rtime)) msg.timestamp = rtime;
        // Its result is in the message's last copy: that is where it is read again.
        out.push({ entry: { type: "message", id: rid, parentId: position, ...(rts ? { timestamp: rts } : {}), message: msg }, origin: origins[origins.length - 1] });
        position = rid;
      }
    } else {
      // info / error / warning: the CLI's own notes, shown to the user, never sent to the model.
      const e: PiEntry = { type: "custom", id, parentId: position, ...(ts ? { timestamp: ts } : {}), customType: `gemini_${type || "message"}`, data: { content: record.content } };
      if (!KNOWN_TYPES.has(type)) {
        // A newer kind of message: its own type, marked, with the record whole.
        e.type = `gemini_${type.replace(/[^\w]+/g, "_") || "message"}`;
        e.unknown = true;
        e.data = record;
        unknown.add(`message type ${JSON.stringify(type)}`);
      }
      out.push({ entry: e, origin, ...parts });
    }
    position = out[out.length - 1].entry.id;
    placed.set(str(record.id), { parent, tail: position });
    return out;
  };

  const flush = (): DialectEntry[] => {
    if (!pending) return [];
    const p = pending;
    pending = null;
    return place(p.record, p.origins);
  };

  const push = (value: unknown, origin: Origin): DialectEntry[] | string => {
    if (!isObj(value)) return `line ${origin.line}: not a Gemini CLI record (skipped)`;
    if (typeof value.$rewindTo === "string") {
      const out = flush();
      const target = placed.get(value.$rewindTo);
      // Gemini drops everything when the message is not there.
      position = target ? target.parent : null;
      return out;
    }
    if (isObj(value.$set)) {
      const set = value.$set;
      metadata(set);
      if (!Array.isArray(set.messages)) return [];
      const out = flush();
      const mark: PiEntry = { type: "custom", id: `$set@${origin.line}`, parentId: position, customType: "gemini_replace", data: { messages: set.messages.length } };
      if (typeof set.lastUpdated === "string") mark.timestamp = set.lastUpdated;
      out.push({ entry: mark, origin });
      position = mark.id;
      answered.clear();
      for (const m of set.messages) {
        if (!isObj(m) || typeof m.id !== "string") continue;
        out.push(...place(m, [origin], placed.has(m.id) ? `${m.id}@${origin.line}` : m.id));
      }
      return out;
    }
    if (typeof value.id === "string" && typeof value.type === "string") {
      if (pending && pending.record.id === value.id) {
        pending.record = value;
        pending.origins.push(origin);
        return [];
      }
      const out = flush();
      // A later copy of a message that other messages followed already: its place is taken.
      if (placed.has(value.id)) return out;
      pending = { record: value, origins: [origin] };
      return out;
    }
    if (typeof value.sessionId === "string") {
      metadata(value);
      return [];
    }
    // A record of a shape this reader does not know: kept where it was written, marked.
    const out = flush();
    const keys = Object.keys(value).slice(0, 4).join(",");
    unknown.add(`record {${keys}}`);
    const e: PiEntry = { type: "gemini_record", id: `line:${origin.line}`, parentId: position, unknown: true, data: value };
    out.push({ entry: e, origin });
    position = e.id;
    return out;
  };

  return {
    push,
    end: flush,
    facts: () => {
      if (!cwdKnown && (facts.id || projectHash)) {
        facts.cwd = projectPathOf(file, projectHash);
        cwdKnown = true;
      }
      if (!helperKnown && firstUser !== null && facts.id) {
        helperKnown = true;
        const helper = helperOf(file, facts.id, firstUser);
        if (helper) {
          task = helper.task;
          if (helper.parent && !facts.subagent) {
            facts.subagent = true;
            facts.parentSession = helper.parent;
          }
        }
      }
      const named = { ...facts, name: facts.name ?? task };
      return unknown.size ? { ...named, unknown: [...unknown] } : named;
    },
  };
}
