// OpenCode's storage before 1.2: one JSON file per session, message and part,
//   storage/session/<project id>/<session id>.json   (Session.Info)
//   storage/message/<session id>/<message id>.json   (MessageV2.Info)
//   storage/part/<message id>/<part id>.json         (MessageV2.Part)
//   storage/project/<project id>.json                (its worktree)
// OpenCode 0.5 kept the same records in one storage dir per project
// (`layout: "project"`, paths.ts), which its storage migration 1 (0.6) copied
// into the layout above for every project but `global`:
//   project/<project>/storage/session/info/<session id>.json
//   project/<project>/storage/session/message/<session id>/<message id>.json
//   project/<project>/storage/session/part/<session id>/<message id>/<part id>.json
// Ids are ascending, so file-name order is OpenCode's own order (its loader
// sorts the listing the same way). Files are small; each is read whole.
import { readdirSync } from "node:fs";
import { readTextCapped } from "../../../../fs/read-capped.js";
import { join } from "node:path";
import { isObj, parseObj, str, type MessageRecord, type Obj, type OpencodeRecord, type RowWarning, type SessionInfo } from "./records.js";
import type { LegacyLayout, LegacyWhere } from "./paths.js";
import { stepOfPart } from "./steps.js";

function jsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
}

/** The folders in a dir, in name order (none when it cannot be read). */
function subdirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

// One message or part as OpenCode stores it: a regular file, never past this (a tool's output is the biggest part).
const JSON_CAP = 256 * 1024 * 1024;
const readJsonFile = (file: string): string => readTextCapped(file, JSON_CAP) ?? "";

function readObj(file: string): Obj | null {
  try {
    return parseObj(readJsonFile(file));
  } catch {
    return null;
  }
}

/** Every session file under a storage dir, by project then id. */
export function listLegacySessions(storage: string): string[] {
  const sessions = join(storage, "session");
  return subdirs(sessions).flatMap((p) => jsonFiles(join(sessions, p)).map((f) => join(sessions, p, f)));
}

/** Every session file of OpenCode 0.5's layout under a data dir (`<data>/project/<project>/storage/session/info/`), by project then id. */
export function listProjectStorageSessions(data: string): string[] {
  const root = join(data, "project");
  return subdirs(root).flatMap((p) => {
    const info = join(root, p, "storage", "session", "info");
    return jsonFiles(info).map((f) => join(info, f));
  });
}

/** Where a layout keeps a session's messages, and a message's parts. */
const messageDir = (layout: LegacyLayout, storage: string, session: string): string => (layout === "project" ? join(storage, "session", "message", session) : join(storage, "message", session));
const partDir = (layout: LegacyLayout, storage: string, session: string, message: string): string => (layout === "project" ? join(storage, "session", "part", session, message) : join(storage, "part", message));

function sessionInfo(storage: string, raw: Obj, fallbackId: string): SessionInfo {
  const time = isObj(raw.time) ? raw.time : {};
  const projectID = str(raw.projectID);
  const project = projectID ? readObj(join(storage, "project", `${projectID}.json`)) : null;
  const n = (v: unknown): number | null => (typeof v === "number" ? v : null);
  return {
    id: str(raw.id) ?? fallbackId,
    projectID,
    parentID: str(raw.parentID),
    title: str(raw.title),
    directory: str(raw.directory),
    worktree: project ? str(project.worktree) : null,
    version: str(raw.version),
    created: n(time.created),
    updated: n(time.updated),
  };
}

/** The parent's session file: beside the child's, else in another project's dir. */
function parentFile(where: LegacyWhere, parent: string): string | null {
  const { storage, project } = where;
  if (where.layout === "project") {
    const info = join(storage, "session", "info", `${parent}.json`);
    return readObj(info) ? info : null;
  }
  const near = join(storage, "session", project, `${parent}.json`);
  if (readObj(near)) return near;
  for (const file of listLegacySessions(storage)) if (file.endsWith(`/${parent}.json`) || file.endsWith(`\\${parent}.json`)) return file;
  return null;
}

function parts(dir: string, messageId: string): { parts: Obj[]; damaged: string[] } {
  const out: Obj[] = [];
  const damaged: string[] = [];
  for (const f of jsonFiles(dir)) {
    const p = readObj(join(dir, f));
    if (p) out.push({ ...p, id: str(p.id) ?? f.slice(0, -5), messageID: messageId });
    else damaged.push(f);
  }
  return { parts: out, damaged };
}

/** The step of the parent's message holding the task call that spawned `child`. */
function parentEntry(where: LegacyWhere, parent: string, child: string): string | null {
  const { layout, storage } = where;
  for (const f of jsonFiles(messageDir(layout, storage, parent))) {
    const messageId = f.slice(0, -5);
    const dir = partDir(layout, storage, parent, messageId);
    for (const pf of jsonFiles(dir)) {
      let text: string;
      try {
        text = readJsonFile(join(dir, pf));
      } catch {
        continue;
      }
      if (!text.includes(child)) continue;
      const part = parseObj(text);
      const meta = part && isObj(part.state) && isObj(part.state.metadata) ? part.state.metadata : null;
      if (!meta || (meta.sessionId !== child && meta.sessionID !== child)) continue;
      return stepOfPart(messageId, parts(dir, messageId).parts, str(part?.id) ?? pf.slice(0, -5));
    }
  }
  return null;
}

/** One legacy session's records, as the database's (db.ts); null when the session file is not readable JSON. */
export function readLegacySession(file: string, where: LegacyWhere): (OpencodeRecord | RowWarning)[] | null {
  const raw = readObj(file);
  if (!raw) return null;
  const { storage, layout } = where;
  const session = sessionInfo(storage, raw, where.id);
  const out: (OpencodeRecord | RowWarning)[] = [];
  const parentPath = session.parentID ? parentFile(where, session.parentID) : null;
  const parentEntryId = session.parentID ? parentEntry(where, session.parentID, session.id) : null;
  out.push({ kind: "session", session, parentPath, parentEntryId });
  const dir = messageDir(layout, storage, session.id);
  for (const f of jsonFiles(dir)) {
    const info = readObj(join(dir, f));
    if (!info) {
      out.push({ warning: `message file ${f}: not a JSON object`, row: "message" });
      continue;
    }
    const id = str(info.id) ?? f.slice(0, -5);
    const got = parts(partDir(layout, storage, session.id, id), id);
    const rec: MessageRecord = { kind: "message", info: { ...info, id, sessionID: session.id }, parts: got.parts };
    out.push(rec);
    for (const d of got.damaged) out.push({ warning: `part file ${d} of message ${id}: not a JSON object`, row: "part" });
  }
  return out;
}
