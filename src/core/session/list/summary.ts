// A session's listing row (counts, name, times) from one streaming pass: the
// list's scan (catalog-scan.ts, which the catalog also saves and resumes) over
// a pi or omp file, or the tree of another agent's session (its dialect).
// Listing thousands of sessions must cost little more than reading their
// bytes: the scan reads most lines' leading fields straight from the bytes
// (entry-head.ts) and parses a line only when those do not say enough.
import { resolve } from "node:path";
import { isGzipPath, scanLines } from "../read/lines.js";
import { giveListBuffer, takeListBuffer } from "./scan-buffers.js";
import { isoOrNull, parseIsoTime, validTime } from "../read/time.js";
import { readSessionHeader } from "../read/dialects/pi/header.js";
import type { Dialect as AgentDialect } from "../read/dialect-api.js";
import { dialectOf, sniffDialect } from "../read/dialect-of.js";
import { loadDialectSession } from "../tree/load-dialect.js";
import { stampOf, virtualSource, type FileStamp } from "../../fs/stat.js";
import type { Session, SessionSummary } from "../model.js";
import { CatalogScan, type DialectTap } from "./catalog-scan.js";
import { mapLimit } from "../../map-limit.js";
import { inProject } from "../../fs/same-dir.js";
import { promises as fsp } from "node:fs";

export type { SessionSummary } from "../model.js";

/** A read error as a listing row words it. */
export function unreadable(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const msg = e?.message ?? String(err);
  return `cannot read: ${msg}`.replace(/\s+/g, " ").slice(0, 200);
}

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
    agent: "pi",
    valid: false,
  };
}

/**
 * The listing facts of one session file; never throws (an unreadable file is
 * `valid: false`). `tap` is told of another agent's loaded session. `st`: the
 * file's stamp as the caller (a listing) just took it, so that another
 * agent's file is not stat'ed twice more (its row, its load).
 */
export async function summarizeSession(file: string, tap?: DialectTap, st?: FileStamp): Promise<SessionSummary> {
  const path = resolve(file);
  const d = dialectOf(path);
  if (d) return summarizeDialectSession(path, d, tap, st);
  const base = emptySummary(path);
  let mtime: string;
  try {
    const st = await fsp.stat(path);
    if (st.isDirectory()) return { ...base, error: "is a directory" };
    base.size = st.size;
    mtime = st.mtime.toISOString();
    base.created = base.modified = mtime;
  } catch (err) {
    return { ...base, error: unreadable(err) };
  }
  const scan = new CatalogScan();
  const gzip = isGzipPath(path);
  const buffer = takeListBuffer();
  try {
    await scanLines(path, (buf, start, end, offset, lineNo) => scan.line(buf, start, end, offset, lineNo), {
      gzip,
      // The size just stat'ed: bytes an agent appends meanwhile wait for the next listing.
      end: gzip ? undefined : base.size,
      shouldStop: () => scan.stop,
      buffer,
    });
  } catch (err) {
    return { ...base, error: unreadable(err) };
  } finally {
    giveListBuffer(buffer);
  }
  const summary = scan.summary(base, mtime);
  if (summary.valid || gzip) return summary;
  // Not pi's or omp's: another agent's transcript outside its usual place, when its first bytes say so.
  const other = sniffDialect(path);
  return other ? summarizeDialectSession(path, other, tap) : summary;
}

/**
 * The listing row of another agent's session, from the tree its dialect's
 * entries make (load-dialect.ts): the same counts a pi file's row gives.
 */
async function summarizeDialectSession(path: string, d: AgentDialect, tap?: DialectTap, known?: FileStamp): Promise<SessionSummary> {
  const base = { ...emptySummary(path), agent: d.agent };
  let mtime: string;
  let st: FileStamp | null;
  try {
    st = known ?? stampOf(path);
    if (st === null) return { ...base, error: "cannot read: no such file" };
    if (!st.isFile) return { ...base, error: virtualSource(path) ? `${virtualSource(path)!.file} is not a regular file (a FIFO, a device or a folder): not read` : "is a directory" };
    base.size = st.size;
    mtime = new Date(Math.round(st.mtimeMs)).toISOString();
    base.created = base.modified = mtime;
  } catch (err) {
    return { ...base, error: unreadable(err) };
  }
  let s: Session;
  try {
    // The row reads only the user's messages (the first one's text): those are held, as objects; no entry's preview is shown.
    const holdObjects = tap ? (type: string, role: string | undefined) => isUserMessage(type, role) || tap.holdObjects(type, role) : isUserMessage;
    s = await loadDialectSession(path, d, { holdObjects, noPreviews: true, size: st.size });
  } catch (err) {
    return { ...base, error: unreadable(err) };
  }
  try {
    await tap?.take(s, st);
  } catch {
    // The tap's reading is its own: the row stands (stats reads the file again).
  }
  return { ...base, ...sessionCounts(s, mtime) };
}

const isUserMessage = (type: string, role: string | undefined): boolean => type === "message" && role === "user";

/** A loaded session's listing facts. */
function sessionCounts(s: Session, mtime: string): Partial<SessionSummary> {
  let messages = 0;
  let leaves = 0;
  let last = 0;
  const cs = s.topology.childStart;
  s.entries.forEach((e, i) => {
    if (cs[i + 1] === cs[i]) leaves++;
    if (e.type !== "message") return;
    messages++;
    if (e.role !== "user" && e.role !== "assistant") return;
    const t = parseIsoTime(e.timestamp);
    if (t > last && validTime(t)) last = t;
  });
  const created = typeof s.header.timestamp === "string" && s.header.timestamp !== "" ? s.header.timestamp : mtime;
  return {
    id: String(s.header.id ?? ""),
    cwd: typeof s.header.cwd === "string" ? s.header.cwd : "",
    name: s.name,
    firstMessage: s.firstMessage,
    messageCount: messages,
    ...(s.header.warmupOnly === true ? { warmupOnly: true } : {}),
    entryCount: s.entries.length,
    // The active path is a branch of its own when the leaf has children (a rewound Claude Code session), as the figures count them.
    branchCount: leaves + (s.leafId !== null && (s.children.get(s.leafId)?.length ?? 0) > 0 ? 1 : 0),
    labelCount: s.labels.size,
    created,
    modified: isoOrNull(last) ?? (created !== mtime ? isoOrNull(Date.parse(created)) : null) ?? mtime,
    parentSession: typeof s.header.parentSession === "string" ? s.header.parentSession : null,
    ...(typeof s.header.continuedIn === "string" && s.header.continuedIn !== "" ? { continuedIn: s.header.continuedIn } : {}),
    valid: true,
  };
}

/**
 * The listing rows of `files` read without the catalog (null for those whose
 * header cwd is not `cwd`, when given), in the same order.
 */
export async function scanSummaries(files: string[], cwd: string | undefined, limit: number): Promise<(SessionSummary | null)[]> {
  return mapLimit(files, limit, async (file) => {
    // Most sessions belong to other projects: a head read rules them out. Not another agent's (its first line is
    // no pi header: it would rule out every one of them): its dialect's quick read of its cwd does when it has one
    // (Claude Code: head and tail), else its loaded row tells its cwd below.
    if (cwd !== undefined) {
      const d = dialectOf(resolve(file));
      if (!d) {
        const header = await readSessionHeader(file);
        if (header === null) return null;
        if (header !== undefined && !(typeof header.cwd === "string" && inProject(header.cwd, cwd))) return null;
      } else if (d.cwdOf) {
        const known = await d.cwdOf(file);
        if (known !== undefined && !inProject(known, cwd)) return null;
      }
    }
    const s = await summarizeSession(file);
    if (cwd !== undefined && !(s.valid && inProject(s.cwd, cwd))) return null;
    return s;
  });
}
