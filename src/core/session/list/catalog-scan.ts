// The session-list scan of pi and omp files (summary.ts and the catalog read
// through it), in a form that can stop, be saved, and continue: session files only grow, so the
// catalog keeps a compact state per file and reads only the bytes appended
// since. A first scan keeps every id and parent (the tree may hold duplicate
// ids and parent loops that only the whole file resolves); the saved state
// keeps what appending needs: the set of ids (4 bytes for the usual 8-hex
// ones), the current leaves, the parent ids named before they existed, labels
// in force, names, first message and the newest activity. An appended entry
// that reuses an id or names one seen as a parent before could rewire the
// tree: the state refuses it (NeedsRescan) and the caller scans the file anew.
import { OMP_ONLY_TYPES, isOmpFile, ompByHeader, isTitleSlot } from "../read/omp-marks.js";
import { createHash } from "node:crypto";
import type { Session, SessionSummary } from "../model.js";
import type { FileStamp } from "../../fs/stat.js";
import { lastByte, newEntryHead, readEntryHead, tailTimestamp, type EntryHead, headOf, messageText, isBlank } from "../read/entry-head.js";
import { parseObject } from "../read/parse-line.js";
import { isoOrNull, validTime } from "../read/time.js";
import { ParentLinks } from "../tree/resolve.js";

type Json = Record<string, unknown>;

// Entry types whose few fields the summary needs in full.
const PARSE_TYPES: ReadonlySet<string> = new Set(["label", "session_info", "title_change", "model_change"]);

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

/** The hash that tells a header line is still the same bytes. */
export function hashBytes(b: Uint8Array): string {
  return createHash("sha1").update(b).digest("base64");
}

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
    const last = this.links.last;
    return { entries, messages, leaves, has: (id) => last.has(id) };
  }

  /** The tree in its saved form. */
  finish(): FrozenTree {
    const { ids, parents, last } = this.links;
    const { kept, entries, hasChild } = this.links.resolve();
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
      const h = hex8(ids[i]);
      if (h >= 0) at = hex.writeUInt32LE(h, at);
      else otherIds.push(ids[i]);
      if (!hasChild[i]) leaves.push(ids[i]);
    }
    // Parent ids that name no entry: an entry with one of these ids would adopt children.
    const dangling = new Set<string>();
    for (let i = 0; i < n; i++) {
      const p = parents[i];
      if (p !== null && p !== ids[i] && !last.has(p)) dangling.add(p);
    }
    return { entries, messages, hexIds: hex.toString("base64", 0, at), otherIds, leaves, dangling: [...dangling], has: (id) => last.has(id) };
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

/** One pass over a session's lines (or over the lines appended since a saved state). */
export class CatalogScan implements EntryLine {
  facts: Facts;
  private full: FullTree | null;
  private frozen: FrozenTree | null = null;
  private tree: CompactTree | null;
  private labels: Map<string, string>;
  error: string | undefined;
  sawLine = false;
  stop = false;
  private head = newEntryHead();

  constructor(
    saved?: SavedScan,
    private readonly tap: ScanTap | null = null,
  ) {
    if (saved) {
      this.facts = { ...saved.facts };
      this.labels = new Map(saved.facts.labels);
      this.full = null;
      this.tree = restoreTree(saved);
      this.sawLine = true;
    } else {
      this.facts = {
        header: null,
        linear: false,
        omp: false,
        titleSlot: null,
        slotStart: -1,
        slotEnd: -1,
        headerStart: -1,
        headerEnd: -1,
        headerHash: "",
        firstMessage: null,
        lastActivity: 0,
        sessionInfoName: null,
        titleChangeName: null,
        labels: [],
        linearEntries: 0,
        linearMessages: 0,
      };
      this.labels = new Map();
      this.full = new FullTree();
      this.tree = null;
    }
  }

  get valid(): boolean {
    return this.facts.header !== null;
  }

  get links(): ParentLinks | null {
    return this.full?.links ?? null;
  }

  /** A copy that can take more lines while this one stays as it is (for a trailing partial line). */
  fork(): CatalogScan {
    const c = new CatalogScan(this.save(0, 0), this.tap);
    c.sawLine = this.sawLine;
    c.error = this.error;
    c.stop = this.stop;
    return c;
  }

  line(buf: Buffer, start: number, end: number, offset: number, lineNo: number): void {
    if (start >= end || isBlank(buf, start, end)) return;
    this.sawLine = true;
    if (this.facts.header === null) {
      this.beforeHeader(buf, start, end, offset, lineNo);
      return;
    }
    this.buf = buf;
    this.start = start;
    this.end = end;
    this.parsed = undefined;
    const f = this.head;
    // A line that does not end with "}" is truncated or garbage: JSON.parse judges it.
    let ok = lastByte(buf, start, end) === 0x7d && readEntryHead(buf, start, end, f);
    if (ok) {
      const needsTree = !this.facts.linear && (f.id === undefined || f.parentId === undefined);
      const needsRole = f.type === "message" && f.role === undefined;
      if (needsTree || needsRole || PARSE_TYPES.has(f.type)) ok = false;
    }
    if (!ok) {
      const obj = this.parse();
      if (obj === null) return;
      headOf(obj, f);
    }
    this.entry(f);
  }

  // The current line, parsed at most once and only when needed (fields, not a closure per line).
  buf: Buffer = Buffer.alloc(0);
  start = 0;
  end = 0;
  parsed: Json | null | undefined;
  parse(): Json | null {
    if (this.parsed === undefined) this.parsed = parseObject(this.buf, this.start, this.end);
    return this.parsed;
  }

  private beforeHeader(buf: Buffer, start: number, end: number, offset: number, lineNo: number): void {
    const obj = parseObject(buf, start, end);
    if (obj === null) return;
    const facts = this.facts;
    if (isTitleSlot(obj, lineNo)) {
      facts.omp = true;
      facts.titleSlot = typeof obj.title === "string" ? obj.title : "";
      facts.slotStart = offset;
      facts.slotEnd = offset + (end - start);
      return;
    }
    if (obj.type === "session" && typeof obj.id === "string") {
      const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
      facts.header = {
        id: obj.id,
        cwd: str(obj.cwd) ?? "",
        timestamp: str(obj.timestamp),
        parentSession: str(obj.parentSession),
        title: str(obj.title),
      };
      const v = obj.version;
      facts.linear = typeof v !== "number" || v < 2;
      facts.headerStart = offset;
      facts.headerEnd = offset + (end - start);
      facts.headerHash = hashBytes(buf.subarray(start, end));
      if (ompByHeader(obj)) facts.omp = true;
      this.tap?.header(obj);
      return;
    }
    const t = typeof obj.type === "string" ? obj.type : "no type";
    this.error = `not a session file: first entry is ${JSON.stringify(t).slice(0, 40)}, not a session header`;
    this.stop = true;
  }

  private entry(f: EntryHead): void {
    const { type } = f;
    const facts = this.facts;
    if (type === "session") return;
    // Before the tree: an appended line the saved tree refuses (NeedsRescan) was still told.
    this.tap?.entry(f, this);
    if (facts.linear) {
      facts.linearEntries++;
    } else {
      const id = f.id;
      if (id === undefined || id === "") return;
      const parent = f.parentId ?? null;
      if (this.full) this.full.add(id, parent, type === "message");
      else this.compact().add(id, parent, type === "message");
    }
    if (OMP_ONLY_TYPES.has(type)) facts.omp = true;

    if (type === "message") {
      if (facts.linear) facts.linearMessages++;
      const role = f.role === "hookMessage" ? "custom" : f.role;
      if (role === "user" && facts.firstMessage === null) {
        const obj = this.parse();
        const text = obj ? messageText(obj.message) : "";
        if (text !== "") facts.firstMessage = text;
      }
      if (role === "user" || role === "assistant") this.activity(f);
      return;
    }
    if (!PARSE_TYPES.has(type)) return;
    const obj = this.parse();
    if (obj === null) return;
    if (type === "label") {
      if (typeof obj.targetId === "string") {
        const label = typeof obj.label === "string" && obj.label !== "" ? obj.label : null;
        if (label === null) this.labels.delete(obj.targetId);
        else this.labels.set(obj.targetId, label);
      }
    } else if (type === "session_info") {
      facts.sessionInfoName = typeof obj.name === "string" && obj.name.trim() !== "" ? obj.name.trim() : null;
    } else if (type === "title_change") {
      if (typeof obj.title === "string" && obj.title.trim() !== "") facts.titleChangeName = obj.title.trim();
    } else if (type === "model_change") {
      if (typeof obj.model === "string") facts.omp = true;
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
    if (t > this.facts.lastActivity && validTime(t)) this.facts.lastActivity = t;
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

  /** The state to save, for a later scan that starts at resumeOffset. */
  save(resumeOffset: number, resumeLine: number): SavedScan {
    let t: TreeFacts;
    if (this.facts.linear) t = { entries: 0, messages: 0, hexIds: "", otherIds: [], leaves: [], dangling: [] };
    else if (this.tree) {
      const c = this.tree;
      const hex = Buffer.allocUnsafe(c.ids.hex.size * 4);
      let at = 0;
      for (const h of c.ids.hex) at = hex.writeUInt32LE(h, at);
      t = { entries: c.entries, messages: c.messages, hexIds: hex.toString("base64"), otherIds: [...c.ids.other], leaves: [...c.leaves], dangling: [...c.dangling] };
    } else t = this.freeze()!;
    return {
      facts: { ...this.facts, labels: [...this.labels] },
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
    this.facts.titleSlot = title;
  }

  /**
   * The listing row. `base` carries path, size and the file's mtime; the
   * result is what summarizeSession gives for the same bytes.
   */
  summary(base: SessionSummary, mtime: string): SessionSummary {
    const facts = this.facts;
    const header = facts.header;
    if (header === null) {
      const error = this.error ?? (this.sawLine ? "not a session file: no session header" : "not a session file: empty file");
      return { ...base, error };
    }
    let entries: number;
    let messages: number;
    let leaves: number;
    let exists: (id: string) => boolean;
    if (facts.linear) {
      entries = facts.linearEntries;
      messages = facts.linearMessages;
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
    const headerTime = header.timestamp !== null ? Date.parse(header.timestamp) : NaN;
    // As the loader names the agent (omp-marks.ts): the file's marks, else its place.
    const agent = isOmpFile(base.path, facts.omp) ? "omp" : "pi";
    return {
      ...base,
      id: header.id,
      cwd: header.cwd,
      name: nameOf(facts),
      firstMessage: facts.firstMessage ?? "",
      messageCount: messages,
      entryCount: entries,
      branchCount: leaves,
      labelCount,
      created: header.timestamp ?? mtime,
      modified: isoOrNull(facts.lastActivity) ?? isoOrNull(headerTime) ?? mtime,
      parentSession: header.parentSession,
      agent,
      valid: true,
    };
  }
}

function nameOf(f: Facts): string | null {
  if (f.titleSlot) return f.titleSlot;
  if (f.sessionInfoName) return f.sessionInfoName;
  if (f.titleChangeName) return f.titleChangeName;
  const t = f.header?.title;
  return t ? t : null;
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
