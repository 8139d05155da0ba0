// The search index: one SQLite database (FTS5) per index kind in the cache dir.
// It is a cache like the catalog: a missing, corrupt or older-schema database
// is deleted and built again, never repaired.
import type Database from "better-sqlite3";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { openSqlite } from "../sqlite.js";
import { isWindowsPath, windowsDirKey } from "../fs/windows-path.js";

export type SearchDb = Database.Database;

/** Bump when what is indexed or how changes: older indexes are rebuilt (9: CJK characters are words of their own, cjkWords; 10: colour sequences taken out, extract.ts; 11: a Gemini CLI chat in an old hash-named folder has the path of the folder its project moved to; 12: Codex's `<recommended_plugins>` context message is not the user's text; 13: Claude Code 2.1.332's metadata records are no entries; 14: a relocated Claude Code session's cwd is the folder it moved to; 15: Claude Code 2.1.337's api-request-route and denial-counts records are no entries; 16: a Gemini CLI user record of function responses is not the user's text; 17: each file keeps its session's id and title, so a hit names its session as the list does; a 16 is brought up in place, MIGRATIONS). */
export const SEARCH_SCHEMA = 17;

/**
 * FTS5 merges a level of the index once it holds this many segments (FTS5's
 * default is 4). Every commit writes a segment (a file's batch: thousands on a
 * first build), and with 4 each text was merged again at every level: on the
 * bench's 1 GB store (253,000 entries, 220 MB of text) 16 took the build's
 * SQLite work from 12.2–13.4 to 9.4–10.5 s of CPU (alternating runs), for an
 * index 2.5% larger and queries as fast (the same words, medians of 15); the
 * whole cold `search` 23.4–24.6 → 21.5–22.8 s of CPU (load 9–15). Set when a
 * database is made; it is stored in the database (docs_config).
 */
export const AUTOMERGE = 16;

const SCHEMA = `
CREATE TABLE files (
  fid INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  dev INTEGER NOT NULL, ino INTEGER NOT NULL, size INTEGER NOT NULL, mtime REAL NOT NULL,
  cwd TEXT NOT NULL,
  header_start INTEGER NOT NULL, header_end INTEGER NOT NULL, header_hash TEXT NOT NULL,
  resume INTEGER NOT NULL, line INTEGER NOT NULL,
  v1 INTEGER NOT NULL,
  -- The session's id and title as the catalog gives them (the one title rule, session/title.ts),
  -- one terminal-safe line: a hit names its session as the list does, listed or not.
  sid TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL DEFAULT ''
);
-- Files listed but not indexed (not a session file, a gzip archive that does
-- not decompress), so that the freshness check (fresh.ts) can tell them from
-- new files. (Schema 5: gzip archives are indexed; before, all were skipped.)
CREATE TABLE skipped (
  path TEXT PRIMARY KEY,
  dev INTEGER NOT NULL, ino INTEGER NOT NULL, size INTEGER NOT NULL, mtime REAL NOT NULL
);
-- The listing (paths and stats) each set of roots was last found up to date
-- with: a warm check compares one blob instead of a row per file. dirs and
-- dirstats: the dirs it was read from and their stats before they were read
-- (while those hold, the paths need no readdir); listed_at: when, in ms.
CREATE TABLE checks (
  roots TEXT PRIMARY KEY,
  paths TEXT NOT NULL,
  stats BLOB NOT NULL,
  files INTEGER NOT NULL,
  dirs TEXT NOT NULL,
  dirstats BLOB NOT NULL,
  listed_at REAL NOT NULL
);
-- rowid: the entry's timestamp (rowidFor in indexer.ts), so that rowid order
-- is time order and a query can walk matches newest first and stop early.
CREATE TABLE entries (
  rowid INTEGER PRIMARY KEY,
  fid INTEGER NOT NULL,
  eid TEXT NOT NULL,
  role TEXT NOT NULL,
  ts TEXT NOT NULL,
  offset INTEGER NOT NULL
);
CREATE INDEX entries_by_id ON entries(fid, eid);
CREATE TABLE labels (
  fid INTEGER NOT NULL,
  target TEXT NOT NULL,
  label TEXT NOT NULL,
  PRIMARY KEY (fid, target)
);
CREATE VIRTUAL TABLE docs USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
`;

/**
 * Schemas an index is brought up from in place, by the statements that make
 * it the next one, instead of rebuilt (a first build is ~20 s of CPU per GB
 * of sessions). 16 → 17: the files' session ids and titles, NOT_NAMED until
 * the next update names every listed session (the check does not call an index
 * with such a file up to date: namesPending); that update reads no file that
 * did not change.
 */
const MIGRATIONS: Readonly<Record<number, string>> = {
  16: `ALTER TABLE files ADD COLUMN sid TEXT NOT NULL DEFAULT '';
       ALTER TABLE files ADD COLUMN title TEXT NOT NULL DEFAULT '';
       UPDATE files SET sid = char(1);
       DELETE FROM checks;`,
};

/** A file's session id before the update names it (a migrated index): no session's id is a control character. */
const NOT_NAMED = "\u0001";

/** Whether some file still waits for its session's id and title (an index brought up from 16): the next visit updates it. */
export function namesPending(db: SearchDb): boolean {
  return db.prepare("SELECT 1 FROM files WHERE sid = ? LIMIT 1").get(NOT_NAMED) !== undefined;
}

/** Brings an index up to SEARCH_SCHEMA through MIGRATIONS, under the write lock (another process may be at it too); throws when a step is missing. */
function migrate(db: SearchDb): void {
  db.transaction(() => {
    for (;;) {
      const v = db.pragma("user_version", { simple: true }) as number;
      if (v === SEARCH_SCHEMA) return;
      const step = MIGRATIONS[v];
      if (step === undefined) throw new Error("older schema");
      db.exec(step);
      db.pragma(`user_version = ${v + 1}`);
    }
  }).immediate();
}

/** The database file for an index with or without tool output. */
export function searchDbPath(dir: string, tools: boolean): string {
  return join(dir, tools ? "search-tools.db" : "search.db");
}

function open(file: string): SearchDb {
  const db = openSqlite(file, {}, "search");
  // `cwd:C:\…` compares a Windows cwd as the session list does (any case, either separator): null for any other cwd.
  db.function("windows_dir_key", { deterministic: true }, (cwd: unknown) => (typeof cwd === "string" && isWindowsPath(cwd) ? windowsDirKey(cwd) : null));
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  // Pages read in place from the OS cache instead of copied in: a warm query
  // over long posting lists (common words) takes about a third less.
  db.pragma("mmap_size = 2147418112");
  const version = db.pragma("user_version", { simple: true }) as number;
  if (version !== SEARCH_SCHEMA && MIGRATIONS[version] !== undefined) migrate(db);
  else if (version !== SEARCH_SCHEMA) {
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number };
    if (tables.n > 0) throw new Error("older schema");
    // WAL lasts in the file: set once, here (setting it again costs a warm query a lock round).
    db.pragma("journal_mode = WAL");
    db.exec(SCHEMA);
    // a literal: a bound JS number is a REAL, which FTS5 refuses for this setting
    db.exec(`INSERT INTO docs (docs, rank) VALUES ('automerge', ${AUTOMERGE})`);
    db.pragma(`user_version = ${SEARCH_SCHEMA}`);
  }
  return db;
}

/** Opens (creating or rebuilding when needed) the index database in dir. */
export function openSearchDb(dir: string, tools: boolean): SearchDb {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = searchDbPath(dir, tools);
  try {
    return open(file);
  } catch {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    return open(file);
  }
}
