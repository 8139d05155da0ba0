// Where Gemini CLI keeps its chats: `<home>/.gemini/tmp/<project>/chats/`
// (`$GEMINI_CLI_HOME` stands in for the home folder). Main sessions are
// `session-<time>-<id prefix>.json` (older) or `.jsonl`; a subagent's chat is
// `chats/<parent session id>/<session id>.jsonl`.
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { findFiles } from "../walk.js";
import { chatHead } from "./chat-head.js";
import { projectDirOf } from "./project.js";

// No dot in the name part: `session-….expect.json` and other files beside a chat are not chats.
const MAIN = /^session-[^.]+\.jsonl?$/;

export function geminiRoots(env: NodeJS.ProcessEnv, home: string): string[] {
  return [join(env.GEMINI_CLI_HOME || home, ".gemini", "tmp")];
}

/** A Gemini CLI session id (a UUID), as a subagent's folder names its parent session. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id `gemini --resume` takes for a chat. Gemini CLI resumes the sessions
 * it lists, the main chats right in `chats/`: a subagent's chat
 * (`chats/<parent session id>/<id>.json(l)`) resumes the session it ran in,
 * and one in a folder that names no session (`chats/skill-extraction-…/`)
 * has nothing to resume ("").
 */
export function resumeIdOf(path: string, id: string): string {
  const dir = dirname(path);
  if (basename(dir) === "chats" || basename(dirname(dir)) !== "chats") return id;
  const parent = basename(dir);
  return SESSION_ID.test(parent) ? parent : "";
}

/** A subagent chat's one-document name: its id (no dots), `.json`. */
const SUBAGENT_JSON = /^[^.]+\.json$/;

export function isChatFile(path: string): boolean {
  const name = basename(path);
  const dir = dirname(path);
  if (basename(dir) === "chats") return MAIN.test(name);
  // A subagent's chat, in chats/<parent session id>/: `<id>.jsonl`, or `<id>.json` from the releases that wrote one document (spring 2026).
  return basename(dirname(dir)) === "chats" && (name.endsWith(".jsonl") || SUBAGENT_JSON.test(name));
}

/**
 * The chats under a tmp folder. Resuming a `.json` chat makes Gemini CLI
 * carry it on in `<same name>.jsonl` and leave the `.json` behind: then the
 * `.jsonl` is the session and the `.json` is not listed again. A chat copied
 * to a project's short-name folder is listed there only (withoutMovedCopies).
 */
export async function chatFiles(root: string): Promise<string[]> {
  const all = await findFiles(root, (name, dir) => isChatFile(join(dir, name)), 3);
  const set = new Set(all);
  return withoutMovedCopies(all.filter((f) => !(f.endsWith(".json") && set.has(`${f}l`))));
}

/**
 * Newer Gemini CLI moved a project's chats from the folder named by the
 * SHA-256 of its path (`tmp/<hash>/chats/`) to a short-name folder
 * (`tmp/<name>/chats/`) by copying them, and left the old folder as it was:
 * a chat in both is one session, listed once, as its copy in the short-name
 * folder (which says the project's path, and where Gemini went on with it).
 * The old copy is known by its twin: the chat of the same name (`.json` or
 * the `.jsonl` it went on in) in another folder of the same tmp whose first
 * bytes name the same session and start time, and as its project's hash the
 * old folder's name. Only chats whose name is in two folders are read, and
 * only their first bytes.
 */
export function withoutMovedCopies(files: string[]): string[] {
  const byName = new Map<string, { file: string; folder: string }[]>();
  for (const file of files) {
    const dir = projectDirOf(file);
    if (!dir) continue;
    // The tmp folder and the chat's path inside its project folder (`chats/…`), a .jsonl as the .json it went on from.
    const key = `${dirname(dir)}\0${file.slice(dir.length + 1).replace(/\.jsonl$/, ".json")}`;
    const group = byName.get(key);
    const chat = { file, folder: basename(dir) };
    if (group) group.push(chat);
    else byName.set(key, [chat]);
  }
  const moved = new Set<string>();
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const heads = group.map((c) => chatHead(c.file));
    group.forEach((old, i) => {
      const h = heads[i];
      if (!h) return;
      const twin = group.some((c, j) => {
        const t = heads[j];
        return t !== null && c.folder !== old.folder && t.projectHash === old.folder && t.sessionId === h.sessionId && t.startTime === h.startTime;
      });
      if (twin) moved.add(old.file);
    });
  }
  return moved.size === 0 ? files : files.filter((f) => !moved.has(f));
}

/**
 * The main chat of a session id in a chats folder (`session-<time>-<first 8
 * characters of the id>.jsonl`, or `.json`), for a subagent's parent; null
 * when none is there.
 */
export function mainChatOf(chatsDir: string, sessionId: string): string | null {
  const hits = mainChatNames(chatsDir, sessionId);
  const jsonl = hits.filter((n) => n.endsWith(".jsonl"));
  const pick = (jsonl.length > 0 ? jsonl : hits).at(-1);
  return pick ? join(chatsDir, pick) : null;
}

/** The main chats in a chats dir whose names carry a session id's first 8 characters, by name (so by start time); [] when none or unreadable. */
export function mainChatNames(chatsDir: string, sessionId: string): string[] {
  const tail = sessionId.slice(0, 8);
  if (!tail) return [];
  try {
    return readdirSync(chatsDir)
      .filter((n) => MAIN.test(n) && (n.endsWith(`-${tail}.jsonl`) || n.endsWith(`-${tail}.json`)))
      .sort();
  } catch {
    return [];
  }
}
