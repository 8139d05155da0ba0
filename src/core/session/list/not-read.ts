// Other agents' data found in the places omp-sessions looks, which no reader
// here reads: said by `doctor` (and an empty `ls`) so that a user whose
// history is only there learns why the list is empty.
//
// Google's Antigravity keeps its conversations beside Gemini CLI's, under
// `~/.gemini/` (`$GEMINI_CLI_HOME` stands in for the home folder, as for
// Gemini CLI): the CLI in `antigravity-cli/`, the desktop app in
// `antigravity/`, its IDE in `antigravity-ide/`. Each holds
// `conversations/<id>.db` (the CLI: SQLite tables of protobuf blobs) or
// `conversations/<id>.pb` (the app and the IDE), one per conversation, and
// `brain/<id>/` (a conversation's artifacts and logs). Seen in real homes
// (sweeps 11 and 12); none of it is a Gemini CLI chat.
import { readdirSync } from "node:fs";
import { join } from "node:path";

export interface NotReadPlace {
  /** A stable key: the folder's name (`antigravity-cli`, …). */
  agent: string;
  /** The agent's name for a person. */
  label: string;
  dir: string;
  /** Conversations found (by id: `conversations/<id>.db|.pb` and `brain/<id>/`). */
  conversations: number;
}

const ANTIGRAVITY: readonly { agent: string; label: string }[] = [
  { agent: "antigravity-cli", label: "Antigravity CLI" },
  { agent: "antigravity", label: "Antigravity (desktop app)" },
  { agent: "antigravity-ide", label: "Antigravity IDE" },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function names(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The places of agents omp-sessions does not read that exist under the default home: each with its conversations counted. */
export function agentsNotRead(env: NodeJS.ProcessEnv, home: string): NotReadPlace[] {
  const gemini = join(env.GEMINI_CLI_HOME || home, ".gemini");
  const out: NotReadPlace[] = [];
  const here = new Set(names(gemini));
  for (const a of ANTIGRAVITY) {
    if (!here.has(a.agent)) continue;
    const dir = join(gemini, a.agent);
    const ids = new Set<string>();
    // `<id>.db`, its `-wal`/`-shm`, `<id>.pb`, `<id>.<tmp id>.tmp`: one conversation each id.
    for (const n of names(join(dir, "conversations"))) ids.add(UUID.exec(n)?.[0].toLowerCase() ?? "");
    for (const n of names(join(dir, "brain"))) ids.add(UUID.exec(n)?.[0].toLowerCase() ?? "");
    ids.delete("");
    out.push({ agent: a.agent, label: a.label, dir, conversations: ids.size });
  }
  return out;
}
