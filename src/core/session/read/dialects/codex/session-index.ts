// Codex keeps the names the user gives threads in `<CODEX_HOME>/session_index.jsonl`
// (`{id, thread_name, updated_at}` lines, appended on each rename); its picker
// shows them. A name kept only there is the session's name here too.
import { statSync } from "node:fs";
import { join } from "node:path";
import { codexHomeOf } from "./paths.js";
import { readTextCapped } from "../../../../fs/read-capped.js";
import { envSlot } from "../../../../env.js";

/** Names only: a larger file is read up to here (its newest renames may be past it; a FIFO or device is refused). */
const INDEX_CAP = 32 << 20;

const caches = envSlot(() => new Map<string, { stamp: string; names: Map<string, string> }>());

function read(path: string): Map<string, string> {
  const names = new Map<string, string>();
  let text: string;
  try {
    text = readTextCapped(path, INDEX_CAP, { truncate: true }) ?? "";
  } catch {
    return names;
  }
  const when = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof v !== "object" || v === null) continue;
    const { id, thread_name: name, updated_at: at } = v as Record<string, unknown>;
    if (typeof id !== "string" || typeof name !== "string") continue;
    const t = typeof at === "string" ? at : "";
    // The newest rename wins (a later line on equal times).
    if ((when.get(id) ?? "") > t) continue;
    when.set(id, t);
    if (name.trim()) names.set(id, name.trim());
    else names.delete(id);
  }
  return names;
}

/** The name the session index gives the session `id` of the rollout `file`, or null. */
export function indexedName(file: string, id: string): string | null {
  const home = codexHomeOf(file);
  if (!home || !id) return null;
  const path = join(home, "session_index.jsonl");
  let stamp: string;
  try {
    const st = statSync(path);
    stamp = `${st.size}:${st.mtimeMs}`;
  } catch {
    return null;
  }
  const cache = caches();
  let hit = cache.get(path);
  if (!hit || hit.stamp !== stamp) {
    hit = { stamp, names: read(path) };
    cache.set(path, hit);
  }
  return hit.names.get(id) ?? null;
}
