// What of an entry is searchable: user and assistant text, tool calls (name and
// arguments), and, in the index that asks for it, tool output. A test runner's
// or a compiler's colours are taken out first: "\x1b[31merror" would be the
// word "31merror" to the index, and a snippet could start inside a sequence.
import { withoutStyles } from "../session/index.js";

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

/** Every agent's shell tool, as its calls name it (Claude Code's Bash, Codex's shell/exec_command, Gemini's run_shell_command, pi's and omp's bash). */
const SHELL_TOOLS: ReadonlySet<string> = new Set(["bash", "shell", "exec_command", "local_shell", "run_shell_command", "shell_command"]);

/** The commands of an assistant turn that only runs shell commands (no text), else null: such a turn is a "bash" document. */
function shellCommands(content: unknown): string | null {
  if (!Array.isArray(content)) return null;
  const cmds: string[] = [];
  for (const b of content) {
    if (!isObj(b)) continue;
    if (b.type === "text" && typeof b.text === "string" && b.text.trim() !== "") return null;
    if (b.type !== "toolCall") continue;
    if (typeof b.name !== "string" || !SHELL_TOOLS.has(b.name.toLowerCase())) return null;
    const args = isObj(b.arguments) ? b.arguments : {};
    const cmd = args.command ?? args.cmd;
    cmds.push(Array.isArray(cmd) ? cmd.filter((c) => typeof c === "string").join(" ") : typeof cmd === "string" ? cmd : "");
  }
  return cmds.length > 0 ? cmds.join("\n") : null;
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
    case "assistant": {
      const shell = shellCommands(m.content);
      doc = shell !== null ? { role: "bash", text: shell } : { role: "assistant", text: blocksText(m.content, true) };
      break;
    }
    case "toolResult":
      if (tools) doc = { role: "tool", text: `${typeof m.toolName === "string" ? m.toolName : ""}\n${blocksText(m.content, false)}` };
      break;
    case "bashExecution": {
      const cmd = typeof m.command === "string" ? m.command : "";
      doc = { role: "bash", text: tools && typeof m.output === "string" ? `${cmd}\n${m.output}` : cmd };
      break;
    }
  }
  if (!doc) return null;
  doc.text = withoutStyles(doc.text);
  return doc.text.trim() !== "" ? doc : null;
}

/** Message roles whose lines can be skipped without parsing them. */
export function skippableRole(role: string | undefined, tools: boolean): boolean {
  return !tools && role === "toolResult";
}
