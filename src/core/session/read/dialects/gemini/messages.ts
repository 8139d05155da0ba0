// A Gemini CLI message record (`{id, timestamp, type: user|gemini|info|error|
// warning, content, thoughts?, tokens?, model?, toolCalls?}`) as pi-shaped
// pieces. `content` is the Gen AI SDK's PartListUnion: a string, a part, or a
// list of parts (`{text}`, `{inlineData:{mimeType,data}}`, `{functionCall}`,
// `{functionResponse}`, …).

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === "string" ? v : "");

export function partBlocks(content: unknown): Obj[] {
  if (typeof content === "string") return content ? [{ type: "text", text: content }] : [];
  const parts = Array.isArray(content) ? content : isObj(content) ? [content] : [];
  const out: Obj[] = [];
  for (const p of parts) {
    if (typeof p === "string") out.push({ type: "text", text: p });
    else if (!isObj(p)) continue;
    else if (typeof p.text === "string") {
      if (p.thought === true) out.push({ type: "thinking", thinking: p.text });
      else out.push({ type: "text", text: p.text });
    } else if (isObj(p.inlineData) && typeof p.inlineData.data === "string") {
      out.push({ type: "image", mimeType: str(p.inlineData.mimeType), data: p.inlineData.data });
    } else if (isObj(p.functionResponse)) {
      out.push({ type: "text", text: responseText(p.functionResponse) });
    } else if (isObj(p.functionCall)) {
      // A call as the API wrote it (a compressed history, `$set.messages`): the call, not text.
      const fc = p.functionCall;
      out.push({ type: "toolCall", id: str(fc.id) || str(fc.name), name: str(fc.name), arguments: isObj(fc.args) ? fc.args : {} });
    } else if (isObj(p.fileData)) {
      out.push({ type: "text", text: `[file: ${str(p.fileData.fileUri)}]` });
    }
  }
  return out;
}

/**
 * A user message made only of function responses (a compressed history,
 * `$set.messages`, writes the tool results of a turn so): each response's
 * call id, name, text and whether it failed. Null for any other content.
 */
export function functionResponses(content: unknown): { id: string; name: string; text: string; isError: boolean }[] | null {
  if (!Array.isArray(content) || content.length === 0) return null;
  const out: { id: string; name: string; text: string; isError: boolean }[] = [];
  for (const p of content) {
    if (!isObj(p) || !isObj(p.functionResponse)) return null;
    const fr = p.functionResponse;
    const r = isObj(fr.response) ? fr.response : {};
    out.push({ id: str(fr.id) || str(fr.name), name: str(fr.name), text: responseText(fr), isError: typeof r.error === "string" && typeof r.output !== "string" });
  }
  return out;
}

/** A function response's text: its `output` (or `error`), else the response as JSON. */
function responseText(fr: Obj): string {
  const r = fr.response;
  if (isObj(r)) {
    if (typeof r.output === "string") return r.output;
    if (typeof r.error === "string") return r.error;
    if (typeof r.content === "string") return r.content;
  }
  return JSON.stringify(r ?? null);
}

/** Gemini's thought summaries (`{subject, description}`) as thinking blocks. */
export function thoughtBlocks(thoughts: unknown): Obj[] {
  if (!Array.isArray(thoughts)) return [];
  const out: Obj[] = [];
  for (const t of thoughts) {
    if (!isObj(t)) continue;
    const subject = str(t.subject);
    const description = str(t.description);
    const text = subject && description ? `**${subject}**\n${description}` : subject || description;
    if (text) out.push({ type: "thinking", thinking: text });
  }
  return out;
}

/**
 * Gemini's tokens (the API's usage metadata) in pi's shape. The API counts
 * cached tokens inside `promptTokenCount` and thoughts and tool-use prompts
 * apart from it (total = prompt + candidates + thoughts + tool use): pi's
 * input is the prompt without the cached part plus the tool-use prompt;
 * output is the candidates plus the thoughts, as they are billed.
 */
export function geminiUsage(tokens: unknown): Obj | null {
  if (!isObj(tokens)) return null;
  const n = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);
  const prompt = n(tokens.input);
  const cacheRead = Math.min(n(tokens.cached), prompt);
  const input = prompt - cacheRead + n(tokens.tool);
  const output = n(tokens.output) + n(tokens.thoughts);
  return { input, output, cacheRead, cacheWrite: 0, totalTokens: input + cacheRead + output };
}

/** A tool call's result as a toolResult's content, or null when it has none yet. */
export function toolResultContent(tc: Obj): Obj[] | null {
  if (tc.result !== undefined && tc.result !== null) {
    const blocks = partBlocks(tc.result);
    if (blocks.length > 0) return blocks;
  }
  if (typeof tc.resultDisplay === "string") return [{ type: "text", text: tc.resultDisplay }];
  if (tc.status === "error" || tc.status === "cancelled" || tc.status === "success") return [{ type: "text", text: "" }];
  return null;
}

export const textOf = (blocks: Obj[]): string => blocks.map((b) => str(b.text)).join("");
