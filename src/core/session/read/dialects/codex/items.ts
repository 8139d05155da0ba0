// Codex's response items (the OpenAI Responses API's shape, as the rollout
// recorder writes them) turned into pi's content blocks and messages.

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** Response item types that the model wrote (they make up an assistant turn). */
export const ASSISTANT_ITEMS: ReadonlySet<string> = new Set(["reasoning", "function_call", "custom_tool_call", "local_shell_call", "web_search_call"]);

/** Codex injects these as `user` messages: context the model reads, not something the user typed. */
const INJECTED_PREFIXES: readonly string[] = ["<environment_context>", "<user_instructions>", "# AGENTS.md instructions", "<INSTRUCTIONS>", "<turn_aborted>", "<user_shell_command>", "<permissions instructions>", "<skill>"];

export function isInjected(text: string): boolean {
  const t = text.trimStart();
  return INJECTED_PREFIXES.some((p) => t.startsWith(p));
}

/** A message item's content as pi blocks (input_text/output_text → text, input_image → image). */
export function contentBlocks(content: unknown): Obj[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  const out: Obj[] = [];
  for (const c of content) {
    if (!isObj(c)) continue;
    if (typeof c.text === "string") out.push({ type: "text", text: c.text });
    else if (c.type === "input_image" || typeof c.image_url === "string") out.push(imageBlock(str(c.image_url)));
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
    } else if (it.type === "function_call_output" || it.type === "custom_tool_call_output") {
      const id = str(it.call_id);
      const { content, isError } = toolOutput(it.output);
      out.push({ role: "toolResult", toolCallId: id, toolName: names.get(id) ?? "", content, isError, ...base });
    } else if (it.type === "compaction" || it.type === "compaction_summary") {
      out.push({ role: "compactionSummary", summary: "", encrypted: true, tokensBefore: 0, ...base });
    } else if (ASSISTANT_ITEMS.has(str(it.type)) && it.type !== "reasoning") {
      const content = assistantBlocks(it, i + 1);
      for (const b of content) if (b.type === "toolCall") names.set(str(b.id), str(b.name));
      out.push({ role: "assistant", content, provider, model: model ?? "", ...base });
    }
  });
  return out;
}
