// Search every session: bring the index up to date (only new bytes are read),
// then query it. The UI calls updateIndex and searchDb apart, to query a
// partly built index while the rest is indexed.
//
// A warm query pays only for the freshness check (a stat per file, fresh.ts)
// and the query: the indexer and the catalog behind it are loaded only when
// a file changed.
import type { IndexOptions, IndexStats } from "./indexer.js";
import { checkIndex } from "./fresh.js";
import { parseQuery, searchDb, type SearchHit } from "./query.js";
import { cacheDir } from "../cache-dir.js";

export interface SearchSessionsOptions extends IndexOptions {
  limit?: number;
}

export async function searchSessions(query: string, opts: SearchSessionsOptions = {}): Promise<{ hits: SearchHit[]; index: IndexStats }> {
  const parsed = parseQuery(query); // bad input fails before any indexing
  const check = await checkIndex(opts.cacheDir ?? cacheDir(), opts.tools ?? false, opts);
  let db = check.db;
  let index: IndexStats;
  try {
    if (check.fresh !== null) {
      opts.onProgress?.(0, 0, 0, 0);
      index = { files: check.fresh, updated: 0, bytesRead: 0, added: 0 };
    } else {
      const { updateChecked } = await import("./indexer.js");
      ({ db, ...index } = await updateChecked(check, opts));
    }
    return { hits: searchDb(db, parsed, { limit: opts.limit }), index };
  } finally {
    db.close();
  }
}
