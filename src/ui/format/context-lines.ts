// The context view: what the model sees at an entry, message by message, with
// the compaction boundary drawn where older history was replaced by a summary.
import type { SessionContext } from "../../core/session/types.js";
import { safeText } from "../../core/session/text.js";
import { contentBrief } from "./brief.js";
import type { Line } from "./lines.js";

type Obj = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");
// A carriage return shows as ␍ here as in the detail pane (not as a space).
const SHOW_CR = { showCR: true };

export function contextLines(ctx: SessionContext): Line[] {
  const model = ctx.model ? `${ctx.model.provider}/${ctx.model.modelId}` : "no model yet";
  const out: Line[] = [
    { text: safeText(`context at ${ctx.leafId ?? "(none)"} · ${ctx.messages.length} messages · ${model} · thinking ${ctx.thinkingLevel}`), tone: "muted" },
    { text: "" },
  ];
  ctx.messages.forEach((m: Obj, i) => {
    const role = str(m.role) || "message";
    if (role === "compactionSummary") {
      const tokens = typeof m.tokensBefore === "number" ? `${Math.round(m.tokensBefore / 1000)}k tokens` : "";
      out.push({ text: `━━ compaction boundary ${tokens ? `(${tokens} summarised) ` : ""}━━`, tone: "meta", bold: true });
      out.push({ text: `  summary: ${contentBrief(m.summary, 300, SHOW_CR)}`, tone: "meta" });
      out.push({ text: "━━ kept and later messages ━━", tone: "meta" });
      return;
    }
    const tone = role === "user" ? "user" : role === "assistant" ? "assistant" : role === "toolResult" ? "tool" : "meta";
    const body = role === "branchSummary" ? contentBrief(m.summary, 200, SHOW_CR) : contentBrief(m.content, 200, SHOW_CR);
    const tool = role === "toolResult" ? ` ${str(m.toolName)}` : "";
    out.push({ text: `${String(i + 1).padStart(4)} ${safeText(role)}${safeText(tool)}: ${body}`, tone });
  });
  if (ctx.messages.length === 0) out.push({ text: "  (empty context)", tone: "muted" });
  return out;
}
