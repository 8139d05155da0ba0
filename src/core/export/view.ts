// One entry as the Markdown and HTML exports draw it: a kind, a title, a few
// facts and the parts of its body (text, thinking, tool calls, images, JSON).
// Both renderers read this, so they agree on what an entry says; unknown
// shapes fall back to their JSON so nothing in the file is hidden.
import { describeEntry, toolArg } from "../session/index.js";
import { oneLine } from "../session/index.js";
import { recordedCostText } from "../stats/format.js";

type Obj = Record<string, unknown>;

export type ViewKind = "user" | "assistant" | "tool" | "custom" | "compaction" | "branch" | "setting" | "label" | "other";

export type Part =
  | { kind: "text"; text: string }
  | { kind: "thinking"; text: string }
  | { kind: "call"; name: string; id: string; arg: string; args: string }
  | { kind: "image"; mime: string; data: string | null; note: string }
  | { kind: "json"; title: string; text: string };

export interface EntryView {
  kind: ViewKind;
  /** One line: "user", "assistant · google/gemini-2.5-pro", "read result", "$ ls -la", "[model: x]". */
  title: string;
  error: boolean;
  /** Short facts shown under the title: stop reason, usage, kept-from, exit code. */
  facts: string[];
  parts: Part[];
  /** The body is output worth folding away (tool results, command output). */
  fold: boolean;
}

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

export function json(v: unknown): string {
  try {
    return JSON.stringify(v, null, 2) ?? String(v);
  } catch {
    return String(v);
  }
}

/** Image types a browser shows from a data: URL without surprises (no SVG: it can carry script). */
const IMAGE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function imagePart(b: Obj): Part {
  const mime = str(b.mimeType) || str(b.mediaType);
  const data = str(b.data);
  if (data.startsWith("blob:")) return { kind: "image", mime, data: null, note: `stored apart (${data.slice(0, 80)})` };
  const kib = Math.round((data.length * 3) / 4 / 1024);
  const ok = IMAGE_TYPES.has(mime) && data.length > 0 && BASE64.test(data);
  return { kind: "image", mime, data: ok ? data : null, note: `${kib} KiB` };
}

/** The parts of a message content: a string, or text / thinking / toolCall / image blocks. */
export function contentParts(content: unknown): Part[] {
  if (typeof content === "string") return content ? [{ kind: "text", text: content }] : [];
  if (!Array.isArray(content)) return content === undefined || content === null ? [] : [{ kind: "json", title: "content", text: json(content) }];
  const out: Part[] = [];
  for (const b of content) {
    if (!isObj(b)) continue;
    switch (b.type) {
      case "text":
        if (str(b.text)) out.push({ kind: "text", text: str(b.text) });
        break;
      case "thinking":
        out.push({ kind: "thinking", text: str(b.thinking) || (b.redacted ? "(redacted)" : "") });
        break;
      case "redactedThinking":
        out.push({ kind: "thinking", text: "(redacted by the provider)" });
        break;
      case "toolCall": {
        const name = str(b.name) || "tool";
        out.push({ kind: "call", name, id: str(b.id), arg: oneLine(toolArg(name, b.arguments), 100), args: json(b.arguments ?? {}) });
        break;
      }
      case "image":
        out.push(imagePart(b));
        break;
      default:
        out.push({ kind: "json", title: str(b.type) || "block", text: json(b) });
    }
  }
  return out;
}

function usageFact(msg: Obj): string | null {
  const u = msg.usage;
  if (!isObj(u)) return null;
  const parts = [
    ["in", num(u.input)],
    ["out", num(u.output)],
    ["cache read", num(u.cacheRead)],
    ["cache write", num(u.cacheWrite)],
  ]
    .filter(([, v]) => v !== undefined && v !== 0)
    .map(([k, v]) => `${k} ${(v as number).toLocaleString("en-US")}`);
  const cost = isObj(u.cost) ? num(u.cost.total) : undefined;
  if (cost !== undefined) parts.push(`cost ${recordedCostText(cost, u)}`);
  return parts.length ? `usage: ${parts.join(" · ")}` : null;
}

function messageView(msg: Obj): EntryView {
  const role = str(msg.role) || "message";
  const v: EntryView = { kind: "other", title: role, error: false, facts: [], parts: [], fold: false };
  switch (role) {
    case "user":
      v.kind = "user";
      v.parts = contentParts(msg.content);
      break;
    case "assistant": {
      v.kind = "assistant";
      const model = [str(msg.provider), str(msg.model)].filter(Boolean).join("/");
      if (model) v.title = `assistant · ${model}`;
      v.parts = contentParts(msg.content);
      const stop = str(msg.stopReason);
      v.error = stop === "error" || stop === "aborted" || typeof msg.errorMessage === "string";
      if (stop && stop !== "stop" && stop !== "toolUse") v.facts.push(`stop: ${stop}`);
      if (typeof msg.errorMessage === "string") v.facts.push(`error: ${oneLine(msg.errorMessage, 300)}`);
      const usage = usageFact(msg);
      if (usage) v.facts.push(usage);
      break;
    }
    case "toolResult":
      v.kind = "tool";
      v.error = msg.isError === true;
      v.title = `${str(msg.toolName) || "tool"} ${v.error ? "failed" : "result"}`;
      v.parts = contentParts(msg.content);
      if (msg.details !== undefined) v.parts.push({ kind: "json", title: "details", text: json(msg.details) });
      v.fold = true;
      break;
    case "bashExecution":
      v.kind = "tool";
      v.title = `$ ${oneLine(str(msg.command), 200)}`;
      if (str(msg.command).includes("\n")) v.parts.push({ kind: "text", text: str(msg.command) });
      if (str(msg.output)) v.parts.push({ kind: "text", text: str(msg.output) });
      if (msg.exitCode !== undefined) v.facts.push(`exit ${String(msg.exitCode)}`);
      v.error = typeof msg.exitCode === "number" && msg.exitCode !== 0;
      v.fold = true;
      break;
    case "pythonExecution":
      v.kind = "tool";
      v.title = "python";
      if (str(msg.code)) v.parts.push({ kind: "text", text: str(msg.code) });
      if (str(msg.output)) v.parts.push({ kind: "text", text: str(msg.output) });
      v.fold = true;
      break;
    case "custom":
    case "hookMessage":
      v.kind = "custom";
      v.title = `[${str(msg.customType) || "custom"}]`;
      v.parts = contentParts(msg.content);
      break;
    default:
      v.parts = contentParts(msg.content);
      if (msg.content === undefined) v.parts.push({ kind: "json", title: role, text: json(msg) });
  }
  return v;
}

/** The view of one full (migrated, prepared) entry. */
export function entryView(e: Obj): EntryView {
  const type = str(e.type) || "entry";
  const base = (kind: ViewKind, title: string): EntryView => ({ kind, title, error: false, facts: [], parts: [], fold: false });
  switch (type) {
    case "message":
      return isObj(e.message) ? messageView(e.message) : { ...base("other", "message"), parts: [{ kind: "json", title: "entry", text: json(e) }] };
    case "compaction": {
      const v = base("compaction", `compaction · ${num(e.tokensBefore)?.toLocaleString("en-US") ?? "?"} tokens before`);
      if (str(e.firstKeptEntryId)) v.facts.push(`kept from ${str(e.firstKeptEntryId)}`);
      if (str(e.summary)) v.parts.push({ kind: "text", text: str(e.summary) });
      if (e.details !== undefined) v.parts.push({ kind: "json", title: "details", text: json(e.details) });
      return v;
    }
    case "branch_summary": {
      const v = base("branch", `branch summary · from ${str(e.fromId) || "?"}`);
      if (str(e.summary)) v.parts.push({ kind: "text", text: str(e.summary) });
      else v.facts.push("empty: moved the position only");
      return v;
    }
    case "custom_message": {
      const v = base("custom", `[${str(e.customType) || "custom"}]`);
      if (e.display === false) v.facts.push("hidden from the user");
      v.parts = contentParts(e.content);
      return v;
    }
    case "label": {
      const label = str(e.label);
      return base("label", label ? `label ${str(e.targetId)}: ${label}` : `label of ${str(e.targetId)} cleared`);
    }
    case "custom": {
      const v = base("setting", `[custom: ${str(e.customType)}]`);
      if (e.data !== undefined) v.parts.push({ kind: "json", title: "data", text: json(e.data) });
      return v;
    }
    case "model_change":
    case "thinking_level_change":
    case "session_info":
    case "title_change":
    case "mode_change":
    case "reset_boundary":
      return base("setting", describeEntry(e).summary);
    default:
      return { ...base("other", type), parts: [{ kind: "json", title: type, text: json(e) }] };
  }
}
