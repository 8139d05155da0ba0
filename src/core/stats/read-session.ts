// Reads one session file's figures through the session reader (the tree, the
// leaf, the entries), re-reading only the entries that carry usage.
import { loadSession } from "../session/index.js";
import { readEntries } from "../session/index.js";
import type { EntryMeta, Session } from "../session/index.js";
import type { Pricer } from "./prices.js";
import { resolveParent, subagentOf } from "./parent.js";
import { entryKey, figuresOf, sessionParts, type FigureParts, type SessionFigures } from "./figures.js";
import { mayCarryUsage as carriesUsage } from "./usage.js";

/**
 * Entries that may carry usage (usage.ts): assistant messages, omp's side
 * calls, pi 1.6.0's usage entries, tool results and summaries. Another
 * agent's entries (a dialect's, pi-shaped) carry it where they did before
 * pi 1.6.0: their tool results are not re-read for nothing.
 */
export const heldMayCarryUsage = (type: string, role: string | undefined): boolean => (type === "message" && role === "assistant") || type === "model_usage";
const mayCarryUsage = (s: Session, m: EntryMeta): boolean => (s.held ? heldMayCarryUsage(m.type, m.role) : carriesUsage(m.type, m.role));
/** The figures read only the calls, once, and show no entry: another agent's calls are kept as the dialect's objects, its other entries not at all, and no previews are made. */
const FIGURES_LOAD = { holdObjects: heldMayCarryUsage, noPreviews: true };

const parentFile = (s: Session): string | null => resolveParent(s.file, s.header.parentSession);

async function callEntries(s: Session): Promise<Map<string, Record<string, unknown>>> {
  const metas = s.entries.filter((m) => mayCarryUsage(s, m));
  const objs = metas.length > 0 ? await readEntries(s, metas) : [];
  return new Map(metas.map((m, i) => [m.id, objs[i]]));
}

/**
 * The calls a fork copied from its parent (same id, same time): the parent
 * counts them. Empty when the parent is gone or unreadable (then the fork's
 * copy is all there is, and it counts).
 */
async function inheritedKeys(s: Session): Promise<Set<string>> {
  const file = parentFile(s);
  return file === null || file === s.file ? new Set() : callKeysOf(file);
}

/** The entry keys of every entry of a session file that may carry usage (empty when it cannot be read). */
export async function callKeysOf(file: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let parent: Session;
  try {
    parent = await loadSession(file, FIGURES_LOAD);
  } catch {
    return keys;
  }
  for (const m of parent.entries) if (mayCarryUsage(parent, m)) keys.add(entryKey(m.id, m.timestamp));
  return keys;
}

/** The figures of one session file; null when it is no session (the reader's error is the list's to show). */
export async function readSessionFigures(file: string, pricer: Pricer): Promise<SessionFigures | null> {
  let s: Session;
  try {
    s = await loadSession(file, FIGURES_LOAD);
  } catch {
    return null;
  }
  return figuresOfSession(s, pricer);
}

/** The figures of a loaded session (the tree screen has one already). */
export async function figuresOfSession(s: Session, pricer: Pricer): Promise<SessionFigures> {
  return figuresOf(await figurePartsOfSession(s), pricer);
}

/** What a loaded session's figures are made of, before pricing. */
export async function figurePartsOfSession(s: Session): Promise<FigureParts> {
  // A session hanging from an entry of its parent (a subagent's Task call) is
  // a subagent: its calls are its own (counted in the parent's row). A fork's
  // first calls are copies of its parent's.
  const { subagent, placedIn, inherits } = subagentOf(s.file, s.agent, s.header);
  const [entries, inherited] = await Promise.all([callEntries(s), inherits ? inheritedKeys(s) : new Set<string>()]);
  return sessionParts({ session: s, entries, agent: s.agent, inheritedKeys: inherited, subagent, placedIn });
}
