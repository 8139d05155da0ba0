// What the model sees at the end of a Codex path. Codex replaces the history
// at a compaction: with the `replacement_history` it recorded (newer Codex:
// the kept user messages and the summary, or the provider's encrypted
// compaction) when there is one, else with the summary. So the context is the
// last compaction's replacement (or its summary) and then every entry after it.
import type { PiEntry } from "../../dialect-api.js";
import { isObj, str, type Obj } from "./items.js";

export function codexContext(path: PiEntry[]): { messages: Obj[]; model: { provider: string; modelId: string } | null } {
  let model: { provider: string; modelId: string } | null = null;
  let last = -1;
  path.forEach((e, i) => {
    if (e.type === "compaction") last = i;
    if (e.type === "model_change" && typeof e.modelId === "string") model = { provider: str(e.provider), modelId: e.modelId };
    const m = e.type === "message" && isObj(e.message) ? e.message : null;
    if (m && m.role === "assistant" && typeof m.model === "string" && m.model) model = { provider: str(m.provider), modelId: m.model };
  });
  const messages: Obj[] = [];
  if (last >= 0) {
    const c = path[last];
    if (Array.isArray(c.replacementHistory)) messages.push(...(c.replacementHistory as Obj[]));
    else messages.push(summaryMessage(c));
  }
  for (const e of path.slice(last + 1)) {
    const m = message(e);
    if (m) messages.push(m);
  }
  return { messages, model };
}

const epoch = (ts: unknown): number | undefined => {
  const n = typeof ts === "string" ? Date.parse(ts) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

function summaryMessage(c: PiEntry): Obj {
  const m: Obj = { role: "compactionSummary", summary: str(c.summary), tokensBefore: typeof c.tokensBefore === "number" ? c.tokensBefore : 0 };
  if (c.encrypted === true) m.encrypted = true;
  const t = epoch(c.timestamp);
  if (t !== undefined) m.timestamp = t;
  return m;
}

function message(e: PiEntry): Obj | null {
  if (e.type === "message" && isObj(e.message)) return e.message;
  if (e.type === "custom_message") {
    const m: Obj = { role: "custom", customType: e.customType, content: e.content, display: e.display };
    // Another agent's message: who wrote it to whom, as the model read it.
    if (typeof e.author === "string") m.author = e.author;
    if (typeof e.recipient === "string") m.recipient = e.recipient;
    const t = epoch(e.timestamp);
    if (t !== undefined) m.timestamp = t;
    return m;
  }
  return null;
}
