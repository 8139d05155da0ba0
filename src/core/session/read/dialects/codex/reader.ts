// One Codex rollout (`rollout-*.jsonl`: `{timestamp, type, payload}` lines)
// read into pi-shaped entries. Codex keeps no tree: the entries form one
// straight path, each the child of the one before, with ids made from their
// line numbers (`c<line>`), so a re-read gives the same ids.
//
// The one exception is a rollback (`thread_rolled_back`, newer Codex): it
// takes the last N user turns out of the context, so the entries after it
// hang from the entry before those turns, which stay in the tree as an
// abandoned branch.
//
// The conversation is written twice: as `response_item`s (what the model was
// sent and returned, tool calls and outputs, reasoning, in the order the model
// saw them) and as `event_msg` echoes for the UI (`user_message`,
// `agent_message`, `agent_reasoning`). The response items are the source of
// truth — they are what the model saw, and a compaction's replacement history
// is made of them — so the echoes are skipped. Events that say something
// happened beyond the conversation (a goal, a subagent, the guardian, a saved
// image: events.ts) are kept with a line of text, out of the context.
//
// One model request gives several items (reasoning, a message, function
// calls): they become one assistant message, held back until the request's
// `token_count` arrives (its usage goes on that message) or the next request
// starts; the entries after it wait with it so entries come out in file order.
import type { DialectEntry, DialectFacts, Origin, PiEntry, RecordReader } from "../../dialect-api.js";
import { NOTED_EVENTS, notedEvent } from "./events.js";
import {
  additionalToolsFields,
  agentMessageFields,
  ASSISTANT_ITEMS,
  assistantBlocks,
  COMPACTION_ITEMS,
  contentBlocks,
  isEncrypted,
  isInjected,
  isObj,
  OUTPUT_ITEMS,
  replacementMessages,
  runsAtProvider,
  str,
  textOf,
  toolOutput,
  toolSearchOutput,
  type Obj,
} from "./items.js";
import { rolloutOfId } from "./paths.js";
import { isTitleRequest, taskOfTitleRequest, taskRolloutOf } from "./title-task.js";
import { indexedName } from "./session-index.js";
import { addTokens, piUsage, TokenCounter, type CodexTokens } from "./usage.js";

/** Event types kept as entries (things that happened to the conversation); the rest are UI echoes and progress. */
const KEPT_EVENTS: ReadonlySet<string> = new Set(["turn_aborted", "error", "entered_review_mode", "exited_review_mode", "undo_completed", "thread_rolled_back"]);

const NAME_EVENTS: ReadonlySet<string> = new Set(["thread_name_updated", "session_name_updated"]);

/**
 * Event types known to be the UI's echoes and progress (left out: the
 * response items hold the conversation). An event of any other type is kept,
 * marked unknown, so nothing a newer Codex writes goes unseen.
 */
const ECHO_EVENTS: ReadonlySet<string> = new Set([
  "user_message",
  "agent_message",
  "agent_message_delta",
  "agent_message_content_delta",
  "agent_reasoning",
  "agent_reasoning_delta",
  "agent_reasoning_raw_content",
  "agent_reasoning_raw_content_delta",
  "agent_reasoning_section_break",
  "reasoning_content_delta",
  "reasoning_raw_content_delta",
  "task_started",
  "task_complete",
  "turn_started",
  "turn_complete",
  "session_configured",
  "warning",
  "mcp_tool_call_begin",
  "mcp_tool_call_end",
  "mcp_startup_update",
  "mcp_startup_complete",
  "mcp_list_tools_response",
  "web_search_begin",
  "web_search_end",
  "exec_command_begin",
  "exec_command_output_delta",
  "exec_command_end",
  "terminal_interaction",
  "view_image_tool_call",
  "exec_approval_request",
  "apply_patch_approval_request",
  "elicitation_request",
  "request_user_input",
  "background_event",
  "stream_error",
  "patch_apply_begin",
  "patch_apply_end",
  "turn_diff",
  "get_history_entry_response",
  "list_custom_prompts_response",
  "list_skills_response",
  "plan_update",
  "shutdown_complete",
  "conversation_path",
  "item_started",
  "item_completed",
  "context_compacted",
  "undo_started",
  "thread_settings_applied",
  "raw_response_item",
  "deprecation_notice",
  "user_shell_command",
  // A dynamic (client-side) tool's call and answer: the function_call and its output items hold them.
  "dynamic_tool_call_request",
  "dynamic_tool_call_response",
]);

/**
 * Line types besides the ones read here that Codex 0.171 writes and that are
 * kept as they are (`inter_agent_communication_metadata`: whether an agent
 * message started a turn, beside its `agent_message` item).
 */
const KEPT_LINES: ReadonlySet<string> = new Set(["token_usage_record", "world_state", "inter_agent_communication_metadata"]);

/**
 * The session a guardian thread reviews, as its prompt names it (`Reviewed Codex session id: <id>`, from 0.12x on):
 * the guardian judges the actions that session asks to run, and is linked to it as its parent.
 */
const REVIEWED = /\nReviewed Codex session id: ([0-9a-fA-F-]{36})\s/;

/** Response item types of the pre-2025-09 rollouts, written bare (no `{type, payload}` wrapper). */
const BARE_ITEMS: ReadonlySet<string> = new Set(["message", "function_call_output", "custom_tool_call_output", ...ASSISTANT_ITEMS]);

interface Held {
  entry: PiEntry;
  message: Obj;
  de: DialectEntry;
  usage: CodexTokens | null;
}

export function codexReader(file: string): RecordReader {
  const facts: DialectFacts = { id: "", cwd: "", name: null, created: "", parentSession: null };
  let metaSeen = false;
  let parentId = "";
  let parentLooked = false;
  /** A spawned agent's nickname (or role) and task path, its name when nothing names the thread. */
  let agentLabel: string | null = null;
  /** A helper thread Codex runs on its own (`source.subagent` "review", "compact", `{other: "guardian"}`): its kind. */
  let helper = "";
  let firstPromptSeen = false;
  /** A title helper thread's task prompt (title-task.ts): its task's rollout is its parent. */
  let titleTask = "";
  // A fork or a spawned agent opens with its parent's history copied in, every
  // line stamped with the copy's instant: usage in that burst was counted in
  // the parent already.
  let burstSecond: string | null = null;
  let lastId: string | null = null;
  let provider = "openai";
  let model: string | null = null;
  let effort: string | null = null;
  const counter = new TokenCounter();
  let orphan: CodexTokens | null = null;
  let contextTokens = 0;
  const toolNames = new Map<string, string>();
  // The user turns on the current path (their entry and what it hangs from), for rollbacks.
  const turns: { id: string; parentId: string | null }[] = [];
  const unknown = new Set<string>();
  // The open assistant turn (items still joining it), and the entries held behind it.
  let open: Held | null = null;
  let waiting: Held | null = null;
  let queue: DialectEntry[] = [];

  const release = (): DialectEntry[] => {
    const out = queue;
    queue = [];
    waiting = null;
    return out;
  };

  const emit = (entry: PiEntry, origin: Origin): DialectEntry[] => {
    const de: DialectEntry = { entry, origin };
    if (waiting) {
      queue.push(de);
      return [];
    }
    return [de];
  };

  const make = (type: string, origin: Origin, ts: string, fields: Obj): PiEntry => {
    const entry: PiEntry = { type, id: `c${origin.line}`, parentId: lastId, ...(ts ? { timestamp: ts } : {}), ...fields };
    lastId = entry.id;
    return entry;
  };

  const closeTurn = (): void => {
    open = null;
  };

  const assistantItem = (p: Obj, origin: Origin, ts: string): DialectEntry[] => {
    let out: DialectEntry[] = [];
    if (!open) {
      // A new request: whatever waited for the last one's usage goes out without it.
      if (waiting) out = release();
      const message: Obj = { role: "assistant", content: [], api: "openai-responses", provider, model: model ?? "", stopReason: "stop", ...(ts ? { timestamp: Date.parse(ts) || undefined } : {}) };
      const entry = make("message", origin, ts, { message });
      const de: DialectEntry = { entry, origin, parts: [origin] };
      open = { entry, message, de, usage: null };
      waiting = open;
      queue = [de];
    } else open.de.parts!.push(origin);
    const blocks = assistantBlocks(p, origin.line);
    for (const b of blocks) if (b.type === "toolCall") toolNames.set(str(b.id), str(b.name));
    (open.message.content as Obj[]).push(...blocks);
    // A web search, an image generation or a server-side tool search runs at the provider and answers within the same request: not a stop for a tool.
    if (!runsAtProvider(p) && blocks.some((b) => b.type === "toolCall")) open.message.stopReason = "toolUse";
    return out;
  };

  // Another agent's message to this one: in the model's input, and a turn of its own (a rollback counts it, as Codex does).
  const agentMessage = (fields: Obj, origin: Origin, ts: string): DialectEntry[] => {
    closeTurn();
    const entry = make("custom_message", origin, ts, fields);
    turns.push({ id: entry.id, parentId: entry.parentId });
    return emit(entry, origin);
  };

  const responseItem = (p: Obj, origin: Origin, ts: string): DialectEntry[] => {
    const t = str(p.type);
    if (t === "message" && p.role === "assistant") return assistantItem(p, origin, ts);
    if (ASSISTANT_ITEMS.has(t)) return assistantItem(p, origin, ts);
    closeTurn();
    const time = ts ? Date.parse(ts) || undefined : undefined;
    if (t === "message") {
      const content = contentBlocks(p.content);
      const text = p.role === "user" ? textOf(content) : "";
      if (p.role === "user" && !isInjected(text)) {
        if (helper && !firstPromptSeen && !parentId) parentId = REVIEWED.exec(text)?.[1] ?? "";
        if (!helper && !firstPromptSeen && isTitleRequest(text)) {
          // the IDE's or the desktop app's title helper (title-task.ts): named by its kind, as a guardian is; its
          // prompt is no user's. 77 of 363 rollouts of one real VS Code home were such threads, each listed as a
          // session titled by that request.
          helper = "title";
          agentLabel ??= helper;
          facts.headless = true;
          titleTask = taskOfTitleRequest(text);
        }
        firstPromptSeen = true;
        const entry = make("message", origin, ts, { message: { role: "user", content, timestamp: time } });
        turns.push({ id: entry.id, parentId: entry.parentId });
        return emit(entry, origin);
      }
      const customType = p.role === "user" ? "codex_context" : `codex_${str(p.role) || "message"}`;
      return emit(make("custom_message", origin, ts, { customType, content, display: false }), origin);
    }
    if (OUTPUT_ITEMS.has(t)) {
      const id = str(p.call_id);
      const search = t === "tool_search_output";
      const { content, isError } = search ? toolSearchOutput(p) : toolOutput(p.output);
      const message = { role: "toolResult", toolCallId: id, toolName: toolNames.get(id) ?? (search ? "tool_search" : ""), content, isError, timestamp: time };
      return emit(make("message", origin, ts, { message }), origin);
    }
    if (COMPACTION_ITEMS.has(t)) {
      return emit(make("compaction", origin, ts, { summary: "", ...(isEncrypted(p) ? { encrypted: true } : {}), firstKeptEntryId: "", tokensBefore: contextTokens }), origin);
    }
    if (t === "agent_message") return agentMessage(agentMessageFields(p, contentBlocks(p.content)), origin, ts);
    if (t === "additional_tools") return emit(make("custom_message", origin, ts, additionalToolsFields(p)), origin);
    // ghost_snapshot and anything newer: kept under its own type, out of the context (a newer one marked unknown).
    const entry = make(`codex_${t || "item"}`, origin, ts, { payload: p });
    if (t !== "ghost_snapshot") {
      entry.unknown = true;
      unknown.add(`response_item ${JSON.stringify(t)}`);
    }
    return emit(entry, origin);
  };

  const tokenCount = (p: Obj, inBurst: boolean): DialectEntry[] => {
    const info = p.info;
    const own = counter.next(info);
    if (isObj(info)) {
      const last = isObj(info.last_token_usage) ? info.last_token_usage : null;
      if (last && typeof last.total_tokens === "number") contextTokens = last.total_tokens;
    }
    closeTurn();
    if (inBurst || !own) return [];
    if (waiting && !waiting.usage) {
      const all = orphan ? addTokens(orphan, own) : own;
      orphan = null;
      waiting.usage = all;
      waiting.message.usage = piUsage(all);
      return release();
    }
    // A request that wrote no message (a compaction's summary request, an
    // aborted one): its usage goes on the next assistant message so the
    // session's total stays whole.
    orphan = orphan ? addTokens(orphan, own) : own;
    return [];
  };

  const sessionMeta = (p: Obj, origin: Origin, ts: string): DialectEntry[] => {
    if (metaSeen) {
      // A copied ancestor's header (forks and spawned agents carry them): kept, out of the context.
      return emit(make("custom", origin, ts, { customType: "codex_session_meta", data: { id: p.id, cwd: p.cwd, timestamp: p.timestamp } }), origin);
    }
    metaSeen = true;
    facts.id = str(p.id);
    facts.cwd = str(p.cwd);
    facts.created = str(p.timestamp) || ts;
    if (typeof p.cli_version === "string") facts.agentVersion = p.cli_version;
    if (typeof p.model_provider === "string" && p.model_provider) provider = p.model_provider;
    const spawn = isObj(p.source) && isObj(p.source.subagent) && isObj(p.source.subagent.thread_spawn) ? p.source.subagent.thread_spawn : null;
    const parent = str(p.forked_from_id) || str(spawn?.parent_thread_id) || str(p.parent_thread_id);
    if (spawn || p.thread_source === "subagent") {
      const who = str(p.agent_nickname) || str(spawn?.agent_nickname) || str(p.agent_role) || str(spawn?.agent_role);
      agentLabel = [who, str(p.agent_path) || str(spawn?.agent_path)].filter(Boolean).join(": ") || null;
    }
    const sub = isObj(p.source) ? p.source.subagent : undefined;
    helper = spawn ? "" : typeof sub === "string" ? sub : isObj(sub) && typeof sub.other === "string" ? sub.other : "";
    if (helper) {
      // Its prompts are Codex's (the guardian's is the reviewed session's transcript and the action asked for), no user's.
      agentLabel ??= helper;
      facts.headless = true;
    }
    // `codex exec` (a script's one prompt, no terminal) and Codex as an MCP server (another agent's tool calls): the
    // program's prompts, as Claude Code's print mode's are (core/headless.ts): headless, listed and read like any other.
    if (p.source === "exec" || p.source === "mcp") facts.headless = true;
    if (parent) {
      parentId = parent;
      facts.parentSession = parent;
      if (ts.length >= 19) burstSecond = ts.slice(0, 19);
    }
    return [];
  };

  const turnContext = (p: Obj, origin: Origin, ts: string): DialectEntry[] => {
    closeTurn();
    if (!facts.cwd && typeof p.cwd === "string") facts.cwd = p.cwd;
    const out: DialectEntry[] = [];
    const m = str(p.model);
    const changed = !!m && m !== model;
    if (changed) {
      model = m;
      if (!facts.model) facts.model = `${provider}/${m}`;
      out.push(...emit(make("model_change", origin, ts, { provider, modelId: m }), origin));
    }
    const e = typeof p.effort === "string" ? p.effort : null;
    if (e && e !== effort) {
      effort = e;
      // Two entries from one line: the second's id says which.
      const entry = make("thinking_level_change", origin, ts, { thinkingLevel: e });
      if (changed) {
        entry.id = `c${origin.line}.1`;
        lastId = entry.id;
      }
      out.push(...emit(entry, origin));
    }
    return out;
  };

  const push = (value: unknown, origin: Origin): DialectEntry[] | string => {
    if (!isObj(value)) return `line ${origin.line}: not a Codex record (skipped)`;
    const ts = str(value.timestamp);
    let inBurst = false;
    if (burstSecond !== null) {
      if (ts.slice(0, 19) === burstSecond) inBurst = true;
      else burstSecond = null; // the burst is over and never starts again
    }
    let type = str(value.type);
    let p: Obj | null = isObj(value.payload) ? value.payload : null;
    if (!p) {
      // The first rollouts: a bare header `{id, timestamp, instructions}`, bare response items, `{record_type:"state"}`.
      if (value.record_type === "state") return [];
      if (!metaSeen && !type && typeof value.id === "string") return sessionMeta(value, origin, ts);
      if (BARE_ITEMS.has(type)) {
        p = value;
        type = "response_item";
      } else if (!type) return `line ${origin.line}: not a Codex record (skipped)`;
      else p = {};
    }
    switch (type) {
      case "session_meta":
        return sessionMeta(p, origin, ts);
      case "turn_context":
        return turnContext(p, origin, ts);
      case "response_item":
        return responseItem(p, origin, ts);
      case "compacted": {
        closeTurn();
        const history = Array.isArray(p.replacement_history) ? p.replacement_history : null;
        const fields: Obj = { summary: str(p.message), firstKeptEntryId: "", tokensBefore: contextTokens };
        if (history) fields.replacementHistory = replacementMessages(history, provider, model, ts ? Date.parse(ts) || undefined : undefined);
        return emit(make("compaction", origin, ts, fields), origin);
      }
      case "inter_agent_communication": {
        // Older multi-agent releases: the message itself as a line ({author, recipient, other_recipients, content, trigger_turn}).
        const content = typeof p.content === "string" && p.content ? [{ type: "text", text: p.content }] : typeof p.encrypted_content === "string" ? [{ type: "text", text: "[encrypted]" }] : [];
        return agentMessage(agentMessageFields(p, content), origin, ts);
      }
      case "event_msg": {
        const t = str(p.type);
        if (t === "token_count") return tokenCount(p, inBurst);
        if (NOTED_EVENTS.has(t) || t === "item_completed") {
          const data = notedEvent(t, p);
          // Often written within a request (an image's end between its call and the answer): the assistant turn stays open.
          if (data) return emit(make("custom", origin, ts, { customType: `codex_${t}`, data }), origin);
        }
        if (NAME_EVENTS.has(t)) {
          const name = str(p.name) || str(p.thread_name) || str(p.title);
          facts.name = name || null;
          return [];
        }
        if (KEPT_EVENTS.has(t)) {
          closeTurn();
          const n = typeof p.num_turns === "number" ? Math.floor(p.num_turns) : 0;
          if (t === "thread_rolled_back" && n > 0 && n <= turns.length) {
            lastId = turns[turns.length - n].parentId;
            turns.length -= n;
          }
          return emit(make("custom", origin, ts, { customType: `codex_${t}`, data: p }), origin);
        }
        if (ECHO_EVENTS.has(t)) return [];
        closeTurn();
        unknown.add(`event_msg ${JSON.stringify(t)}`);
        return emit(make(`codex_event_${t.replace(/[^\w]+/g, "_") || "msg"}`, origin, ts, { unknown: true, payload: p }), origin);
      }
      default: {
        closeTurn();
        const entry = make(`codex_${type}`, origin, ts, { payload: p });
        if (!KEPT_LINES.has(type)) {
          entry.unknown = true;
          unknown.add(`record type ${JSON.stringify(type)}`);
        }
        return emit(entry, origin);
      }
    }
  };

  return {
    push,
    end: () => (waiting ? release() : []),
    facts: () => {
      // The parent by its path when its rollout is in the same Codex home, else by its id.
      if (parentId && !parentLooked) {
        parentLooked = true;
        facts.parentSession = rolloutOfId(file, parentId) ?? parentId;
      }
      // A title helper thread: its task's rollout, when it is beside it.
      if (titleTask && !parentId && !parentLooked) {
        parentLooked = true;
        facts.parentSession = taskRolloutOf(file, titleTask);
      }
      // A name given in the rollout wins; else the one Codex's picker shows from its session index; else, for a
      // spawned agent (whose rollout opens with its parent's copied history), its nickname and task path.
      const f: DialectFacts = facts.name ? { ...facts } : { ...facts, name: indexedName(file, facts.id) ?? agentLabel };
      if (unknown.size) f.unknown = [...unknown];
      return f;
    },
  };
}
