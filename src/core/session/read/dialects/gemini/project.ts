// Which project a Gemini CLI chat belongs to. Chats live in
// `<gemini dir>/tmp/<project>/chats/`, where <project> is a short name
// (newer Gemini CLI: the folder holds `.project_root` with the project's path,
// and `<gemini dir>/projects.json` maps each path to its short name) or the
// SHA-256 of the project's path (older releases, and every record's
// `projectHash`). The folder name is a hint; these files say the path.
import { hashOf } from "../../../../fs/hash.js";
import { readTextCapped } from "../../../../fs/read-capped.js";
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { envSlot } from "../../../../env.js";
import { chatHead } from "./chat-head.js";

const caches = envSlot(() => new Map<string, string>());
/** Per tmp folder: each project hash its short-name folders' chats name, and that folder's path. */
const namedCaches = envSlot(() => new Map<string, Map<string, string>>());

const sha256 = (s: string): string => hashOf("sha256").update(s).digest("hex");

function readText(path: string): string | null {
  try {
    // `.project_root` and projects.json are small: a special file or a huge one is not read
    return readTextCapped(path, 4 * 1024 * 1024);
  } catch {
    return null;
  }
}

/** The `<tmp>/<project>` folder of a chat file (subagent chats sit one folder deeper). */
export function projectDirOf(file: string): string | null {
  let dir = dirname(file);
  for (let i = 0; i < 2; i++) {
    if (basename(dir) === "chats") return dirname(dir);
    dir = dirname(dir);
  }
  return null;
}

/** The project's path for a chat file, from Gemini's own files ("" when they do not say). */
export function projectPathOf(file: string, projectHash: string): string {
  const dir = projectDirOf(file);
  if (!dir) return "";
  const key = `${dir}\0${projectHash}`;
  const cache = caches();
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let found = readText(join(dir, ".project_root"))?.trim() ?? "";
  if (!found) {
    const registry = readText(join(dirname(dirname(dir)), "projects.json"));
    const name = basename(dir);
    try {
      const projects = (JSON.parse(registry ?? "{}") as { projects?: Record<string, unknown> }).projects ?? {};
      for (const [path, short] of Object.entries(projects)) {
        if (short === name || sha256(path) === name || (projectHash && sha256(path) === projectHash)) {
          found = path;
          break;
        }
      }
    } catch {}
  }
  // An old hash-named folder whose project moved to a short-name folder: the path that folder's `.project_root` says.
  if (!found) found = namedFoldersOf(dirname(dir)).get(projectHash || basename(dir)) ?? "";
  cache.set(key, found);
  return found;
}

/**
 * The short-name folders of a tmp folder by the project hash their chats
 * name (Gemini's `projectHash`, the SHA-256 of the path as Gemini had it),
 * each with the path its `.project_root` says. The hash links an old
 * hash-named folder to the folder its project moved to, even where the path
 * was written in another case than it was hashed in (Windows: `c:\users\…`
 * for `C:\Users\…`). One chat's first bytes are read in each such folder.
 */
function namedFoldersOf(tmp: string): Map<string, string> {
  const cache = namedCaches();
  let named = cache.get(tmp);
  if (named) return named;
  named = new Map();
  cache.set(tmp, named);
  let folders: string[];
  try {
    folders = readdirSync(tmp);
  } catch {
    return named;
  }
  for (const name of folders) {
    const root = readText(join(tmp, name, ".project_root"))?.trim();
    if (!root) continue;
    let chats: string[];
    try {
      chats = readdirSync(join(tmp, name, "chats")).filter((n) => /^session-[^.]+\.jsonl?$/.test(n));
    } catch {
      continue;
    }
    for (const chat of chats.sort()) {
      const hash = chatHead(join(tmp, name, "chats", chat))?.projectHash;
      if (!hash) continue;
      if (!named.has(hash)) named.set(hash, root);
      break;
    }
  }
  return named;
}
