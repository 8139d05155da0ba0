// The context view: what the model sees at an entry, message by message, with
// the compaction boundary drawn where older history was replaced by a summary.
// For omp files it also shows what omp adds (the model per role, the mode, the
// TTSR rules injected, a /clear boundary) and draws every turn omp's rule
// leaves out where it would have been, so nothing vanishes without a trace.
import type { LeftOut, SessionContext } from "../../core/session/index.js";
import { oneLine, safeText } from "../../core/session/index.js";
import { contentBrief } from "./brief.js";
import type { Line } from "./lines.js";

type Obj = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");
// A carriage return shows as ␍ here as in the detail pane (not as a space).
const SHOW_CR = { showCR: true };

function ompLines(ctx: SessionContext): Line[] {
  if (ctx.rule !== "omp") return [];
  const roles = Object.entries(ctx.models ?? {});
  const out: Line[] = [{ text: safeText(`models: ${roles.length ? roles.map(([role, m]) => `${role} ${m}`).join(" · ") : "none recorded"}`), tone: "muted" }];
  const data = ctx.modeData ? ` ${oneLine(JSON.stringify(ctx.modeData), 120)}` : "";
  out.push({ text: safeText(`mode: ${ctx.mode ?? "none"}${data}`), tone: "muted" });
  const rules = ctx.injectedTtsrRules ?? [];
  out.push({ text: safeText(`TTSR rules injected: ${rules.length ? rules.join(", ") : "none"}`), tone: "muted" });
  if (ctx.missingBlobs?.length) {
    const n = ctx.missingBlobs.length;
    out.push({ text: `! ${n} image${n === 1 ? "" : "s"} missing from the blob store (sent as the reference)`, tone: "error" });
  }
  return out;
}

function leftOutLine(l: LeftOut): Line {
  const who = `${l.role || "entry"} ${l.entryId}`;
  return l.kept ? { text: safeText(`     ~ ${who}: ${l.reason}`), tone: "muted" } : { text: safeText(`     ✗ left out: ${who} — ${l.reason}`), tone: "error" };
}

export function contextLines(ctx: SessionContext): Line[] {
  const model = ctx.model ? `${ctx.model.provider}/${ctx.model.modelId}` : "no model yet";
  const out: Line[] = [
    { text: safeText(`context at ${ctx.leafId ?? "(none)"} · ${ctx.messages.length} message${ctx.messages.length === 1 ? "" : "s"} · ${model} · thinking ${ctx.thinkingLevel}`), tone: "muted" },
    ...ompLines(ctx),
    ...(ctx.warnings ?? []).map((w): Line => ({ text: safeText(`! ${w}`), tone: "error" })),
    { text: "" },
  ];
  if (ctx.resetBoundaryId) {
    out.push({ text: safeText(`━━ /clear at ${ctx.resetBoundaryId}: nothing before it is sent ━━`), tone: "meta", bold: true });
  }
  const leftOut = ctx.leftOut ?? [];
  let next = 0;
  const drawLeftOut = (at: number) => {
    while (next < leftOut.length && leftOut[next].at <= at) out.push(leftOutLine(leftOut[next++]));
  };
  ctx.messages.forEach((m: Obj, i) => {
    drawLeftOut(i);
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
    const num = `${String(i + 1).padStart(4)} `;
    // Wrapped, the message goes on under its role, not under its number.
    out.push({ text: `${num}${safeText(role)}${safeText(tool)}: ${body}`, tone, hang: num.length });
  });
  drawLeftOut(Number.POSITIVE_INFINITY);
  if (ctx.messages.length === 0) out.push({ text: "  (empty context)", tone: "muted" });
  if (leftOut.some((l) => !l.kept)) out.push({ text: "", tone: "muted" }, { text: "✗ left out: on the path, but omp does not send it to the model", tone: "muted" });
  return out;
}
