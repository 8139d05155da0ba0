// Older Gemini CLI releases (before `kind: "subagent"`) saved a built-in
// agent's chat — the CLI help agent's, the codebase investigator's — as a
// main chat of its own, under the session id of the chat that called it:
// `session-<later time>-<same id prefix>.json` beside the caller's. Its first
// message is the agent's task, the question or objective between tags:
// "Your task is to answer the following question about Gemini CLI:
// <question>…</question>". Such a chat is named by that question (its
// first line), and is
// the caller's subagent when the caller's chat (an earlier one with the same
// session id) is there.
import { basename, dirname, join } from "node:path";
import { chatHead } from "./chat-head.js";
import { mainChatNames } from "./paths.js";

const TASK = /^Your task is to [^\n]*\n<(question|objective)>\n([\s\S]*?)\n<\/\1>/;

export interface Helper {
  /** The question or objective it was given (its first line). */
  task: string;
  /** The caller's chat, when it is there. */
  parent: string | null;
}

/** What a main chat whose first message is `firstUser` is, when it is a built-in agent's; null otherwise. */
export function helperOf(file: string, sessionId: string, firstUser: string): Helper | null {
  const m = TASK.exec(firstUser);
  const task = m?.[2]
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l);
  if (!task) return null;
  const dir = dirname(file);
  if (basename(dir) !== "chats") return { task, parent: null };
  const own = basename(file).replace(/\.jsonl?$/, "");
  // The latest chat before this one (by the start time in the name) that names the same session.
  const earlier = mainChatNames(dir, sessionId)
    .filter((n) => n.replace(/\.jsonl?$/, "") < own)
    .reverse();
  for (const n of earlier) if (chatHead(join(dir, n))?.sessionId === sessionId) return { task, parent: join(dir, n) };
  return { task, parent: null };
}
