// What the model sees at the end of a path in a Gemini CLI chat. Gemini keeps
// one message list; a `$set` of `messages` (compression, tool-output masking)
// replaced it, so the context starts after the last `gemini_replace` mark on
// the path (reader.ts). Its own notes (info, error, warning) are never sent.
import type { PiEntry } from "../../dialect-api.js";
import { isObj, type Obj, str } from "./messages.js";

export function geminiContext(path: PiEntry[]): { messages: Record<string, unknown>[]; model: { provider: string; modelId: string } | null } {
  let start = 0;
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i].type === "custom" && path[i].customType === "gemini_replace") {
      start = i + 1;
      break;
    }
  }
  const messages: Obj[] = [];
  let model: { provider: string; modelId: string } | null = null;
  for (let i = start; i < path.length; i++) {
    const e = path[i];
    if (e.type !== "message" || !isObj(e.message)) continue;
    const m = e.message;
    if (m.role !== "user" && m.role !== "assistant" && m.role !== "toolResult") continue;
    messages.push(m);
  }
  for (const e of path) {
    const m = e.message;
    if (e.type === "message" && isObj(m) && m.role === "assistant" && str(m.model)) model = { provider: str(m.provider) || "google", modelId: str(m.model) };
  }
  return { messages, model };
}
