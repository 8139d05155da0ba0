// The agent message a user turn answers, read from the tail of the harness's
// transcript (the hook gets its path). Only the last TAIL_BYTES are read, so
// the cost does not grow with the session; a message that started before the
// tail is simply not found (the detector then reads the turn alone).
import { closeSync, fstatSync, readSync } from "node:fs";
import { openRegularSync } from "../fs/read-capped.js";
import { isMetaMessage } from "./feedback-injected.js";

const TAIL_BYTES = 256 * 1024;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

/** Text blocks of a message content (string or block array); tool calls and thinking are not the agent's words to the user. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((b) => isObj(b) && (b.type === "text" || b.type === "output_text") && typeof b.text === "string")
    .map((b) => (b as Obj).text as string)
    .join("\n");
}

/**
 * An assistant record Claude Code writes itself, not the model: an API error
 * (`isApiErrorMessage`, "API Error: Connection error.") or a notice such as "No
 * response requested." (model "<synthetic>"; the session reader keeps the model).
 */
export function isSyntheticNotice(line: Obj, message: Obj): boolean {
  return line.isApiErrorMessage === true || (message.role === "assistant" && message.model === "<synthetic>");
}

/** The assistant text of one transcript line (Claude Code, Codex, pi/omp), or null. */
export function assistantTextOfLine(o: Obj): string | null {
  if (isMetaMessage(o)) return null;
  // Claude Code: {type:"assistant", message:{role, content}}; pi/omp: {type:"message", message:{role:"assistant"}}
  const m = isObj(o.message) ? o.message : null;
  // Claude Code's own notices in the agent's place ("API Error: Connection error.", model "<synthetic>") are not its answer
  if (m && isSyntheticNotice(o, m)) return null;
  if (m && m.role === "assistant") return textOf(m.content) || null;
  // Codex rollout: {type:"response_item", payload:{type:"message", role:"assistant", content}} or event_msg agent_message
  const p = isObj(o.payload) ? o.payload : null;
  if (p && p.type === "message" && p.role === "assistant") return textOf(p.content) || null;
  if (p && p.type === "agent_message" && typeof p.message === "string") return p.message;
  return null;
}

/** The last assistant text in the transcript's tail, or null (no file, no such line, a JSON-document transcript). */
export function lastAgentText(path: string, tailBytes = TAIL_BYTES): string | null {
  let fd: number;
  try {
    fd = openRegularSync(path); // a FIFO or device planted as the transcript must not hold the hook
  } catch {
    return null;
  }
  try {
    return tailAgentText(fd, tailBytes);
  } catch {
    // a directory, a device, a file truncated while read: no context, never a failed hook
    return null;
  } finally {
    closeSync(fd);
  }
}

/** The last assistant text in the last `tailBytes` of an open transcript. */
function tailAgentText(fd: number, tailBytes: number): string | null {
  const size = fstatSync(fd).size;
  const len = Math.min(size, tailBytes);
  if (len <= 0) return null;
  const buf = Buffer.alloc(len);
  readSync(fd, buf, 0, len, size - len);
  const lines = buf.toString("utf8").split("\n");
  // the first line of a cut tail is partial
  const from = len < size ? 1 : 0;
  for (let i = lines.length - 1; i >= from; i--) {
    const line = lines[i].trim();
    if (!line.startsWith("{")) continue;
    let o: unknown;
    try {
      o = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isObj(o)) continue;
    const t = assistantTextOfLine(o);
    if (t && t.trim()) return t;
  }
  return null;
}
