// A Gemini CLI session by its id: ($GEMINI_CLI_HOME or ~)/.gemini/tmp/<sha256
// of the cwd, else any project dir>/chats/session-…-<id's first 8>.json(l),
// checked for the whole id in the file's first bytes.
import { hashOf } from "../../../../fs/hash.js";
import { join } from "node:path";
import { dirsIn, filesIn, headHolds } from "../by-id.js";
import { geminiRoots } from "./paths.js";

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
    for (const n of names) if (await headHolds(join(chats, n), id)) return join(chats, n);
  }
  return null;
}
