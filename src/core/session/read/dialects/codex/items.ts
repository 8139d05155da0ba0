// Codex's response items (the OpenAI Responses API's shape, as the rollout
// recorder writes them) turned into pi's content blocks and messages.

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** Response item types that the model wrote (they make up an assistant turn). */
export const ASSISTANT_ITEMS: ReadonlySet<string> = new Set(["reasoning", "function_call", "custom_tool_call", "local_shell_call", "web_search_call", "tool_search_call", "image_generation_call"]);

/** Tool outputs Codex sends back to the model (a function's, a freeform tool's, a tool search's). */
export const OUTPUT_ITEMS: ReadonlySet<string> = new Set(["function_call_output", "custom_tool_call_output", "tool_search_output"]);

/** The provider's own compactions: an encrypted history (`compaction_summary` is `compaction`'s older name; `context_compaction` the newest). */
export const COMPACTION_ITEMS: ReadonlySet<string> = new Set(["compaction", "compaction_summary", "context_compaction"]);

/** A compaction item holds an encrypted history (`context_compaction` may come without one). */
export const isEncrypted = (p: Obj): boolean => p.type !== "context_compaction" || typeof p.encrypted_content === "string";

/**
 * Whether an assistant item is a call the provider runs within the same
 * request (a web search, an image generation, a server-side tool search):
 * not a stop for Codex to run a tool.
 */
export function runsAtProvider(p: Obj): boolean {
  return p.type === "web_search_call" || p.type === "image_generation_call" || (p.type === "tool_search_call" && p.execution === "server");
}

/**
 * Codex injects these as `user` messages: context the model reads, not something the user typed.
 * `<recommended_plugins>` (0.137–0.146, the desktop app and the IDE extension) opens the first
 * turn's context message, with AGENTS.md and the environment context after it in the same message.
 * The capture store keeps its own copy (core/capture/feedback-injected.ts, which the hook's bundle may
 * not import from here): test/core/session/injected-title.test.ts keeps the two in step.
 */
export const INJECTED_PREFIXES: readonly string[] = [
  "<environment_context>",
  "<user_instructions>",
  "# AGENTS.md instructions",
  "<INSTRUCTIONS>",
  "<turn_aborted>",
  "<user_shell_command>",
  "<permissions instructions>",
  "<skill>",
  "<recommended_plugins>",
];

export function isInjected(text: string): boolean {
  const t = text.trimStart();
  return INJECTED_PREFIXES.some((p) => t.startsWith(p));
}

/**
 * A message item's content as pi blocks (input_text/output_text → text,
 * input_image → image; an encrypted part, as another agent's message may
 * hold, stays unreadable: "[encrypted]").
 */
export function contentBlocks(content: unknown): Obj[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  const out: Obj[] = [];
  for (const c of content) {
    if (!isObj(c)) continue;
    if (typeof c.text === "string") out.push({ type: "text", text: c.text });
    else if (c.type === "input_image" || typeof c.image_url === "string") out.push(imageBlock(str(c.image_url)));
    else if (c.type === "encrypted_content") out.push({ type: "text", text: "[encrypted]" });
  }
  return out;
}

function imageBlock(url: string): Obj {
  const m = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (m) return { type: "image", mimeType: m[1], data: m[2] };
  return { type: "text", text: `[image: ${url}]` };
}

/** The blocks one assistant-side item adds to its turn. */
export function assistantBlocks(p: Obj, line: number): Obj[] {
  switch (p.type) {
    case "message":
      return contentBlocks(p.content);
    case "reasoning":
      return reasoningBlocks(p);
    case "function_call":
      return [{ type: "toolCall", id: str(p.call_id) || `call-${line}`, name: str(p.name), arguments: parseArgs(p.arguments) }];
    case "custom_tool_call":
      return [{ type: "toolCall", id: str(p.call_id) || `call-${line}`, name: str(p.name), arguments: { input: p.input } }];
    case "local_shell_call":
      return [{ type: "toolCall", id: str(p.call_id) || str(p.id) || `call-${line}`, name: "local_shell", arguments: isObj(p.action) ? p.action : {} }];
    case "web_search_call":
      // Run by the provider: its results never come back as an item.
      return [{ type: "toolCall", id: str(p.id) || `web-search-${line}`, name: "web_search", arguments: isObj(p.action) ? p.action : {} }];
    case "tool_search_call":
      // The model looking for tools to load; its `tool_search_output` answers it by call_id.
      return [{ type: "toolCall", id: str(p.call_id) || str(p.id) || `tool-search-${line}`, name: "tool_search", arguments: isObj(p.arguments) ? p.arguments : { value: p.arguments ?? null } }];
    case "image_generation_call": {
      // Made by the provider within the request: the call (with the prompt it revised) and the image it gave back (base64 PNG).
      const args: Obj = typeof p.revised_prompt === "string" ? { revised_prompt: p.revised_prompt } : {};
      const out: Obj[] = [{ type: "toolCall", id: str(p.id) || `image-generation-${line}`, name: "image_generation", arguments: args }];
      const result = str(p.result);
      if (result) out.push(result.startsWith("data:") ? imageBlock(result) : { type: "image", mimeType: "image/png", data: result });
      return out;
    }
    default:
      return [];
  }
}

function reasoningBlocks(p: Obj): Obj[] {
  const out: Obj[] = [];
  const texts: string[] = [];
  for (const part of [...(Array.isArray(p.summary) ? p.summary : []), ...(Array.isArray(p.content) ? p.content : [])]) {
    if (isObj(part) && typeof part.text === "string") texts.push(part.text);
  }
  if (texts.length > 0) out.push({ type: "thinking", thinking: texts.join("\n\n") });
  // Reasoning the provider encrypted: there, but unreadable.
  else if (typeof p.encrypted_content === "string") out.push({ type: "thinking", thinking: "", redacted: true });
  return out;
}

/** `arguments` is a JSON string in the Responses API; a string that is not JSON is kept as `{raw}`. */
function parseArgs(v: unknown): unknown {
  if (typeof v !== "string") return isObj(v) ? v : {};
  try {
    const parsed = JSON.parse(v) as unknown;
    return isObj(parsed) ? parsed : { value: parsed };
  } catch {
    return { raw: v };
  }
}

/**
 * A tool output's content and whether it failed. `output` is a string (older
 * shells wrap `{output, metadata:{exit_code}}` in it), a list of content
 * items, or `{content, success}`.
 */
export function toolOutput(output: unknown): { content: Obj[]; isError: boolean } {
  if (Array.isArray(output)) return { content: contentBlocks(output), isError: false };
  if (isObj(output)) {
    const inner = output.content;
    const content = typeof inner === "string" ? [{ type: "text", text: inner }] : contentBlocks(inner);
    return { content, isError: output.success === false };
  }
  const text = str(output);
  let isError = false;
  if (text.startsWith("{")) {
    try {
      const parsed = JSON.parse(text) as unknown;
      const meta = isObj(parsed) && isObj(parsed.metadata) ? parsed.metadata : null;
      if (meta && typeof meta.exit_code === "number" && meta.exit_code !== 0) isError = true;
    } catch {}
  }
  return { content: [{ type: "text", text }], isError };
}

/** The names of a list of tool definitions (a namespace's tools as namespace.tool). */
function toolNames(tools: unknown): string[] {
  const names: string[] = [];
  for (const t of Array.isArray(tools) ? tools : []) {
    if (!isObj(t)) continue;
    const name = str(t.name) || str(t.type);
    const inner = Array.isArray(t.tools)
      ? t.tools
          .filter(isObj)
          .map((x) => str(x.name))
          .filter(Boolean)
      : [];
    if (inner.length) names.push(...inner.map((n) => (name ? `${name}.${n}` : n)));
    else if (name) names.push(name);
  }
  return names;
}

/** A tool search's answer: the tools it loaded, by name (the model gets their whole definitions). */
export function toolSearchOutput(p: Obj): { content: Obj[]; isError: boolean } {
  const names = toolNames(p.tools);
  const status = str(p.status);
  const text = names.length ? `tools found: ${names.join(", ")}` : "no tools found";
  return { content: [{ type: "text", text: status && status !== "completed" ? `${text} (${status})` : text }], isError: status === "failed" };
}

/** Tools Codex adds to the model's list mid-thread (`additional_tools`): a context message naming them, hidden as Codex's own. */
export function additionalToolsFields(p: Obj): Obj {
  const names = toolNames(p.tools);
  return { customType: "codex_additional_tools", content: [{ type: "text", text: `tools added: ${names.join(", ") || "(none named)"}` }], display: false };
}

/**
 * An agent message as pi's custom message: the author and recipient (agent
 * paths such as `/root/worker`) beside the text the model read.
 */
export function agentMessageFields(p: Obj, content: Obj[]): Obj {
  const fields: Obj = { customType: "codex_agent_message", content, display: true };
  if (typeof p.author === "string") fields.author = p.author;
  if (typeof p.recipient === "string") fields.recipient = p.recipient;
  return fields;
}

export function textOf(blocks: Obj[]): string {
  return blocks.map((b) => (typeof b.text === "string" ? b.text : "")).join("");
}

/**
 * A compaction's replacement history as the messages the model sees (each
 * item alone; reasoning the provider keeps encrypted is left out).
 */
export function replacementMessages(items: unknown[], provider: string, model: string | null, time: number | undefined): Obj[] {
  const out: Obj[] = [];
  const names = new Map<string, string>();
  items.forEach((it, i) => {
    if (!isObj(it)) return;
    const base = time === undefined ? {} : { timestamp: time };
    if (it.type === "message") {
      const content = contentBlocks(it.content);
      if (it.role === "assistant") out.push({ role: "assistant", content, provider, model: model ?? "", ...base });
      else if (it.role === "user" && !isInjected(textOf(content))) out.push({ role: "user", content, ...base });
      else out.push({ role: "custom", customType: it.role === "user" ? "codex_context" : `codex_${str(it.role) || "message"}`, content, display: false, ...base });
    } else if (OUTPUT_ITEMS.has(str(it.type))) {
      const id = str(it.call_id);
      const { content, isError } = it.type === "tool_search_output" ? toolSearchOutput(it) : toolOutput(it.output);
      out.push({ role: "toolResult", toolCallId: id, toolName: names.get(id) ?? (it.type === "tool_search_output" ? "tool_search" : ""), content, isError, ...base });
    } else if (it.type === "additional_tools") {
      out.push({ role: "custom", ...additionalToolsFields(it), ...base });
    } else if (it.type === "agent_message") {
      out.push({ role: "custom", ...agentMessageFields(it, contentBlocks(it.content)), ...base });
    } else if (COMPACTION_ITEMS.has(str(it.type))) {
      out.push({ role: "compactionSummary", summary: "", ...(isEncrypted(it) ? { encrypted: true } : {}), tokensBefore: 0, ...base });
    } else if (ASSISTANT_ITEMS.has(str(it.type)) && it.type !== "reasoning") {
      const content = assistantBlocks(it, i + 1);
      for (const b of content) if (b.type === "toolCall") names.set(str(b.id), str(b.name));
      out.push({ role: "assistant", content, provider, model: model ?? "", ...base });
    }
  });
  return out;
}
