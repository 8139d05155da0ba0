// OpenCode's records (records.ts) as pi-shaped entries. OpenCode has no
// branches inside a session: the entries form one straight path, each the
// child of the one before. A user message gives a user message; an assistant
// message gives one assistant message per model call (steps.ts), each followed
// by a toolResult message per tool part it holds; reasoning parts become
// thinking blocks. A compaction (a user message holding a `compaction` part,
// answered by an assistant message with `summary: true`) gives the summary's
// assistant message (its tokens were spent) and then a pi `compaction` entry
// carrying the summary, so that pi's context rule starts after it as
// OpenCode's does.
import type { DialectEntry, DialectFacts, Origin, PiEntry, RecordReader } from "../../dialect-api.js";
import { isoOrNull } from "../../time.js";
import { dbSessionPath, parseDbPath } from "./paths.js";
import { isObj, num, str, type MessageRecord, type Obj, type SessionRecord, type V2MessageRecord } from "./records.js";
import { splitSteps, type Step } from "./steps.js";
import { piUsage } from "./usage.js";
import { v2Entries } from "./v2.js";

/** 1.x part types this reader knows (a message's others are named in the facts, for doctor). */
const KNOWN_PARTS: ReadonlySet<string> = new Set(["text", "reasoning", "tool", "file", "step-start", "step-finish", "snapshot", "patch", "agent", "retry", "compaction", "subtask"]);

/** An entry before it is chained (the reader gives each its parent). */
type NewEntry = { type: string; id: string; timestamp: string; [field: string]: unknown };

const iso = (ms: unknown, fallback: string): string => (typeof ms === "number" ? isoOrNull(ms) : null) ?? fallback;

/** A part's own start time (text, reasoning and tool parts carry one). */
function partStart(p: Obj): number | null {
  const t = isObj(p.time) ? p.time : isObj(p.state) && isObj(p.state.time) ? p.state.time : null;
  const start = t ? t.start : undefined;
  return typeof start === "number" && Number.isFinite(start) ? start : null;
}

/** `data:<mime>;base64,<data>` as pi's image block, else null. */
function imageBlock(url: unknown, mime: unknown): Obj | null {
  const m = typeof url === "string" ? /^data:([^;,]+);base64,(.*)$/s.exec(url) : null;
  return m ? { type: "image", data: m[2], mimeType: str(mime) ?? m[1] } : null;
}

function fileBlock(p: Obj): Obj {
  const image = str(p.mime)?.startsWith("image/") ? imageBlock(p.url, p.mime) : null;
  if (image) return image;
  const source = isObj(p.source) ? str(p.source.path) : null;
  return { type: "text", text: `[file ${str(p.filename) ?? source ?? str(p.url) ?? ""} (${str(p.mime) ?? "?"})]` };
}

/** A user message's parts as pi content blocks (what OpenCode sends the model, and what the user typed). */
function userContent(parts: Obj[]): Obj[] {
  const out: Obj[] = [];
  for (const p of parts) {
    if (p.type === "text" && !p.ignored && typeof p.text === "string") out.push({ type: "text", text: p.text });
    else if (p.type === "file") out.push(fileBlock(p));
    else if (p.type === "agent" && typeof p.name === "string") out.push({ type: "text", text: `@${p.name}` });
    else if (p.type === "subtask") {
      const head = `[subtask ${str(p.agent) ?? "?"}] ${str(p.description) ?? ""}`.trimEnd();
      out.push({ type: "text", text: typeof p.prompt === "string" ? `${head}\n${p.prompt}` : head });
    }
  }
  return out;
}

/** OpenCode's (the AI SDK's) finish reasons in pi's words. */
function stopReason(reason: unknown): string | undefined {
  if (typeof reason !== "string") return undefined;
  if (reason === "tool-calls") return "toolUse";
  return reason;
}

function errorText(error: unknown): { reason: string; message: string } | null {
  if (!isObj(error)) return null;
  const name = str(error.name) ?? "Error";
  const data = isObj(error.data) ? error.data : {};
  const message = str(data.message) ?? str(error.message) ?? name;
  return { reason: name === "MessageAbortedError" ? "aborted" : "error", message };
}

/** The text of a tool part's result, and whether it failed (pending and running calls were cut off). */
function toolOutcome(state: Obj): { text: string; isError: boolean; images: Obj[] } {
  const images: Obj[] = [];
  for (const a of Array.isArray(state.attachments) ? state.attachments : []) {
    const image = isObj(a) && str(a.mime)?.startsWith("image/") ? imageBlock(a.url, a.mime) : null;
    if (image) images.push(image);
  }
  if (state.status === "completed") return { text: str(state.output) ?? JSON.stringify(state.output ?? ""), isError: false, images };
  if (state.status === "error") return { text: str(state.error) ?? "error", isError: true, images };
  return { text: "[Tool execution was interrupted]", isError: true, images };
}

/**
 * OpenCode names a session "New session - <ISO time>" (a subagent's "Child
 * session - …") until its title is made, and shows the first prompt while the
 * title is that placeholder (its Session.isDefaultTitle): such a title is no name.
 */
const DEFAULT_TITLE = /^(New session - |Child session - )\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const isDefaultTitle = (title: string): boolean => DEFAULT_TITLE.test(title);

export class OpencodeReader implements RecordReader {
  private readonly f: DialectFacts = { id: "", cwd: "", name: null, created: "" };
  private readonly db: string | null;
  private prev: string | null = null;
  /** A compaction request waiting for the summary that answers it. */
  private request: { info: Obj; parts: Obj[]; origin: Origin } | null = null;
  /** The context size of the last model call, for a compaction's `tokensBefore`. */
  private lastContext = 0;
  private readonly unknown = new Set<string>();

  constructor(path: string) {
    this.db = parseDbPath(path)?.db ?? null;
  }

  facts(): DialectFacts {
    return this.unknown.size ? { ...this.f, unknown: [...this.unknown] } : this.f;
  }

  push(value: unknown, origin: Origin): DialectEntry[] | string {
    if (!isObj(value)) return "not an OpenCode record";
    if (value.kind === "session") {
      this.session(value as unknown as SessionRecord);
      return [];
    }
    if (value.kind === "v2message") {
      const ctx = { created: this.f.created, lastContext: this.lastContext };
      const out = this.flush();
      for (const e of v2Entries(value as unknown as V2MessageRecord, ctx)) {
        if (e.unknown === true) this.unknown.add(`2.x message type ${JSON.stringify((value as unknown as V2MessageRecord).type)}`);
        out.push(this.add(e, origin));
      }
      this.lastContext = ctx.lastContext;
      return out;
    }
    if (value.kind !== "message" || !isObj(value.info) || !Array.isArray(value.parts)) return "not an OpenCode message";
    const rec = value as unknown as MessageRecord;
    const parts = rec.parts.filter(isObj);
    for (const p of parts) if (!KNOWN_PARTS.has(str(p.type) ?? "")) this.unknown.add(`part type ${JSON.stringify(p.type ?? null)}`);
    const id = str(rec.info.id);
    if (!id) return "an OpenCode message without an id";
    const out: DialectEntry[] = [];
    const role = rec.info.role;
    if (role === "assistant" && rec.info.summary === true) {
      const request = this.request && this.request.info.id === rec.info.parentID ? this.request : null;
      if (!request) out.push(...this.flush());
      this.request = null;
      const tokensBefore = this.lastContext;
      out.push(...this.assistant(rec.info, parts, origin));
      out.push(this.compaction(rec.info, parts, request, origin, tokensBefore));
      return out;
    }
    out.push(...this.flush());
    if (role === "user") {
      if (parts.some((p) => p.type === "compaction")) {
        this.request = { info: rec.info, parts, origin };
        return out;
      }
      out.push(this.user(rec.info, parts, origin));
    } else if (role === "assistant") {
      out.push(...this.assistant(rec.info, parts, origin));
    } else {
      // A role this reader does not know: kept, marked, with its record whole.
      this.unknown.add(`message role ${JSON.stringify(role ?? null)}`);
      const created = isObj(rec.info.time) ? rec.info.time.created : undefined;
      out.push(this.add({ type: `opencode_${String(role ?? "message").replace(/[^\w]+/g, "_")}`, id, timestamp: iso(created, this.f.created), unknown: true, info: rec.info, parts }, origin));
    }
    return out;
  }

  end(): DialectEntry[] {
    return this.flush();
  }

  private session(r: SessionRecord): void {
    const s = r.session;
    this.f.id = s.id;
    this.f.cwd = s.directory ?? s.worktree ?? "";
    this.f.name = s.title && !isDefaultTitle(s.title) ? s.title : null;
    this.f.created = iso(s.created, "");
    if (s.version) this.f.agentVersion = s.version;
    if (s.model) this.f.model = s.model;
    if (r.parentPath) this.f.parentSession = r.parentPath;
    else if (s.parentID) this.f.parentSession = s.parentID;
    if (r.parentEntryId) this.f.parentEntryId = r.parentEntryId;
    for (const t of r.unknownTables ?? []) this.unknown.add(`table ${JSON.stringify(t)}`);
  }

  private add(entry: NewEntry, origin: Origin): DialectEntry {
    // pi's key order: type, id, parentId, then the rest.
    const { type, id, ...rest } = entry;
    const full: PiEntry = { type, id, parentId: this.prev, ...rest };
    this.prev = entry.id;
    return { entry: full, origin };
  }

  /** A compaction request no summary answered (it failed or is still running): shown as what it is. */
  private flush(): DialectEntry[] {
    const r = this.request;
    if (!r) return [];
    this.request = null;
    const part = r.parts.find((p) => p.type === "compaction") ?? {};
    const timestamp = iso(isObj(r.info.time) ? r.info.time.created : undefined, this.f.created);
    return [this.add({ type: "opencode_compaction", id: str(r.info.id) ?? "", timestamp, auto: part.auto === true, summary: null }, r.origin)];
  }

  private user(info: Obj, parts: Obj[], origin: Origin): DialectEntry {
    const created = isObj(info.time) ? info.time.created : undefined;
    const message: Obj = { role: "user", content: userContent(parts), timestamp: num(created) };
    const model = isObj(info.model) ? info.model : null;
    if (!this.f.model && model && str(model.providerID) && str(model.modelID)) this.f.model = `${model.providerID as string}/${model.modelID as string}`;
    return this.add({ type: "message", id: str(info.id) ?? "", timestamp: iso(created, this.f.created), message }, origin);
  }

  /** One assistant message per step, each followed by its tool results. */
  private assistant(info: Obj, parts: Obj[], origin: Origin): DialectEntry[] {
    const out: DialectEntry[] = [];
    const steps = splitSteps(str(info.id) ?? "", parts);
    const time = isObj(info.time) ? info.time : {};
    // Where the session names no directory, the cwd its assistant ran in.
    if (!this.f.cwd && isObj(info.path) && typeof info.path.cwd === "string") this.f.cwd = info.path.cwd;
    const provider = str(info.providerID) ?? undefined;
    const model = str(info.modelID) ?? undefined;
    if (!this.f.model && provider && model) this.f.model = `${provider}/${model}`;
    // Per-call figures where every call recorded its step-finish; else the
    // message's own (OpenCode keeps the last call's tokens and the sum of the costs there).
    const perStep = steps.every((s) => s.finish !== null);
    const failure = errorText(info.error);
    steps.forEach((step, k) => {
      const last = k === steps.length - 1;
      const usage = perStep ? piUsage(step.finish?.tokens, step.finish?.cost) : last ? piUsage(info.tokens, info.cost) : null;
      const start = k === 0 ? num(time.created) : (firstTime(step) ?? num(time.created));
      const message: Obj = { role: "assistant", content: assistantContent(step), provider, model };
      if (usage) {
        message.usage = usage;
        this.lastContext = usage.totalTokens;
      }
      const reason = last && failure ? failure.reason : stopReason(step.finish?.reason ?? (last ? info.finish : undefined));
      if (reason) message.stopReason = reason;
      if (last && failure) message.errorMessage = failure.message;
      message.timestamp = start;
      out.push(this.add({ type: "message", id: step.id, timestamp: iso(start, this.f.created), message }, origin));
      for (const p of step.parts) if (p.type === "tool" && isObj(p.state)) out.push(this.toolResult(p, p.state, start, origin));
    });
    return out;
  }

  private toolResult(p: Obj, state: Obj, fallback: number, origin: Origin): DialectEntry {
    const { text, isError, images } = toolOutcome(state);
    const end = isObj(state.time) && typeof state.time.end === "number" ? state.time.end : fallback;
    const message: Obj = {
      role: "toolResult",
      toolCallId: str(p.callID) ?? str(p.id) ?? "",
      toolName: str(p.tool) ?? "tool",
      content: [{ type: "text", text }, ...images],
      isError,
      timestamp: end,
    };
    const details: Obj = {};
    if (typeof state.title === "string" && state.title) details.title = state.title;
    // A task call ran in a child session: its path, so the call leads there.
    const child = isObj(state.metadata) ? (str(state.metadata.sessionId) ?? str(state.metadata.sessionID)) : null;
    if (child) details.childSession = this.db ? dbSessionPath(this.db, child) : child;
    if (Object.keys(details).length > 0) message.details = details;
    return this.add({ type: "message", id: str(p.id) ?? "", timestamp: iso(end, this.f.created), message }, origin);
  }

  private compaction(info: Obj, parts: Obj[], request: { info: Obj; parts: Obj[]; origin: Origin } | null, origin: Origin, tokensBefore: number): DialectEntry {
    const summary = parts
      .filter((p) => p.type === "text" && typeof p.text === "string")
      .map((p) => p.text as string)
      .join("\n\n");
    const part = request?.parts.find((p) => p.type === "compaction") ?? {};
    const time = isObj(info.time) ? info.time : {};
    const at = typeof time.completed === "number" ? time.completed : time.created;
    const entry: NewEntry = {
      type: "compaction",
      // The request's id: the compaction is the request and its answer together.
      id: request ? (str(request.info.id) ?? "") : `${str(info.id) ?? ""}:compaction`,
      timestamp: iso(at, this.f.created),
      summary,
      tokensBefore,
      details: { auto: part.auto === true, ...(part.overflow === true ? { overflow: true } : {}) },
    };
    // Newer OpenCode keeps the last turns whole: they start at the tail's first message.
    if (typeof part.tail_start_id === "string") entry.firstKeptEntryId = part.tail_start_id;
    return this.add(entry, request?.origin ?? origin);
  }
}

function firstTime(step: Step): number | null {
  for (const p of step.parts) {
    const t = partStart(p);
    if (t !== null) return t;
  }
  return null;
}

function assistantContent(step: Step): Obj[] {
  const out: Obj[] = [];
  for (const p of step.parts) {
    if (p.type === "text" && typeof p.text === "string") out.push({ type: "text", text: p.text });
    else if (p.type === "reasoning" && typeof p.text === "string") out.push({ type: "thinking", thinking: p.text });
    else if (p.type === "tool") {
      const state = isObj(p.state) ? p.state : {};
      out.push({ type: "toolCall", id: str(p.callID) ?? str(p.id) ?? "", name: str(p.tool) ?? "tool", arguments: isObj(state.input) ? state.input : {} });
    } else if (p.type === "file") out.push(fileBlock(p));
  }
  return out;
}
