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

/** The tables each schema needs, with the columns a read relies on. */
const REQUIRED: Record<string, string[]> = {
  session: ["id"],
  message: ["id", "session_id", "data"],
  part: ["id", "message_id", "data"],
};

/** Read when present: they must be real tables too. */
const OPTIONAL = ["project", "session_v2", "session_message"];

/**
 * Throws DbShapeError unless `session`, `message` and `part` are real tables
 * with the columns we read, and every other table we may read (project, the
 * 2.x session_v2 and session_message) is a real table when present.
 */
export function checkDbShape(db: Database.Database): void {
  const names = [...Object.keys(REQUIRED), ...OPTIONAL];
  const rows = db.prepare(`SELECT name, type, sql FROM sqlite_master WHERE name IN (${names.map(() => "?").join(", ")})`).all(...names) as { name: string; type: string; sql: string | null }[];
  const byName = new Map<string, { type: string; sql: string | null }[]>();
  for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  for (const name of names) {
    const found = byName.get(name);
    if (!found) {
      if (name in REQUIRED) throw new DbShapeError(`no ${name} table: not an OpenCode database`);
      continue;
    }
    const [r] = found;
    if (r.type !== "table") throw new DbShapeError(`"${name}" is a ${r.type}, not a table: not read (a view can make a query endless)`);
    if (/^\s*create\s+virtual\b/i.test(r.sql ?? "")) throw new DbShapeError(`"${name}" is a virtual table: not read`);
    const cols = db.prepare(`SELECT name, hidden FROM pragma_table_xinfo(?)`).all(name) as { name: string; hidden: number }[];
    const computed = cols.filter((c) => c.hidden === 2 || c.hidden === 3).map((c) => c.name);
    if (computed.length) throw new DbShapeError(`"${name}" has columns computed on read (${computed.join(", ")}): not read`);
    const have = new Set(cols.map((c) => c.name));
    const missing = (REQUIRED[name] ?? []).filter((c) => !have.has(c));
    if (missing.length) throw new DbShapeError(`the ${name} table has no ${missing.join(", ")} column: not an OpenCode database`);
  }
}
