// An OpenCode session by its id: $XDG_DATA_HOME (~/.local/share)/opencode/opencode.db#<id>
// (1.2 and later), or a release channel's opencode-<channel>.db#<id> that
// holds it, else storage/session/<project>/<id>.json, else (0.5)
// project/<project>/storage/session/info/<id>.json.
import { join } from "node:path";
import { dirsIn, isFile } from "../by-id.js";
import { hasDbSession } from "./db.js";
import { databases, dataDir } from "./paths.js";

export async function findOpencodeSession(id: string, env: NodeJS.ProcessEnv, home: string): Promise<string | null> {
  const base = dataDir(env, home);
  // 1.2 and later moved every session into the database: a session kept there is named `<db>#<id>`.
  // A release channel keeps its own (`opencode-<channel>.db`): the one that holds the id.
  for (const db of databases(base)) {
    try {
      if (hasDbSession(db, id, { busyTimeoutMs: 1000 })) return `${db}#${id}`;
    } catch {
      // locked or damaged: the next one, else the main database by name
    }
  }
  if (await isFile(join(base, "opencode.db"))) return `${join(base, "opencode.db")}#${id}`;
  for (const dir of await dirsIn(join(base, "storage", "session"))) {
    if (await isFile(join(dir, `${id}.json`))) return join(dir, `${id}.json`);
  }
  // 0.5: project/<project>/storage/session/info/<id>.json
  for (const dir of await dirsIn(join(base, "project"))) {
    const file = join(dir, "storage", "session", "info", `${id}.json`);
    if (await isFile(file)) return file;
  }
  return null;
}
