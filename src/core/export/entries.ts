// Full entries for an export, re-read from their byte offsets a batch at a
// time: the tree keeps only previews, and an export of a large session must
// not hold every entry's JSON at once.
import { readEntries } from "../session/index.js";
import { blobReaderFor, resolveBlobRefs } from "../session/index.js";
import type { EntryMeta, Session } from "../session/index.js";

type Obj = Record<string, unknown>;

export interface Batching {
  /** Bytes of JSON read per batch (plain files). */
  bytes?: number;
  /** At most this many entries per batch. */
  count?: number;
  /** Put omp's blob references back from the agent dir's store (pages and markdown show the images; a JSONL copy keeps the references). */
  blobs?: boolean;
}

// A gzip file is read from its start for every batch (it cannot seek), so its
// batches are larger: fewer passes over the archive for the memory they cost.
const PLAIN_BYTES = 4 << 20;
const GZIP_BYTES = 64 << 20;
const MAX_COUNT = 2048;

/** The entries of `metas` in the order given, as [meta, full entry] pairs, read in batches. */
export async function* fullEntries(s: Session, metas: readonly EntryMeta[], b: Batching = {}): AsyncGenerator<[EntryMeta, Obj]> {
  const budget = b.bytes ?? (s.gzip ? GZIP_BYTES : PLAIN_BYTES);
  const most = b.count ?? MAX_COUNT;
  let at = 0;
  while (at < metas.length) {
    let end = at;
    let bytes = 0;
    while (end < metas.length && end - at < most && (end === at || bytes + metas[end].length <= budget)) bytes += metas[end++].length;
    const batch = metas.slice(at, end);
    const objs = await readEntries(s, batch);
    if (b.blobs) {
      const store = blobReaderFor(s.file);
      for (const o of objs) resolveBlobRefs(o, store);
    }
    for (let i = 0; i < batch.length; i++) yield [batch[i], objs[i]];
    at = end;
  }
}
