// Loads a session file into a Session: one streaming pass, one JSON.parse per
// line, keeping only what the tree and the list need (docs/session-format.md §2–5).
import { OMP_ONLY_TYPES, isOmpFile, ompByHeader, isTitleSlot } from "../read/omp-marks.js";
import { resolve } from "node:path";
import { stat } from "node:fs/promises";
import { SessionError } from "../../errors.js";
import { scanLines, isGzipPath } from "../read/lines.js";
import { entryMeta } from "./entry-meta.js";
import { loadDialectSession, type DialectLoadOptions } from "./load-dialect.js";
import { dialectFor, dialectOf, sniffDialect } from "../read/dialect-of.js";
import { stampOf } from "../../fs/stat.js";
import { buildTree, type NameFacts } from "./build.js";
import { v1Id } from "../read/migrate.js";
import { parseLine } from "../read/parse-line.js";
import { messageText } from "../read/entry-head.js";
import type { EntryMeta, Session, TitleSlot, Warning } from "../model.js";
import { envSlot } from "../../env.js";

type Obj = Record<string, unknown>;

/** Everything a refresh needs to continue where the last read stopped. */
interface Progress {
  file: string;
  gzip: boolean;
  header: Obj | null;
  version: number;
  slot: TitleSlot | null;
  all: EntryMeta[];
  facts: NameFacts;
  warnings: Warning[];
  ompHints: boolean;
  /** The first user message's text (the title when there is no name, title.ts). */
  firstMessage: string;
  /** The header's or the file's place's omp marks, looked up once. */
  ompMarked?: boolean;
  /** v1: ids given so far in file order, and the set of them. */
  v1Ids: string[];
  v1Seen: Set<string>;
  pendingKept: { meta: EntryMeta; index: number }[];
  size: number;
  resumeOffset: number;
  resumeLine: number;
}

const progress = envSlot(() => new WeakMap<Session, Progress>());

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A session: another agent's through the dialect that claims its path
 * (load-dialect.ts), else a pi or omp file, read here.
 */
export async function loadSession(file: string, dialectOpts?: DialectLoadOptions): Promise<Session> {
  const abs = resolve(file);
  const d = dialectOf(abs);
  if (d) return loadDialectSession(abs, d, dialectOpts);
  let size: number;
  try {
    const st = await stat(abs);
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
    header: null,
    version: 1,
    slot: null,
    all: [],
    facts: { names: new Map() },
    warnings: [],
    ompHints: false,
    firstMessage: "",
    v1Ids: [],
    v1Seen: new Set(),
    pendingKept: [],
    size: 0,
    resumeOffset: 0,
    resumeLine: 1,
  };
  try {
    await readMore(p, p.gzip ? undefined : size);
    if (!p.header) throw new SessionError(`${file}: not a session file (${size === 0 ? "empty file" : "no session header"})`);
  } catch (err) {
    // Not pi's or omp's: another agent's transcript outside its usual place, when its first bytes say so.
    const other = err instanceof SessionError && !p.gzip ? sniffDialect(abs) : undefined;
    if (other) return loadDialectSession(abs, other);
    throw err;
  }
  return finish(p);
}

/**
 * Reads what was appended since `s` was loaded. Returns `s` itself when the
 * file did not change, else a new Session (the old one stays valid).
 */
export async function refreshSession(s: Session): Promise<Session> {
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
    size = (await stat(prev.file)).size;
  } catch {
    return s;
  }
  if (size === prev.size) return s;
  if (size < prev.size) return loadSession(prev.file); // replaced or rewritten by its owner
  // Continue from the start of the last incomplete line; forget what it gave.
  const p: Progress = {
    ...prev,
    all: prev.all.filter((e) => e.offset < prev.resumeOffset),
    warnings: prev.warnings.filter((w) => w.line < prev.resumeLine),
    facts: { names: new Map(prev.facts.names) },
    v1Ids: [...prev.v1Ids],
    v1Seen: new Set(prev.v1Seen),
    pendingKept: [],
  };
  if (p.v1Ids.length > p.all.length) p.v1Ids.length = p.all.length;
  await readMore(p, size);
  return finish(p);
}

async function readMore(p: Progress, end: number | undefined): Promise<void> {
  const startAt = p.resumeOffset;
  const result = await scanLines(
    p.file,
    (buf, start, stop, offset, line, terminated) => {
      // Skip blank lines without decoding them.
      let i = start;
      while (i < stop && (buf[i] === 32 || buf[i] === 9 || buf[i] === 13)) i++;
      if (i === stop) return;
      let obj: unknown;
      try {
        obj = parseLine(buf, start, stop);
      } catch {
        p.warnings.push({ line, message: terminated ? "not valid JSON, skipped" : "truncated last line (not valid JSON), skipped" });
        return;
      }
      take(p, obj, line, offset, stop - start);
    },
    { start: p.resumeOffset, startLine: p.resumeLine, end, gzip: p.gzip },
  );
  p.resumeOffset = result.resumeOffset;
  p.resumeLine = result.resumeLine;
  p.size = end ?? startAt + result.bytes;
  // Forward references of v1 compactions resolve once every id is known.
  for (const { meta, index } of p.pendingKept) meta.firstKeptEntryId = p.v1Ids[index - 1];
}

function take(p: Progress, obj: unknown, line: number, offset: number, length: number): void {
  if (!isObj(obj)) {
    p.warnings.push({ line, message: "not a JSON object, skipped" });
    return;
  }
  const type = typeof obj.type === "string" ? obj.type : "";
  if (!p.header) {
    if (isTitleSlot(obj, line) && p.slot === null && p.all.length === 0) {
      p.slot = {
        title: typeof obj.title === "string" ? obj.title : "",
        source: typeof obj.source === "string" ? obj.source : undefined,
        updatedAt: typeof obj.updatedAt === "string" ? obj.updatedAt : undefined,
        size: length + 1,
      };
      return;
    }
    if (type !== "session") {
      throw new SessionError(`${p.file}: not a session file (line ${line} is "${type || "untyped"}", expected a session header)`);
    }
    if (typeof obj.id !== "string") throw new SessionError(`${p.file}: not a session file (the session header has no id)`);
    p.header = obj;
    const v = obj.version;
    p.version = typeof v === "number" && Number.isFinite(v) ? v : 1;
    if (p.version > 3) p.warnings.push({ line, message: `session version ${p.version} is newer than this tool knows; read as version 3` });
    return;
  }
  if (type === "session") {
    p.warnings.push({ line, message: "a second session header, skipped" });
    return;
  }
  let id: string;
  let parentId: string | null;
  if (p.version < 2) {
    id = v1Id(String(p.header.id), p.v1Ids.length, p.v1Seen);
    parentId = p.v1Ids.length ? p.v1Ids[p.v1Ids.length - 1] : null;
    p.v1Ids.push(id);
  } else {
    if (typeof obj.id !== "string" || obj.id === "") {
      p.warnings.push({ line, message: `"${type}" entry without an id, left out of the tree` });
      return;
    }
    id = obj.id;
    parentId = typeof obj.parentId === "string" ? obj.parentId : null;
  }
  if (p.version < 3 && type === "message" && isObj(obj.message) && obj.message.role === "hookMessage") {
    obj.message = { ...obj.message, role: "custom" };
  }
  if (p.firstMessage === "" && type === "message" && isObj(obj.message) && obj.message.role === "user") p.firstMessage = messageText(obj.message);
  const meta = entryMeta(obj, type, id, parentId, line, offset, length, p.facts);
  if (type === "compaction" && p.version < 2 && typeof obj.firstKeptEntryIndex === "number") {
    p.pendingKept.push({ meta, index: obj.firstKeptEntryIndex });
  }
  if (!p.ompHints && (OMP_ONLY_TYPES.has(type) || (type === "model_change" && typeof obj.model === "string"))) p.ompHints = true;
  p.all.push(meta);
}

function finish(p: Progress): Session {
  const header = p.header!;
  const warnings = [...p.warnings];
  const tree = buildTree(p.all, p.facts, header, p.slot, warnings);
  p.ompMarked ??= isOmpFile(p.file, !!p.slot || p.ompHints || ompByHeader(header));
  const s: Session = {
    file: p.file,
    gzip: p.gzip,
    agent: p.slot || p.ompHints || p.ompMarked ? "omp" : "pi",
    writable: true,
    version: p.version,
    header,
    titleSlot: p.slot,
    ...tree,
    firstMessage: p.firstMessage,
    warnings: warnings.sort((a, b) => a.line - b.line),
    size: p.size,
    resumeOffset: p.resumeOffset,
    resumeLine: p.resumeLine,
  };
  progress().set(s, p);
  return s;
}
