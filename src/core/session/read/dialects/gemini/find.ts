// A Gemini CLI session by its id: ($GEMINI_CLI_HOME or ~)/.gemini/tmp/<sha256
// of the cwd, else any project dir>/chats/session-…-<id's first 8>.json(l),
// checked for the whole id in the file's first bytes. A chat Gemini copied
// from its old hash-named folder to the short-name one is found as the copy
// the listing shows (paths.ts withoutMovedCopies).
import { hashOf } from "../../../../fs/hash.js";
import { basename, dirname, join } from "node:path";
import { dirsIn, filesIn, headHolds, isFile } from "../by-id.js";
import { geminiRoots, withoutMovedCopies } from "./paths.js";

export async function findGeminiSession(id: string, cwd: string, env: NodeJS.ProcessEnv, home: string): Promise<string | null> {
  const [tmp] = geminiRoots(env, home);
  const short = id.slice(0, 8);
  const mine = cwd ? join(tmp, hashOf("sha256").update(cwd).digest("hex")) : null;
  const projects = [...(mine ? [mine] : []), ...(await dirsIn(tmp)).filter((d) => d !== mine)];
  for (const p of projects) {
    const chats = join(p, "chats");
    const names = (await filesIn(chats))
      .filter((n) => n.startsWith("session-") && /\.jsonl?$/.test(n) && n.includes(short))
      .sort()
      .reverse();
    for (const n of names) if (await headHolds(join(chats, n), id)) return await copyMovedTo(join(chats, n), projects);
  }
  return null;
}

/** The copy of a main chat in another project folder that the listing keeps instead of it, else the chat. */
async function copyMovedTo(file: string, projects: string[]): Promise<string> {
  const own = dirname(dirname(file));
  const name = basename(file).replace(/\.jsonl$/, ".json");
  for (const p of projects) {
    if (p === own) continue;
    // The .jsonl first: the one Gemini went on in.
    for (const n of [`${name}l`, name]) {
      const other = join(p, "chats", n);
      if ((await isFile(other)) && !withoutMovedCopies([file, other]).includes(file)) return other;
    }
  }
  return file;
}
