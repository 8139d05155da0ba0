// Which entry of a session a feedback candidate came from: its turn_id when
// that is an entry id (import-session), else the user message whose
// normalized text, or the words typed in it, hashes to the candidate's text_sha256 (hook captures whose
// payload had no turn id), else the user message written closest to the
// candidate's time (an agent that stores the prompt otherwise than the hook
// received it: wrapped, with attachments). Any dialect: its entries are in
// pi's shape.
import { readEntries } from "../session/index.js";
import type { Session } from "../session/index.js";
import { normalizeText } from "./harness.js";
import { userTextOf } from "./import-session.js";
import { sha256Hex } from "./serialize.js";
import { userWords } from "./feedback-injected.js";

/** How many user messages (newest first) a hash lookup reads at most. */
const SCAN_MAX = 2000;
/** How far from the candidate's time (to the second) its user message may have been written. */
const NEAR_MS = 120_000;

/** The user message whose time is nearest `ts`, within NEAR_MS, or null. */
function nearestUser(users: readonly { id: string; timestamp: string }[], ts: unknown): string | null {
  const at = typeof ts === "string" ? Date.parse(ts) : NaN;
  if (!Number.isFinite(at)) return null;
  let best: string | null = null;
  let gap = NEAR_MS + 1;
  for (const u of users) {
    const d = Math.abs(Date.parse(u.timestamp) - at);
    if (d < gap) {
      gap = d;
      best = u.id;
    }
  }
  return best;
}

export async function locateTurn(session: Session, c: Record<string, unknown>): Promise<string | null> {
  if (typeof c.turn_id === "string" && session.byId.has(c.turn_id)) return c.turn_id;
  const sha = typeof c.text_sha256 === "string" ? c.text_sha256 : null;
  const users = session.entries
    .filter((e) => e.type === "message" && e.role === "user")
    .slice(-SCAN_MAX)
    .reverse();
  if (!sha) return nearestUser(users, c.ts);
  for (let i = 0; i < users.length; i += 200) {
    const batch = users.slice(i, i + 200);
    const full = await readEntries(session, batch);
    for (let j = 0; j < full.length; j++) {
      const m = full[j].message as Record<string, unknown> | undefined;
      const text = normalizeText(userTextOf(m?.content));
      if (!text) continue;
      if (sha256Hex(text) === sha) return batch[j].id;
      // a candidate keeps the typed words' hash: an IDE's context around them is not in it
      const own = userWords(text);
      if (own && own !== text && sha256Hex(own) === sha) return batch[j].id;
    }
  }
  return nearestUser(users, c.ts);
}
