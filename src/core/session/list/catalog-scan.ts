// The session-list scan of pi and omp files (summary.ts and the catalog read
// through it; each line is decided by pi's line scanner, read/dialects/pi/scanner.ts), in a form that can stop, be saved, and continue: session files only grow, so the
// catalog keeps a compact state per file and reads only the bytes appended
// since. A first scan keeps every id and parent (the tree may hold duplicate
// ids and parent loops that only the whole file resolves); the saved state
// keeps what appending needs: the set of ids (4 bytes for the usual 8-hex
// ones), the current leaves, the parent ids named before they existed, labels
// in force, names, first message and the newest activity. An appended entry
// that reuses an id or names one seen as a parent before could rewire the
// tree: the state refuses it (NeedsRescan) and the caller scans the file anew.
import { hashOf, quickHash } from "../../fs/hash.js";
import type { Session, SessionSummary } from "../model.js";
import type { FileStamp } from "../../fs/stat.js";
import { tailTimestamp, type EntryHead } from "../read/dialects/pi/entry-head.js";
import { isOmpFile } from "../read/dialects/pi/omp-marks.js";
import { PiLineScanner, type NotSession, type PiEntry, type PiScanState, type PiSink } from "../read/dialects/pi/scanner.js";
import { isoOrNull, validTime } from "../read/time.js";
import { ParentLinks } from "../tree/resolve.js";

type Json = Record<string, unknown>;

/** The line a tap is told of: its bytes, and its parse (made at most once, shared with the scan). */
export interface EntryLine {
  readonly buf: Buffer;
  readonly start: number;
  readonly end: number;
  parse(): Json | null;
  /** The parse, when the scan already made it (undefined: not parsed yet). */
  readonly parsed: Json | null | undefined;
  /**
   * The ids and parents of a first scan, in file order, the entry told of
   * about to be added at position `links.size`; null for a scan that keeps
   * none (a v1 file, a resumed state, a copy made for a trailing line).
   */
  readonly links: ParentLinks | null;
}

/**
 * Something that reads the same lines as the scan (stats' figures): told of
 * the session header and of every entry after it, so that one pass over the
 * bytes serves both.
 */
export interface ScanTap {
  header(obj: Json): void;
  entry(head: EntryHead, line: EntryLine): void;
}

/**
 * Taps for the files a listing scans whole (a resumed scan reads only the
 * bytes appended, which no tap can use): one opened per file (null: none),
 * closed with the file's listing row once its last line was read.
 */
export interface ScanTaps {
  open(path: string, stamp: FileStamp): ScanTap | null;
  close(path: string, tap: ScanTap, summary: SessionSummary): void | Promise<void>;
  /** Told of every other agent's session the listing loads whole: one load serves both. */
  dialect?: DialectTap;
  /** A worker thread that loads other agents' sessions too, for the dialect tap (catalog-parallel.ts). */
  worker?: DialectWorker;
}

/**
 * A worker that loads other agents' sessions kept as files of their own (not
 * in a database) beside the main thread in a cold listing
 * (catalog-parallel.ts serveClaims): for each, the listing row and what the
 * dialect tap would have made of the load, handed to adopt().
 */
export interface DialectWorker {
  /** Its bundle (null: none in this build, then the main thread loads every session). */
  readonly file: URL | null;
  /** Bytes to read before it pays for its start. */
  readonly minBytes: number;
  /** "auto" starts it while the last minute's load is under the cores' count and this (catalog-parallel.ts wantsWorker; absent: 1). */
  readonly loadMargin?: number;
  /** What the worker made of a session for the tap (its `extra`; null when it could not), as DialectTap.take would have. */
  adopt(path: string, extra: unknown): void | Promise<void>;
}

/** A tap on the sessions of other agents the listing loads whole (through their dialects). */
export interface DialectTap {
  /** Entries the listing's load holds too, as objects (DialectLoadOptions.holdObjects). */
  holdObjects(type: string, role: string | undefined): boolean;
  /** The loaded session, with the stamp of the file read, before its row is made. */
  take(session: Session, stamp: FileStamp): void | Promise<void>;
}

/** An appended entry could change the tree in ways the saved state cannot follow. */
export class NeedsRescan extends Error {}

/** The hash that tells a header line is still the same bytes (search's index keeps these). */
export function hashBytes(b: Uint8Array): string {
  return hashOf("sha1").update(b).digest("base64");
}

/** The same for the catalog's saved states (catalog-states.ts STATES_SCHEMA 2): no node:crypto in a cold listing's threads. */
export const headerHashOf = (b: Uint8Array): string => quickHash(b);

/** An 8-lowercase-hex id as a number (exact), else -1. */
function hex8(id: string): number {
  if (id.length !== 8) return -1;
  let n = 0;
  for (let i = 0; i < 8; i++) {
    const c = id.charCodeAt(i);
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (d < 0) return -1;
    n = n * 16 + d;
  }
  return n;
}

/** A set of entry ids: 8-hex ids as numbers (4 bytes when saved), others as strings. */
export class IdSet {
  readonly hex = new Set<number>();
  readonly other = new Set<string>();
  has(id: string): boolean {
    const n = hex8(id);
    return n >= 0 ? this.hex.has(n) : this.other.has(id);
  }
  add(id: string): void {
    const n = hex8(id);
    if (n >= 0) this.hex.add(n);
    else this.other.add(id);
  }
  get size(): number {
    return this.hex.size + this.other.size;
  }
  clone(): IdSet {
    const c = new IdSet();
    for (const h of this.hex) c.hex.add(h);
    for (const o of this.other) c.other.add(o);
    return c;
  }
}

/** Tree facts while the whole file is read: every id and parent, resolved at the end (§5, tree/resolve.ts). */
class FullTree {
  readonly links = new ParentLinks();
  private readonly isMessage: boolean[] = [];

  add(id: string, parent: string | null, message: boolean): void {
    this.links.add(id, parent);
    this.isMessage.push(message);
  }

  /** Entries, messages and leaves of the resolved tree, and which ids exist. */
  counts(): { entries: number; messages: number; leaves: number; has: (id: string) => boolean } {
    const { kept, entries, hasChild } = this.links.resolve();
    let messages = 0;
    let leaves = 0;
    for (let i = 0; i < kept.length; i++) {
      if (!kept[i]) continue;
      if (this.isMessage[i]) messages++;
      if (!hasChild[i]) leaves++;
    }
    const links = this.links;
    return { entries, messages, leaves, has: (id) => links.has(id) };
  }

  /** The tree in its saved form. */
  finish(): FrozenTree {
    const links = this.links;
    const { ids, parents } = links;
    const { kept, entries, hasChild, parent } = this.links.resolve();
    const n = ids.length;
    let messages = 0;
    // The saved form straight from the arrays: no per-id objects for thousands of files.
    const hex = Buffer.allocUnsafe(entries * 4);
    let at = 0;
    const otherIds: string[] = [];
    const leaves: string[] = [];
    for (let i = 0; i < n; i++) {
      if (!kept[i]) continue;
      if (this.isMessage[i]) messages++;
      // The key the links parsed as the id was added (the same 32 bits as hex8's number).
      const h = links.hexKeyAt(i);
      if (h !== null) {
        // little-endian, as writeUInt32LE writes it (without its checks, once per entry of thousands of files)
        hex[at] = h & 0xff;
        hex[at + 1] = (h >>> 8) & 0xff;
        hex[at + 2] = (h >>> 16) & 0xff;
        hex[at + 3] = h >>> 24;
        at += 4;
      } else otherIds.push(ids[i]);
      if (!hasChild[i]) leaves.push(ids[i]);
    }
    // Parent ids that name no entry: an entry with one of these ids would adopt children.
    const dangling = new Set<string>();
    for (let i = 0; i < n; i++) {
      // A resolved parent names an entry: only a root (or a left-out line) may name none.
      if (parent[i] >= 0) continue;
      const p = parents[i];
      if (p !== null && p !== ids[i] && !links.has(p)) dangling.add(p);
    }
    return { entries, messages, hexIds: hex.toString("base64", 0, at), otherIds, leaves, dangling: [...dangling], has: (id) => links.has(id) };
  }
}

/** A resolved tree in its saved form (and, right after a scan, a lookup of its ids). */
type TreeFacts = Pick<SavedScan, "entries" | "messages" | "hexIds" | "otherIds" | "leaves" | "dangling">;
type FrozenTree = TreeFacts & { has: (id: string) => boolean };

/** Tree facts that appending can update without the earlier entries. */
export class CompactTree {
  entries = 0;
  messages = 0;
  ids = new IdSet();
  leaves = new Set<string>();
  dangling = new Set<string>();

  add(id: string, parent: string | null, message: boolean): void {
    // A reused id replaces an entry; a forward-named id adopts children: only a rescan knows the tree.
    if (this.ids.has(id) || this.dangling.has(id)) throw new NeedsRescan(`id ${id} seen before`);
    this.ids.add(id);
    this.entries++;
    if (message) this.messages++;
    if (parent !== null && parent !== id) {
      if (!this.leaves.delete(parent) && !this.ids.has(parent)) this.dangling.add(parent);
    }
    this.leaves.add(id);
  }

  clone(): CompactTree {
    const c = new CompactTree();
    c.entries = this.entries;
    c.messages = this.messages;
    c.ids = this.ids.clone();
    c.leaves = new Set(this.leaves);
    c.dangling = new Set(this.dangling);
    return c;
  }
}

/** The header fields the list shows. */
interface HeaderFacts {
  id: string;
  cwd: string;
  timestamp: string | null;
  parentSession: string | null;
  title: string | null;
}

/** Everything but the tree, as saved between runs (JSON). */
interface Facts {
  header: HeaderFacts | null;
  linear: boolean;
  /** The header's version (pi/entry-head.ts headerVersion); absent in states saved before it was kept. */
  version?: number;
  omp: boolean;
  titleSlot: string | null;
  /** Byte range of the title slot line (without its newline), when the file has one. */
  slotStart: number;
  slotEnd: number;
  /** Byte range and hash of the header line: a resumed scan checks the file still starts the same. */
  headerStart: number;
  headerEnd: number;
  headerHash: string;
  firstMessage: string | null;
  lastActivity: number;
  sessionInfoName: string | null;
  titleChangeName: string | null;
  /** Labels in force: target → label. */
  labels: [string, string][];
  linearEntries: number;
  linearMessages: number;
}

/** The scan state saved per file: enough to continue at `resumeOffset`. */
export interface SavedScan {
  facts: Facts;
  entries: number;
  messages: number;
  /** 8-hex ids as little-endian uint32s, base64. */
  hexIds: string;
  otherIds: string[];
  leaves: string[];
  dangling: string[];
  resumeOffset: number;
  resumeLine: number;
}

/** The scanner's state from a saved one (the header as the fields the list keeps). */
function scanStateOf(f: Facts): PiScanState {
  const h = f.header;
  const header = h && { type: "session", id: h.id, cwd: h.cwd, timestamp: h.timestamp, parentSession: h.parentSession, title: h.title };
  const slot = f.titleSlot === null ? null : { title: f.titleSlot, source: undefined, updatedAt: undefined, start: f.slotStart, end: f.slotEnd };
  return {
    header,
    version: f.version ?? (f.linear ? 1 : 3),
    slot,
    headerStart: f.headerStart,
    headerEnd: f.headerEnd,
    omp: f.omp,
    firstMessage: f.firstMessage,
    sessionInfoName: f.sessionInfoName,
    titleChangeName: f.titleChangeName,
    v1Count: 0,
    v1Last: null,
  };
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/**
 * One pass over a session's lines (or over the lines appended since a saved
 * state): a sink of pi's line scanner (read/dialects/pi/scanner.ts), which
 * decides each line; this keeps the list row's counts, labels and activity.
 */
export class CatalogScan implements EntryLine, PiSink {
  private readonly scan: PiLineScanner;
  private headerHash: string;
  private lastActivity: number;
  private linearEntries: number;
  private linearMessages: number;
  private full: FullTree | null;
  private frozen: FrozenTree | null = null;
  private tree: CompactTree | null;
  private labels: Map<string, string>;
  error: string | undefined;

  constructor(
    saved?: SavedScan,
    private readonly tap: ScanTap | null = null,
  ) {
    if (saved) {
      const f = saved.facts;
      this.scan = new PiLineScanner(this, {}, scanStateOf(f));
      this.headerHash = f.headerHash;
      this.lastActivity = f.lastActivity;
      this.linearEntries = f.linearEntries;
      this.linearMessages = f.linearMessages;
      this.labels = new Map(f.labels);
      this.full = null;
      this.tree = restoreTree(saved);
    } else {
      // The scanner's defaults: heads where they say enough, exact parses (labels, names, the figures' lines).
      this.scan = new PiLineScanner(this);
      this.headerHash = "";
      this.lastActivity = 0;
      this.linearEntries = 0;
      this.linearMessages = 0;
      this.labels = new Map();
      this.full = new FullTree();
      this.tree = null;
    }
  }

  get valid(): boolean {
    return this.scan.header !== null;
  }

  get stop(): boolean {
    return this.scan.stop;
  }

  get sawLine(): boolean {
    return this.scan.sawLine;
  }

  private get linear(): boolean {
    return this.scan.version < 2;
  }

  get links(): ParentLinks | null {
    return this.full?.links ?? null;
  }

  // The current line, as the scanner holds it (parsed at most once, shared with a tap).
  get buf(): Buffer {
    return this.scan.buf;
  }
  get start(): number {
    return this.scan.start;
  }
  get end(): number {
    return this.scan.end;
  }
  get parsed(): Json | null | undefined {
    return this.scan.parsed;
  }
  parse(): Json | null {
    return this.scan.parse();
  }

  /** A copy that can take more lines while this one stays as it is (for a trailing partial line). */
  fork(): CatalogScan {
    const c = new CatalogScan(this.save(0, 0), this.tap);
    c.scan.sawLine = this.scan.sawLine;
    c.scan.stop = this.scan.stop;
    c.error = this.error;
    return c;
  }

  line(buf: Buffer, start: number, end: number, offset: number, lineNo: number): void {
    this.scan.line(buf, start, end, offset, lineNo);
  }

  // The scanner's sink.

  header(obj: Json, buf: Buffer, start: number, end: number): void {
    this.headerHash = headerHashOf(buf.subarray(start, end));
    this.tap?.header(obj);
  }

  wants(head: EntryHead): boolean {
    return head.type === "label";
  }

  notSession(why: NotSession): void {
    this.error = `not a session file: first entry is ${JSON.stringify(why.type ?? "no type").slice(0, 40)}, not a session header`;
  }

  entry(e: PiEntry): void {
    const { type, head } = e;
    // Before the tree: an appended line the saved tree refuses (NeedsRescan) was still told.
    this.tap?.entry(head, this);
    if (this.linear) this.linearEntries++;
    else if (this.full) this.full.add(e.id, e.parentId, type === "message");
    else this.compact().add(e.id, e.parentId, type === "message");
    if (type === "message") {
      if (this.linear) this.linearMessages++;
      if (e.role === "user" || e.role === "assistant") this.activity(head);
      return;
    }
    if (type !== "label") return;
    const obj = this.parse()!;
    if (typeof obj.targetId === "string") {
      const label = typeof obj.label === "string" && obj.label !== "" ? obj.label : null;
      if (label === null) this.labels.delete(obj.targetId);
      else this.labels.set(obj.targetId, label);
    }
  }

  private activity(f: EntryHead): void {
    const buf = this.buf;
    let t = tailTimestamp(buf, this.start, this.end);
    if (Number.isNaN(t)) {
      const obj = this.parse();
      const msg = obj?.message as Json | undefined;
      if (msg && typeof msg.timestamp === "number") t = msg.timestamp;
      else if (typeof obj?.timestamp === "string") t = Date.parse(obj.timestamp);
      else if (f.tsStart >= 0) t = Date.parse(buf.toString("latin1", f.tsStart, f.tsEnd));
    }
    // an out-of-range time (a Date cannot hold it) is skipped: the others still count
    if (t > this.lastActivity && validTime(t)) this.lastActivity = t;
  }

  /** Resolves the tree of a first scan (once). */
  private freeze(): FrozenTree | null {
    if (this.full) {
      this.frozen = this.full.finish();
      this.full = null;
    }
    return this.frozen;
  }

  /** The tree that takes appended entries (built from the resolved one when first needed). */
  private compact(): CompactTree {
    const frozen = this.freeze();
    if (!this.tree) {
      this.tree = restoreTree(frozen!);
      this.frozen = null;
    }
    return this.tree;
  }

  /** The saved form of what the scanner decided, and of this sink's counts. */
  private facts(): Facts {
    const st = this.scan.state;
    const h = st.header;
    return {
      header: h && { id: String(h.id), cwd: str(h.cwd) ?? "", timestamp: str(h.timestamp), parentSession: str(h.parentSession), title: str(h.title) },
      linear: this.linear,
      version: st.version,
      omp: st.omp,
      titleSlot: st.slot ? st.slot.title : null,
      slotStart: st.slot ? st.slot.start : -1,
      slotEnd: st.slot ? st.slot.end : -1,
      headerStart: st.headerStart,
      headerEnd: st.headerEnd,
      headerHash: this.headerHash,
      firstMessage: st.firstMessage,
      lastActivity: this.lastActivity,
      sessionInfoName: st.sessionInfoName,
      titleChangeName: st.titleChangeName,
      labels: [...this.labels],
      linearEntries: this.linearEntries,
      linearMessages: this.linearMessages,
    };
  }

  /** The state to save, for a later scan that starts at resumeOffset. */
  save(resumeOffset: number, resumeLine: number): SavedScan {
    let t: TreeFacts;
    if (this.linear) t = { entries: 0, messages: 0, hexIds: "", otherIds: [], leaves: [], dangling: [] };
    else if (this.tree) {
      const c = this.tree;
      const hex = Buffer.allocUnsafe(c.ids.hex.size * 4);
      let at = 0;
      for (const h of c.ids.hex) at = hex.writeUInt32LE(h, at);
      t = { entries: c.entries, messages: c.messages, hexIds: hex.toString("base64"), otherIds: [...c.ids.other], leaves: [...c.leaves], dangling: [...c.dangling] };
    } else t = this.freeze()!;
    return {
      facts: this.facts(),
      entries: t.entries,
      messages: t.messages,
      hexIds: t.hexIds,
      otherIds: t.otherIds,
      leaves: t.leaves,
      dangling: t.dangling,
      resumeOffset,
      resumeLine,
    };
  }

  /** Sets the title slot's text after the slot was rewritten in place (as omp renames). */
  setTitleSlot(title: string): void {
    this.scan.setSlotTitle(title);
  }

  /**
   * The listing row. `base` carries path, size and the file's mtime; the
   * result is what summarizeSession gives for the same bytes. `isDir` looks
   * for an agent dir's marks (a listing of many sessions remembers them).
   */
  summary(base: SessionSummary, mtime: string, isDir?: (p: string) => boolean): SessionSummary {
    const st = this.scan.state;
    const header = st.header;
    if (header === null) {
      const error = this.error ?? (this.sawLine ? "not a session file: no session header" : "not a session file: empty file");
      return { ...base, error };
    }
    let entries: number;
    let messages: number;
    let leaves: number;
    let exists: (id: string) => boolean;
    if (this.linear) {
      entries = this.linearEntries;
      messages = this.linearMessages;
      leaves = entries > 0 ? 1 : 0;
      exists = () => false;
    } else if (this.tree) {
      const t = this.tree;
      entries = t.entries;
      messages = t.messages;
      leaves = t.leaves.size;
      exists = (id) => t.ids.has(id);
    } else if (this.full) {
      // A listing without a saved state needs only the counts, not the saved form.
      const t = this.full.counts();
      entries = t.entries;
      messages = t.messages;
      leaves = t.leaves;
      exists = t.has;
    } else {
      const t = this.frozen!;
      entries = t.entries;
      messages = t.messages;
      leaves = t.leaves.length;
      exists = t.has;
    }
    let labelCount = 0;
    for (const target of this.labels.keys()) if (exists(target)) labelCount++;
    const created = str(header.timestamp);
    const headerTime = created !== null ? Date.parse(created) : NaN;
    // As the loader names the agent (omp-marks.ts): the file's marks, else its place (`isDir`: a listing's, remembering its dirs).
    const agent = (isDir ? isOmpFile(base.path, st.omp, isDir) : this.scan.isOmp(base.path)) ? "omp" : "pi";
    return {
      ...base,
      id: String(header.id),
      cwd: str(header.cwd) ?? "",
      name: this.scan.name(),
      firstMessage: st.firstMessage ?? "",
      messageCount: messages,
      entryCount: entries,
      branchCount: leaves,
      labelCount,
      created: created ?? mtime,
      modified: isoOrNull(this.lastActivity) ?? isoOrNull(headerTime) ?? mtime,
      parentSession: str(header.parentSession),
      agent,
      valid: true,
    };
  }
}

function restoreTree(saved: TreeFacts): CompactTree {
  const t = new CompactTree();
  t.entries = saved.entries;
  t.messages = saved.messages;
  const raw = Buffer.from(saved.hexIds, "base64");
  for (let i = 0; i + 4 <= raw.length; i += 4) t.ids.hex.add(raw.readUInt32LE(i));
  for (const id of saved.otherIds) t.ids.other.add(id);
  t.leaves = new Set(saved.leaves);
  t.dangling = new Set(saved.dangling);
  return t;
}

/** A saved state read back from disk, or null when it does not have the expected shape. */
export function checkSaved(v: unknown): SavedScan | null {
  if (v === null || typeof v !== "object") return null;
  const s = v as SavedScan;
  const ok =
    typeof s.facts === "object" &&
    s.facts !== null &&
    typeof s.entries === "number" &&
    typeof s.messages === "number" &&
    typeof s.hexIds === "string" &&
    Array.isArray(s.otherIds) &&
    Array.isArray(s.leaves) &&
    Array.isArray(s.dangling) &&
    Array.isArray(s.facts.labels) &&
    typeof s.resumeOffset === "number" &&
    typeof s.resumeLine === "number";
  return ok ? s : null;
}
