// The one reader of pi's and omp's lines (docs/session-format.md §2–6a). Every
// route reads a pi or omp file through it: the tree (tree/load.ts), the list
// row and the catalog's saved state (list/catalog-scan.ts, with the figures'
// tap), and the search documents (search/indexer.ts). It decides, once per
// line: blank or not, the title slot, the header and its version, a second
// header, the entry's id and parent (v1 ids by position, §3), hookMessage as
// custom (v2), the first user message, the names session_info and
// title_change set, and omp's marks; each route is a sink told the result.
//
// A line is read from its head (entry-head.ts) when the head says all that is
// needed and the line ends with "}"; else it is parsed, once, and the parse is
// shared with the sink. A sink that wants every entry parsed (the tree) says
// so (`parseAll`), and the head is not read at all.
import { OMP_ONLY_TYPES, isOmpFile, isTitleSlot, ompByHeader } from "./omp-marks.js";
import { headOf, headerVersion, lastByte, newEntryHead, readEntryHead, type EntryHead } from "./entry-head.js";
import { hookAsCustom, v1Id } from "./migrate.js";
import { piSessionName } from "./name.js";
import { isBlank } from "../../line-bytes.js";
import { wordsOf } from "../../json-check.js";
import { messageText } from "../../message-text.js";
import { parseLine, parseObject, parseRecord } from "../../parse-line.js";
import { leanEntry } from "../../native-scan.js";

type Json = Record<string, unknown>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Entry types the scanner reads in full: the names they set, omp's `model_change {model}`. */
const SCAN_PARSE_TYPES: ReadonlySet<string> = new Set(["session_info", "title_change", "model_change"]);

/** omp's title slot, as the first line holds it. */
export interface PiSlot {
  title: string;
  source: string | undefined;
  updatedAt: string | undefined;
  /** Byte range of the slot's line (without its newline). */
  start: number;
  end: number;
}

/** What the scanner has decided about a file so far: enough to continue after a line (save/restore). */
export interface PiScanState {
  /** The session header (a resumed scan may hold only the fields it saved). */
  header: Json | null;
  version: number;
  slot: PiSlot | null;
  /** Byte range of the header's line. */
  headerStart: number;
  headerEnd: number;
  /** A title slot, an omp-only entry, omp's `model_change {model}` or a header title: omp's marks in the file. */
  omp: boolean;
  /** The first user message's text (null: none with text yet). */
  firstMessage: string | null;
  /** The name of the last session_info (null: none, or one that cleared it). */
  sessionInfoName: string | null;
  /** The last non-empty title_change title. */
  titleChangeName: string | null;
  /** v1 files: entries given an id so far, and the last one (the next entry's parent). */
  v1Count: number;
  v1Last: string | null;
}

/**
 * One entry after the header, as the scanner decided it. The object is the
 * scanner's, filled again for each entry (one object per line was a good
 * part of a cold listing's garbage): a sink copies what it keeps.
 */
export interface PiEntry {
  /** The head read from the bytes, or filled from the parse (its role as written). */
  readonly head: EntryHead;
  readonly type: string;
  /** The entry's id (a v1 entry's is given by position); "" when a v1 scan gives no ids. */
  readonly id: string;
  readonly parentId: string | null;
  /** message entries: the role, hookMessage read as custom in files before v3. */
  readonly role: string | undefined;
  /** The name a session_info or title_change entry sets ("" for none). */
  readonly name: string | undefined;
  readonly line: number;
  readonly offset: number;
  readonly length: number;
}

/** Why a file is not a session file, as found before its header. */
export interface NotSession {
  line: number;
  /** The first entry's type (null: it has none). */
  type: string | null;
  /** It is a session header, but without an id. */
  noId: boolean;
}

/** A route reading through the scanner. */
export interface PiSink {
  /** The header line (hash its bytes here when needed). */
  header?(obj: Json, buf: Buffer, start: number, end: number): void;
  /** Whether an entry with this head needs its line parsed (the scanner's own needs aside). */
  wants?(head: EntryHead): boolean;
  entry(e: PiEntry, scan: PiLineScanner): void;
  /** A line the tree reports and leaves out. */
  warn?(line: number, message: string): void;
  /** Not a session file: the scan stops. */
  notSession?(why: NotSession): void;
}

export interface PiScanOptions {
  /** Parse every entry (the tree): the head is not read. */
  parseAll?: boolean;
  /** Cut long nested strings before parsing (the tree's previews, read/parse-line.ts). */
  cut?: boolean;
  /** Give v1 entries their ids (the tree and search); without, a v1 entry's id is "". */
  v1Ids?: boolean;
  /**
   * With `cut`: a message line the native scanner vouches for is given as a
   * lean entry (read/native-scan.ts: type, ids, timestamp, the message's
   * role and content text, its strings cut after this many UTF-16 units),
   * not parsed; the scanner's `lean` tells which. For a sink that reads only
   * those, no further than that (the tree's `tree --json` load, describePreview).
   */
  lean?: number;
}

export function newPiScanState(): PiScanState {
  return { header: null, version: 1, slot: null, headerStart: -1, headerEnd: -1, omp: false, firstMessage: null, sessionInfoName: null, titleChangeName: null, v1Count: 0, v1Last: null };
}

/** One pass over a pi or omp file's lines, or over those appended since a saved state. */
export class PiLineScanner {
  state: PiScanState;
  /** v1 ids given so far (kept only with `v1Ids`), in file order. */
  v1Ids: string[] = [];
  private v1Seen = new Set<string>();
  /** A line that was not blank was seen. */
  sawLine = false;
  /** Not a session file: nothing more to read. */
  stop = false;
  private readonly head = newEntryHead();
  private readonly current: Mutable<PiEntry>;
  private readonly parseAll: boolean;
  private readonly cut: boolean;
  private readonly giveV1Ids: boolean;
  /** PiScanOptions.lean (0: none). */
  private readonly leanKeep: number;
  /** The current line's `parsed` is a lean entry (PiScanOptions.lean), not its parse. */
  lean = false;

  // The current line, parsed at most once and only when needed.
  buf: Buffer = Buffer.alloc(0);
  start = 0;
  end = 0;
  parsed: Json | null | undefined;
  /** The current line is JSON but not an object (parsed is null then too). */
  private notObject = false;
  /** The current buffer's words, for cutting long strings (json-check.ts wordsOf). */
  private words: Int32Array | null = null;

  constructor(
    private readonly sink: PiSink,
    opts: PiScanOptions = {},
    state: PiScanState = newPiScanState(),
  ) {
    this.parseAll = opts.parseAll ?? false;
    this.cut = opts.cut ?? false;
    this.giveV1Ids = opts.v1Ids ?? false;
    this.leanKeep = this.cut ? (opts.lean ?? 0) : 0;
    this.current = { head: this.head, type: "", id: "", parentId: null, role: undefined, name: undefined, line: 0, offset: 0, length: 0 };
    this.state = state;
    if (state.header !== null) this.sawLine = true;
  }

  /** The state to keep, for a scan that continues later (restore with `PiLineScanner.restore`). */
  save(): PiScanState {
    return { ...this.state, slot: this.state.slot && { ...this.state.slot } };
  }

  /** A scanner that continues from `state` (and, with v1 ids, the ids given so far). */
  static restore(sink: PiSink, opts: PiScanOptions, state: PiScanState, v1Ids: readonly string[] = []): PiLineScanner {
    const s = new PiLineScanner(sink, opts, { ...state, slot: state.slot && { ...state.slot } });
    if (opts.v1Ids) {
      s.v1Ids = v1Ids.slice(0, state.v1Count);
      for (const id of s.v1Ids) s.v1Seen.add(id);
    }
    return s;
  }

  get header(): Json | null {
    return this.state.header;
  }

  get version(): number {
    return this.state.version;
  }

  /** Whether the file is omp's: its marks, else its place (omp-marks.ts). */
  isOmp(file: string): boolean {
    return isOmpFile(file, this.state.omp);
  }

  /** The session's name by the lines read (piSessionName). */
  name(): string | null {
    const s = this.state;
    return piSessionName(s.slot?.title, s.sessionInfoName, s.titleChangeName, s.header?.title);
  }

  /** The current line's object (null: not JSON, or not an object); parsed once. */
  parse(): Json | null {
    if (this.parsed === undefined) {
      if (this.leanKeep > 0 && this.state.header !== null) {
        const e = leanEntry(this.buf, this.start, this.end, this.leanKeep);
        if (e !== null) {
          this.lean = true;
          return (this.parsed = e);
        }
      }
      this.parsed = this.parseLineHere();
    }
    return this.parsed;
  }

  /** The current line's parse, when what `parse` gave was a lean entry (a sink that needs more of it). */
  parseWhole(): Json | null {
    if (!this.lean) return this.parse();
    this.lean = false;
    return (this.parsed = this.parseLineHere());
  }

  /** Parses the current line (cut or whole, as the options say): its object, or null (and notObject when it is JSON but no object). */
  private parseLineHere(): Json | null {
    let v: unknown;
    try {
      v = this.cut ? parseLine(this.buf, this.start, this.end, this.wordsOf(this.buf)) : parseRecord(this.buf, this.start, this.end);
    } catch {
      return null;
    }
    this.notObject = !(v !== null && typeof v === "object" && !Array.isArray(v));
    return this.notObject ? null : (v as Json);
  }

  private wordsOf(buf: Buffer): Int32Array {
    if (this.words === null || this.words.buffer !== buf.buffer) this.words = wordsOf(buf);
    return this.words;
  }

  line(buf: Buffer, start: number, end: number, offset: number, lineNo: number, terminated = true): void {
    if (start >= end || isBlank(buf, start, end)) return;
    this.sawLine = true;
    this.buf = buf;
    this.start = start;
    this.end = end;
    this.parsed = undefined;
    this.notObject = false;
    this.lean = false;
    if (this.state.header === null) {
      this.beforeHeader(offset, lineNo, terminated);
      return;
    }
    const f = this.head;
    const st = this.state;
    let ok = !this.parseAll && lastByte(buf, start, end) === 0x7d && readEntryHead(buf, start, end, f);
    if (ok) {
      const needsIds = st.version >= 2 && (f.id === undefined || f.parentId === undefined);
      const needsRole = f.type === "message" && (f.role === undefined || (f.role === "user" && st.firstMessage === null));
      // v1 ids count the lines the parse keeps: every route giving them parses every line, as the tree does.
      const v1Ids = st.version < 2 && this.giveV1Ids;
      // A line damaged past its head (a bit flip, a NUL, a bad byte outside a string) is seen only by a parse:
      // checking every byte for NULs and bad UTF-8 cost the cold list 9–14% of its CPU, so the head is trusted.
      if (needsIds || needsRole || v1Ids || SCAN_PARSE_TYPES.has(f.type) || this.sink.wants?.(f)) ok = false;
    }
    if (!ok) {
      const obj = this.parse();
      if (obj === null) {
        this.sink.warn?.(lineNo, this.notObject ? "not a JSON object, skipped" : terminated ? "not valid JSON, skipped" : "truncated last line (not valid JSON), skipped");
        return;
      }
      headOf(obj, f);
    }
    this.entry(f, offset, lineNo);
  }

  private beforeHeader(offset: number, lineNo: number, terminated: boolean): void {
    const obj = this.parse();
    const st = this.state;
    if (obj === null) {
      this.sink.warn?.(lineNo, this.notObject ? "not a JSON object, skipped" : terminated ? "not valid JSON, skipped" : "truncated last line (not valid JSON), skipped");
      return;
    }
    const length = this.end - this.start;
    if (isTitleSlot(obj, lineNo) && st.slot === null) {
      st.omp = true;
      st.slot = {
        title: typeof obj.title === "string" ? obj.title : "",
        source: typeof obj.source === "string" ? obj.source : undefined,
        updatedAt: typeof obj.updatedAt === "string" ? obj.updatedAt : undefined,
        start: offset,
        end: offset + length,
      };
      return;
    }
    const type = typeof obj.type === "string" ? obj.type : null;
    if (type !== "session" || typeof obj.id !== "string") {
      this.stop = true;
      this.sink.notSession?.({ line: lineNo, type, noId: type === "session" });
      return;
    }
    st.header = obj;
    st.version = headerVersion(obj);
    st.headerStart = offset;
    st.headerEnd = offset + length;
    if (ompByHeader(obj)) st.omp = true;
    if (st.version > 3) this.sink.warn?.(lineNo, `session version ${st.version} is newer than this tool knows; read as version 3`);
    this.sink.header?.(obj, this.buf, this.start, this.end);
  }

  private entry(f: EntryHead, offset: number, lineNo: number): void {
    const st = this.state;
    const type = f.type;
    if (type === "session") {
      this.sink.warn?.(lineNo, "a second session header, skipped");
      return;
    }
    let id: string;
    let parentId: string | null;
    if (st.version < 2) {
      if (this.giveV1Ids) {
        id = v1Id(String(st.header!.id), st.v1Count, this.v1Seen);
        this.v1Ids.push(id);
      } else id = "";
      parentId = st.v1Last;
      st.v1Last = id || null;
      st.v1Count++;
    } else {
      if (f.id === undefined || f.id === "") {
        this.sink.warn?.(lineNo, `"${type}" entry without an id, left out of the tree`);
        return;
      }
      id = f.id;
      parentId = f.parentId ?? null;
    }
    if (OMP_ONLY_TYPES.has(type)) st.omp = true;
    let role: string | undefined;
    let name: string | undefined;
    if (type === "message") {
      role = f.role;
      if (role === "hookMessage" && st.version < 3) {
        role = "custom";
        if (this.parsed) hookAsCustom(this.parsed, st.version);
      }
      if (role === "user" && st.firstMessage === null) {
        // The exact text, even when the line was parsed with its long strings cut.
        const obj = this.cut ? parseObject(this.buf, this.start, this.end) : this.parse();
        const text = obj ? messageText(obj.message) : "";
        if (text !== "") st.firstMessage = text;
      }
    } else if (SCAN_PARSE_TYPES.has(type)) {
      const obj = this.parse()!;
      if (type === "session_info") {
        name = typeof obj.name === "string" ? obj.name.trim() : "";
        st.sessionInfoName = name !== "" ? name : null;
      } else if (type === "title_change") {
        name = typeof obj.title === "string" ? obj.title.trim() : "";
        if (name !== "") st.titleChangeName = name;
      } else if (typeof obj.model === "string") st.omp = true;
    }
    const e = this.current;
    e.type = type;
    e.id = id;
    e.parentId = parentId;
    e.role = role;
    e.name = name;
    e.line = lineNo;
    e.offset = offset;
    e.length = this.end - this.start;
    this.sink.entry(e, this);
  }

  /** Sets the title slot's text after the slot was rewritten in place (as omp renames). */
  setSlotTitle(title: string): void {
    if (this.state.slot) this.state.slot.title = title;
  }
}
