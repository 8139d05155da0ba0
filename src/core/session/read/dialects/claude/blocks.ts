// Claude Code writes `message` in the Anthropic Messages API's shape; these turn
// its content blocks, usage and stop reasons into pi's (docs/session-format.md §4).
import type { PiUsage } from "../../dialect-api.js";
import { parseIsoTime } from "../../time.js";

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

// Usage is in pi's shape (PiUsage, dialect-api.ts); Claude Code records no cost, so none is given.

/** Whether a record's usage says anything: a gateway to other models writes `usage: {}` on some copies of a message. */
export function saysUsage(u: unknown): boolean {
  return isObj(u) && ["input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"].some((k) => typeof u[k] === "number");
}

export function usageOf(u: unknown): PiUsage | undefined {
  if (!isObj(u)) return undefined;
  const input = num(u.input_tokens);
  const output = num(u.output_tokens);
  const cacheRead = num(u.cache_read_input_tokens);
  const cacheWrite = num(u.cache_creation_input_tokens);
  return { input, output, cacheRead, cacheWrite, totalTokens: input + output + cacheRead + cacheWrite };
}

/**
 * The API's stop reasons in pi's words. Claude Code writes each content block as
 * soon as it is complete, before the stream's closing delta, so most lines say
 * `null`: then a turn that called tools stopped for them, any other stopped.
 */
export function stopReasonOf(reason: unknown, hasToolCall: boolean): string {
  switch (reason) {
    case "tool_use":
      return "toolUse";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "end_turn":
    case "stop_sequence":
    case "pause_turn":
    case "refusal":
      return "stop";
    default:
      return hasToolCall ? "toolUse" : "stop";
  }
}

/** An image block (base64 source) as pi's image; any other source as a line of text saying what it was. */
function imageOf(b: Obj): Obj {
  const src = isObj(b.source) ? b.source : {};
  if (src.type === "base64" && typeof src.data === "string") return { type: "image", data: src.data, mimeType: str(src.media_type) || "image/png" };
  const where = str(src.url) || str(src.file_id) || str(src.type) || "unknown source";
  return { type: "text", text: `[image: ${where}]` };
}

/**
 * A document block: a plain-text one (a file attached in Claude Code's VS Code extension, `{type: "document", source:
 * {type: "text", data}, title: <file name>}`) as its text, which the model read, marked with its name (`document`) so
 * that it is no typed word: the title is the text typed beside it, as Claude Code's is, and the tree row says
 * `[document: <name>]`. Any other source as a line saying what it was.
 */
function documentOf(b: Obj): Obj {
  const src = isObj(b.source) ? b.source : {};
  if (src.type === "text" && typeof src.data === "string") return { type: "text", text: src.data, document: str(b.title) || "document" };
  const title = str(b.title) || str(src.media_type) || "document";
  return { type: "text", text: `[document: ${title}]` };
}

/** One assistant content block in pi's shape (null for a block that carries nothing to show). */
export function assistantBlock(b: unknown): Obj | null {
  if (typeof b === "string") return { type: "text", text: b };
  if (!isObj(b)) return null;
  switch (b.type) {
    case "text":
      return { type: "text", text: str(b.text) };
    case "thinking": {
      const out: Obj = { type: "thinking", thinking: str(b.thinking) };
      if (typeof b.signature === "string" && b.signature) out.thinkingSignature = b.signature;
      return out;
    }
    case "redacted_thinking":
      return { type: "redactedThinking", data: str(b.data) };
    case "tool_use":
    case "server_tool_use":
      return { type: "toolCall", id: str(b.id), name: str(b.name), arguments: isObj(b.input) ? b.input : {} };
    case "image":
      return imageOf(b);
    default:
      // Server tool results (web search…) and kinds to come: kept whole so nothing is lost.
      return { ...b };
  }
}

/** The blocks of a user turn or a tool result (a string or blocks) as pi's; `skip` leaves some kinds out. */
function contentBlocks(c: unknown, skip?: string): Obj[] {
  if (typeof c === "string") return [{ type: "text", text: c }];
  if (!Array.isArray(c)) return [];
  const out: Obj[] = [];
  for (const b of c) {
    if (typeof b === "string") out.push({ type: "text", text: b });
    else if (!isObj(b) || b.type === skip) continue;
    else if (b.type === "text") out.push({ type: "text", text: str(b.text) });
    else if (b.type === "image") out.push(imageOf(b));
    else if (b.type === "document") out.push(documentOf(b));
    else if (b.type === "tool_reference") out.push({ type: "text", text: `[tool: ${str(b.tool_name)}]` });
    else out.push({ type: "text", text: `[${str(b.type) || "block"}]` });
  }
  return out;
}

/** The content of a tool_result block (a string or blocks) as pi's blocks. */
export const resultContent = (c: unknown): Obj[] => contentBlocks(c);

/** A user message's own blocks (text, images, documents), tool results aside. */
export const userBlocks = (content: unknown): Obj[] => contentBlocks(content, "tool_result");

/** A user message's content in pi's shape: a plain string stays a string (as pi writes prompts). */
export function userContent(content: unknown): string | Obj[] {
  return typeof content === "string" ? content : userBlocks(content);
}

/** Epoch milliseconds of an ISO time (pi messages carry one), or undefined. */
export function epochOf(iso: unknown): number | undefined {
  if (typeof iso !== "string") return undefined;
  const t = parseIsoTime(iso);
  return Number.isFinite(t) ? t : undefined;
}
