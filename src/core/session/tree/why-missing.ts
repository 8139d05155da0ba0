// Whether a path the user gave names something we can open: a file or dir, or
// a session in a database that holds it (`<db>#<id>`, as `ls` prints it). The
// browser and the listing commands ask the same question, and answer it here.
import { existsSync } from "node:fs";
import { pathNamed, virtualSource } from "../../fs/stat.js";
import { SessionError } from "../../errors.js";
import { loadSession } from "./load.js";

/** Why PATH names nothing (a message without the command's prefix), or null when it names a file, a dir or a session that is there. */
export async function whyMissing(path: string): Promise<string | null> {
  if (!pathNamed(path)) return `${path}: no such file or directory`;
  if (existsSync(path) || virtualSource(path) === null) return null;
  // `<db>#<id>` with the database there: whether it holds the session is its dialect's to say, as when tree loads it.
  try {
    await loadSession(path);
    return null;
  } catch (err) {
    if (err instanceof SessionError) return err.message;
    throw err;
  }
}
