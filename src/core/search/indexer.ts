// Brings the search index up to date with the sessions on disk. A warm run
// only lists and stats the files (fresh.ts); when something changed, the file
// list and cwds come from the catalog (which reads only what changed);
// a file that grew is indexed from the first line not indexed yet (its byte
// offset is kept per file), a file replaced or shrunk is indexed again, and a
// file gone is dropped. A gzip archive (.jsonl.gz) cannot be resumed at an
// offset: when it changes it is indexed again whole; one that fails to
// decompress is left out (recorded as skipped) until it changes again. Work is committed in batches, each checking that no
// other run indexed the same bytes meanwhile, so a cancelled or crashed run
// leaves a usable index that the next run continues.
// session files are opened as regular files only (a FIFO or a device in their place is refused, not waited on)
import { openRegular } from "../fs/read-capped.js";
import { isGzipPath, isZlibError, scanLines } from "../session/index.js";
import { listSessions, oneLine, sessionTitle } from "../session/index.js";
import { cacheDir } from "../cache-dir.js";
import { hashBytes } from "../session/index.js";
import { PiLineScanner, newPiScanState, type PiScanState, type PiSink } from "../session/index.js";
import { dialectOf, sniffDialect } from "../session/index.js";
import { loadSession } from "../session/index.js";
import { readEntries } from "../session/index.js";
import { stampOf, type FileStamp } from "../fs/stat.js";
import type { SearchDb } from "./db.js";
import { cjkWords } from "./cjk.js";
import { checkIndex, forgetFresh, freshCount, rememberFresh, type FileStat, type IndexCheck } from "./fresh.js";
import { docOf, skippableRole, type SearchRole } from "./extract.js";

export interface IndexOptions {
  agentDirs?: string[];
  /** Dirs or files to index instead of the agent dirs. */
  paths?: string[];
  cacheDir?: string;
  /** Index tool output too (a separate index). */
  tools?: boolean;
  /**
   * Progress of the files that need work, in bytes (one 35 MB file is most of
   * a first build: counting files would sit still on it) and in files; called
   * as each file is read (about every 256 KiB) and after it.
   */
  onProgress?: (doneBytes: number, totalBytes: number, doneFiles: number, totalFiles: number) => void;
  signal?: AbortSignal;
}

export interface IndexStats {
  /** Session files known to the index. */
  files: number;
  /** Files (re)indexed in this run. */
  updated: number;
  bytesRead: number;
  /** Entries added. */
  added: number;
}

interface FileRow {
  fid: number;
  path: string;
  dev: number;
  ino: number;
  size: number;
  mtime: number;
  header_start: number;
  header_end: number;
  header_hash: string;
  resume: number;
  line: number;
  v1: number;
  sid: string;
  title: string;
}

/** How much of a title the index keeps (a first message can be long; a hit's line shows less). */
const TITLE_UNITS = 200;

/** Another run indexed these bytes first. */
class Overtaken extends Error {}

/** A gzip archive that does not decompress (truncated, corrupt). */
class Damaged extends Error {}

const BATCH_BYTES = 4 * 1024 * 1024;
/** Progress within a file is told this often (bytes read). */
const PROGRESS_BYTES = 256 * 1024;

/** Rowids per second of entry time; see Writer.rowidFor. */
const SLOT = 1024;
/** 9999-12-31T23:59:59Z: later times share its slot (rowids stay exact integers). */
const MAX_SECOND = 253402300799;

export class IndexAborted extends Error {
  constructor() {
    super("indexing cancelled");
  }
}

interface Pending {
  /** The entry's time (ms), for its rowid. */
  ms: number;
  eid: string;
  role: SearchRole;
  ts: string;
  offset: number;
  text: string;
}

class Writer {
  private readonly q;
  constructor(private readonly db: SearchDb) {
    this.q = {
      row: db.prepare("SELECT * FROM files WHERE path = ?"),
      insertFile: db.prepare("INSERT INTO files (path, dev, ino, size, mtime, cwd, header_start, header_end, header_hash, resume, line, v1) VALUES (?, 0, 0, -1, 0, ?, -1, -1, '', 0, 1, 0)"),
      update: db.prepare("UPDATE files SET dev = ?, ino = ?, size = ?, mtime = ?, cwd = ?, header_start = ?, header_end = ?, header_hash = ?, resume = ?, line = ?, v1 = ? WHERE fid = ?"),
      sameId: db.prepare("SELECT rowid FROM entries WHERE fid = ? AND eid = ?"),
      delEntry: db.prepare("DELETE FROM entries WHERE rowid = ?"),
      delDoc: db.prepare("DELETE FROM docs WHERE rowid = ?"),
      insEntry: db.prepare("INSERT INTO entries (rowid, fid, eid, role, ts, offset) VALUES (?, ?, ?, ?, ?, ?)"),
      lastIn: db.prepare("SELECT max(rowid) AS m FROM entries WHERE rowid >= ? AND rowid < ?"),
      taken: db.prepare("SELECT 1 FROM entries WHERE rowid = ?").pluck(),
      forgetSkipped: db.prepare("DELETE FROM skipped WHERE path = ?"),
      skip: db.prepare("INSERT OR REPLACE INTO skipped (path, dev, ino, size, mtime) VALUES (?, ?, ?, ?, ?)"),
      fidOf: db.prepare("SELECT fid FROM files WHERE path = ?").pluck(),
      name: db.prepare("UPDATE files SET sid = ?, title = ? WHERE path = ?"),
      insDoc: db.prepare("INSERT INTO docs (rowid, text) VALUES (?, ?)"),
      setLabel: db.prepare("INSERT INTO labels (fid, target, label) VALUES (?, ?, ?) ON CONFLICT (fid, target) DO UPDATE SET label = excluded.label"),
      clearLabel: db.prepare("DELETE FROM labels WHERE fid = ? AND target = ?"),
      dropDocs: db.prepare("DELETE FROM docs WHERE rowid IN (SELECT rowid FROM entries WHERE fid = ?)"),
      dropEntries: db.prepare("DELETE FROM entries WHERE fid = ?"),
      dropLabels: db.prepare("DELETE FROM labels WHERE fid = ?"),
      dropFile: db.prepare("DELETE FROM files WHERE fid = ?"),
    };
  }

  /**
   * A free rowid in the slot of the entry's second: rowids sort as the
   * entries' times do (to the second; more than SLOT entries in one second
   * spill into the next), whatever order files are indexed in.
   */
  private rowidFor(ms: number): number {
    const sec = Number.isFinite(ms) ? Math.min(Math.max(0, Math.floor(ms / 1000)), MAX_SECOND) : 0;
    const base = sec * SLOT;
    const last = (this.q.lastIn.get(base, base + SLOT) as { m: number | null }).m;
    let rowid = last === null ? base : last + 1;
    while (this.q.taken.get(rowid) !== undefined) rowid++;
    return rowid;
  }

  /** Records the files listed but not indexed, with the stats they had when listed; forgets the rest. */
  recordSkipped(listed: Iterable<string>, skipped: [string, FileStat][], forget: string[]): void {
    this.db.transaction(() => {
      for (const path of listed) this.q.forgetSkipped.run(path);
      for (const path of forget) this.q.forgetSkipped.run(path);
      for (const [path, st] of skipped) this.q.skip.run(path, st.dev, st.ino, st.size, st.mtime);
    })();
  }

  /** Takes a file out of the index and records it as left out, with the stat it was read at. */
  leaveOut(path: string, st: FileStat): void {
    this.db.transaction(() => {
      const fid = this.q.fidOf.get(path) as number | undefined;
      if (fid !== undefined) this.drop(fid);
      this.q.skip.run(path, st.dev, st.ino, st.size, st.mtime);
    })();
  }

  /** Records the sessions' ids and titles (the files not in the index yet are left alone). */
  name(named: [path: string, sid: string, title: string][]): void {
    if (named.length > 0) this.db.transaction(() => named.forEach(([path, sid, title]) => this.q.name.run(sid, title, path)))();
  }

  fileRow(path: string): FileRow | undefined {
    return this.q.row.get(path) as FileRow | undefined;
  }

  /** Empties a file's part of the index (it is indexed again from its first byte). */
  reset(path: string, cwd: string): number {
    return this.db.transaction(() => {
      const row = this.fileRow(path);
      if (row) {
        this.drop(row.fid, false);
        this.q.update.run(0, 0, -1, 0, cwd, -1, -1, "", 0, 1, 0, row.fid);
        return row.fid;
      }
      return Number(this.q.insertFile.run(path, cwd).lastInsertRowid);
    })();
  }

  drop(fid: number, file = true): void {
    this.q.dropDocs.run(fid);
    this.q.dropEntries.run(fid);
    this.q.dropLabels.run(fid);
    if (file) this.q.dropFile.run(fid);
  }

  /** Adds a batch and moves the file's resume point, if the file is still where this run found it. */
  commit(path: string, expectResume: number, docs: Pending[], labels: [string, string | null][], next: Omit<FileRow, "fid" | "path" | "sid" | "title"> & { cwd: string }): number {
    return this.db.transaction(() => {
      const row = this.fileRow(path);
      if (!row || row.resume !== expectResume) throw new Overtaken();
      const fid = row.fid;
      for (const d of docs) {
        const old = this.q.sameId.get(fid, d.eid) as { rowid: number } | undefined;
        if (old) {
          // A duplicate id: the later line is the entry.
          this.q.delDoc.run(old.rowid);
          this.q.delEntry.run(old.rowid);
        }
        const rowid = this.rowidFor(d.ms);
        this.q.insEntry.run(rowid, fid, d.eid, d.role, d.ts, d.offset);
        this.q.insDoc.run(rowid, cjkWords(d.text));
      }
      for (const [target, label] of labels) {
        if (label === null) this.q.clearLabel.run(fid, target);
        else this.q.setLabel.run(fid, target, label);
      }
      const n = next;
      this.q.update.run(n.dev, n.ino, n.size, n.mtime, n.cwd, n.header_start, n.header_end, n.header_hash, n.resume, n.line, n.v1, fid);
      return docs.length;
    })();
  }
}

async function readHead(path: string, length: number): Promise<Buffer> {
  const fh = await openRegular(path);
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Indexes `path` from the row's resume point (0 after a reset). Returns entries added and bytes read. */
async function indexFile(w: Writer, path: string, st: FileStamp, cwd: string, tools: boolean, signal: AbortSignal | undefined, onRead?: (bytes: number) => void): Promise<{ added: number; bytes: number }> {
  const row = w.fileRow(path)!;
  // Bytes read so far, told about every 256 KiB (a gzip archive's offsets are past decompression: only at its end).
  let told = row.resume;
  const fresh = row.resume === 0;
  const gzip = isGzipPath(path);
  const state = {
    headerHash: row.header_hash,
    // The time of entries without a valid timestamp: the last one seen before them, else the file's.
    lastMs: st.mtimeMs,
  };
  let expect = row.resume;
  let docs: Pending[] = [];
  let labels: [string, string | null][] = [];
  let batchBytes = 0;
  let added = 0;
  const key = (resume: number, line: number, done: boolean) => ({
    dev: st.dev,
    ino: st.ino,
    // Until the file is done, its size is "indexed up to here": the next run sees it as grown.
    size: done ? st.size : resume,
    mtime: done ? st.mtimeMs : 0,
    cwd,
    header_start: scanner.header ? scanner.state.headerStart : row.header_start,
    header_end: scanner.header ? scanner.state.headerEnd : row.header_end,
    header_hash: state.headerHash,
    resume,
    line,
    v1: scanner.version < 2 ? 1 : 0,
  });
  const flush = (resume: number, line: number, done: boolean) => {
    added += w.commit(path, expect, docs, labels, key(resume, line, done));
    expect = resume;
    docs = [];
    labels = [];
    batchBytes = 0;
  };

  // Each line is decided by pi's line scanner; documents are made of the messages and labels it parses.
  const sink: PiSink = {
    header: (_obj, buf, start, end) => {
      state.headerHash = hashBytes(buf.subarray(start, end));
    },
    wants: (head) => head.type === "label" || (head.type === "message" && !skippableRole(head.role, tools)),
    entry: (e, scan) => {
      const obj = scan.parsed;
      if (e.type === "label") {
        if (typeof obj!.targetId === "string") labels.push([obj!.targetId, typeof obj!.label === "string" && obj!.label !== "" ? obj!.label : null]);
        return;
      }
      if (e.type !== "message" || skippableRole(e.head.role, tools) || !obj) return;
      const doc = docOf(obj, tools);
      if (!doc) return;
      const ts = typeof obj.timestamp === "string" ? obj.timestamp : "";
      const ms = Date.parse(ts);
      if (Number.isFinite(ms)) state.lastMs = ms;
      docs.push({ ms: state.lastMs, eid: e.id, role: doc.role, ts, offset: e.offset, text: doc.text });
      batchBytes += doc.text.length;
    },
  };
  // A resumed file starts after its header (a v1 file, whose ids count from its start, is never resumed: canResume).
  const resumed: PiScanState | undefined = fresh ? undefined : { ...newPiScanState(), header: { type: "session", id: "" }, version: 3, headerStart: row.header_start, headerEnd: row.header_end };
  const scanner = new PiLineScanner(sink, { v1Ids: true }, resumed);
  const result = await scanLines(
    path,
    (buf, start, end, offset, line, terminated) => {
      if (!terminated) return; // an agent may still be writing it
      if (signal?.aborted) throw new IndexAborted();
      if (onRead && !gzip && offset - told >= PROGRESS_BYTES) {
        told = offset;
        onRead(offset - row.resume);
      }
      if (batchBytes >= BATCH_BYTES) flush(offset, line, false);
      scanner.line(buf, start, end, offset, line);
    },
    // A gzip archive is read to its end (st.size counts compressed bytes).
    { gzip, start: row.resume, startLine: row.line, end: gzip ? undefined : st.size, shouldStop: () => scanner.stop },
  ).catch((err: unknown) => {
    throw gzip && isZlibError(err) ? new Damaged() : err;
  });
  flush(result.resumeOffset, result.resumeLine, true);
  return { added, bytes: result.bytes };
}

/**
 * Indexes another agent's session whole (after a reset): its entries come
 * from its dialect (the loader), as the tree shows them. Returns entries added
 * and the source's size as the bytes read.
 */
async function indexDialectFile(w: Writer, path: string, st: FileStamp, cwd: string, tools: boolean): Promise<{ added: number; bytes: number }> {
  const s = await loadSession(path);
  const docs: Pending[] = [];
  const labels: [string, string | null][] = [];
  let lastMs = st.mtimeMs;
  for (const m of s.entries) {
    if (m.type === "label") {
      if (m.targetId) labels.push([m.targetId, m.label ? m.label : null]);
      continue;
    }
    if (m.type !== "message" || skippableRole(m.role, tools)) continue;
    const [obj] = await readEntries(s, [m]);
    const doc = docOf(obj, tools);
    if (!doc) continue;
    const ms = Date.parse(m.timestamp);
    if (Number.isFinite(ms)) lastMs = ms;
    docs.push({ ms: lastMs, eid: m.id, role: doc.role, ts: m.timestamp, offset: m.offset, text: doc.text });
  }
  const row = w.fileRow(path)!;
  const next = { dev: st.dev, ino: st.ino, size: st.size, mtime: st.mtimeMs, cwd, header_start: -1, header_end: -1, header_hash: "", resume: st.size, line: 0, v1: 0 };
  return { added: w.commit(path, row.resume, docs, labels, next), bytes: st.size };
}

/** Whether a row's file is the same file, grown, so indexing can continue at row.resume. */
async function canResume(row: FileRow, st: FileStamp): Promise<boolean> {
  // Decompressed offsets cannot be reached without reading what comes before them;
  // another agent's session is indexed again whole when it changes (its row has no header: header_end -1).
  if (isGzipPath(row.path) || dialectOf(row.path)) return false;
  if (row.v1 === 1 || row.header_end < 0 || row.dev !== st.dev || row.ino !== st.ino || st.size < row.size || row.resume > st.size) return false;
  const head = await readHead(row.path, row.header_end);
  return head.length === row.header_end && hashBytes(head.subarray(row.header_start, row.header_end)) === row.header_hash;
}

/** Updates the index in the cache dir; the database is left open for the caller's queries. */
export async function updateIndex(opts: IndexOptions = {}): Promise<IndexStats & { db: SearchDb }> {
  return updateChecked(await checkIndex(opts.cacheDir ?? cacheDir(), opts.tools ?? false, opts), opts);
}

/** updateIndex after its check (search.ts checks first, and loads this module only when the check fails). */
export async function updateChecked(check: IndexCheck, opts: IndexOptions): Promise<IndexStats & { db: SearchDb }> {
  const dir = opts.cacheDir ?? cacheDir();
  const tools = opts.tools ?? false;
  const { db, listed, prefixes, key, fresh } = check;
  if (fresh !== null) {
    opts.onProgress?.(0, 0, 0, 0);
    return { files: fresh, updated: 0, bytesRead: 0, added: 0, db };
  }
  try {
    forgetFresh(db);
    const sessions = await listSessions({ agentDirs: opts.agentDirs, paths: opts.paths, all: true, cacheDir: dir });
    const w = new Writer(db);
    const rows = new Map((db.prepare("SELECT * FROM files").all() as FileRow[]).map((r) => [r.path, r]));
    const live = new Set<string>();
    const work: { path: string; st: FileStamp; cwd: string; row: FileRow | undefined }[] = [];
    // The sessions whose id or title the index does not hold yet: a title changes without its file
    // (a Codex title thread found, a name from the agent's index): every listed one is compared when the index updates.
    const named: [string, string, string][] = [];
    for (const s of sessions) {
      if (!s.valid) continue;
      let st: FileStamp | null;
      try {
        st = stampOf(s.path);
      } catch {
        continue;
      }
      if (st === null) continue;
      live.add(s.path);
      const row = rows.get(s.path);
      const title = oneLine(sessionTitle(s), TITLE_UNITS);
      if (!row || row.sid !== s.id || row.title !== title) named.push([s.path, s.id, title]);
      if (row && row.size === st.size && row.mtime === st.mtimeMs && row.dev === st.dev && row.ino === st.ino) continue;
      work.push({ path: s.path, st, cwd: s.cwd, row });
    }
    // Files gone from the dirs just listed leave the index.
    const under = (path: string) => prefixes.length === 0 || prefixes.some((d) => path.startsWith(d));
    const gone = [...rows.values()].filter((r) => !live.has(r.path) && under(r.path));
    if (gone.length > 0) db.transaction(() => gone.forEach((r) => w.drop(r.fid)))();
    // Files listed and left out keep the stat they had before the catalog judged them.
    const skipped: [string, FileStat][] = [];
    listed.paths.forEach((path, i) => {
      const st = listed.statAt(i);
      if (st && !live.has(path)) skipped.push([path, st]);
    });
    const stale = (db.prepare("SELECT path FROM skipped").pluck().all() as string[]).filter((p) => !listed.has(p) && under(p));
    w.recordSkipped(listed.paths, skipped, stale);

    const stats = { files: live.size, updated: 0, bytesRead: 0, added: 0 };
    // Bytes to read per file: what it grew by when it can resume (a guess until canResume says so), else all of it.
    const todo = work.map(({ st, row }) => Math.max(0, st.size - (row && !isGzipPath(row.path) && row.resume <= st.size ? row.resume : 0)));
    const totalBytes = todo.reduce((a, b) => a + b, 0);
    let doneBytes = 0;
    opts.onProgress?.(0, totalBytes, 0, work.length);
    for (let i = 0; i < work.length; i++) {
      if (opts.signal?.aborted) throw new IndexAborted();
      const { path, st, cwd, row } = work[i];
      const inFile = (read: number) => opts.onProgress?.(doneBytes + Math.min(todo[i], read), totalBytes, i, work.length);
      try {
        if (!row || !(await canResume(row, st))) w.reset(path, cwd);
        // Another agent's session: claimed by its place, or (copied elsewhere) told by its first lines.
        const other = dialectOf(path) ?? (isGzipPath(path) ? undefined : sniffDialect(path));
        const r = other ? await indexDialectFile(w, path, st, cwd, tools) : await indexFile(w, path, st, cwd, tools, opts.signal, inFile);
        stats.updated++;
        stats.added += r.added;
        stats.bytesRead += r.bytes;
      } catch (err) {
        if (err instanceof Damaged) {
          // Its entries leave the index; it is tried again when its stat changes.
          w.leaveOut(path, { dev: st.dev, ino: st.ino, size: st.size, mtime: st.mtimeMs });
          stats.files--;
        } else if (!(err instanceof Overtaken)) throw err;
      }
      doneBytes += todo[i];
      opts.onProgress?.(doneBytes, totalBytes, i + 1, work.length);
    }
    w.name(named);
    // Remembered only when what was indexed is exactly the listing checked before (no file changed meanwhile).
    const after = freshCount(db, listed, prefixes);
    if (after !== null) rememberFresh(db, key, listed, after);
    return { ...stats, db };
  } catch (err) {
    // A cancelled or failed run leaves what it committed; the caller gets no handle.
    db.close();
    throw err;
  }
}
