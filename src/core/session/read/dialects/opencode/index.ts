// The OpenCode dialect: sessions from OpenCode's SQLite database (1.2 and
// later; one database holds them all, each named `<db file>#<session id>`)
// and from its older JSON storage (one file per session, message and part;
// 0.5's per-project layout too, legacy.ts).
// Read-only: we never write, lock or copy OpenCode's files.
import { statSync } from "node:fs";
import { basename, join } from "node:path";
import { SessionError } from "../../../../errors.js";
import type { Dialect, Origin, RecordSource } from "../../dialect-api.js";
import { listDbSessions, readDbSession, type DbOptions } from "./db.js";
import { listLegacySessions, listProjectStorageSessions, readLegacySession } from "./legacy.js";
import { claims, databases, dataDir, dbSessionPath, isDbName, isDir, parseDbPath, parseLegacyPath } from "./paths.js";
import { OpencodeReader } from "./reader.js";
import { findOpencodeSession } from "./find.js";
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

/**
 * `<db>#database`: listed in place of the sessions of a database that could
 * not be read, so that its row says why. OpenCode's session ids all start
 * with `ses_`, so this one names none of them.
 */
const STAND_IN = "database";

const why = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
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

  /** Why each database that could not be listed was not, until it lists again. */
  const listErrors = new Map<string, string>();
  const unreadable = (db: string, err: unknown): string => `OpenCode database ${db} could not be read (${why(err)}): its sessions are left out`;

  function readRecords(path: string): (OpencodeRecord | RowWarning)[] {
    const db = parseDbPath(path);
    if (db && db.id === STAND_IN) {
      // The listing just failed: its reason, without waiting on the database again.
      const known = listErrors.get(db.db);
      if (known) throw new SessionError(known);
      try {
        listDbSessions(db.db, opts);
      } catch (err) {
        throw new SessionError(unreadable(db.db, err));
      }
      throw new SessionError(`${db.db}: OpenCode's database is readable again (its sessions show at the next listing)`);
    }
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
    claims,
    open: openSource,
    reader: (path) => new OpencodeReader(path),
    defaultRoots: (env, home) => [dataDir(env, home)],
    async sources(root) {
      const out: string[] = [];
      const inDb = new Set<string>();
      // One session named by its own path (`<db>#<id>`, as the list prints it): listed when its database holds it.
      const one = parseDbPath(root);
      const dbs = one ? (isFile(one.db) ? [one.db] : []) : isFile(root) ? (isDbName(basename(root)) ? [root] : []) : databases(root);
      for (const db of dbs) {
        try {
          for (const id of listDbSessions(db, opts)) {
            if (one && id !== one.id) continue;
            inDb.add(id);
            out.push(dbSessionPath(db, id));
          }
          listErrors.delete(db);
        } catch (err) {
          // A stand-in for its sessions: its row says why they are missing.
          const message = unreadable(db, err);
          listErrors.set(db, message);
          opts.warn(message);
          out.push(dbSessionPath(db, STAND_IN));
        }
      }
      // OpenCode 1.2 copies its JSON storage into the database and leaves the
      // files: a session found in both is listed once, from the database.
      if (!one && !isFile(root)) {
        for (const storage of storages(root)) {
          for (const file of listLegacySessions(storage)) {
            if (!inDb.has(basename(file, ".json"))) out.push(file);
          }
        }
        // 0.5's per-project storage: its migration copied each project's sessions
        // (all but `global`'s) into the storage above and left the old files.
        const listed = new Set(out.map((f) => basename(f, ".json")));
        for (const file of listProjectStorageSessions(root)) {
          const id = basename(file, ".json");
          if (!inDb.has(id) && !listed.has(id)) out.push(file);
        }
      }
      return out;
    },
    findById: (id, _cwd, env, home) => findOpencodeSession(id, env, home),
  };
}

export const opencodeDialect: Dialect = createOpencodeDialect();
