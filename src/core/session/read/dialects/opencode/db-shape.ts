// Before any query: is this OpenCode's database, or something shaped to hang
// us? A file named opencode.db may come from anywhere. SQLite lets a VIEW
// stand where a table is expected — a view named `session` over an endless
// recursive query, or `part` as a cartesian product, never finishes — and
// better-sqlite3 offers no progress handler or interrupt to bound a query's
// time. So the bound is structural: every name we read must be a real table
// (no view, no virtual table), and no column we read may be computed on read
// (a generated column could build a gigabyte string per row). Real tables
// hold only stored rows: a query over them ends, in time proportional to the
// file. Kept on its own so that the 2.x tables (session_v2, session_message)
// are checked by the same rule as they are added.
import type Database from "better-sqlite3";

/** A database that is not OpenCode's shape: the listing shows it as one row with this reason. */
export class DbShapeError extends Error {
  override name = "DbShapeError";
}

/** The columns a read relies on, per table we read. */
const COLUMNS: Record<string, string[]> = {
  session: ["id"],
  message: ["id", "session_id", "data"],
  part: ["id", "message_id", "data"],
  project: ["id"],
  session_v2: ["id"],
  session_message: ["id", "session_id"],
};

/**
 * Throws DbShapeError unless every table we may read that is there (1.x
 * session, message, part, project; 2.x session_v2, session_message) is a real
 * table with the columns we read and nothing computed on read, and the file
 * holds either schema's sessions (1.x's three tables, or 2.x's session_v2).
 */
export function checkDbShape(db: Database.Database): void {
  const names = Object.keys(COLUMNS);
  const rows = db.prepare(`SELECT name, type, sql FROM sqlite_master WHERE name IN (${names.map(() => "?").join(", ")})`).all(...names) as { name: string; type: string; sql: string | null }[];
  const present = new Set<string>();
  for (const r of rows) {
    if (r.type !== "table") throw new DbShapeError(`"${r.name}" is a ${r.type}, not a table: not read (a view can make a query endless)`);
    if (/^\s*create\s+virtual\b/i.test(r.sql ?? "")) throw new DbShapeError(`"${r.name}" is a virtual table: not read`);
    const cols = db.prepare(`SELECT name, hidden FROM pragma_table_xinfo(?)`).all(r.name) as { name: string; hidden: number }[];
    const computed = cols.filter((c) => c.hidden === 2 || c.hidden === 3).map((c) => c.name);
    if (computed.length) throw new DbShapeError(`"${r.name}" has columns computed on read (${computed.join(", ")}): not read`);
    const have = new Set(cols.map((c) => c.name));
    const missing = COLUMNS[r.name].filter((c) => !have.has(c));
    if (missing.length) throw new DbShapeError(`the ${r.name} table has no ${missing.join(", ")} column: not an OpenCode database`);
    present.add(r.name);
  }
  if (present.has("session_v2")) return;
  const lacking = ["session", "message", "part"].filter((t) => !present.has(t));
  if (lacking.length) throw new DbShapeError(`no ${lacking.join(", ")} table: not an OpenCode database`);
}
