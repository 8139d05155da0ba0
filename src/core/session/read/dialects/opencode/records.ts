// The records an OpenCode session gives, the same from its SQLite database and
// from the legacy JSON storage: first the session, then each message (in time
// order) with its parts (in id order, which OpenCode makes ascending). The
// `data` of OpenCode's rows is kept as OpenCode wrote it, with the row's ids
// put back in (OpenCode strips them from `data` and keeps them in columns).

export type Obj = Record<string, unknown>;

/** The session as a whole: OpenCode's Session.Info fields we read. */
export interface SessionInfo {
  id: string;
  projectID: string | null;
  parentID: string | null;
  title: string | null;
  directory: string | null;
  /** The project's worktree (the cwd when the session names no directory). */
  worktree: string | null;
  version: string | null;
  /** 2.x: the session's model as "provider/model". */
  model?: string;
  /** ms since the epoch. */
  created: number | null;
  updated: number | null;
}

export interface SessionRecord {
  kind: "session";
  session: SessionInfo;
  /** The parent session's path in our naming (`<db>#<id>` or its JSON file), when it has one. */
  parentPath: string | null;
  /** The parent's entry this session hangs from (the task tool call that spawned it), when found. */
  parentEntryId: string | null;
  /** Session-like tables of a schema this reader does not know (schema.ts). */
  unknownTables?: string[];
}

export interface MessageRecord {
  kind: "message";
  /** OpenCode's MessageV2.Info: id, sessionID, role, time, and the role's fields. */
  info: Obj;
  /** OpenCode's MessageV2.Part list: id, messageID, type, and the type's fields. */
  parts: Obj[];
}

/** A 2.x message (a `session_message` row): its type and its data as OpenCode wrote them. */
export interface V2MessageRecord {
  kind: "v2message";
  id: string;
  type: string;
  seq: number | null;
  /** The row's time_created (ms), when it has one. */
  created: number | null;
  data: Obj;
}

export type OpencodeRecord = SessionRecord | MessageRecord | V2MessageRecord;

export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
export const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** A damaged row or file, given in place of its record: a message's takes the message's place; a part's belongs to the message before it. */
export interface RowWarning {
  warning: string;
  row: "message" | "part";
}

/** JSON text that holds an object, else null. */
export function parseObj(text: unknown): Obj | null {
  if (typeof text !== "string") return null;
  try {
    const v: unknown = JSON.parse(text);
    return isObj(v) ? v : null;
  } catch {
    return null;
  }
}
