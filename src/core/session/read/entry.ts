// Re-reads entries' full JSON from their byte offsets: the tree keeps only
// previews, so showing an entry or building a context reads it again.
import { openRegular } from "../../fs/read-capped.js";
import { SessionError } from "../../errors.js";
import { blobReaderFor, resolveBlobRefs } from "./blobs.js";
import { scanLines } from "./lines.js";
import { migrateEntry } from "./dialects/pi/migrate.js";
import type { EntryMeta, HeldEntry, Session } from "../model.js";

type Obj = Record<string, unknown>;

/** The entry `id` names: its own, or the one it was merged into (a streamed copy's id). */
export function entryOf(s: Session, id: string): EntryMeta | undefined {
  return s.byId.get(id) ?? (s.aliases ? s.byId.get(s.aliases.get(id) ?? "") : undefined);
}

export async function readEntry(s: Session, id: string): Promise<Obj> {
  const meta = entryOf(s, id);
  if (!meta) throw new SessionError(`no entry ${id} in ${s.file}`);
  const [obj] = await readEntries(s, [meta]);
  return obj;
}

/**
 * The entry with omp's blob references put back from the agent dir's store
 * (as omp loads it), and the references that could not be: their data is not
 * in the store, or the file lies outside any agent dir. Those stay as written.
 */
export async function readEntryResolved(s: Session, id: string): Promise<{ entry: Obj; missing: string[]; store: string | null }> {
  const entry = await readEntry(s, id);
  const blobs = blobReaderFor(s.file);
  const { missing } = resolveBlobRefs(entry, blobs);
  return { entry, missing, store: blobs.dir };
}

/** Full JSON of several entries, in the order given; one file handle (one pass for gzip). */
export async function readEntries(s: Session, metas: EntryMeta[]): Promise<Obj[]> {
  if (s.held) return metas.map((m) => heldEntry(s, s.held!, m));
  const texts = s.gzip ? await readGzipRanges(s.file, metas) : await readPlainRanges(s.file, metas);
  return texts.map((text, i) => {
    const meta = metas[i];
    let obj: Obj;
    try {
      obj = JSON.parse(text) as Obj;
    } catch {
      throw new SessionError(`${s.file}: line ${meta.line} changed since it was read; reload the session`);
    }
    return migrateEntry(obj, s.version, meta);
  });
}

/** Another agent's entry, as its dialect gave it when the session was loaded. */
function heldEntry(s: Session, held: ReadonlyMap<string, HeldEntry>, meta: EntryMeta): Obj {
  const e = held.get(meta.id);
  if (e === undefined) throw new SessionError(`no entry ${meta.id} in ${s.file}`);
  // An object is the loader's own, lent to a caller that only reads it (DialectLoadOptions).
  return typeof e === "string" ? (JSON.parse(e) as Obj) : (e as Obj);
}

/** Entries this close together are read in one go (a path's entries mostly are): one read instead of one per entry. */
const NEAR = 64 * 1024;
const SPAN = 4 << 20;

/** The raw text of plain-file entries, one handle, in the order given. */
export async function readPlainRanges(file: string, metas: EntryMeta[]): Promise<string[]> {
  const fh = await openRegular(file);
  try {
    const out: string[] = [];
    let buf = Buffer.allocUnsafe(64 * 1024);
    for (let i = 0; i < metas.length;) {
      // A run of entries that follow each other in the file with small gaps.
      const start = metas[i].offset;
      let end = start + metas[i].length;
      let j = i + 1;
      while (j < metas.length && metas[j].offset >= end && metas[j].offset - end <= NEAR && metas[j].offset + metas[j].length - start <= SPAN) {
        end = metas[j].offset + metas[j].length;
        j++;
      }
      const span = end - start;
      if (buf.length < span) buf = Buffer.allocUnsafe(span);
      let got = 0;
      while (got < span) {
        const { bytesRead } = await fh.read(buf, got, span - got, start + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      for (; i < j; i++) {
        const from = metas[i].offset - start;
        out.push(buf.toString("utf8", Math.min(from, got), Math.min(from + metas[i].length, got)));
      }
    }
    return out;
  } finally {
    await fh.close();
  }
}

async function readGzipRanges(file: string, metas: EntryMeta[]): Promise<string[]> {
  const want = new Map<number, number[]>();
  metas.forEach((m, i) => {
    const list = want.get(m.offset);
    if (list) list.push(i);
    else want.set(m.offset, [i]);
  });
  const out: string[] = new Array(metas.length).fill("");
  let left = want.size;
  await scanLines(
    file,
    (buf, start, end, offset) => {
      const idx = want.get(offset);
      if (!idx) return;
      const text = buf.toString("utf8", start, end);
      for (const i of idx) out[i] = text;
      left--;
    },
    { gzip: true, shouldStop: () => left === 0 },
  );
  return out;
}
