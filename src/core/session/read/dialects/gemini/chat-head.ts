// The metadata at the top of a Gemini CLI chat — its session id, the hash of
// its project's path, when it started — read from the file's first bytes,
// without reading the chat: the `.json` document names them before its
// messages, the `.jsonl` log on its first line.
import { readTextCapped } from "../../../../fs/read-capped.js";

export interface ChatHead {
  sessionId: string;
  projectHash: string;
  startTime: string;
}

const HEAD_BYTES = 8 * 1024;

function field(head: string, name: string): string {
  const m = new RegExp(`"${name}"\\s*:\\s*"([^"\\\\]*)"`).exec(head);
  return m ? m[1] : "";
}

/** A chat's head, or null when it cannot be read or names no session. */
export function chatHead(file: string): ChatHead | null {
  let head: string | null;
  try {
    head = readTextCapped(file, HEAD_BYTES, { truncate: true });
  } catch {
    return null;
  }
  if (!head) return null;
  // A .jsonl's metadata is its first line (later lines are messages).
  const top = file.endsWith(".jsonl") ? head.split("\n", 1)[0] : head;
  const sessionId = field(top, "sessionId");
  return sessionId ? { sessionId, projectHash: field(top, "projectHash"), startTime: field(top, "startTime") } : null;
}
