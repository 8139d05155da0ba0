// better-sqlite3, loaded once and on first use: commands that never open a
// database do not pay for the native module. Shared by the search index and
// the readers of agents that keep sessions in SQLite (OpenCode).
import type Database from "better-sqlite3";
import { dirname } from "node:path";
import { OmpSessionsError } from "./errors.js";
import { envSlot } from "./env.js";

/** The module and its addon's path, once found; whether a database was opened (see openSqlite). */
const loaded = envSlot((): { sqlite?: typeof Database; addon?: string | null; opened: boolean } => ({ opened: false }));

/**
 * A require for this module, made when first needed: node:module is loaded
 * only then (at start-up it loads the ES module loader, a few ms of every
 * command whose bundle holds this file).
 */
const requireHere = (): NodeJS.Require => process.getBuiltinModule("node:module").createRequire(import.meta.url);

/** Set by the build (scripts/build.mjs): better-sqlite3's JavaScript bundled into one file next to this chunk. */
declare const OMP_SQLITE_BUNDLE: string | undefined;

function loadSqlite(): typeof Database {
  const require = requireHere();
  if (typeof OMP_SQLITE_BUNDLE === "string") {
    try {
      return require(OMP_SQLITE_BUNDLE) as typeof Database;
    } catch {
      // not built next to us: the package itself
    }
  }
  return require("better-sqlite3") as typeof Database;
}

/**
 * An install whose native module was never built (its install script did not
 * run, or could not compile) or was built for another Node: said in words a
 * user can act on, instead of the loader's list of probed paths.
 */
function addonMissing(err: unknown, who: string): OmpSessionsError | null {
  const text = err instanceof Error ? err.message : String(err);
  if (!/bindings file|better_sqlite3\.node|NODE_MODULE_VERSION|was compiled against a different Node/.test(text)) return null;
  let dir = "the omp-sessions install";
  try {
    // …/node_modules/better-sqlite3/package.json: the folder holding node_modules.
    dir = dirname(dirname(dirname(requireHere().resolve("better-sqlite3/package.json"))));
  } catch {
    // not resolvable: the generic words
  }
  return new OmpSessionsError(
    `${who} needs better-sqlite3's native module, which ${/bindings file/.test(text) ? "was never built" : `does not load (${text.split("\n")[0]})`}: run \`npm rebuild better-sqlite3\` in ${dir} (where no prebuilt binary can be fetched it compiles: python3, make and a C++ compiler)`,
  );
}

/**
 * Opens a database file with better-sqlite3 (options as its constructor's).
 * `who` names the feature in the error an unbuilt native module gives.
 */
export function openSqlite(file: string, options: Database.Options, who: string): Database.Database {
  const l = loaded();
  const sqlite = (l.sqlite ??= loadSqlite());
  let addon = l.addon;
  if (addon === undefined) {
    // The addon from where npm builds it: better-sqlite3's own lookup (the
    // `bindings` package) probes a dozen paths first. Elsewhere: its lookup.
    try {
      addon = requireHere().resolve("better-sqlite3/build/Release/better_sqlite3.node");
    } catch {
      addon = null;
    }
    l.addon = addon;
  }
  // The addon reads SQLITE_USE_URI once, when the first database opens: with
  // it, a `file:…?immutable=1` name opens a file for reading without locks or
  // -wal/-shm files (see uriFor). Plain paths mean what they did.
  const first = !l.opened;
  const had = process.env.SQLITE_USE_URI;
  if (first && had === undefined) process.env.SQLITE_USE_URI = "1";
  try {
    const db = new sqlite(file, addon ? { ...options, nativeBinding: addon } : options);
    l.opened = true;
    return db;
  } catch (err) {
    throw addonMissing(err, who) ?? err;
  } finally {
    if (first && had === undefined) delete process.env.SQLITE_USE_URI;
  }
}

/**
 * A file's name as an SQLite URI with query parameters (e.g. `immutable=1`).
 * It means the file only where URI names are on (see openSqlite); elsewhere
 * it names no file, and opening it with `fileMustExist` fails.
 */
export function uriFor(file: string, query: string): string {
  const slashed = file.replace(/\\/g, "/");
  const path = slashed.startsWith("/") ? slashed : `/${slashed}`;
  return `file:${path.split("/").map(encodeURIComponent).join("/").replace(/%3A/gi, ":")}?${query}`;
}
