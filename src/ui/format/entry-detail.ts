// An entry's full JSON as readable lines for the detail pane: text, thinking,
// tool calls with arguments, tool output, usage and cost. Unknown shapes fall
// back to pretty JSON so nothing in the file is hidden.
import { safeText, unwrapShellOutput } from "../../core/session/index.js";
import { textLines, type Line, type Tone } from "./lines.js";
import { jsonText } from "../../core/session/index.js";
import { recordedCostText } from "../../core/stats/format.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function json(v: unknown): string {
  try {
    return jsonText(v, 2) ?? String(v);
  } catch {
    return String(v);
  }
}

/** A call's arguments, one per line; a text argument shows its own lines (real newlines, not "\\n"). */
function argLines(args: unknown): Line[] {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return textLines(json(args), "tool", "    ");
  const out: Line[] = [];
  for (const [k, v] of Object.entries(args as Record<string, unknown>)) {
    if (typeof v === "string" && v.includes("\n")) out.push({ text: `    ${safeText(k)}:`, tone: "tool" }, ...textLines(v, "tool", "      "));
    else if (typeof v === "string") out.push(...textLines(`${k}: ${v}`, "tool", "    "));
    else out.push(...textLines(`${k}: ${json(v)}`, "tool", "    "));
  }
  return out;
}

function heading(text: string, tone: Tone = "accent"): Line {
  return { text: safeText(text), tone, bold: true };
}

function contentLines(content: unknown, tone: Tone): Line[] {
  if (typeof content === "string") return textLines(content, tone);
  if (!Array.isArray(content)) return content === undefined ? [] : textLines(json(content), "muted");
  const out: Line[] = [];
  // Without colours the thinking and the reply must still look apart: the
  // thinking's lines hang from a "┊" rule, and text after it gets a "reply" heading.
  let afterThinking = false;
  for (const block of content) {
    if (!isObj(block)) continue;
    switch (block.type) {
      case "text":
        if (afterThinking) out.push(heading("reply", "assistant"));
        afterThinking = false;
        out.push(...textLines(str(block.text), tone));
        break;
      case "thinking":
        afterThinking = true;
        out.push(heading("thinking", "muted"), ...textLines(str(block.thinking) || (block.redacted ? "(redacted)" : ""), "muted", "  ┊ "));
        break;
      case "toolCall":
        out.push(heading(`→ ${str(block.name) || "tool"}${block.id ? `  (${str(block.id)})` : ""}`, "tool"));
        out.push(...argLines(block.arguments ?? {}));
        break;
      case "image": {
        const data = str(block.data);
        // Blob references are resolved before the pane draws: one still here has no data to show.
        const where = data.startsWith("blob:") ? `${data} (missing from the blob store)` : `${Math.round((data.length * 3) / 4 / 1024)} KiB`;
        out.push({ text: `  [image ${safeText(str(block.mimeType))} ${safeText(where)}]`, tone: "meta" });
        break;
      }
      default:
        out.push(...textLines(json(block), "muted"));
    }
  }
  return out;
}

function usageLines(msg: Obj): Line[] {
  const u = msg.usage;
  if (!isObj(u)) return [];
  const parts = [
    ["in", num(u.input)],
    ["out", num(u.output)],
    ["cache read", num(u.cacheRead)],
    ["cache write", num(u.cacheWrite)],
    ["total", num(u.totalTokens)],
  ]
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${(v as number).toLocaleString("en-US")}`);
  const cost = isObj(u.cost) ? num(u.cost.total) : undefined;
  if (cost !== undefined) parts.push(`cost ${recordedCostText(cost, u)}`);
  return parts.length ? [{ text: `usage: ${parts.join(" · ")}`, tone: "muted" }] : [];
}

function messageLines(msg: Obj): Line[] {
  const role = str(msg.role) || "message";
  const out: Line[] = [];
  switch (role) {
    case "user":
      out.push(heading("user", "user"), ...contentLines(msg.content, "primary"));
      break;
    case "assistant": {
      const model = [str(msg.provider), str(msg.model)].filter(Boolean).join("/");
      out.push(heading(`assistant${model ? `  ${model}` : ""}`, "assistant"), ...contentLines(msg.content, "primary"));
      const stop = str(msg.stopReason);
      if (stop && stop !== "stop" && stop !== "toolUse") out.push({ text: `stop: ${safeText(stop)}`, tone: "error" });
      if (msg.errorMessage !== undefined) out.push(...textLines(`error: ${str(msg.errorMessage)}`, "error", ""));
      out.push(...usageLines(msg));
      break;
    }
    case "toolResult": {
      const failed = msg.isError === true;
      out.push(heading(`${str(msg.toolName) || "tool"} ${failed ? "failed" : "result"}${msg.toolCallId ? `  (${str(msg.toolCallId)})` : ""}`, failed ? "error" : "tool"));
      const content = msg.content;
      const only = Array.isArray(content) && content.length === 1 && isObj(content[0]) && content[0].type === "text" ? str(content[0].text) : "";
      // Codex's older shell output reached the model wrapped in JSON: shown unwrapped (the context keeps the JSON)
      const shell = only ? unwrapShellOutput(only) : null;
      if (shell) {
        const facts = [shell.exitCode === null ? "" : `exit ${shell.exitCode}`, shell.seconds === null ? "" : `${shell.seconds} s`].filter(Boolean);
        out.push(...textLines(shell.output, failed ? "error" : "primary"));
        out.push({ text: `${facts.length ? facts.join(" · ") + " · " : ""}shown unwrapped from the JSON the model saw`, tone: "muted" });
      } else out.push(...contentLines(content, failed ? "error" : "primary"));
      if (msg.details !== undefined) out.push(heading("details", "muted"), ...textLines(json(msg.details), "muted"));
      break;
    }
    case "bashExecution":
      out.push(heading(`$ ${str(msg.command)}`, "tool"), ...textLines(str(msg.output), "primary"));
      if (msg.exitCode !== undefined) out.push({ text: `exit ${String(msg.exitCode)}`, tone: msg.exitCode === 0 ? "muted" : "error" });
      break;
    default:
      out.push(heading(role, "meta"), ...contentLines(msg.content, "primary"));
      if (msg.content === undefined) out.push(...textLines(json(msg), "muted"));
  }
  return out;
}

/** Lines for one entry's full JSON. `label` is the label in force on it, if any. */
export function entryDetailLines(e: Obj, label?: string): Line[] {
  const type = str(e.type) || "entry";
  const out: Line[] = [{ text: safeText(`${type} ${str(e.id)}  ${str(e.timestamp)}${e.parentId ? `  ↑ ${str(e.parentId)}` : ""}`), tone: "muted" }];
  if (label) out.push({ text: `[${safeText(label)}]`, tone: "label" });
  out.push({ text: "" });
  switch (type) {
    case "message":
      out.push(...(isObj(e.message) ? messageLines(e.message) : textLines(json(e), "muted")));
      break;
    case "compaction":
      out.push(heading(`compaction  ${num(e.tokensBefore)?.toLocaleString("en-US") ?? "?"} tokens before`, "meta"));
      if (e.firstKeptEntryId) out.push({ text: `kept from ${safeText(str(e.firstKeptEntryId))}`, tone: "muted" });
      out.push(...textLines(str(e.summary), "primary"));
      break;
    case "branch_summary":
      out.push(heading(`branch summary  from ${safeText(str(e.fromId))}`, "meta"));
      out.push(...(str(e.summary) ? textLines(str(e.summary), "primary") : [{ text: "  (empty: moved the position only)", tone: "muted" as Tone }]));
      break;
    case "custom_message":
      out.push(heading(`[${str(e.customType) || "custom"}]${e.display === false ? "  (hidden from the user)" : ""}`, "meta"));
      out.push(...contentLines(e.content, "primary"));
      break;
    default:
      out.push(heading(type, "meta"), ...textLines(json(e), "muted"));
  }
  return out;
}
