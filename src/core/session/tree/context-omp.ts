// What the model sees in an omp session (docs/session-format.md §6a, §6b): omp
// rebuilds its context by a rule of its own, not pi's. Besides the messages
// it carries the model per role, the mode and the TTSR rules injected so far.
// Every message the rule drops is recorded with the reason, so the context
// view can draw it as left out instead of letting it silently vanish.
import { epoch, strip } from "./message-fields.js";
import type { LeftOut, SessionContext } from "../model.js";

type Obj = Record<string, unknown>;
type Ctx = Omit<SessionContext, "leafId">;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.length > 0;

/** One converted message and the path entry it came from; `out` once a later step drops it. */
interface Item {
  msg: Obj;
  from: string;
  out?: string;
  note?: string;
}

export function emptyOmpContext(): Ctx {
  return { thinkingLevel: "off", model: null, messages: [], models: {}, mode: "none", injectedTtsrRules: [], rule: "omp" };
}

/** omp's context over a root→leaf path of full (migrated, blob-resolved) entries. */
export function ompContextOfPath(path: Obj[]): Ctx {
  const settings = readSettings(path);
  const items: Item[] = [];
  const add = (e: Obj) => {
    const r = convert(e);
    if ("msg" in r) items.push({ msg: r.msg, from: String(e.id) });
    // Dropped at once, but kept in line so the view can draw it where it was.
    else if (r.reason) items.push({ msg: { role: e.type === "message" && isObj(e.message) ? e.message.role : "custom" }, from: String(e.id), out: r.reason });
  };

  const { compaction: cIdx, boundary: bIdx } = settings;
  let summary: Item | undefined;
  if (bIdx >= 0 && bIdx > cIdx) {
    for (let i = bIdx + 1; i < path.length; i++) add(path[i]);
  } else if (cIdx >= 0) {
    const c = path[cIdx];
    const remote = openAiRemotePayload(c);
    const anthropic = anthropicPayload(c);
    const keptIdx = path.findIndex((e, i) => i < cIdx && e.id === c.firstKeptEntryId);
    // 18.3.4's snapshot form: nothing named as kept, the signed summary covers up to S.
    const snapshot = c.firstKeptEntryId === "" && nonEmpty(c.providerReplayThroughEntryId) ? path.findIndex((e) => e.id === c.providerReplayThroughEntryId) : -1;
    summary = { msg: summaryMessage(c, remote ?? anthropic, anthropic ? rewriteAt(path, cIdx, keptIdx, snapshot) : undefined), from: String(c.id) };
    items.push(summary);
    if (isObj(c.details) && c.details.kind === "experimental-context-rollover") {
      const kept = path.findIndex((e) => e.id === c.firstKeptEntryId);
      for (let i = cIdx - 1; i > bIdx; i--) {
        if (!isUserRequest(path[i])) continue;
        if (i < kept) add(path[i]);
        break;
      }
    }
    if (!remote) {
      const start = keptIdx >= 0 ? keptIdx : anthropic && snapshot >= 0 ? snapshot + 1 : -1;
      if (start >= 0) for (let i = start; i < cIdx; i++) add(path[i]);
    } else if (nonEmpty(c.providerReplayThroughEntryId)) {
      const through = path.findIndex((e) => e.id === c.providerReplayThroughEntryId);
      if (through >= 0 && through < cIdx) for (let i = through + 1; i < cIdx; i++) add(path[i]);
    }
    for (let i = cIdx + 1; i < path.length; i++) add(path[i]);
  } else {
    for (const e of path) add(e);
  }

  stripUnansweredCalls(items);
  dropFailedTurns(items);

  const messages: Obj[] = [];
  const leftOut: LeftOut[] = [];
  const positions = new Map<Item, number>();
  for (const it of items) {
    if (it.out) leftOut.push({ entryId: it.from, at: messages.length, reason: it.out, role: String(it.msg.role ?? "") });
    else {
      positions.set(it, messages.length);
      if (it.note) leftOut.push({ entryId: it.from, at: messages.length, reason: it.note, role: String(it.msg.role ?? ""), kept: true });
      messages.push(it.msg);
    }
  }

  const out: Ctx = {
    thinkingLevel: settings.thinkingLevel,
    model: splitModel(settings.models.default),
    messages,
    models: settings.models,
    mode: settings.mode,
    injectedTtsrRules: settings.ttsr,
    rule: "omp",
  };
  if (settings.modeData !== undefined) out.modeData = settings.modeData;
  if (settings.configured !== undefined) out.configuredThinkingLevel = settings.configured;
  if (settings.serviceTier !== undefined) out.serviceTier = settings.serviceTier;
  if (summary && positions.has(summary)) out.compactionIndex = positions.get(summary);
  if (bIdx >= 0 && bIdx > cIdx) out.resetBoundaryId = String(path[bIdx].id);
  if (leftOut.length) out.leftOut = leftOut;
  return out;
}

interface Settings {
  thinkingLevel: string;
  configured?: string;
  models: Record<string, string>;
  mode: string;
  modeData?: Obj;
  ttsr: string[];
  serviceTier?: Obj;
  compaction: number;
  boundary: number;
}

/** Settings are read over the whole path, the part a compaction or a /clear hides included. */
function readSettings(path: Obj[]): Settings {
  const s: Settings = { thinkingLevel: "off", models: {}, mode: "none", ttsr: [], compaction: -1, boundary: -1 };
  const ttsr = new Set<string>();
  let explicitDefault = false;
  path.forEach((e, i) => {
    switch (e.type) {
      case "thinking_level_change": {
        const level = typeof e.thinkingLevel === "string" ? e.thinkingLevel : undefined;
        s.thinkingLevel = level ?? "off";
        s.configured = typeof e.configured === "string" ? e.configured : level;
        break;
      }
      case "model_change":
        // pi's shape ({provider, modelId}) carries no role: omp ignores it.
        if (nonEmpty(e.model)) {
          const role = typeof e.role === "string" ? e.role : "default";
          s.models[role] = e.model;
          if (role === "default") explicitDefault = true;
        }
        break;
      case "service_tier_change":
        s.serviceTier = serviceTierOf(e.serviceTier);
        break;
      case "message":
        // Until a default is chosen explicitly, the model that answered is the default.
        if (!explicitDefault && isObj(e.message) && e.message.role === "assistant") {
          s.models.default = `${String(e.message.provider)}/${String(e.message.model)}`;
        }
        break;
      case "compaction":
        s.compaction = i;
        break;
      case "reset_boundary":
        s.boundary = i;
        break;
      case "ttsr_injection":
        if (Array.isArray(e.injectedRules)) for (const r of e.injectedRules) if (typeof r === "string") ttsr.add(r);
        break;
      case "mode_change":
        s.mode = typeof e.mode === "string" ? e.mode : "none";
        s.modeData = isObj(e.data) ? e.data : undefined;
        break;
    }
  });
  s.ttsr = [...ttsr];
  return s;
}

function splitModel(m: string | undefined): SessionContext["model"] {
  if (m === undefined) return null;
  const slash = m.indexOf("/");
  return slash < 0 ? { provider: m, modelId: m } : { provider: m.slice(0, slash), modelId: m.slice(slash + 1) };
}

const TIERS: ReadonlySet<string> = new Set(["auto", "default", "flex", "scale", "priority"]);

/** The service tier per provider family, as omp normalises it (absent when nothing valid is left). */
function serviceTierOf(v: unknown): Obj | undefined {
  if (isObj(v)) {
    const out: Obj = {};
    for (const k of ["openai", "anthropic", "google"]) if (typeof v[k] === "string" && TIERS.has(v[k])) out[k] = v[k];
    return Object.keys(out).length ? out : undefined;
  }
  switch (v) {
    case "priority":
      return { openai: "priority", anthropic: "priority", google: "priority" };
    case "openai-only":
      return { openai: "priority" };
    case "claude-only":
      return { anthropic: "priority" };
    case "auto":
    case "default":
    case "flex":
    case "scale":
      return { openai: v };
    default:
      return undefined;
  }
}

const LEFT_OUT_CUSTOM: ReadonlySet<string> = new Set(["prewalk-plan", "vibe-mode-context"]);

/** An entry as a message, or why it gives none (no reason: it is not a message at all). */
function convert(e: Obj): { msg: Obj } | { reason?: string } {
  switch (e.type) {
    case "message": {
      if (!isObj(e.message)) return {};
      const m = e.message;
      if (m.role === "assistant") {
        if (m.retryRecovery) return { reason: "a retried turn (retryRecovery)" };
        if (isEmptyErrorTurn(m)) return { reason: "an empty error turn" };
        return { msg: sanitizeCopilot(m) };
      }
      return { msg: m };
    }
    case "custom_message": {
      if (typeof e.customType === "string" && LEFT_OUT_CUSTOM.has(e.customType)) return { reason: `a ${e.customType} message (omp never sends it)` };
      if (typeof e.content !== "string" && !Array.isArray(e.content)) return { reason: "a custom message without content" };
      return { msg: customMessage(e) };
    }
    case "branch_summary":
      return nonEmpty(e.summary) ? { msg: strip({ role: "branchSummary", summary: e.summary, fromId: e.fromId, timestamp: epoch(e.timestamp) }) } : {};
    default:
      return {};
  }
}

function customMessage(e: Obj): Obj {
  const m: Obj = {
    role: "custom",
    customType: nonEmpty(e.customType) ? e.customType : "custom-message",
    content: e.content,
    display: typeof e.display === "boolean" ? e.display : false,
    details: e.details,
  };
  if ("attribution" in e) m.attribution = e.attribution === "user" ? "user" : "agent";
  m.timestamp = epoch(e.timestamp);
  return strip(m);
}

/** A failed request that produced nothing: replaying it would only re-send what failed. */
function isEmptyErrorTurn(m: Obj): boolean {
  if (m.stopReason !== "error") return false;
  const blocks = Array.isArray(m.content) ? m.content : [];
  return !blocks.some((b: unknown) => {
    if (!isObj(b)) return false;
    switch (b.type) {
      case "text":
        return typeof b.text === "string" && b.text.trim() !== "";
      case "thinking":
        return (typeof b.thinking === "string" && b.thinking.trim() !== "") || (typeof b.thinkingSignature === "string" && b.thinkingSignature.trim() !== "");
      case "redactedThinking":
        return typeof b.data === "string" && b.data.trim() !== "";
      case "fallback":
        return false;
      default:
        return true; // a tool call, or a kind omp does not know: content
    }
  });
}

/** GitHub Copilot rejects its own replayed Responses history: omp drops it (and thinking signatures) on load. */
function sanitizeCopilot(m: Obj): Obj {
  if (m.provider !== "github-copilot" || !isObj(m.providerPayload) || m.providerPayload.type !== "openaiResponsesHistory") return m;
  const out: Obj = { ...m };
  delete out.providerPayload;
  if (Array.isArray(m.content)) out.content = m.content.map((b: unknown) => (isObj(b) && b.type === "thinking" && "thinkingSignature" in b ? withoutKey(b, "thinkingSignature") : b));
  return out;
}

function withoutKey(o: Obj, key: string): Obj {
  const c = { ...o };
  delete c[key];
  return c;
}

function openAiRemotePayload(c: Obj): Obj | undefined {
  const p = isObj(c.preserveData) ? c.preserveData.openaiRemoteCompaction : undefined;
  if (!isObj(p) || !nonEmpty(p.provider) || !Array.isArray(p.replacementHistory) || !p.replacementHistory.every(isObj)) return undefined;
  return { type: "openaiResponsesHistory", provider: p.provider, items: p.replacementHistory };
}

function anthropicPayload(c: Obj): Obj | undefined {
  const p = isObj(c.preserveData) ? c.preserveData.anthropicCompaction : undefined;
  if (!isObj(p) || !nonEmpty(p.provider) || !nonEmpty(p.content)) return undefined;
  const out: Obj = { type: "anthropicCompaction", provider: p.provider, content: p.content };
  if (nonEmpty(p.encryptedContent)) out.encryptedContent = p.encryptedContent;
  if (nonEmpty(p.filesText)) out.filesText = p.filesText;
  return out;
}

/**
 * §6b: a natively replayed summary keeps C's time; the history it rewrites
 * ends just before the first retained entry (the kept one, else the one after
 * the snapshot's last covered entry, else the one after C).
 */
function rewriteAt(path: Obj[], cIdx: number, keptIdx: number, snapshot: number): number | undefined {
  const first = keptIdx >= 0 ? path[keptIdx] : snapshot >= 0 && snapshot < cIdx - 1 ? path[snapshot + 1] : path[cIdx + 1];
  const t = first ? epoch(first.timestamp) : undefined;
  return t === undefined ? undefined : t - 1;
}

function summaryMessage(c: Obj, providerPayload: Obj | undefined, historyRewriteAt: number | undefined): Obj {
  return strip({
    role: "compactionSummary",
    summary: c.summary,
    shortSummary: c.shortSummary,
    tokensBefore: c.tokensBefore,
    tokensAfter: c.tokensAfter,
    method: c.method,
    providerPayload,
    warning: c.warning,
    timestamp: epoch(c.timestamp),
    historyRewriteAt,
  });
}

/** A request the user made: a user message, or a skill/collab prompt the user invoked. */
function isUserRequest(e: Obj): boolean {
  let m: Obj | undefined;
  if (e.type === "message" && isObj(e.message)) m = e.message;
  else if (e.type === "custom_message" && (typeof e.content === "string" || Array.isArray(e.content))) m = customMessage(e);
  if (!m) return false;
  if (m.role === "user") return true;
  return m.role === "custom" && (m.customType === "skill-prompt" || m.customType === "collab-prompt") && m.attribution === "user";
}

/**
 * A tool call whose result is not in the context would be answered by a made-up
 * "aborted" result: omp removes such calls, and with them the turn's signed
 * reasoning (a modified turn's signatures no longer verify).
 */
function stripUnansweredCalls(items: Item[]): void {
  const answered = new Set<unknown>();
  for (const it of items) if (it.msg.role === "toolResult") answered.add(it.msg.toolCallId);
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i];
    const content = it.msg.content;
    if (it.out || it.msg.role !== "assistant" || !Array.isArray(content)) continue;
    const unanswered = content.filter((b: unknown) => isObj(b) && b.type === "toolCall" && !answered.has(b.id)).length;
    if (unanswered === 0) continue;
    const kept = content
      .filter((b: unknown) => !(isObj(b) && ((b.type === "toolCall" && !answered.has(b.id)) || b.type === "redactedThinking")))
      .map((b: unknown) => (isObj(b) && b.type === "thinking" && b.thinkingSignature ? withoutKey(b, "thinkingSignature") : b));
    const calls = `${unanswered} tool call${unanswered === 1 ? "" : "s"} without a result`;
    if (kept.length === 0) it.out = `an assistant turn holding only ${calls}`;
    else {
      it.msg = { ...it.msg, content: kept };
      it.note = `${calls} left out of this turn`;
    }
  }
}

/** Aborted and errored turns are not replayed (unless omp's interrupted-thinking note follows), nor the results of their calls. */
function dropFailedTurns(items: Item[]): void {
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i];
    if (it.out || it.msg.role !== "assistant") continue;
    const stop = it.msg.stopReason;
    if (stop !== "aborted" && stop !== "error") continue;
    let n = i + 1;
    while (n < items.length && items[n].out) n++;
    const next = items[n];
    if (next && next.msg.role === "custom" && next.msg.customType === "interrupted-thinking") continue;
    it.out = stop === "aborted" ? "an aborted turn" : "a failed turn (error)";
    const calls = new Set<unknown>();
    if (Array.isArray(it.msg.content)) for (const b of it.msg.content) if (isObj(b) && b.type === "toolCall") calls.add(b.id);
    if (!calls.size) continue;
    for (let j = i + 1; j < items.length; j++) {
      const r = items[j];
      if (!r.out && r.msg.role === "toolResult" && calls.has(r.msg.toolCallId)) r.out = "the result of a left-out turn";
    }
  }
}
