// The OpenCode dialect: sessions from OpenCode's SQLite database (1.2 and
// later; one database holds them all, each named `<db file>#<session id>`)
// and from its older JSON storage (one file per session, message and part).
// Read-only: we never write, lock or copy OpenCode's files.
import { readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { SessionError } from "../../../../errors.js";
import type { Dialect, Origin, RecordSource } from "../../dialect-api.js";
import { listDbSessions, readDbSession, type DbOptions } from "./db.js";
import { listLegacySessions, readLegacySession } from "./legacy.js";
import { claims, dataDir, dbSessionPath, isDbName, isDir, parseDbPath, parseLegacyPath } from "./paths.js";
import { OpencodeReader } from "./reader.js";
import type { OpencodeRecord, RowWarning } from "./records.js";

export interface OpencodeOptions extends DbOptions {
  /** Where a problem with a whole database goes (one that gives no sessions at all). */
  warn: (message: string) => void;
}

const DEFAULTS: OpencodeOptions = {
  // OpenCode's writes are short; a reader that waits longer only freezes the screen.
  busyTimeoutMs: 1000,
  // The list shows the problem as the database's own row (see sources); a caller may want it too.
  warn: () => {},
};

/** `<db>#`: a database whose sessions could not be listed. */
const isDbItself = (path: string): boolean => path.endsWith("#") && isDbName(basename(path.slice(0, -1)));

const why = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The OpenCode databases in a data dir: `opencode.db` first, then channel databases by name. */
function databases(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter(isDbName);
  } catch {
    return [];
  }
  return names.sort((a, b) => (a === "opencode.db" ? -1 : b === "opencode.db" ? 1 : a < b ? -1 : a > b ? 1 : 0)).map((n) => join(dir, n));
}

/** The legacy storage dirs a root names: `<root>/storage`, or the root itself when it is one. */
function storages(root: string): string[] {
  if (basename(root) === "storage" && isDir(join(root, "session"))) return [root];
  const inner = join(root, "storage");
  return isDir(join(inner, "session")) ? [inner] : [];
}

/** Records with their origins: the session is line 1, each message the next ordinal (a damaged one keeps its place). */
async function* numbered(records: (OpencodeRecord | RowWarning)[]): AsyncGenerator<{ value: unknown; origin: Origin } | { warning: string; origin: Origin }> {
  let line = 0;
  for (const r of records) {
    if ("warning" in r) {
      if (r.row === "message") line++;
      yield { warning: r.warning, origin: { line: Math.max(line, 1), offset: 0, length: 0 } };
    } else yield { value: r, origin: { line: ++line, offset: 0, length: 0 } };
  }
}

export function createOpencodeDialect(options: Partial<OpencodeOptions> = {}): Dialect {
  const opts: OpencodeOptions = { ...DEFAULTS, ...options };

  const unreadable = (db: string, err: unknown): string => `OpenCode database ${db} could not be read (${why(err)}): its sessions are left out`;

  function readRecords(path: string): (OpencodeRecord | RowWarning)[] {
    const db = parseDbPath(path);
    if (db) {
      let records: (OpencodeRecord | RowWarning)[] | null;
      try {
        records = readDbSession(db.db, db.id, opts);
      } catch (err) {
        throw new SessionError(unreadable(db.db, err));
      }
      if (!records) throw new SessionError(`OpenCode database ${db.db} has no session ${db.id}`);
      return records;
    }
    if (isDbItself(path)) {
      // Listed in place of the sessions of a database that could not be read: says why, as an invalid row.
      const file = path.slice(0, -1);
      try {
        listDbSessions(file, opts);
      } catch (err) {
        throw new SessionError(unreadable(file, err));
      }
      throw new SessionError(`${file} is OpenCode's database, not a session: its sessions are ${file}#<session id>`);
    }
    const legacy = parseLegacyPath(path);
    const records = legacy ? readLegacySession(path, legacy) : null;
    if (!records) throw new SessionError(`${path}: not an OpenCode session file`);
    return records;
  }

  function openSource(path: string): RecordSource {
    return {
      records() {
        // The whole read happens here, at once, so the database is closed
        // before the first record is handed on (no handle held across awaits).
        try {
          return numbered(readRecords(path));
        } catch (err) {
          return (async function* () {
            yield* [];
            throw err;
          })();
        }
      },
    };
  }

  return {
    agent: "opencode",
    label: "OpenCode",
    writable: false,
    claims: (path) => claims(path) || isDbItself(path),
    open: openSource,
    reader: (path) => new OpencodeReader(path),
    defaultRoots(env, home) {
      const dir = dataDir(env, home);
      return isDir(dir) ? [dir] : [];
    },
    async sources(root) {
      const out: string[] = [];
      const inDb = new Set<string>();
      const dbs = isFile(root) ? (isDbName(basename(root)) ? [root] : []) : databases(root);
      for (const db of dbs) {
        try {
          for (const id of listDbSessions(db, opts)) {
            inDb.add(id);
            out.push(dbSessionPath(db, id));
          }
        } catch (err) {
          // The database itself stands in for its sessions: its row says why they are missing.
          opts.warn(unreadable(db, err));
          out.push(`${db}#`);
        }
      }
      // OpenCode 1.2 copies its JSON storage into the database and leaves the
      // files: a session found in both is listed once, from the database.
      if (!isFile(root)) {
        for (const storage of storages(root)) {
          for (const file of listLegacySessions(storage)) {
            if (!inDb.has(basename(file, ".json"))) out.push(file);
          }
        }
      }
      return out;
    },
  };
}

export const opencodeDialect: Dialect = createOpencodeDialect();
