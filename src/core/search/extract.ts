// What of an entry is searchable: user and assistant text, tool calls (name and
// arguments), and, in the index that asks for it, tool output.
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Roles as the index stores them (and `role:` filters name them). */
export type SearchRole = "user" | "assistant" | "tool" | "bash";

export interface Doc {
  role: SearchRole;
  text: string;
}

function blocksText(content: unknown, withCalls: boolean): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const b of content) {
    if (!isObj(b)) continue;
    if (b.type === "text" && typeof b.text === "string") parts.push(b.text);
    else if (withCalls && b.type === "toolCall") {
      const args = b.arguments === undefined ? "" : typeof b.arguments === "string" ? b.arguments : JSON.stringify(b.arguments);
      parts.push(`${typeof b.name === "string" ? b.name : "tool"} ${args}`);
    }
  }
  return parts.join("\n");
}

/** The searchable text of a (migrated) entry, or null when it has none. */
export function docOf(entry: Obj, tools: boolean): Doc | null {
  if (entry.type !== "message" || !isObj(entry.message)) return null;
  const m = entry.message;
  let doc: Doc | null = null;
  switch (m.role) {
    case "user":
      doc = { role: "user", text: blocksText(m.content, false) };
      break;
    case "assistant":
      doc = { role: "assistant", text: blocksText(m.content, true) };
      break;
    case "toolResult":
      if (tools) doc = { role: "tool", text: `${typeof m.toolName === "string" ? m.toolName : ""}\n${blocksText(m.content, false)}` };
      break;
    case "bashExecution": {
      const cmd = typeof m.command === "string" ? m.command : "";
      doc = { role: "bash", text: tools && typeof m.output === "string" ? `${cmd}\n${m.output}` : cmd };
      break;
    }
  }
  return doc && doc.text.trim() !== "" ? doc : null;
}

/** Message roles whose lines can be skipped without parsing them. */
export function skippableRole(role: string | undefined, tools: boolean): boolean {
  return !tools && role === "toolResult";
}
