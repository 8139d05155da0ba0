// Search every session: bring the index up to date (only new bytes are read),
// then query it. The UI calls updateIndex and searchDb apart, to query a
// partly built index while the rest is indexed.
import { updateIndex, type IndexOptions, type IndexStats } from "./indexer.js";
import { parseQuery, searchDb, type SearchHit } from "./query.js";

export interface SearchSessionsOptions extends IndexOptions {
  limit?: number;
}

export async function searchSessions(query: string, opts: SearchSessionsOptions = {}): Promise<{ hits: SearchHit[]; index: IndexStats }> {
  const parsed = parseQuery(query); // bad input fails before any indexing
  const { db, ...index } = await updateIndex(opts);
  try {
    return { hits: searchDb(db, parsed, { limit: opts.limit }), index };
  } finally {
    db.close();
  }
}
