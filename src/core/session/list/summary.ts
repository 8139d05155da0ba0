// A session's listing facts (ids, counts, name, times) from one streaming pass
// that does not JSON.parse every line: listing thousands of sessions must cost
// little more than reading their bytes. pi and omp write every entry as
// {"type":…,"id":…,"parentId":…,"timestamp":…,"message":{"role":… so a line's
// first bytes give what the list needs (entry-head.ts); a line whose head does
// not have that shape is parsed in full, so the shortcut never changes a result.
import { OMP_ONLY_TYPES } from "../read/omp-marks.js";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Dialect } from "../model.js";
import { isGzipPath, scanLines } from "../read/lines.js";
import { lastByte, newEntryHead, readEntryHead, tailTimestamp, type EntryHead, headOf, messageText, isBlank } from "../read/entry-head.js";
import { parseObject } from "../read/parse-line.js";
import { isoOrNull, validTime } from "../read/time.js";
import { readSessionHeader } from "../read/header.js";
import type { AgentId, Dialect as AgentDialect } from "../read/dialect-api.js";
import { dialectOf } from "../read/dialect-of.js";
import { loadDialectSession } from "../tree/load-dialect.js";
import { stampOf } from "../../fs/stat.js";
import type { Session } from "../model.js";

/** One row of `ls --json` (see spec/cli.md). */
export interface SessionSummary {
  /** Absolute path of the file. */
  path: string;
  /** Header id ("" for an invalid file). */
  id: string;
  /** Header cwd ("" when missing or invalid). */
  cwd: string;
  /** Session name per the spec's precedence, or null. */
  name: string | null;
  /** Text of the first user message with text ("" when none). */
  firstMessage: string;
  /** `message` entries in the tree. */
  messageCount: number;
  /** Entries in the tree (header and title slot excluded, earlier duplicate ids left out). */
  entryCount: number;
  /** Leaves of the tree: entries with no children (1 for a linear session, 0 when empty). */
  branchCount: number;
  /** Labels in force after replay, on entries that exist. */
  labelCount: number;
  /** Header timestamp as found (file mtime when the header has none or the file is invalid). */
  created: string;
  /** Newest user/assistant message time, else header time, else file mtime (ISO). */
  modified: string;
  /** File size in bytes, as stored on disk. */
  size: number;
  parentSession: string | null;
  /** pi and omp files: their dialect; "unknown" for an invalid file and for other agents' sessions. */
  dialect: Dialect;
  /** The agent that wrote it (the dialect that claims its path, else pi or omp by its content). */
  agent: AgentId;
  valid: boolean;
  /** One line saying why the file is not a session file. */
  error?: string;
}

// Entry types whose few fields the summary needs in full.
const PARSE_TYPES = new Set(["label", "session_info", "title_change", "model_change"]);

type Json = Record<string, unknown>;





/** Accumulates what one pass over a session's lines tells the list. */
class SummaryScan {
  header: Json | null = null;
  error: string | undefined;
  sawLine = false;
  titleSlot: string | null = null;
  omp = false;
  linear = false;
  // Tree mode: one slot per entry with an id, in file order.
  ids: string[] = [];
  parents: (string | null)[] = [];
  /** Parent index when the parent is the entry just before (the usual case), else -2: look it up. */
  parentGuess: number[] = [];
  isMessage: boolean[] = [];
  index = new Map<string, number>();
  duplicates = false;
  // Linear (v1) mode.
  linearEntries = 0;
  linearMessages = 0;
  labelOps: [string, string | null][] = [];
  sessionInfoName: string | null | undefined;
  titleChangeName: string | null = null;
  firstMessage: string | null = null;
  lastActivity = 0;
  stop = false;
  private head = newEntryHead();

  line(buf: Buffer, start: number, end: number, lineNo: number): void {
    if (start >= end || isBlank(buf, start, end)) return;
    this.sawLine = true;
    if (this.header === null) {
      this.beforeHeader(buf, start, end, lineNo);
      return;
    }
    this.buf = buf;
    this.start = start;
    this.end = end;
    this.full = undefined;

    const f = this.head;
    // A line that does not end with "}" is truncated or garbage: JSON.parse judges it.
    let ok = lastByte(buf, start, end) === 0x7d && readEntryHead(buf, start, end, f);
    if (ok) {
      const needsTree = !this.linear && (f.id === undefined || f.parentId === undefined);
      const needsRole = f.type === "message" && f.role === undefined;
      if (needsTree || needsRole || PARSE_TYPES.has(f.type)) ok = false;
    }
    if (!ok) {
      const obj = this.parse();
      if (obj === null) return; // not JSON: skipped, as the loader skips it
      headOf(obj, f);
    }
    this.entry(f);
  }

  // The current line, parsed at most once and only when needed.
  private buf: Buffer = Buffer.alloc(0);
  private start = 0;
  private end = 0;
  private full: Json | null | undefined;
  private parse(): Json | null {
    if (this.full === undefined) this.full = parseObject(this.buf, this.start, this.end);
    return this.full;
  }

  private beforeHeader(buf: Buffer, start: number, end: number, lineNo: number): void {
    const obj = parseObject(buf, start, end);
    if (obj === null) return; // garbage before the header is skipped like any bad line
    if (obj.type === "title" && lineNo === 1) {
      this.omp = true;
      this.titleSlot = typeof obj.title === "string" ? obj.title : "";
      return;
    }
    if (obj.type === "session" && typeof obj.id === "string") {
      this.header = obj;
      const v = obj.version;
      this.linear = typeof v !== "number" || v < 2;
      return;
    }
    const t = typeof obj.type === "string" ? obj.type : "no type";
    this.error = `not a session file: first entry is ${JSON.stringify(t).slice(0, 40)}, not a session header`;
    this.stop = true;
  }

  private entry(f: EntryHead): void {
    const { type } = f;
    if (type === "session") return; // a repeated header is not an entry (pi drops it too)
    if (this.linear) {
      this.linearEntries++;
    } else {
      const id = f.id;
      if (id === undefined || id === "") return; // an entry without an id is left out of the tree
      const i = this.ids.length;
      const parent = f.parentId ?? null;
      this.ids.push(id);
      this.parents.push(parent);
      this.parentGuess.push(parent === null || parent === id ? -1 : i > 0 && parent === this.ids[i - 1] ? i - 1 : -2);
      this.isMessage.push(type === "message");
      const size = this.index.size;
      this.index.set(id, i);
      if (this.index.size === size) this.duplicates = true;
    }
    if (OMP_ONLY_TYPES.has(type)) this.omp = true;

    if (type === "message") {
      if (this.linear) this.linearMessages++;
      const role = f.role === "hookMessage" ? "custom" : f.role;
      if (role === "user" && this.firstMessage === null) {
        const obj = this.parse();
        const text = obj ? messageText(obj.message) : "";
        if (text !== "") this.firstMessage = text;
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
        this.labelOps.push([obj.targetId, label]);
      }
    } else if (type === "session_info") {
      this.sessionInfoName = typeof obj.name === "string" && obj.name.trim() !== "" ? obj.name.trim() : null;
    } else if (type === "title_change") {
      if (typeof obj.title === "string" && obj.title.trim() !== "") this.titleChangeName = obj.title.trim();
    } else if (type === "model_change") {
      if (typeof obj.model === "string") this.omp = true;
    }
  }

  /** Newest activity: the message's epoch-ms timestamp, else the entry's ISO one (as pi does). */
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

  /** Entries, messages and leaves of the tree, after duplicate ids and cycles are resolved as §5 says. */
  treeCounts(): { entries: number; messages: number; leaves: number; existing: (id: string) => boolean } {
    if (this.linear) {
      const n = this.linearEntries;
      return { entries: n, messages: this.linearMessages, leaves: n > 0 ? 1 : 0, existing: () => false };
    }
    const { ids, parents, index: last } = this;
    const n = ids.length;
    const parentIdx = new Int32Array(n);
    const kept = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      // The later of duplicate ids wins; a parent id names its last occurrence.
      if (this.duplicates && last.get(ids[i]) !== i) continue;
      kept[i] = 1;
      const guess = this.parentGuess[i];
      if (guess >= 0 && !this.duplicates) parentIdx[i] = guess;
      else if (guess === -1) parentIdx[i] = -1;
      else parentIdx[i] = last.get(parents[i] as string) ?? -1;
    }
    // Break each parent loop at its member that comes first in the file.
    const state = new Uint8Array(n); // 0 unseen, 1 on the current walk, 2 done
    const walk: number[] = [];
    for (let i = 0; i < n; i++) {
      if (!kept[i] || state[i] !== 0) continue;
      walk.length = 0;
      let cur = i;
      while (cur !== -1 && state[cur] === 0) {
        state[cur] = 1;
        walk.push(cur);
        cur = parentIdx[cur];
      }
      if (cur !== -1 && state[cur] === 1) {
        let first = cur;
        for (let k = walk.indexOf(cur); k < walk.length; k++) if (walk[k] < first) first = walk[k];
        parentIdx[first] = -1;
      }
      for (const w of walk) state[w] = 2;
    }
    const hasChild = new Uint8Array(n);
    let entries = 0;
    let messages = 0;
    for (let i = 0; i < n; i++) {
      if (!kept[i]) continue;
      entries++;
      if (this.isMessage[i]) messages++;
      if (parentIdx[i] !== -1) hasChild[parentIdx[i]] = 1;
    }
    let leaves = 0;
    for (let i = 0; i < n; i++) if (kept[i] && !hasChild[i]) leaves++;
    return { entries, messages, leaves, existing: (id) => last.has(id) };
  }

  labelCount(existing: (id: string) => boolean): number {
    const labels = new Map<string, string>();
    for (const [target, label] of this.labelOps) {
      if (label === null) labels.delete(target);
      else labels.set(target, label);
    }
    let n = 0;
    for (const target of labels.keys()) if (existing(target)) n++;
    return n;
  }

  name(): string | null {
    if (this.titleSlot) return this.titleSlot;
    if (this.sessionInfoName) return this.sessionInfoName;
    if (this.titleChangeName) return this.titleChangeName;
    const t = this.header?.title;
    return typeof t === "string" && t !== "" ? t : null;
  }
}

/** A read error as a listing row words it. */
export function unreadable(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const msg = e?.message ?? String(err);
  return `cannot read: ${msg}`.replace(/\s+/g, " ").slice(0, 200);
}


// Read buffers, reused across files: a fresh 1 MB buffer per file costs page
// faults and GC work that show when listing thousands of sessions.
const CHUNK = 1 << 20;
const bufferPool: Buffer[] = [];
const takeBuffer = (): Buffer => bufferPool.pop() ?? Buffer.allocUnsafe(CHUNK);
const giveBuffer = (b: Buffer): void => {
  if (bufferPool.length < 16) bufferPool.push(b);
};

/** A summary with nothing known yet: not valid until a header is read. */
export function emptySummary(path: string, size = 0, mtime = ""): SessionSummary {
  return {
    path,
    id: "",
    cwd: "",
    name: null,
    firstMessage: "",
    messageCount: 0,
    entryCount: 0,
    branchCount: 0,
    labelCount: 0,
    created: mtime,
    modified: mtime,
    size,
    parentSession: null,
    dialect: "unknown",
    agent: "pi",
    valid: false,
  };
}

/** The listing facts of one session file; never throws (an unreadable file is `valid: false`). */
export async function summarizeSession(file: string): Promise<SessionSummary> {
  const path = resolve(file);
  const d = dialectOf(path);
  if (d) return summarizeDialectSession(path, d);
  const base = emptySummary(path);
  let mtime: string;
  try {
    const st = await stat(path);
    if (st.isDirectory()) return { ...base, error: "is a directory" };
    base.size = st.size;
    mtime = st.mtime.toISOString();
    base.created = base.modified = mtime;
  } catch (err) {
    return { ...base, error: unreadable(err) };
  }
  const scan = new SummaryScan();
  const gzip = isGzipPath(path);
  const buffer = takeBuffer();
  try {
    await scanLines(path, (buf, start, end, _offset, lineNo) => scan.line(buf, start, end, lineNo), {
      gzip,
      // The size just stat'ed: bytes an agent appends meanwhile wait for the next listing.
      end: gzip ? undefined : base.size,
      shouldStop: () => scan.stop,
      buffer,
    });
  } catch (err) {
    return { ...base, error: unreadable(err) };
  } finally {
    giveBuffer(buffer);
  }
  const header = scan.header;
  if (header === null) {
    const error = scan.error ?? (scan.sawLine ? "not a session file: no session header" : "not a session file: empty file");
    return { ...base, error };
  }
  const tree = scan.treeCounts();
  const headerTime = typeof header.timestamp === "string" ? Date.parse(header.timestamp) : NaN;
  return {
    ...base,
    id: header.id as string,
    cwd: typeof header.cwd === "string" ? header.cwd : "",
    name: scan.name(),
    firstMessage: scan.firstMessage ?? "",
    messageCount: tree.messages,
    entryCount: tree.entries,
    branchCount: tree.leaves,
    labelCount: scan.labelCount(tree.existing),
    created: typeof header.timestamp === "string" ? header.timestamp : mtime,
    modified: isoOrNull(scan.lastActivity) ?? isoOrNull(headerTime) ?? mtime,
    parentSession: typeof header.parentSession === "string" ? header.parentSession : null,
    dialect: scan.omp ? "omp" : "pi",
    agent: scan.omp ? "omp" : "pi",
    valid: true,
  };
}

/**
 * The listing row of another agent's session, from the tree its dialect's
 * entries make (load-dialect.ts): the same counts a pi file's row gives.
 */
async function summarizeDialectSession(path: string, d: AgentDialect): Promise<SessionSummary> {
  const base = { ...emptySummary(path), agent: d.agent };
  let mtime: string;
  try {
    const st = stampOf(path);
    if (st === null) return { ...base, error: "cannot read: no such file" };
    if (!st.isFile) return { ...base, error: "is a directory" };
    base.size = st.size;
    mtime = new Date(Math.round(st.mtimeMs)).toISOString();
    base.created = base.modified = mtime;
  } catch (err) {
    return { ...base, error: unreadable(err) };
  }
  let s: Session;
  try {
    s = await loadDialectSession(path, d);
  } catch (err) {
    return { ...base, error: unreadable(err) };
  }
  return { ...base, ...sessionCounts(s, mtime) };
}

/** A loaded session's listing facts. */
function sessionCounts(s: Session, mtime: string): Partial<SessionSummary> {
  let firstMessage = "";
  let messages = 0;
  let leaves = 0;
  let last = 0;
  const cs = s.topology!.childStart;
  s.entries.forEach((e, i) => {
    if (cs[i + 1] === cs[i]) leaves++;
    if (e.type !== "message") return;
    messages++;
    if (e.role !== "user" && e.role !== "assistant") return;
    const t = Date.parse(e.timestamp);
    if (t > last && validTime(t)) last = t;
    if (e.role === "user" && firstMessage === "") {
      const held = s.held?.get(e.id);
      firstMessage = held ? messageText((JSON.parse(held) as Json).message) : "";
    }
  });
  const created = typeof s.header.timestamp === "string" && s.header.timestamp !== "" ? s.header.timestamp : mtime;
  return {
    id: String(s.header.id ?? ""),
    cwd: typeof s.header.cwd === "string" ? s.header.cwd : "",
    name: s.name,
    firstMessage,
    messageCount: messages,
    entryCount: s.entries.length,
    branchCount: leaves,
    labelCount: s.labels.size,
    created,
    modified: isoOrNull(last) ?? (created !== mtime ? isoOrNull(Date.parse(created)) : null) ?? mtime,
    parentSession: typeof s.header.parentSession === "string" ? s.header.parentSession : null,
    valid: true,
  };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * The listing rows of `files` read without the catalog (null for those whose
 * header cwd is not `cwd`, when given), in the same order.
 */
export async function scanSummaries(files: string[], cwd: string | undefined, limit: number): Promise<(SessionSummary | null)[]> {
  return mapLimit(files, limit, async (file) => {
    if (cwd !== undefined) {
      // Most sessions belong to other projects: a head read rules them out.
      const header = await readSessionHeader(file);
      if (header === null) return null;
      if (header !== undefined && !(typeof header.cwd === "string" && sameDir(header.cwd, cwd))) return null;
    }
    const s = await summarizeSession(file);
    if (cwd !== undefined && !(s.valid && sameDir(s.cwd, cwd))) return null;
    return s;
  });
}

function sameDir(a: string, b: string): boolean {
  return a === b || resolve(a) === resolve(b);
}
