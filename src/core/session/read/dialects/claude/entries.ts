// One Claude Code line with a `uuid` becomes one entry in pi's shape (or, for
// a user line holding several tool results, one entry per result). Lines of
// kinds pi has no word for keep their own type (`claude_progress`,
// `claude_system`, `claude_attachment`, …): they sit in the parent chain, and
// dropping them would break the links of the lines after them.
import type { PiEntry } from "../../dialect-api.js";
import { assistantBlock, epochOf, isObj, type Obj, resultContent, str, userBlocks, userContent } from "./blocks.js";

/** The fields every entry made from a line carries. */
export function baseEntry(v: Obj, type: string, id = str(v.uuid), parentId: string | null = str(v.parentUuid) || null): PiEntry {
  const e: PiEntry = { type, id, parentId };
  if (typeof v.timestamp === "string") e.timestamp = v.timestamp;
  if (v.isSidechain === true) e.sidechain = true;
  return e;
}

/** The content blocks of an assistant line, in pi's shape. */
export function assistantBlocks(message: Obj): Obj[] {
  const c = message.content;
  if (typeof c === "string") return c ? [{ type: "text", text: c }] : [];
  if (!Array.isArray(c)) return [];
  const out: Obj[] = [];
  for (const b of c) {
    const pb = assistantBlock(b);
    if (pb) out.push(pb);
  }
  return out;
}

/** Whether a user line answers tool calls (its content holds tool_result blocks). */
export const hasToolResults = (message: Obj): boolean => Array.isArray(message.content) && message.content.some((b) => isObj(b) && b.type === "tool_result");

/**
 * The entries of a user line holding tool results: one toolResult message per
 * result, in order, then the line's own text (an interruption note, an image)
 * as a user message. They are chained, and the last keeps the line's uuid, so
 * the line's children hang from the end of the chain and no fork appears.
 */
export function toolResultEntries(v: Obj, message: Obj, toolName: (callId: string) => string): PiEntry[] {
  const content = message.content as unknown[];
  const msgs: Obj[] = [];
  const ts = epochOf(v.timestamp);
  for (const b of content) {
    if (!isObj(b) || b.type !== "tool_result") continue;
    const id = str(b.tool_use_id);
    const m: Obj = { role: "toolResult", toolCallId: id, toolName: toolName(id), content: resultContent(b.content), isError: b.is_error === true };
    if (ts !== undefined) m.timestamp = ts;
    msgs.push(m);
  }
  const rest = userBlocks(content).filter((b) => !(b.type === "text" && str(b.text).trim() === ""));
  if (rest.length) msgs.push(ts === undefined ? { role: "user", content: rest } : { role: "user", content: rest, timestamp: ts });
  const uuid = str(v.uuid);
  let parent: string | null = str(v.parentUuid) || null;
  return msgs.map((m, i) => {
    const e = baseEntry(v, "message", i === msgs.length - 1 ? uuid : `${uuid}#${i}`, parent);
    e.message = m;
    parent = e.id;
    return e;
  });
}

/** A user prompt (or a meta line: see the reader) as pi's user message. */
export function userMessage(v: Obj, message: Obj): Obj {
  const m: Obj = { role: "user", content: userContent(message.content) };
  const ts = epochOf(v.timestamp);
  if (ts !== undefined) m.timestamp = ts;
  return m;
}

/** The text of a user line (string or text blocks), for a compact summary. */
export function userText(message: Obj): string {
  const c = userContent(message.content);
  if (typeof c === "string") return c;
  return c
    .filter((b) => b.type === "text")
    .map((b) => str(b.text))
    .join("\n");
}

const COMMON: ReadonlySet<string> = new Set(["type", "uuid", "parentUuid", "timestamp", "isSidechain", "sessionId", "cwd", "version", "gitBranch", "userType", "entrypoint", "slug"]);

/** A line of a kind pi has none of: its own type, prefixed, with its own fields. */
export function otherEntry(v: Obj): PiEntry {
  const kind = str(v.type) || "line";
  const type = kind === "system" ? "claude_system" : `claude_${kind.replace(/[^\w]+/g, "_")}`;
  const e = baseEntry(v, type);
  for (const [k, val] of Object.entries(v)) if (!COMMON.has(k) && !(k in e)) e[k] = val;
  return e;
}
