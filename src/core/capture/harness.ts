// Turning any harness's hook payload into one event shape (§4.2–4.4).
import { absoluteDir } from "../fs/same-dir.js";
import { redactId, scrub, scrubCut } from "./redact.js";
import { safeId, sha256Hex } from "./serialize.js";
import { isHeadlessEntrypoint } from "../headless.js";
import type { AgentId } from "../session/index.js";

export type EventKind = "session-start" | "user-prompt" | "tool" | "pre-compact" | "post-compact" | "stop" | "session-end" | "manual" | "other";

/** The event names (lower case, no separators) of each kind, as the harnesses spell them. */
const KIND_NAMES: Readonly<Record<Exclude<EventKind, "other">, readonly string[]>> = {
  "session-start": ["sessionstart", "sessioncreated"],
  "user-prompt": ["userpromptsubmit", "beforeagent", "chatmessage", "beforeagentstart", "input"],
  tool: ["pretooluse", "posttooluse", "posttoolusefailure", "permissionrequest", "beforetool", "aftertool", "toolexecutebefore", "toolexecuteafter", "toolcall", "toolresult"],
  "pre-compact": ["precompact", "precompress", "experimentalsessioncompacting", "sessionbeforecompact"],
  "post-compact": ["postcompact", "postcompress", "sessioncompacted", "sessioncompact"],
  stop: ["stop", "stopfailure", "afteragent", "sessionidle", "agentend"],
  "session-end": ["sessionend", "sessionshutdown"],
  manual: ["manualcapture", "manualfeedback"],
};
const KINDS: ReadonlyMap<string, EventKind> = new Map(Object.entries(KIND_NAMES).flatMap(([kind, names]) => names.map((n) => [n, kind as EventKind] as const)));

export const eventKind = (name: string): EventKind => KINDS.get(name.toLowerCase().replace(/[_\-.\s]/g, "")) ?? "other";

const GEMINI_EVENTS: ReadonlySet<string> = new Set(["BeforeAgent", "AfterAgent", "BeforeTool", "AfterTool", "BeforeModel", "AfterModel", "BeforeToolSelection", "PreCompress"]);
const PI_EVENTS: ReadonlySet<string> = new Set(["session_start", "before_agent_start", "input", "tool_result", "agent_end", "session_shutdown", "session_before_compact", "session_compact"]);
const PATH_HARNESS: readonly [string, string][] = [
  [".claude", "claude"],
  [".codex", "codex"],
  [".gemini", "gemini"],
  [".omp", "omp"],
  [".pi", "pi"],
  ["opencode", "opencode"],
];

type Payload = Record<string, unknown>;

function firstString(p: Payload, keys: readonly string[]): string | null {
  for (const k of keys) {
    const v = p[k];
    if (typeof v === "string" && v !== "") return v;
  }
  return null;
}

const TRANSCRIPT_KEYS: readonly string[] = ["transcript_path", "transcriptPath", "session_file", "sessionFile"];
const EVENT_KEYS: readonly string[] = ["hook_event_name", "hookEventName", "event"];

/**
 * The harnesses whose hook payloads we know (§4.3); `hook --harness` names one
 * of them. Each is an agent of the registry (session/agent-ids.ts; a test
 * holds the two lists to each other); the type is imported alone, so the hook
 * loads no reader.
 */
export const HOOK_HARNESSES: readonly string[] = ["claude", "codex", "gemini", "opencode", "omp", "pi"] as const satisfies readonly AgentId[];

/** The harness when `--harness` is absent (§4.2); `model` is never a signal. */
export function detectHarness(p: Payload, eventName: string | null, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.OMP_SESSIONS_HARNESS || env.LLM_WIKI_HARNESS;
  if (fromEnv) return fromEnv;
  for (const k of TRANSCRIPT_KEYS) {
    const t = p[k];
    if (typeof t !== "string" || !t) continue;
    const segs = t.split(/[/\\]/);
    for (const [seg, h] of PATH_HARNESS) if (segs.includes(seg)) return h;
  }
  if (eventName) {
    if (GEMINI_EVENTS.has(eventName)) return "gemini";
    if (/^[a-z]+(\.[a-z_]+)+$/i.test(eventName)) return "opencode";
    if (PI_EVENTS.has(eventName)) return "pi";
  }
  if ("turn_id" in p) return "codex";
  if ("timestamp" in p) return "gemini";
  if (env.PLUGIN_ROOT && !env.CLAUDE_PLUGIN_ROOT) return "codex";
  if (env.CLAUDE_PROJECT_DIR) return "claude";
  if (["permission_mode", "agent_id", "agent_type", "stop_hook_active"].some((k) => k in p)) return "claude";
  return "unknown";
}

function flattenText(v: unknown, depth = 0): string {
  if (depth > 8 || v == null) return "";
  if (typeof v === "string") return v;
  if (Array.isArray(v))
    return v
      .slice(0, 10)
      .map((x) => flattenText(x, depth + 1))
      .filter(Boolean)
      .join("\n");
  if (typeof v === "object") {
    const o = v as Payload;
    for (const k of ["text", "content", "message", "prompt", "user_prompt", "feedback_text"]) {
      const t = flattenText(o[k], depth + 1);
      if (t.trim()) return t;
    }
  }
  return "";
}

/** The user's words in a payload, whitespace-normalized (may be empty). */
export function userText(p: Payload): string {
  for (const k of ["feedback_text", "prompt", "user_prompt", "message", "input", "content", "text"]) {
    const t = flattenText(p[k]);
    if (t.trim()) return normalizeText(t);
  }
  const msgs = p.messages;
  if (Array.isArray(msgs) && msgs.length > 0) return normalizeText(flattenText(msgs[msgs.length - 1]));
  return "";
}

export const normalizeText = (t: string): string => t.replace(/\s+/g, " ").trim();

function modelOf(p: Payload): string | null {
  const m = p.model;
  if (typeof m === "string") return m || null;
  if (m && typeof m === "object" && !Array.isArray(m)) {
    const o = m as Payload;
    const prov = firstString(o, ["providerID", "provider"]);
    const id = firstString(o, ["modelID", "modelId", "id"]);
    // each part scrubbed on its own: joined, a rule for one could swallow the other's label
    if (prov && id) return `${scrub(prov)}/${scrub(id)}`;
    return id;
  }
  return null;
}

export interface HookOverrides {
  harness?: string;
  eventName?: string;
  sessionId?: string;
  cwd?: string;
}

/** One normalized hook event. Strings are already scrubbed and cut. */
export interface NormalizedEvent {
  harness: string;
  nativeId: string;
  sid: string;
  eventName: string;
  kind: EventKind;
  cwd: string;
  transcriptPath: string | null;
  /** sha256 of the raw transcript path, when there is one. */
  transcriptPathHash: string | null;
  toolName: string | null;
  toolUseId: string | null;
  turnId: string | null;
  model: string | null;
  /** Unredacted user text for the classifier (never stored as is). */
  userText: string;
  /**
   * A headless run's event (core/headless.ts): Claude Code's print mode, which
   * says so in the environment it gives its hooks. Its prompts are the
   * program's: recorded like any event, never a feedback candidate.
   */
  headless?: boolean;
}

const FIELD_LIMIT = 1000;
const field = (s: string | null): string | null => (s == null ? null : scrubCut(s, FIELD_LIMIT));

export function normalizeEvent(p: Payload, o: HookOverrides = {}, env: NodeJS.ProcessEnv = process.env, processCwd = process.cwd()): NormalizedEvent {
  let eventName = o.eventName || firstString(p, EVENT_KEYS);
  const harness = safeId(redactId(o.harness || detectHarness(p, eventName, env)));
  if (!eventName && harness === "opencode") eventName = firstString(p, ["type"]);
  eventName ||= "manual";
  const rawCwd = o.cwd || firstString(p, ["cwd", "directory"]) || processCwd;
  // The dir it names, absolute: a Windows cwd (`C:\…`, from another machine's agent) is kept as written on
  // POSIX (resolving it would make `/process/cwd/C:\…`), the same-dir rule of the list and the sidecars.
  const cwd = absoluteDir(rawCwd, processCwd);
  const transcript = firstString(p, TRANSCRIPT_KEYS);
  const model = modelOf(p);
  let turn: string | null = null;
  for (const k of ["turn_id", "turnId", "turnID"]) {
    const v = p[k];
    if (typeof v === "string" && v) turn = v;
    else if (typeof v === "number" && Number.isFinite(v)) turn = String(v);
    if (turn) break;
  }
  let nativeId = o.sessionId || firstString(p, ["session_id", "sessionId", "sessionID"]);
  if (!nativeId) {
    const basis = [transcript ?? "", cwd, model ?? ""].join("|").replace(/^\|+|\|+$/g, "");
    nativeId = "derived-" + sha256Hex(basis).slice(0, 16);
  } else if (nativeId.length > 256 || /[\u0000-\u001f\u007f-\u009f]/.test(nativeId)) {
    nativeId = "derived-" + sha256Hex(nativeId).slice(0, 16);
  } else nativeId = redactId(nativeId);
  return {
    harness,
    nativeId,
    sid: `${harness}:${nativeId}`,
    eventName: field(eventName) as string,
    kind: eventKind(eventName),
    cwd: field(cwd) as string,
    transcriptPath: field(transcript),
    transcriptPathHash: transcript ? sha256Hex(transcript) : null,
    toolName: field(firstString(p, ["tool_name", "toolName", "tool"])),
    toolUseId: field(firstString(p, ["tool_use_id", "toolUseId", "tool_call_id", "toolCallId", "callID", "callId"])),
    turnId: field(turn),
    model: field(model),
    userText: userText(p),
    headless: harness === "claude" && isHeadlessEntrypoint(env.CLAUDE_CODE_ENTRYPOINT),
  };
}

/** Counted in `tool_event_count`: kind tool, or any event carrying a tool name. */
export const isToolEvent = (e: Pick<NormalizedEvent, "kind" | "toolName">): boolean => e.kind === "tool" || !!e.toolName;
