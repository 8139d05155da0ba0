// OpenCode 2.x's messages (`session_message` rows, OpenCode's
// Session.Message union) as pi-shaped entries, before they are chained:
//   user         {text, files, agents}            → a user message
//   assistant    {model, content[text|reasoning|tool], finish, tokens, cost, error}
//                → an assistant message, then a toolResult per tool call
//   compaction   {reason, summary, recent}        → pi's compaction (the context starts after it)
//   synthetic, system {text}                     → custom messages (sent, not typed)
//   shell        {command, output}               → a bashExecution message
//   model-switched {model}                       → model_change
//   agent-switched {agent}                       → a custom entry
// Any other type is kept as `opencode_<type>`, marked unknown, with its data.
import { isoOrNull } from "../../time.js";
import { isObj, str, type Obj, type V2MessageRecord } from "./records.js";
import { piUsage } from "./usage.js";

/** An entry before it is chained (the reader gives each its parent). */
export type NewEntry = { type: string; id: string; timestamp: string; [field: string]: unknown };

export interface V2Context {
  /** The session's start, for a message without a time. */
  created: string;
  /** The context size of the last model call (a compaction's tokensBefore). */
  lastContext: number;
}

export const V2_TYPES: ReadonlySet<string> = new Set(["user", "assistant", "compaction", "synthetic", "system", "shell", "model-switched", "agent-switched"]);

const ms = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** A prompt's files and agents as pi blocks: a data URL image as an image, anything else named. */
function attachmentBlocks(d: Obj): Obj[] {
  const out: Obj[] = [];
  for (const f of Array.isArray(d.files) ? d.files.filter(isObj) : []) {
    const url = str(f.url) ?? str(f.uri) ?? "";
    const mime = str(f.mime) ?? str(f.mediaType) ?? "";
    const image = mime.startsWith("image/") ? /^data:([^;,]+);base64,(.*)$/s.exec(url) : null;
    if (image) out.push({ type: "image", data: image[2], mimeType: mime || image[1] });
    else out.push({ type: "text", text: `[file ${str(f.name) ?? str(f.filename) ?? url} (${mime || "?"})]` });
  }
  for (const a of Array.isArray(d.agents) ? d.agents.filter(isObj) : []) if (str(a.name)) out.push({ type: "text", text: `@${a.name as string}` });
  return out;
}

/** A tool call's input: an object (running, done) or the JSON text streamed so far (pending). */
function toolInput(state: Obj): Obj {
  if (isObj(state.input)) return state.input;
  if (typeof state.input === "string") {
    try {
      const v: unknown = JSON.parse(state.input);
      if (isObj(v)) return v;
    } catch {
      // still streaming
    }
  }
  return {};
}

/** A tool's output content (`ToolOutput.Content`: text items and files) as one text. */
function toolText(state: Obj): string {
  const parts = Array.isArray(state.content) ? state.content : [];
  const text = parts.map((c) => (isObj(c) && typeof c.text === "string" ? c.text : isObj(c) ? JSON.stringify(c) : String(c))).join("\n");
  if (text) return text;
  if (typeof state.result === "string") return state.result;
  if (state.status === "error") return isObj(state.error) ? (str(state.error.message) ?? JSON.stringify(state.error)) : "error";
  return "";
}

function stopReason(finish: unknown): string | undefined {
  if (typeof finish !== "string") return undefined;
  return finish === "tool-calls" ? "toolUse" : finish;
}

/** One 2.x message's entries, in order (an assistant message's tool results after it). */
export function v2Entries(rec: V2MessageRecord, ctx: V2Context): NewEntry[] {
  const d = rec.data;
  const time = isObj(d.time) ? d.time : {};
  const created = ms(time.created) ?? rec.created ?? null;
  const at = (t: number | null): string => (t !== null ? isoOrNull(t) : null) ?? ctx.created;
  const ts = at(created);
  const stamp = created ?? 0;
  switch (rec.type) {
    case "user": {
      const content = [...(typeof d.text === "string" && d.text ? [{ type: "text", text: d.text }] : []), ...attachmentBlocks(d)];
      return [{ type: "message", id: rec.id, timestamp: ts, message: { role: "user", content, timestamp: stamp } }];
    }
    case "assistant": {
      const model = isObj(d.model) ? d.model : {};
      const content: Obj[] = [];
      const results: NewEntry[] = [];
      for (const c of Array.isArray(d.content) ? d.content.filter(isObj) : []) {
        if (c.type === "text" && typeof c.text === "string" && c.ignored !== true) content.push({ type: "text", text: c.text });
        else if (c.type === "reasoning" && typeof c.text === "string") content.push({ type: "thinking", thinking: c.text });
        else if (c.type === "tool") {
          const state = isObj(c.state) ? c.state : {};
          const callId = str(c.id) ?? "";
          content.push({ type: "toolCall", id: callId, name: str(c.name) ?? "tool", arguments: toolInput(state) });
          const done = isObj(c.time) ? (ms(c.time.completed) ?? ms(c.time.ran)) : null;
          const finished = state.status === "completed" || state.status === "error";
          const message: Obj = {
            role: "toolResult",
            toolCallId: callId,
            toolName: str(c.name) ?? "tool",
            content: [{ type: "text", text: finished ? toolText(state) : "[Tool execution was interrupted]" }],
            isError: state.status !== "completed",
            timestamp: done ?? stamp,
          };
          results.push({ type: "message", id: `${rec.id}/${callId}`, timestamp: at(done ?? created), message });
        } else content.push({ type: "text", text: `[${str(c.type) ?? "part"}: not known to this reader] ${JSON.stringify(c)}` });
      }
      const message: Obj = { role: "assistant", content, provider: str(model.providerID) ?? undefined, model: str(model.id) ?? undefined, timestamp: stamp };
      const usage = piUsage(d.tokens, d.cost);
      if (usage) {
        message.usage = usage;
        ctx.lastContext = usage.totalTokens;
      }
      const err = isObj(d.error) ? d.error : null;
      const reason = err ? (str(err.name) === "MessageAbortedError" || str(err.type) === "aborted" ? "aborted" : "error") : stopReason(d.finish);
      if (reason) message.stopReason = reason;
      if (err) message.errorMessage = str(err.message) ?? (isObj(err.data) ? str(err.data.message) : null) ?? JSON.stringify(err);
      return [{ type: "message", id: rec.id, timestamp: ts, message }, ...results];
    }
    case "compaction":
      return [
        { type: "compaction", id: rec.id, timestamp: ts, summary: str(d.summary) ?? "", tokensBefore: ctx.lastContext, details: { reason: d.reason ?? null, ...(typeof d.recent === "string" && d.recent ? { recent: d.recent } : {}) } },
      ];
    case "synthetic":
    case "system":
      return [{ type: "custom_message", id: rec.id, timestamp: ts, customType: `opencode_${rec.type}`, content: str(d.text) ?? "", display: false }];
    case "shell":
      return [{ type: "message", id: rec.id, timestamp: ts, message: { role: "bashExecution", command: str(d.command) ?? "", output: str(d.output) ?? "", timestamp: stamp } }];
    case "model-switched": {
      const m = isObj(d.model) ? d.model : {};
      return [{ type: "model_change", id: rec.id, timestamp: ts, provider: str(m.providerID) ?? "", modelId: str(m.id) ?? "" }];
    }
    case "agent-switched":
      return [{ type: "custom", id: rec.id, timestamp: ts, customType: "opencode_agent_switched", data: { agent: d.agent ?? null } }];
    default:
      return [{ type: `opencode_${(rec.type || "message").replace(/[^\w]+/g, "_")}`, id: rec.id, timestamp: ts, unknown: true, data: d }];
  }
}
