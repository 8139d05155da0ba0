// Reading OpenCode's SQLite database (1.2 and later) without getting in its
// way: OpenCode may have it open, in WAL mode, while we read. Every read opens
// the file read-only (never created, never written), with a short busy
// timeout, runs its queries and closes it at once: no handle, lock or
// transaction outlives the read. A locked, busy or damaged database throws;
// the callers turn that into a warning and no sessions from it.
//
// Schema (OpenCode's drizzle migrations): project(id, worktree, …),
// session(id, project_id, parent_id, slug, directory, title, version,
// time_created, time_updated, …), message(id, session_id, time_created,
// time_updated, data JSON), part(id, message_id, session_id, time_created,
// time_updated, data JSON); times in ms. 2.x (schema.ts): session_v2 (the
// same session columns and more) and session_message(id, session_id, type,
// seq, time_created, time_updated, data JSON). A database upgraded from 1.x
// holds both: a session is listed once, and its 2.x rows win. Columns are
// looked up by name, not assumed, so that a newer or older schema degrades to
// what it has.
import type Database from "better-sqlite3";
import { existsSync, statSync } from "node:fs";
import { openSqlite, uriFor } from "../../../../sqlite.js";
import { checkRegularFile } from "../../../../fs/read-capped.js";
import { checkDbShape } from "./db-shape.js";
import { dbSessionPath } from "./paths.js";
import { isObj, parseObj, str, type MessageRecord, type OpencodeRecord, type RowWarning, type SessionInfo, type V2MessageRecord } from "./records.js";
import { detectSchema, type OpencodeSchema } from "./schema.js";
import { stepOfPart } from "./steps.js";

export interface DbOptions {
  /** How long a read waits for a lock OpenCode holds before giving up (ms). */
  busyTimeoutMs: number;
}

const stamp = (file: string): string | null => {
  try {
    const s = statSync(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
};

function readWith<T>(name: string, opts: DbOptions, read: (db: Database.Database) => T): T {
  const db = openSqlite(name, { readonly: true, fileMustExist: true, timeout: opts.busyTimeoutMs }, "reading OpenCode sessions");
  try {
    checkDbShape(db);
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * Runs one read. When no OpenCode has the database open (no -wal, no
 * -journal: nothing is being written), it is read as an immutable file: no
 * locks, and no -wal or -shm file left behind in OpenCode's dir (a read-only
 * WAL reader would create both). The read counts only if the file is still
 * untouched afterwards; otherwise, and whenever OpenCode may be writing, it is
 * read again the ordinary way, read-only with shared locks that end with it.
 */
function withDb<T>(file: string, opts: DbOptions, read: (db: Database.Database) => T): T {
  // SQLite would open a FIFO (and wait for a writer) or a device: the database and its side files must be regular files
  for (const f of [file, `${file}-wal`, `${file}-journal`, `${file}-shm`]) checkRegularFile(f);
  const quiet = (): boolean => !existsSync(`${file}-wal`) && !existsSync(`${file}-journal`);
  const before = quiet() ? stamp(file) : null;
  if (before) {
    try {
      const got = readWith(uriFor(file, "immutable=1"), opts, read);
      if (quiet() && stamp(file) === before) return got;
    } catch {
      // URI names off in this process, or the file changed under us: the ordinary read says what is wrong.
    }
  }
  return readWith(file, opts, read);
}

function columns(db: Database.Database, table: string): Set<string> {
  const rows = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[];
  return new Set(rows.map((r) => r.name));
}

/** The ids of every session in the database, oldest first: 2.x's and 1.x's, each once. */
export function listDbSessions(file: string, opts: DbOptions): string[] {
  return withDb(file, opts, (db) => {
    const schema = detectSchema(db);
    const rows: [string, number][] = [];
    const seen = new Set<string>();
    for (const table of sessionTables(schema)) {
      const order = columns(db, table).has("time_created") ? "time_created" : "NULL";
      for (const [id, t] of db.prepare(`SELECT id, ${order} FROM ${table}`).raw().all() as [unknown, unknown][]) {
        if (typeof id !== "string" || seen.has(id)) continue;
        seen.add(id);
        rows.push([id, typeof t === "number" ? t : 0]);
      }
    }
    return rows.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((r) => r[0]);
  });
}

/** The tables holding sessions, the newer first (its rows win). */
function sessionTables(schema: OpencodeSchema): string[] {
  return [...(schema.v2 ? ["session_v2"] : []), ...(schema.v1 ? ["session"] : [])];
}

/** A 2.x session's model (`{id, providerID}` JSON) as "provider/model", or null. */
function modelOf(v: unknown): string | null {
  const m = parseObj(v);
  return m && str(m.providerID) && str(m.id) ? `${m.providerID as string}/${m.id as string}` : null;
}

function sessionInfo(db: Database.Database, table: string, id: string): SessionInfo | null {
  const have = columns(db, table);
  const col = (name: string): string => (have.has(name) ? `s.${name}` : "NULL");
  const worktree = have.has("project_id") && columns(db, "project").has("worktree");
  const sql = `SELECT s.id, ${col("project_id")}, ${col("parent_id")}, ${col("title")}, ${col("directory")}, ${col("version")}, ${col("time_created")}, ${col("time_updated")}, ${worktree ? "p.worktree" : "NULL"}, ${col("model")}
    FROM ${table} s ${worktree ? "LEFT JOIN project p ON p.id = s.project_id" : ""} WHERE s.id = ?`;
  const row = db.prepare(sql).raw().get(id) as unknown[] | undefined;
  if (!row) return null;
  const n = (v: unknown): number | null => (typeof v === "number" ? v : null);
  const info: SessionInfo = {
    id,
    projectID: str(row[1]),
    parentID: str(row[2]),
    title: str(row[3]),
    directory: str(row[4]),
    version: str(row[5]),
    created: n(row[6]),
    updated: n(row[7]),
    worktree: str(row[8]),
  };
  const model = modelOf(row[9]);
  if (model) info.model = model;
  return info;
}

/** The step of the parent's message that holds the tool call which spawned `child` (OpenCode's task tool records the child's id in its metadata). */
function parentEntry(db: Database.Database, parent: string, child: string): string | null {
  const like = `%${child.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const hits = db.prepare(`SELECT id, message_id, data FROM part WHERE session_id = ? AND data LIKE ? ESCAPE '\\' ORDER BY id`).raw().all(parent, like) as [string, string, string][];
  for (const [partId, messageId, data] of hits) {
    const part = parseObj(data);
    const meta = part && isObj(part.state) && isObj(part.state.metadata) ? part.state.metadata : null;
    if (!meta || (meta.sessionId !== child && meta.sessionID !== child)) continue;
    const parts = (db.prepare(`SELECT id, data FROM part WHERE message_id = ? ORDER BY id`).raw().all(messageId) as [string, string][]).map(([id, d]) => ({ ...parseObj(d), id }));
    return stepOfPart(messageId, parts, partId);
  }
  return null;
}

/**
 * One session's records: the session, then its messages in OpenCode's order.
 * A 2.x session with 2.x message rows reads those (`seq` order); else its 1.x
 * messages (time created, then id) with their parts in id order. A 1.x history
 * beside 2.x rows that only switch the model or agent (1.17 writes those) is
 * the 1.x messages with the switches in time order. Null when the database has
 * no such session.
 */
export function readDbSession(file: string, id: string, opts: DbOptions): (OpencodeRecord | RowWarning)[] | null {
  return withDb(file, opts, (db) => {
    const schema = detectSchema(db);
    let session: SessionInfo | null = null;
    for (const table of sessionTables(schema)) if (!session) session = sessionInfo(db, table, id);
    if (!session) return null;
    const out: (OpencodeRecord | RowWarning)[] = [];
    const parentEntryId = session.parentID && schema.v1 ? parentEntry(db, session.parentID, id) : null;
    const record: OpencodeRecord = { kind: "session", session, parentPath: session.parentID ? dbSessionPath(file, session.parentID) : null, parentEntryId };
    if (schema.unknown.length) record.unknownTables = schema.unknown;
    out.push(record);
    const v2: (OpencodeRecord | RowWarning)[] = [];
    const v1: (OpencodeRecord | RowWarning)[] = [];
    if (schema.v2Messages && readV2Messages(db, id, v2) && (!schema.v1 || v2.some(holdsHistory))) return out.concat(v2);
    if (schema.v1) readV1Messages(db, id, v1);
    return out.concat(interleave(v1, v2));
  });
}

/** 2.x rows that are only a switch of model or agent: 1.17 writes those beside a history still in 1.x's tables. */
const SWITCH_EVENTS: ReadonlySet<string> = new Set(["model-switched", "agent-switched"]);

/** Whether a 2.x row is part of the conversation itself (the history is in 2.x's rows). */
function holdsHistory(r: OpencodeRecord | RowWarning): boolean {
  return "kind" in r && r.kind === "v2message" && !SWITCH_EVENTS.has(r.type);
}

/** When a record was made (ms), null when it does not say. */
function createdAt(r: OpencodeRecord | RowWarning): number | null {
  if (!("kind" in r)) return null;
  if (r.kind === "v2message") return r.created;
  if (r.kind !== "message") return null;
  const t = isObj(r.info.time) ? r.info.time.created : null;
  return typeof t === "number" ? t : null;
}

/**
 * A 1.x history with the 2.x switch events written beside it, in time order:
 * an event goes before the first message made at or after it (the message
 * that used the new model), the rest after the last message.
 */
function interleave(v1: (OpencodeRecord | RowWarning)[], events: (OpencodeRecord | RowWarning)[]): (OpencodeRecord | RowWarning)[] {
  const out: (OpencodeRecord | RowWarning)[] = [];
  let j = 0;
  for (const r of v1) {
    const t = createdAt(r);
    if (t !== null) {
      for (; j < events.length; j++) {
        const e = createdAt(events[j]);
        if (e !== null && e > t) break;
        out.push(events[j]);
      }
    }
    out.push(r);
  }
  return out.concat(events.slice(j));
}

/** A 2.x session's message rows; false when it has none (its history is still in 1.x's tables). */
function readV2Messages(db: Database.Database, id: string, out: (OpencodeRecord | RowWarning)[]): boolean {
  const have = columns(db, "session_message");
  const col = (name: string): string => (have.has(name) ? name : "NULL");
  const order = have.has("seq") ? "seq, id" : have.has("time_created") ? "time_created, id" : "id";
  const rows = db
    .prepare(`SELECT id, ${col("type")}, ${col("seq")}, ${col("time_created")}, ${col("data")} FROM session_message WHERE session_id = ? ORDER BY ${order}`)
    .raw()
    .all(id) as unknown[][];
  if (rows.length === 0) return false;
  for (const [mid, type, seq, created, data] of rows) {
    const body = parseObj(data);
    if (!body) {
      out.push({ warning: `message ${String(mid)}: its data is not a JSON object`, row: "message" });
      continue;
    }
    const rec: V2MessageRecord = { kind: "v2message", id: String(mid), type: str(type) ?? str(body.type) ?? "", seq: typeof seq === "number" ? seq : null, created: typeof created === "number" ? created : null, data: body };
    out.push(rec);
  }
  return true;
}

function readV1Messages(db: Database.Database, id: string, out: (OpencodeRecord | RowWarning)[]): void {
  // One statement, so one consistent snapshot of the session's rows.
  const rows = db
    .prepare(
      `SELECT m.id, m.data, p.id, p.data FROM message m LEFT JOIN part p ON p.message_id = m.id
       WHERE m.session_id = ? ORDER BY m.time_created, m.id, p.id`,
    )
    .raw()
    .iterate(id) as IterableIterator<[string, string, string | null, string | null]>;
  let current: MessageRecord | null = null;
  let currentId: string | null = null;
  for (const [mid, mdata, pid, pdata] of rows) {
    if (mid !== currentId) {
      currentId = mid;
      const info = parseObj(mdata);
      if (!info) {
        current = null;
        out.push({ warning: `message ${mid}: its data is not a JSON object`, row: "message" });
        continue;
      }
      current = { kind: "message", info: { ...info, id: mid, sessionID: id }, parts: [] };
      out.push(current);
    }
    if (!current || pid === null) continue;
    const part = parseObj(pdata);
    if (part) current.parts.push({ ...part, id: pid, messageID: mid, sessionID: id });
    else out.push({ warning: `part ${pid} of message ${mid}: its data is not a JSON object`, row: "part" });
  }
}

/** Whether the database holds a session (find-session: which of the data dir's databases has it). */
export function hasDbSession(file: string, id: string, opts: DbOptions): boolean {
  return withDb(file, opts, (db) => sessionTables(detectSchema(db)).some((t) => db.prepare(`SELECT 1 FROM ${t} WHERE id = ?`).get(id) !== undefined));
}
