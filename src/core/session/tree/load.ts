// Loads a session file into a Session: one streaming pass, every line read
// through pi's line scanner (read/dialects/pi/scanner.ts, which decides
// header, slot, version, ids and names), keeping only what the tree and the
// list need (docs/session-format.md §2–5).
import { resolve } from "node:path";
import { SessionError } from "../../errors.js";
import { scanLines, isGzipPath } from "../read/lines.js";
import { entryMeta } from "./entry-meta.js";
import { describeEntry, describePreview, PREVIEW_TEXT_UNITS } from "./describe.js";
import { PreviewJson } from "./preview-json.js";
import { loadDialectSession, type DialectLoadOptions } from "./load-dialect.js";
import { dialectFor, dialectOf, sniffDialect } from "../read/dialect-of.js";
import { stampOf } from "../../fs/stat.js";
import { buildTree, type NameFacts } from "./build.js";
import { isOmpFile } from "../read/dialects/pi/omp-marks.js";
import { PiLineScanner, newPiScanState, type PiScanOptions, type PiScanState, type PiSink } from "../read/dialects/pi/scanner.js";
import type { EntryMeta, Session, TitleSlot, Warning } from "../model.js";
import { envSlot } from "../../env.js";
import { promises as fsp } from "node:fs";

/** The tree reads every entry whole, long nested strings cut (previews only), v1 entries given their ids. */
const TREE_SCAN: PiScanOptions = { parseAll: true, cut: true, v1Ids: true };
/** `tree --json`'s load (LoadOptions.previewJson): message lines the native scanner vouches for are not parsed (read/native-scan.ts). */
const PREVIEW_SCAN: PiScanOptions = { ...TREE_SCAN, lean: PREVIEW_TEXT_UNITS };
/** The same without cutting: every line parsed exactly (the reference the fast path is tested against). */
const EXACT_SCAN: PiScanOptions = { parseAll: true, cut: false, v1Ids: true };

/** Everything a refresh needs to continue where the last read stopped. */
interface Progress {
  file: string;
  gzip: boolean;
  /** Every line parsed exactly, nothing cut (loadSessionExact). */
  exact?: boolean;
  /** The scanner's state after every line read, and before the last line when it was incomplete (a refresh reads it again). */
  scan: PiScanState;
  resume: PiScanState;
  v1Ids: string[];
  all: EntryMeta[];
  facts: NameFacts;
  warnings: Warning[];
  /** The file's place marks it omp's (looked up once). */
  ompPlace?: boolean;
  pendingKept: { meta: EntryMeta; index: number }[];
  /** LoadOptions.previewJson: where the previews go instead of the metas. */
  previews?: PreviewJson;
  size: number;
  resumeOffset: number;
  resumeLine: number;
}

const progress = envSlot(() => new WeakMap<Session, Progress>());

export interface LoadOptions extends DialectLoadOptions {
  /**
   * A pi or omp session loaded for `tree --json` and nothing else: previews
   * kept as that JSON's bytes (Session.previewJson, EntryMeta.previewAt), the
   * metas' `preview` and `summary` "" and no tools; it cannot be refreshed.
   * Another agent's session loads as always.
   */
  previewJson?: boolean;
}

/**
 * A session: another agent's through the dialect that claims its path
 * (load-dialect.ts), else a pi or omp file, read here.
 */
export async function loadSession(file: string, opts?: LoadOptions): Promise<Session> {
  return load(file, opts, false);
}

/**
 * loadSession with every pi or omp line parsed whole and exactly: what the
 * tree's fast path (long strings cut in the bytes before parsing) must give
 * the same answers as (test/core/session/tree-fast-path.test.ts).
 */
export async function loadSessionExact(file: string): Promise<Session> {
  return load(file, undefined, true);
}

async function load(file: string, opts: LoadOptions | undefined, exact: boolean, upTo?: number): Promise<Session> {
  const abs = resolve(file);
  const d = dialectOf(abs);
  if (d) return loadDialectSession(abs, d, opts);
  let size: number;
  try {
    const st = await fsp.stat(abs);
    if (!st.isFile()) throw new SessionError(`${file}: not a file`);
    size = st.size;
  } catch (err) {
    if (err instanceof SessionError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new SessionError(code === "ENOENT" ? `${file}: no such file` : `${file}: cannot read (${code ?? String(err)})`);
  }
  const p: Progress = {
    file: abs,
    gzip: isGzipPath(abs),
    exact,
    scan: newPiScanState(),
    resume: newPiScanState(),
    v1Ids: [],
    all: [],
    facts: { names: new Map() },
    warnings: [],
    pendingKept: [],
    ...(opts?.previewJson ? { previews: new PreviewJson() } : {}),
    size: 0,
    resumeOffset: 0,
    resumeLine: 1,
  };
  try {
    await readMore(p, p.gzip ? undefined : (upTo ?? size));
    if (!p.scan.header) throw new SessionError(`${file}: not a session file (${size === 0 ? "empty file" : "no session header"})`);
  } catch (err) {
    // Not pi's or omp's: another agent's transcript outside its usual place, when its first bytes say so.
    const other = err instanceof SessionError && !p.gzip ? sniffDialect(abs) : undefined;
    if (other) return loadDialectSession(abs, other);
    throw err;
  }
  return finish(p);
}

/**
 * The start of a big pi or omp session: the whole lines in its first `bytes`,
 * as a Session a refresh continues from (refreshSession reads the rest). Its
 * leaf is only the last entry read so far: the caller says so, or waits for
 * the rest. Null when the file is not worth reading in two steps: no bigger
 * than `bytes`, gzip'd, another agent's, or no line ends in that stretch.
 * Throws as loadSession does for a file that is not a session.
 */
export async function loadSessionStart(file: string, bytes: number): Promise<Session | null> {
  const abs = resolve(file);
  if (dialectOf(abs) || isGzipPath(abs)) return null;
  const st = await fsp.stat(abs).catch(() => null);
  if (!st?.isFile() || st.size <= bytes) return null;
  const end = await lineEndBefore(abs, bytes);
  if (end <= 0) return null;
  return load(abs, undefined, false, end);
}

/** Just past the last "\n" in the file's first `bytes`, or 0 when none ends in the last 64 KB of them. */
async function lineEndBefore(file: string, bytes: number): Promise<number> {
  const from = Math.max(0, bytes - (1 << 16));
  const fh = await fsp.open(file, "r");
  try {
    const buf = Buffer.allocUnsafe(bytes - from);
    const { bytesRead } = await fh.read(buf, 0, buf.length, from);
    const nl = buf.subarray(0, bytesRead).lastIndexOf(10);
    return nl < 0 ? 0 : from + nl + 1;
  } finally {
    await fh.close();
  }
}

export interface RefreshOptions {
  /** Awaited before each chunk is read, with the offset reached (a caller gives way to keys, or shows how far it got). */
  beforeRead?: (offset: number) => Promise<void>;
}

/**
 * Reads what was appended since `s` was loaded. Returns `s` itself when the
 * file did not change, else a new Session (the old one stays valid).
 */
export async function refreshSession(s: Session, opts: RefreshOptions = {}): Promise<Session> {
  if (s.held) {
    // Another agent's session: read again whole when its source changed.
    const d = dialectFor(s.agent);
    const st = d ? stampOf(s.file) : null;
    return d && st && st.size !== s.size ? loadDialectSession(s.file, d) : s;
  }
  const prev = progress().get(s);
  if (!prev || prev.gzip) return s;
  let size: number;
  try {
    size = (await fsp.stat(prev.file)).size;
  } catch {
    return s;
  }
  if (size === prev.size) return s;
  if (size < prev.size) return loadSession(prev.file); // replaced or rewritten by its owner
  // Continue from the start of the last incomplete line; forget what it gave.
  const p: Progress = {
    ...prev,
    scan: prev.resume,
    all: prev.all.filter((e) => e.offset < prev.resumeOffset),
    warnings: prev.warnings.filter((w) => w.line < prev.resumeLine),
    facts: { names: new Map(prev.facts.names) },
    v1Ids: prev.v1Ids.slice(0, prev.resume.v1Count),
    pendingKept: [],
  };
  await readMore(p, size, opts.beforeRead);
  return finish(p);
}

async function readMore(p: Progress, end: number | undefined, beforeRead?: (offset: number) => Promise<void>): Promise<void> {
  const startAt = p.resumeOffset;
  const sink: PiSink = {
    warn: (line, message) => p.warnings.push({ line, message }),
    notSession: ({ line, type, noId }) => {
      if (noId) throw new SessionError(`${p.file}: not a session file (the session header has no id)`);
      throw new SessionError(`${p.file}: not a session file (line ${line} is "${type || "untyped"}", expected a session header)`);
    },
    entry: (e, scan) => {
      let obj = scan.parsed!;
      let meta = entryMeta(obj, e.type, e.id, e.parentId, e.line, e.offset, e.length, p.facts, p.previews ? describePreview : describeEntry);
      // An assistant's message without text: its preview is its calls' or its error's, which a lean entry leaves out.
      if (scan.lean && meta.preview === "" && meta.role === "assistant") {
        obj = scan.parseWhole()!;
        meta = entryMeta(obj, e.type, e.id, e.parentId, e.line, e.offset, e.length, p.facts, describePreview);
      }
      if (p.previews) {
        meta.previewAt = p.previews.add(meta.preview);
        meta.preview = meta.summary = "";
      }
      if (e.type === "compaction" && scan.version < 2 && typeof obj.firstKeptEntryIndex === "number") {
        p.pendingKept.push({ meta, index: obj.firstKeptEntryIndex });
      }
      p.all.push(meta);
    },
  };
  const scanner = PiLineScanner.restore(sink, p.exact ? EXACT_SCAN : p.previews ? PREVIEW_SCAN : TREE_SCAN, p.scan, p.v1Ids);
  let resume: PiScanState | null = null;
  let reached = p.resumeOffset;
  const result = await scanLines(
    p.file,
    (buf, start, stop, offset, line, terminated) => {
      // A refresh reads an incomplete last line again: it continues from the state before it.
      if (!terminated) resume = scanner.save();
      scanner.line(buf, start, stop, offset, line, terminated);
      reached = offset + stop - start + 1;
    },
    { start: p.resumeOffset, startLine: p.resumeLine, end, gzip: p.gzip, beforeRead: beforeRead && (() => beforeRead(reached)) },
  );
  p.scan = scanner.save();
  p.resume = resume ?? p.scan;
  p.v1Ids = scanner.v1Ids;
  p.resumeOffset = result.resumeOffset;
  p.resumeLine = result.resumeLine;
  p.size = end ?? startAt + result.bytes;
  // Forward references of v1 compactions resolve once every id is known.
  for (const { meta, index } of p.pendingKept) meta.firstKeptEntryId = p.v1Ids[index - 1];
}

function finish(p: Progress): Session {
  const st = p.scan;
  const header = st.header!;
  const warnings = [...p.warnings];
  const slot: TitleSlot | null = st.slot && { title: st.slot.title, source: st.slot.source, updatedAt: st.slot.updatedAt, size: st.slot.end - st.slot.start + 1 };
  const tree = buildTree(p.all, p.facts, header, slot, warnings);
  // As every route names it (omp-marks.ts isOmpFile): the file's marks, else its place.
  const agent = st.omp || (p.ompPlace ??= isOmpFile(p.file, false)) ? "omp" : "pi";
  const s: Session = {
    file: p.file,
    gzip: p.gzip,
    agent,
    writable: true,
    version: st.version,
    header,
    titleSlot: slot,
    ...tree,
    firstMessage: st.firstMessage ?? "",
    warnings: warnings.sort((a, b) => a.line - b.line),
    size: p.size,
    resumeOffset: p.resumeOffset,
    resumeLine: p.resumeLine,
    ...(p.previews ? { previewJson: p.previews } : {}),
  };
  // (a session with its previews as bytes is made for one output, and is not refreshed)
  if (!p.previews) progress().set(s, p);
  return s;
}
