// The registry of the agents' formats read through the dialect contract
// (read/dialect-api.ts). pi and omp are one dialect folder too (pi/): one
// line scanner (pi/scanner.ts) decides their header, title slot, version,
// ids, names and omp's marks and feeds each route as a sink (the tree, the
// list row, the figures, search), reading entry heads where they say enough.
// It is not behind the record contract, so they are not listed here; every
// other agent's format is one import and one element below. A file no
// dialect claims is read as pi's or omp's.
//
// What the core does with a dialect: loadSession (tree/load-dialect.ts) runs
// open(path).records() through a fresh reader() and builds the one tree
// (§5 rules; aliases name their entry); the entries are held as JSON text, so
// show, the detail pane, context (context() when given, else pi's rule) and
// export read them back without a second pass. summarizeSession and the
// catalog give its list rows (SessionSummary.agent); search indexes it whole
// when its stamp changes. Helpers: read/jsonl-source.ts (a JSONL file as a
// RecordSource, streamed with byte offsets, damaged lines as warnings),
// errors.ts DialectError (a source that is not this agent's after all),
// fs/stat.ts stampOf (a `<db file>#<id>` path stamps as the db and its -wal).
// A dialect must not import tree/ or list/ (they import this registry).
import type { Dialect } from "../dialect-api.js";
import { claudeDialect } from "./claude/index.js";
import { codexDialect } from "./codex/index.js";
import { geminiDialect } from "./gemini/index.js";
import { opencodeDialect } from "./opencode/index.js";

// Read-only: a test reads a format of its own through its environment
// (createEnv({ extraDialects }), core/env.ts), never by adding to this list.
export const dialects: readonly Dialect[] = Object.freeze([claudeDialect, codexDialect, geminiDialect, opencodeDialect]);

declare module "../../../env.js" {
  interface EnvOptions {
    /** Dialects read after the product's, e.g. a test's toy format. */
    readonly extraDialects?: readonly Dialect[];
  }
}
