// Which entry of an omp/pi session file a feedback candidate came from: its
// turn_id when that is an entry id (import-session), else the user message
// whose normalized text hashes to the candidate's text_sha256 (hook captures
// whose payload had no turn id).
import { readEntries } from "../session/read/entry.js";
import type { Session } from "../session/model.js";
import { normalizeText } from "./harness.js";
import { userTextOf } from "./import-session.js";
import { sha256Hex } from "./serialize.js";

/** How many user messages (newest first) a hash lookup reads at most. */
const SCAN_MAX = 2000;

export async function locateTurn(session: Session, c: Record<string, unknown>): Promise<string | null> {
  if (typeof c.turn_id === "string" && session.byId.has(c.turn_id)) return c.turn_id;
  const sha = typeof c.text_sha256 === "string" ? c.text_sha256 : null;
  if (!sha) return null;
  const users = session.entries.filter((e) => e.type === "message" && e.role === "user").slice(-SCAN_MAX).reverse();
  for (let i = 0; i < users.length; i += 200) {
    const batch = users.slice(i, i + 200);
    const full = await readEntries(session, batch);
    for (let j = 0; j < full.length; j++) {
      const m = full[j].message as Record<string, unknown> | undefined;
      const text = normalizeText(userTextOf(m?.content));
      if (text && sha256Hex(text) === sha) return batch[j].id;
    }
  }
  return null;
}
