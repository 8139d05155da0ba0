// Streams a JSONL file line by line with byte offsets, never holding the file
// in one string. A line is handed to the callback as a byte range of a reused
// buffer, so callers decode only what they need.
// session files are opened as regular files only (a FIFO or a device in their place is refused, not waited on)
import { closeSync, read, readSync } from "node:fs";
import { promisify } from "node:util";
import { openRegular, openRegularSyncSized } from "../../fs/read-capped.js";
import { envSlot } from "../../env.js";

export interface LineSink {
  /**
   * One physical line, without its "\n" (and without a trailing "\r").
   * `offset` is the byte offset of the line's first byte in the (decompressed)
   * file; `line` is 1-based; `terminated` is false for a last line with no "\n".
   */
  (buf: Buffer, start: number, end: number, offset: number, line: number, terminated: boolean): void;
}

export interface ScanOptions {
  /** Byte offset to start at (must be the start of a line). Default 0. */
  start?: number;
  /** Line number of the line at `start`. Default 1. */
  startLine?: number;
  /** Stop at this byte offset (plain files). Default: the size at open. */
  end?: number;
  gzip?: boolean;
  /** Stop early: checked after each line. */
  shouldStop?: () => boolean;
  /**
   * A buffer to read into (its contents are overwritten). Callers that scan
   * many files reuse one per concurrent scan: a fresh 1 MB buffer per file
   * costs page faults and GC work that dominate listing thousands of files.
   */
  buffer?: Buffer;
  /** Awaited before each read of the file (none for the end of a plain file): a consumer that awaits between lines holds the scan here (lineBatches). */
  beforeRead?: () => Promise<void>;
  /**
   * Read every chunk blocking, the event loop given a turn now and then
   * between them (breathe), as a small file is read: for a scan of many
   * files, where the thread pool's round trips cost more than the reads.
   */
  blocking?: boolean;
  /**
   * Told of each run of lines read before the sink is given them: the bytes
   * [from, to) of the buffer they are then given in (their "\n"s included),
   * the lines of one read, or the last line when it has no "\n". A reader
   * may decode the run once instead of line by line (parse-line.ts RunParser).
   */
  run?: (buf: Buffer, from: number, to: number) => void;
}

export interface ScanResult {
  /** Offset just past the last "\n" seen: where a later scan resumes. */
  resumeOffset: number;
  /** Line number of the line at resumeOffset. */
  resumeLine: number;
  /** Bytes scanned. */
  bytes: number;
}

const CHUNK = 1 << 20;

// Read buffers, reused across files: a fresh 1 MB buffer per file costs page
// faults and GC work that show when listing thousands of sessions. A caller
// takes one per concurrent scan and gives it back when the scan is done.
const spareBuffers = envSlot((): Buffer[] => []);
export const takeScanBuffer = (): Buffer => spareBuffers().pop() ?? Buffer.allocUnsafe(CHUNK);
export const giveScanBuffer = (b: Buffer): void => {
  const spare = spareBuffers();
  if (spare.length < 16 && b.length === CHUNK) spare.push(b);
};

const readAsync = promisify(read);

/** When the event loop last had a turn during blocking reads, and the turn asked for, while one is. */
const turns = envSlot((): { at: number; pending: Promise<void> | null } => ({ at: performance.now(), pending: null }));
/** Longest run of blocking reads (and their lines' work) without a turn of the event loop, in ms. */
const TURN_MS = 15;

/**
 * A turn of the event loop now and then: small files read blocking, back to
 * back (a listing of thousands), would otherwise hold keys and frames until
 * the last one, where reads through the thread pool let them through. The
 * scans waiting on one turn share it: each does not get a run of its own.
 */
function breathe(): Promise<void> | undefined {
  const t = turns();
  if (t.pending === null && performance.now() - t.at >= TURN_MS) {
    t.pending = new Promise<void>((resolve) =>
      setImmediate(() => {
        t.at = performance.now();
        t.pending = null;
        resolve();
      }),
    );
  }
  return t.pending ?? undefined;
}

type Pull = (into: Buffer, at: number, max: number) => Promise<number>;

export function isGzipPath(file: string): boolean {
  return file.endsWith(".gz");
}

/** An error of gunzip itself (a truncated or corrupt archive), as opposed to one reading the file. */
export function isZlibError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("Z_");
}

export async function scanLines(file: string, sink: LineSink, opts: ScanOptions = {}): Promise<ScanResult> {
  const gzip = opts.gzip ?? isGzipPath(file);
  if (gzip) return scanGzip(file, sink, opts);
  const opened = openRegularSyncSized(file);
  const fd = opened.fd;
  try {
    const size = opts.end ?? opened.size;
    let pos = opts.start ?? 0;
    // What fits in one read is read blocking: for the many small files of a
    // listing, the thread pool's round trips cost more than the reads. A big
    // file is read in turns, so that the event loop runs between its chunks.
    const blocking = opts.blocking === true || size - pos <= CHUNK;
    const pull: Pull = async (into, at, max) => {
      const want = Math.min(max, size - pos);
      if (want <= 0) return 0;
      if (blocking) await breathe();
      // Asked only when there is something to read: a file read in one chunk asks once.
      if (opts.beforeRead) await opts.beforeRead();
      const bytesRead = blocking ? readSync(fd, into, at, want, pos) : (await readAsync(fd, into, at, want, pos)).bytesRead;
      pos += bytesRead;
      return bytesRead;
    };
    return await splitLines(pull, sink, opts);
  } finally {
    closeSync(fd);
  }
}

async function scanGzip(file: string, sink: LineSink, opts: ScanOptions): Promise<ScanResult> {
  // zlib is loaded only for a gzip file (loading it is a cost every listing would pay). Not by import(): a
  // bundle started from a V8 code cache (bin/omp-sessions) cannot import dynamically from cached code.
  const { createGunzip } = process.getBuiltinModule("node:zlib") as typeof import("node:zlib");
  const fh = await openRegular(file);
  const source = fh.createReadStream();
  const stream = source.pipe(createGunzip());
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let pending: Buffer | null = null;
  let skip = opts.start ?? 0;
  const pull: Pull = async (into, at, max) => {
    if (opts.beforeRead) await opts.beforeRead();
    for (;;) {
      if (!pending || pending.length === 0) {
        const next = await it.next();
        if (next.done) return 0;
        pending = next.value;
      }
      if (skip > 0) {
        const s = Math.min(skip, pending.length);
        pending = pending.subarray(s);
        skip -= s;
        continue;
      }
      const n = Math.min(max, pending.length);
      pending.copy(into, at, 0, n);
      pending = pending.subarray(n);
      return n;
    }
  };
  try {
    return await splitLines(pull, sink, opts);
  } finally {
    // A scan stopped early (or a damaged stream) leaves the file's stream unread: destroying the gunzip does not
    // reach it, and its handle would stay open until garbage collection (Node warns, and a long run could run out).
    // The file's stream closes the handle itself, and the handle's own close() returns at once while that close
    // is still under way (Node resolves it when the descriptor is marked closed): wait for the stream's 'close'.
    stream.destroy();
    const closed = source.closed ? null : new Promise<void>((resolve) => source.once("close", () => resolve()));
    source.destroy();
    await closed;
    await fh.close();
  }
}

async function splitLines(pull: Pull, sink: LineSink, opts: ScanOptions): Promise<ScanResult> {
  let buf = opts.buffer ?? Buffer.allocUnsafe(CHUNK);
  let filled = 0; // bytes valid in buf
  let lineStart = 0; // index in buf of the current line's first byte
  let base = opts.start ?? 0; // file offset of buf[0]
  let lineNo = opts.startLine ?? 1;
  let bytes = 0;
  let first = base === 0;
  let stopped = false;

  for (;;) {
    if (filled === buf.length) {
      if (lineStart > 0) {
        // Move the partial line to the front to make room.
        buf.copy(buf, 0, lineStart, filled);
        filled -= lineStart;
        base += lineStart;
        lineStart = 0;
      } else {
        // One line longer than the buffer: grow it.
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, filled);
        buf = bigger;
      }
    }
    const n = await pull(buf, filled, buf.length - filled);
    if (n === 0) break;
    let scanFrom = filled;
    filled += n;
    bytes += n;
    if (first && filled >= 3) {
      first = false;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
        lineStart = 3;
        scanFrom = Math.max(scanFrom, 3);
      }
    }
    // Search only the bytes read: the rest of a fresh buffer is untouched memory.
    const view = buf.subarray(0, filled);
    let nl = view.indexOf(10, scanFrom);
    if (opts.run && nl !== -1) opts.run(buf, lineStart, view.lastIndexOf(10) + 1);
    while (nl !== -1) {
      let end = nl;
      if (end > lineStart && buf[end - 1] === 13) end--;
      sink(buf, lineStart, end, base + lineStart, lineNo, true);
      lineNo++;
      lineStart = nl + 1;
      if (opts.shouldStop?.()) {
        stopped = true;
        break;
      }
      nl = view.indexOf(10, lineStart);
    }
    if (stopped) break;
  }
  const resumeOffset = base + lineStart;
  if (!stopped && lineStart < filled) {
    opts.run?.(buf, lineStart, filled);
    let end = filled;
    if (buf[end - 1] === 13) end--;
    sink(buf, lineStart, end, base + lineStart, lineNo, false);
  }
  return { resumeOffset, resumeLine: lineNo, bytes };
}

/** Ends a scan whose consumer stopped asking (lineBatches). */
class Abandoned extends Error {}

/**
 * scanLines as an async iterable: `take` maps each line (its bytes are valid
 * only during the call) to a value or undefined, and the values come out in
 * batches, one per chunk read. The scan reads no further until the batch
 * before has been taken; leaving the loop early ends the scan.
 */
export async function* lineBatches<T>(file: string, take: (...line: Parameters<LineSink>) => T | undefined, opts: ScanOptions = {}): AsyncGenerator<T[]> {
  let batch: T[] = [];
  let signal!: (done: boolean) => void;
  let turn = new Promise<boolean>((r) => (signal = r));
  let proceed: (() => void) | null = null;
  let abandoned = false;
  let failure: unknown = null;
  const beforeRead = (): Promise<void> => {
    if (abandoned) return Promise.reject(new Abandoned());
    if (batch.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      proceed = () => (abandoned ? reject(new Abandoned()) : resolve());
      signal(false);
    });
  };
  const sink: LineSink = (buf, start, end, offset, line, terminated) => {
    const v = take(buf, start, end, offset, line, terminated);
    if (v !== undefined) batch.push(v);
  };
  // A line's bytes live only during `take`, so the read buffer is the pool's (a dialect's source reads every file through here).
  const buffer = opts.buffer ?? takeScanBuffer();
  const scan = scanLines(file, sink, { ...opts, beforeRead, buffer }).then(
    () => signal(true),
    (err: unknown) => {
      if (!(err instanceof Abandoned)) failure = err;
      signal(true);
    },
  );
  try {
    for (;;) {
      const done = await turn;
      turn = new Promise<boolean>((r) => (signal = r));
      if (batch.length > 0) {
        const out = batch;
        batch = [];
        yield out;
      }
      if (done) break;
      const go = proceed as (() => void) | null;
      proceed = null;
      go?.();
    }
    if (failure !== null) throw failure;
  } finally {
    if (proceed) {
      abandoned = true;
      (proceed as () => void)();
    }
    await scan;
    if (buffer !== opts.buffer) giveScanBuffer(buffer);
  }
}

/** Reads up to `length` bytes of an open file from `offset` (fewer where the file ends first). */
export async function readAt(fh: Awaited<ReturnType<typeof openRegular>>, offset: number, length: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await fh.read(buf, got, length - got, offset + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got < length ? buf.subarray(0, got) : buf;
}

/** Reads the bytes [offset, offset+length) of a plain or gzip file as UTF-8. */
export async function readRange(file: string, offset: number, length: number, gzip = isGzipPath(file)): Promise<string> {
  if (!gzip) {
    const fh = await openRegular(file);
    try {
      return (await readAt(fh, offset, length)).toString("utf8");
    } finally {
      await fh.close();
    }
  }
  let text = "";
  await scanLines(
    file,
    (b, s, e) => {
      text = b.toString("utf8", s, e);
    },
    { gzip: true, start: offset, shouldStop: () => true },
  );
  return text.length > 0 ? text : "";
}
