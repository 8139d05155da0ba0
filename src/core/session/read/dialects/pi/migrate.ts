// In-memory migration (docs/session-format.md §3). Files are never rewritten.

/**
 * A v1 entry's id: 8 lowercase hex, derived from the session id and the entry's
 * position so the same file gives the same ids on every load (so `show FILE ID`
 * works across runs), unique within the file.
 */
export function v1Id(sessionId: string, index: number, seen: Set<string>): string {
  for (let salt = 0; ; salt++) {
    const id = fnv1a(`${sessionId}:${index}:${salt}`);
    if (!seen.has(id)) {
      seen.add(id);
      return id;
    }
  }
}

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

type Obj = Record<string, unknown>;

/** Applies to a re-read entry what the loader applied: v1 ids and kept-entry id, v2→v3 role rename. */
export function migrateEntry(obj: Obj, version: number, meta: { id: string; parentId: string | null; firstKeptEntryId?: string }): Obj {
  if (version < 2) {
    obj.id = meta.id;
    obj.parentId = meta.parentId;
    if (obj.type === "compaction" && "firstKeptEntryIndex" in obj) {
      delete obj.firstKeptEntryIndex;
      if (meta.firstKeptEntryId !== undefined) obj.firstKeptEntryId = meta.firstKeptEntryId;
    }
  }
  hookAsCustom(obj, version);
  return obj;
}

/** v2 → v3: a message entry's `hookMessage` role is `custom` (§3); the scanner and a re-read apply it alike. */
export function hookAsCustom(obj: Obj, version: number): void {
  if (version < 3 && obj.type === "message") {
    const m = obj.message as Obj | undefined;
    if (m && typeof m === "object" && m.role === "hookMessage") obj.message = { ...m, role: "custom" };
  }
}
