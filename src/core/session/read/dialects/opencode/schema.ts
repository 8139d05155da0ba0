// Which of OpenCode's session schemas a database holds. 1.x keeps sessions in
// `session`, `message` and `part`; 2.x (migration 20260804233008_loose_psylocke)
// in `session_v2` and `session_message` (one row per message, its content in
// `data`). A database upgraded from 1.x keeps the old tables beside the new
// ones. Tables that look like session tables but are neither are reported, so
// `doctor` names them (a newer schema than this reader knows).
import type Database from "better-sqlite3";

export interface OpencodeSchema {
  /** 1.x: `session` (+ `message`, `part`). */
  v1: boolean;
  /** 2.x: `session_v2`. */
  v2: boolean;
  /** 2.x: `session_message`. */
  v2Messages: boolean;
  /** Session-like tables of neither schema. */
  unknown: string[];
}

const KNOWN: ReadonlySet<string> = new Set(["session", "message", "part", "session_v2", "session_message", "session_message_retained", "session_share", "session_pending", "session_input", "session_context_epoch", "session_entry"]);

/** The schema of an open database, from its table names (nothing else is read). */
export function detectSchema(db: Database.Database): OpencodeSchema {
  const names = new Set((db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).raw().all() as [string][]).map((r) => r[0]));
  const unknown = [...names].filter((n) => /^(session|message|part)(_|$)/.test(n) && !KNOWN.has(n)).sort();
  return { v1: names.has("session"), v2: names.has("session_v2"), v2Messages: names.has("session_message"), unknown };
}
