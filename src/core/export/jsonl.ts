// The path root → leaf as a session file the agents load: the source's
// dialect (omp sources get a title slot), its header first, then the path's
// entries with their own ids and parentIds, so `tree` and the agents find the
// same path, leaf and context in it. Entries are copied byte for byte unless
// a flag changes them (or an old version needs its in-memory migration
// written out). Labels in force that were set from another branch, and a pi
// session's name, come along as entries beside the leaf, written before the
// leaf's line so the leaf stays the last entry.
import { readEntry, readPlainRanges } from "../session/index.js";
import { BLOB_PREFIX, blobReaderFor, resolveBlobRefs } from "../session/index.js";
import { safeText } from "../session/index.js";
import { jsonText } from "../session/index.js";
import type { EntryMeta, Session } from "../session/index.js";
import { serializeSlot } from "../session/index.js";
import { jsonSafe } from "../json-safe.js";
import { fullEntries } from "./entries.js";
import type { ExportOptions } from "./options.js";
import { planExport } from "./plan.js";
import { changesEntries, prepareEntry, redactInPlace, redactText, TOOL_ROLES } from "./transform.js";

type Obj = Record<string, unknown>;

/** Entries the flags leave out whole: with them gone, their children hang from the nearest kept ancestor. */
function dropped(path: readonly EntryMeta[], o: ExportOptions): Set<string> {
  const out = new Set<string>();
  if (o.noTools) for (const m of path) if (m.type === "message" && m.role !== undefined && TOOL_ROLES.has(m.role)) out.add(m.id);
  return out;
}

/**
 * Entries that carry what the path's own entries do not: labels in force on
 * it that were set (or cleared) from another branch, and a pi session's name
 * given by a session_info entry off the path. Each is the source's last such
 * entry (same id and time), hung beside the leaf so the path keeps its shape.
 * Not when the leaf is itself such an entry for the same thing: it must stay
 * the last line, so it wins.
 */
async function fixups(s: Session, kept: readonly EntryMeta[], o: ExportOptions): Promise<Obj[]> {
  if (kept.length === 0) return [];
  const leaf = kept[kept.length - 1];
  const parentId = leaf.parentId;
  const clean = (t: string): string => (o.redact ? redactText(t) : t);
  const replay = new Map<string, string | undefined>();
  for (const m of kept) if (m.type === "label" && m.targetId !== undefined) replay.set(m.targetId, m.label || undefined);
  const wanted = new Set<string>();
  for (const m of kept) if (s.labels.get(m.id) !== replay.get(m.id)) wanted.add(m.id);
  const lastLabel = new Map<string, EntryMeta>();
  let lastInfo: EntryMeta | undefined;
  for (const m of s.entries) {
    if (m.type === "label" && m.targetId !== undefined && wanted.has(m.targetId)) lastLabel.set(m.targetId, m);
    else if (m.type === "session_info") lastInfo = m;
  }
  const out: Obj[] = [];
  for (const t of kept) {
    const src = lastLabel.get(t.id);
    if (!src || (leaf.type === "label" && leaf.targetId === t.id)) continue;
    const label = s.labels.get(t.id);
    const e: Obj = { type: "label", id: src.id, parentId, timestamp: src.timestamp, targetId: t.id };
    if (label !== undefined) e.label = clean(label);
    out.push(e);
  }
  const onPath = new Set(kept.map((m) => m.id));
  if (s.held && s.name && leaf.type !== "session_info") {
    // Another agent's name (its header's title here) is written as pi names a session, so the copy reads as pi's with the same name.
    out.push({ type: "session_info", id: `${leaf.id}-name`, parentId, timestamp: leaf.timestamp, name: clean(s.name) });
  }
  if (s.agent !== "omp" && lastInfo && !onPath.has(lastInfo.id) && leaf.type !== "session_info") {
    const full = await readEntry(s, lastInfo.id);
    const e: Obj = { type: "session_info", id: lastInfo.id, parentId, timestamp: lastInfo.timestamp };
    if (typeof full.name === "string") e.name = clean(full.name);
    out.push(e);
  }
  return out;
}

/** The JSONL export, one line per chunk (each ending in "\n"). */
export async function* jsonlExport(s: Session, o: ExportOptions = {}): AsyncGenerator<string> {
  const plan = planExport(s, o);
  if (s.agent === "omp") {
    // The slot's title is the name omp shows: the source's name, wherever it came from.
    const title = s.name ?? "";
    const slot = serializeSlot({ title: safeText(o.redact ? redactText(title) : title), source: s.titleSlot?.source, updatedAt: s.titleSlot?.updatedAt ?? String(s.header.timestamp ?? "") });
    if (slot) yield slot.text;
  }
  const header: Obj = JSON.parse(JSON.stringify(s.header)) as Obj;
  // Another agent's name goes into a session_info entry (fixups): a header title would mark the copy as omp's.
  if (s.held) delete header.title;
  if (s.version < 3) header.version = 3; // the entries below carry the ids migration gave them
  if (o.redact) redactInPlace(header);
  yield jsonSafe(JSON.stringify(header)) + "\n";

  const gone = dropped(plan.path, o);
  const kept = plan.path.filter((m) => !gone.has(m.id));
  if (kept.length === 0 && s.held && s.name) {
    // Another agent's session named before anything was said (Claude Code's title lines alone): the name is a
    // session_info entry of its own, as pi writes a name given to an empty session.
    const name = { type: "session_info", id: "name", parentId: null, timestamp: String(s.header.timestamp ?? ""), name: o.redact ? redactText(s.name) : s.name };
    yield jsonSafe(JSON.stringify(name)) + "\n";
    return;
  }
  const fixes = await fixups(s, kept, o);
  // A compaction that kept entries from a left-out one keeps them from the next kept entry.
  const nextKept = new Map<string, string>();
  for (let i = plan.path.length - 1, next = ""; i >= 0; i--) {
    if (gone.has(plan.path[i].id)) {
      if (next) nextKept.set(plan.path[i].id, next);
    } else next = plan.path[i].id;
  }
  // omp's images kept apart in its agent dir's blob store go into the copy: it may be read anywhere.
  const blobs = s.agent === "omp" ? blobReaderFor(s.file) : null;
  const embed = (e: Obj): Obj => {
    if (blobs) resolveBlobRefs(e, blobs);
    return e;
  };
  // Another agent's entries are not lines of its source: they are written from the dialect's pi-shaped entries.
  const raw = s.version >= 3 && !s.gzip && !s.held && !changesEntries(o);
  // A path that starts inside a parent loop keeps its first entry's parent:
  // the copy holds the loop's members in path order, so the loop is broken at
  // that first entry again (the loader breaks it at the member first in the file).
  let prev: EntryMeta | null = null;
  let at = 0;
  const emit = (line: string): string => {
    const fix = ++at === kept.length && fixes.length ? fixes.map((f) => JSON.stringify(f) + "\n").join("") : "";
    return jsonSafe(fix) + jsonSafe(line) + "\n";
  };
  if (raw) {
    for (let i = 0; i < kept.length; i += 1024) {
      const batch = kept.slice(i, i + 1024);
      const texts = await readPlainRanges(s.file, batch);
      for (const text of texts) yield emit(blobs && text.includes(BLOB_PREFIX) ? jsonText(embed(JSON.parse(text) as Obj)) : text);
    }
    return;
  }
  for await (const [meta, e0] of fullEntries(s, kept)) {
    const e = embed(prepareEntry(e0, o, true)!);
    // The parent was left out, or is named by an alias (a record the dialect merged into it): hang from the previous kept entry.
    if (prev !== null && e.parentId !== prev.id) e.parentId = prev.id;
    if (e.type === "compaction" && typeof e.firstKeptEntryId === "string" && gone.has(e.firstKeptEntryId)) {
      e.firstKeptEntryId = nextKept.get(e.firstKeptEntryId) ?? e.firstKeptEntryId;
    }
    // jsonText: an entry nested thousands of levels deep (JSON.parse reads it) still writes.
    yield emit(jsonText(e));
    prev = meta;
  }
}
