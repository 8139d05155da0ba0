// What the model sees at the end of a path in a Claude Code session. Claude
// Code rebuilds a conversation from the leaf up its parent chain, and a
// compaction cuts it: the context starts at the last compact boundary on the
// path, with the summary as its first message, and does not follow the
// boundary's link to the history before it. A partial compaction's kept
// messages follow the summary (relink.ts puts them there); their usage is
// zeroed, as Claude Code's loader does, since it was counted before. A tool
// result Claude Code shortened before sending (`content-replacement`, the
// header's `contentReplacements`: an output over the message's budget saved to
// a file) is sent as the text it was replaced by, on resume as when it ran.
import type { PiEntry } from "../../dialect-api.js";
import { epochOf, isObj, type Obj, str } from "./blocks.js";

/** A message with its entry's time (epoch ms), as pi's messages carry it. */
function withTime(m: Obj, e: PiEntry): Obj {
  const ts = epochOf(e.timestamp);
  if (ts !== undefined) m.timestamp = ts;
  return m;
}

/** The tool results sent as other text: call id → that text (the header's `contentReplacements`). */
function replacementsOf(header: Obj | undefined): Map<string, string> {
  const r = header?.contentReplacements;
  const out = new Map<string, string>();
  if (isObj(r)) for (const [id, text] of Object.entries(r)) if (typeof text === "string") out.set(id, text);
  return out;
}

export function claudeContext(path: PiEntry[], header?: Obj): { messages: Record<string, unknown>[]; model: { provider: string; modelId: string } | null } {
  const replaced = replacementsOf(header);
  let model: { provider: string; modelId: string } | null = null;
  for (const e of path) {
    const m = e.message;
    if (e.type === "message" && isObj(m) && m.role === "assistant" && str(m.model) && m.model !== "<synthetic>") model = { provider: str(m.provider) || "anthropic", modelId: str(m.model) };
  }
  let start = 0;
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i].type === "compaction") {
      start = i;
      break;
    }
  }
  const messages: Obj[] = [];
  let summary: Obj | null = null;
  const first = path[start];
  if (first?.type === "compaction") {
    summary = { role: "compactionSummary", summary: str(first.summary), tokensBefore: first.tokensBefore ?? 0 };
    const ts = epochOf(first.timestamp);
    if (ts !== undefined) summary.timestamp = ts;
    messages.push(summary);
  }
  const kept = new Set(first?.type === "compaction" && Array.isArray(first.preserved) ? (first.preserved as unknown[]).map(str) : []);
  for (let i = first?.type === "compaction" ? start + 1 : start; i < path.length; i++) {
    const e = path[i];
    if (e.type === "message" && isObj(e.message)) {
      let m = e.message;
      if (m.role === "assistant" && kept.has(e.id) && isObj(m.usage)) m = { ...m, usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 } };
      // Claude Code's own notices in the assistant's place (API errors, "no response
      // requested") carry the model "<synthetic>": they are shown, never sent.
      if (m.role === "assistant" && m.model === "<synthetic>") continue;
      if (m.role !== "user" && m.role !== "assistant" && m.role !== "toolResult") continue;
      const sent = m.role === "toolResult" ? replaced.get(str(m.toolCallId)) : undefined;
      if (sent !== undefined) m = { ...m, content: [{ type: "text", text: sent }] };
      messages.push(m);
      continue;
    }
    if (e.type === "custom_message" && e.customType === "meta") {
      // Meta lines are hidden in Claude Code's transcript view but are part of the user's turn the model reads.
      messages.push(withTime({ role: "user", content: e.content }, e));
      continue;
    }
    if (e.type === "custom_message" && e.customType === "compact-summary") {
      // The summary already opens the context (it fills it when the boundary found none).
      // Without a boundary (older versions began the compacted chain at the summary) it is
      // the user message the model reads first.
      if (summary && !summary.summary) summary.summary = str(e.content);
      else if (!summary) messages.push(withTime({ role: "user", content: e.content }, e));
      continue;
    }
    // Left out: progress lines (a running tool's live output, never sent), system lines
    // (Claude Code's local notices: turn durations, hook summaries, API errors), attachments
    // (Claude Code words them into the request when it sends it; the file keeps only their
    // data, not that text), and any kind this reader does not know.
  }
  return { messages, model };
}
