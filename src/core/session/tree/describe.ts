// Turns a parsed entry into the few strings the tree and list need: a preview
// (plain one-line text) and a summary (the short form drawn in tree rows).
import { oneLine } from "../text/safe-text.js";
import { jsonText } from "../text/json-text.js";
import { shellOutputHead } from "../text/shell-output.js";
import { mayHoldHarnessText, userRow } from "../text/command-echo.js";

type Obj = Record<string, unknown>;

export interface Description {
  role?: string;
  preview: string;
  summary: string;
  isError?: boolean;
  tools?: string[];
}

const PREVIEW_MAX = 160;
/** UTF-16 units of a content's text that contentText reads by default (a preview's source, describePreview). */
export const PREVIEW_TEXT_UNITS = PREVIEW_MAX * 2 + 80;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * A message's own short field (its role, a tool's name) as the tree keeps it:
 * the tree's parse cuts nested strings after PREVIEW_SOURCE_UNITS, so a longer
 * one (no agent writes such) is cut shorter still, the same on both reads.
 */
const SHORT_FIELD = 200;
const ownField = (s: string): string => (s.length > SHORT_FIELD ? s.slice(0, SHORT_FIELD) : s);

/**
 * The text blocks of a message content (string or blocks), joined by spaces; images as "[image]". `marks`: an
 * attached document's text (a text block marked `document`) as "[document: <name>]", as a tree row says it.
 */
export function contentText(content: unknown, max = PREVIEW_TEXT_UNITS, marks = false): string {
  if (typeof content === "string") return content.length > max ? content.slice(0, max) : content;
  if (!Array.isArray(content)) return "";
  let out = "";
  for (const block of content) {
    if (!isObj(block)) continue;
    if (marks && block.type === "text" && typeof block.document === "string") out += (out ? " " : "") + `[document: ${block.document.slice(0, max)}]`;
    else if (block.type === "text" && typeof block.text === "string") out += (out ? " " : "") + block.text.slice(0, max);
    else if (block.type === "image") out += (out ? " " : "") + "[image]";
    if (out.length >= max) break;
  }
  return out;
}

/** The thinking blocks' text of a message's content (cut as contentText cuts). */
function thinkingText(content: unknown, max = PREVIEW_TEXT_UNITS): string {
  if (!Array.isArray(content)) return "";
  let out = "";
  for (const block of content) {
    if (isObj(block) && block.type === "thinking" && typeof block.thinking === "string") out += (out ? " " : "") + block.thinking.slice(0, max);
    if (out.length >= max) break;
  }
  return out;
}

/** The argument worth showing for a tool call: a path for file tools, the command for shells. */
/**
 * What an assistant message with no text, call or error says instead, in the
 * tree's rows and the context view alike: a turn of thinking only (Gemini's
 * thoughts before a stopped reply) its thinking, marked; reasoning the
 * provider kept to itself (redacted or encrypted blocks) said so; else `(no text)`.
 */
export function wordlessNote(content: unknown): string {
  const thought = oneLine(thinkingText(content), PREVIEW_MAX);
  if (thought) return `[thinking] ${thought}`;
  const hidden = Array.isArray(content) && content.some((b) => isObj(b) && b.type === "thinking" && (b.redacted === true || typeof b.thinkingSignature === "string"));
  return hidden ? "[thinking, hidden by the provider]" : "(no text)";
}

export function toolArg(name: string, args: unknown): string {
  if (!isObj(args)) return typeof args === "string" ? args : "";
  const keys = ["path", "file_path", "filePath", "command", "cmd", "pattern", "query", "url", "code", "prompt"];
  for (const k of keys) if (typeof args[k] === "string") return args[k] as string;
  // Codex's shell: the command as argv, most often ["bash", "-lc", SCRIPT]
  const argv = args.command;
  if (Array.isArray(argv) && argv.length > 0 && argv.every((a) => typeof a === "string")) return argv.length === 3 && /^-l?c$/.test(argv[1]) ? argv[2] : argv.join(" ");
  if (Array.isArray(args.paths) && typeof args.paths[0] === "string") return args.paths.join(" ");
  for (const v of Object.values(args)) if (typeof v === "string") return v;
  return name ? "" : jsonText(args).slice(0, 80);
}

export function toolCallsOf(content: unknown): { name: string; arg: string }[] {
  if (!Array.isArray(content)) return [];
  const calls: { name: string; arg: string }[] = [];
  for (const block of content) {
    if (isObj(block) && block.type === "toolCall") {
      const name = str(block.name) || "tool";
      calls.push({ name, arg: toolArg(name, block.arguments) });
    }
  }
  return calls;
}

function tokens(n: unknown): string {
  if (typeof n !== "number" || !Number.isFinite(n)) return "?";
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, "")}M`;
  if (n >= 1000) return `${Math.round(n / 1000)}k`;
  return String(n);
}

const short = (s: string, max = 60) => oneLine(s, max);

/** `previewOnly`: the role and the preview are exact, the rest may be left out (describePreview). */
function describeMessage(msg: Obj, previewOnly: boolean): Description {
  const role = ownField(str(msg.role)) || "message";
  switch (role) {
    case "user":
    case "developer": {
      const raw = contentText(msg.content, undefined, true);
      const text = oneLine(raw, PREVIEW_MAX);
      if (previewOnly) return { role, preview: text, summary: "" };
      // A slash command's echo (Claude Code's tags) reads as the command it was, an IDE's context as a mark after
      // the typed words (text/command-echo.ts); the preview keeps the text.
      // (read whole: a long command output or context block runs past the preview's cut, and its closing tag with it)
      const echo = role === "user" && mayHoldHarnessText(raw) ? userRow(contentText(msg.content, Infinity, true)) : null;
      return { role, preview: text, summary: echo === null ? `${role}: ${text}` : oneLine(echo, PREVIEW_MAX + 20) };
    }
    case "assistant": {
      const text = oneLine(contentText(msg.content), PREVIEW_MAX);
      // (without text the preview is the calls', or the error's: made as below)
      if (previewOnly && text) return { role, preview: text, summary: "" };
      const calls = toolCallsOf(msg.content);
      const isError = msg.stopReason === "error" || msg.stopReason === "aborted" || typeof msg.errorMessage === "string";
      const callText = calls.map((c) => `[${c.name}${c.arg ? ": " + short(c.arg) : ""}]`).join(" ");
      let summary = text ? `assistant: ${text}` : "";
      if (callText) summary = summary ? `${summary} ${callText}` : callText;
      if (!summary && isError) summary = `assistant: [${str(msg.stopReason) || "error"}] ${oneLine(str(msg.errorMessage), 100)}`;
      if (!summary) summary = `assistant: ${wordlessNote(msg.content)}`;
      const preview = text || callText || oneLine(str(msg.errorMessage), PREVIEW_MAX);
      return { role, preview, summary, isError: isError || undefined, tools: calls.length ? calls.map((c) => c.name) : undefined };
    }
    case "toolResult": {
      const name = ownField(str(msg.toolName)) || "tool";
      const raw = contentText(msg.content);
      // Codex's older shell output, wrapped in JSON for the model: the output itself
      const text = oneLine(shellOutputHead(raw) ?? raw, PREVIEW_MAX);
      if (previewOnly) return { role, preview: text, summary: "" };
      const isError = msg.isError === true;
      return { role, preview: text, summary: `[${name} ${isError ? "error" : "result"}] ${text}`, isError: isError || undefined, tools: [name] };
    }
    case "bashExecution": {
      const cmd = oneLine(str(msg.command), 80);
      const code = typeof msg.exitCode === "number" ? ` (exit ${msg.exitCode})` : "";
      return { role, preview: cmd, summary: `[bash: ${cmd}]${code}`, isError: (typeof msg.exitCode === "number" && msg.exitCode !== 0) || undefined, tools: ["bash"] };
    }
    case "pythonExecution": {
      const code = oneLine(str(msg.code), 80);
      return { role, preview: code, summary: `[python: ${code}]`, tools: ["python"] };
    }
    // pi 1.6.0's system checkpoint: its text is often empty, the prompt kept in named sections.
    case "system": {
      const text = oneLine(contentText(msg.content), PREVIEW_MAX) || (isObj(msg.sections) ? oneLine(`sections: ${Object.keys(msg.sections).join(", ")}`, PREVIEW_MAX) : "");
      return { role, preview: text, summary: `system: ${text}`.trimEnd() };
    }
    case "custom":
    case "hookMessage": {
      const text = oneLine(contentText(msg.content), PREVIEW_MAX);
      // cut as a custom entry's type is: the tree's parse keeps only the first PREVIEW_SOURCE_UNITS of a nested string
      return { role, preview: text, summary: `[${oneLine(str(msg.customType), 30) || "custom"}] ${text}` };
    }
    default: {
      const text = oneLine(contentText(msg.content), PREVIEW_MAX);
      return { role, preview: text, summary: `${role}: ${text}` };
    }
  }
}

/** Only a message's role, no text: for a caller that never shows the entry (DialectLoadOptions.noPreviews). */
export function describeRoleOnly(e: Obj): Description {
  return e.type === "message" && isObj(e.message) ? { role: str(e.message.role) || "message", preview: "", summary: "" } : { preview: "", summary: "" };
}

/** Describes one entry (already migrated) for rows and previews. */
export function describeEntry(e: Obj): Description {
  return describe(e, false);
}

/**
 * describeEntry's role and preview, the same, with less or nothing of the
 * rest (the summary, the tools): for a caller that shows only previews
 * (`tree --json`), spared the work of the rest for the messages, most entries.
 */
export function describePreview(e: Obj): Description {
  return describe(e, true);
}

function describe(e: Obj, previewOnly: boolean): Description {
  const type = str(e.type);
  switch (type) {
    case "message":
      return isObj(e.message) ? describeMessage(e.message, previewOnly) : { preview: "", summary: "message (empty)" };
    case "compaction": {
      const s = oneLine(str(e.shortSummary) || str(e.summary), PREVIEW_MAX);
      return { preview: s, summary: `[compaction: ${tokens(e.tokensBefore)} tokens] ${s}`.trimEnd() };
    }
    case "branch_summary": {
      const s = oneLine(str(e.summary), PREVIEW_MAX);
      return { preview: s, summary: s ? `[branch summary] ${s}` : "[branch summary] (moved here)" };
    }
    case "model_change": {
      const id = typeof e.model === "string" ? e.model : [str(e.provider), str(e.modelId)].filter(Boolean).join("/");
      const s = oneLine(id, 80);
      return { preview: s, summary: `[model: ${s}${typeof e.role === "string" && e.role !== "default" ? ` (${oneLine(e.role, 20)})` : ""}]` };
    }
    case "thinking_level_change": {
      const lvl = oneLine(str(e.thinkingLevel) || "off", 20);
      return { preview: lvl, summary: `[thinking: ${lvl}]` };
    }
    case "custom": {
      // Its text when its data has some (Gemini's info and warning records say why a turn stopped); the preview stays its type.
      const text = isObj(e.data) && typeof e.data.content === "string" ? oneLine(e.data.content, PREVIEW_MAX) : "";
      return { preview: oneLine(str(e.customType), 60), summary: `[custom: ${oneLine(str(e.customType), 60)}]${text ? ` ${text}` : ""}` };
    }
    case "custom_message": {
      const text = oneLine(contentText(e.content), PREVIEW_MAX);
      return { preview: text, summary: `[${oneLine(str(e.customType) || "custom", 30)}] ${text}` };
    }
    case "label": {
      const l = oneLine(str(e.label), 60);
      return { preview: l, summary: l ? `[label: ${l}]` : "[label cleared]" };
    }
    case "session_info": {
      const n = oneLine(str(e.name), 80);
      return { preview: n, summary: n ? `[name: ${n}]` : "[name cleared]" };
    }
    case "title_change": {
      const t = oneLine(str(e.title), 80);
      return { preview: t, summary: `[title: ${t}]` };
    }
    case "mode_change": {
      const m = oneLine(str(e.mode), 40);
      return { preview: m, summary: `[mode: ${m}]` };
    }
    case "reset_boundary":
      return { preview: "", summary: "[reset boundary]" };
    // pi 1.6.0: a rewrite of an earlier entry's content in the context, or its removal (pi's own words for them).
    case "context_edit": {
      const target = oneLine(str(e.targetId), 40);
      if (e.replacement === null) return { preview: target, summary: `[context omit: ${target}]` };
      const text = oneLine(isObj(e.replacement) ? contentText(e.replacement.content) : "", PREVIEW_MAX);
      return { preview: text, summary: `[context replace: ${target}] ${text}`.trimEnd() };
    }
    // pi 1.6.0: usage spent outside any message (a cache warm-up).
    case "usage": {
      const u = isObj(e.usage) ? e.usage : {};
      const n = ["input", "output", "cacheRead", "cacheWrite"].reduce((sum, k) => sum + (typeof u[k] === "number" ? (u[k] as number) : 0), 0);
      const what = oneLine([str(e.kind), str(e.model)].filter(Boolean).join(" "), 60);
      return { preview: what, summary: `[usage: ${what ? `${what}, ` : ""}${tokens(n)} tokens]` };
    }
    default: {
      // A kind of its own (another agent's line): its sub-kind when it names one, e.g. "[claude_system: turn_duration]".
      const t = oneLine(type || "entry", 40);
      // A record its reader did not know (a newer agent's): marked, so it stands out (doctor lists them).
      if (e.unknown === true) return { preview: "", summary: `[unknown: ${t}]` };
      const kind = str(e.subtype) || (isObj(e.data) ? str(e.data.type) : "") || (isObj(e.attachment) ? str(e.attachment.type) : "");
      return { preview: "", summary: kind ? `[${t}: ${oneLine(kind, 40)}]` : `[${t}]` };
    }
  }
}
