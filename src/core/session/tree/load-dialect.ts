// Loads another agent's session through its dialect (read/dialect-api.ts):
// the source's records go through a fresh reader in order, and the entries in
// pi's shape it gives are built into the same tree as pi's and omp's
// (build.ts: §5 once). The entries are kept as JSON text (Session.held), so
// showing one or building a context needs no second pass over the source; a
// caller that reads a few entries once and drops the session (the figures)
// has those kept as objects instead and the rest not at all.
import { SessionError } from "../../errors.js";
import { stampOf } from "../../fs/stat.js";
import type { Dialect, DialectEntry, SourceRecord } from "../read/dialect-api.js";
import { jsonText } from "../text/json-text.js";
import { agentInfo, agentLabel } from "../agents.js";
import { buildTree, type NameFacts } from "./build.js";
import { entryMeta } from "./entry-meta.js";
import { describeEntry, describeRoleOnly } from "./describe.js";
import type { EntryMeta, HeldEntry, Session, Warning } from "../model.js";
import { messageText } from "../read/message-text.js";
import { commandEchoRow, isCommandEcho, typedText } from "../text/command-echo.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The size of a session's source (a file, or a database holding it), or a
 * SessionError saying why it cannot be read, naming it as `shown` (the path
 * as the user gave it): no such file, not a file (a folder, a FIFO, a
 * device), cannot read (the error's code). Another agent's loader and
 * `resume` check here; the pi/omp loader words it alike for a plain file
 * (where `FILE#ID`, a database's session here, must read as missing:
 * compare's FILE#ID argument).
 */
export function sessionFileSize(file: string, shown = file): number {
  let st;
  try {
    st = stampOf(file);
  } catch (err) {
    throw new SessionError(`${shown}: cannot read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  if (st === null) throw new SessionError(`${shown}: no such file`);
  if (!st.isFile) throw new SessionError(`${shown}: not a file`);
  return st.size;
}

export interface DialectLoadOptions {
  /**
   * The entries to hold, as objects shared with the caller (who must not
   * change them), by their meta's type and role; the others are not held.
   * Absent: every entry, as JSON text.
   */
  holdObjects?: (type: string, role: string | undefined) => boolean;
  /** Entries' metas without previews or summaries (only the role): the caller never shows them. */
  noPreviews?: boolean;
  /** The file's size as the caller just stat'ed it (a listing): not stat'ed again. */
  size?: number;
}

/** A session of `d`'s agent (`file` is a file, or `<database file>#<session id>`). */
export async function loadDialectSession(file: string, d: Dialect, opts: DialectLoadOptions = {}): Promise<Session> {
  const size = opts.size ?? sessionFileSize(file);
  const warnings: Warning[] = [];
  const all: EntryMeta[] = [];
  const held = new Map<string, HeldEntry>();
  const { holdObjects } = opts;
  const describe = opts.noPreviews ? describeRoleOnly : describeEntry;
  const aliases = new Map<string, string>();
  const facts: NameFacts = { names: new Map() };
  // Claude Code's warm-up prompt as its tree row says it: a sidechain's title when nothing else was typed in it.
  let warmupRow = "";
  const add = (de: DialectEntry): void => {
    const e: unknown = de.entry;
    const line = de.origin.line;
    if (!isObj(e) || typeof e.id !== "string" || e.id === "") {
      warnings.push({ line, message: "an entry without an id, left out of the tree" });
      return;
    }
    const type = typeof e.type === "string" ? e.type : "";
    if (!warmupRow && type === "custom_message" && e.customType === "warmup") warmupRow = describeEntry(e).summary;
    const parentId = typeof e.parentId === "string" ? e.parentId : null;
    const meta = entryMeta(e, type, e.id, parentId, line, de.origin.offset, de.origin.length, facts, describe);
    all.push(meta);
    if (!holdObjects) held.set(e.id, jsonText(e));
    else if (holdObjects(type, meta.role)) held.set(e.id, e);
    for (const a of de.aliases ?? []) if (a !== e.id) aliases.set(a, e.id);
  };
  const took = (got: DialectEntry[] | string, line: number): void => {
    if (typeof got === "string") warnings.push({ line, message: got });
    else for (const de of got) add(de);
  };
  const reader = d.reader(file);
  const source = d.open(file);
  try {
    const give = (r: SourceRecord): void => {
      if ("warning" in r) warnings.push({ line: r.origin.line, message: r.warning });
      else took(reader.push(r.value, r.origin), r.origin.line);
    };
    // In runs when the source gives them (one await per run, not per record).
    if (source.batches) for await (const run of source.batches()) for (const r of run) give(r);
    else for await (const r of source.records()) give(r);
    took(reader.end(), 0);
  } catch (err) {
    if (err instanceof SessionError) throw err;
    throw new SessionError(`${file}: cannot read as a ${agentLabel(d.agent)} session (${(err as Error)?.message ?? String(err)})`);
  } finally {
    source.close?.();
  }
  resolveAliases(all, aliases);
  const f = reader.facts();
  if (f.relink) applyRelink(all, held, f.relink);
  const header: Obj = { type: "session", version: 3, id: f.id, timestamp: f.created, cwd: f.cwd, agent: d.agent };
  if (f.name) header.title = f.name;
  if (f.parentSession) header.parentSession = f.parentSession;
  if (f.parentEntryId) header.parentEntryId = f.parentEntryId;
  if (f.contextFrom) header.contextFrom = f.contextFrom;
  if (f.subagent) header.subagent = true;
  if (f.warmupOnly) header.warmupOnly = true;
  if (f.model) header.model = f.model;
  if (f.agentVersion) header.agentVersion = f.agentVersion;
  if (f.originalCwd) header.originalCwd = f.originalCwd;
  if (f.continuedIn) header.continuedIn = f.continuedIn;
  // In the header, so a JSONL export carries them and its context is the same (tree/context.ts).
  if (f.replaced) header.contentReplacements = f.replaced;
  if (f.headless) header.headless = true;
  const tree = buildTree(all, facts, header, null, warnings, f.rewritten);
  if (f.leafId && tree.byId.has(f.leafId)) tree.leafId = f.leafId;
  // The first user message with text, past a command's echo and without an IDE's context (text/command-echo.ts): the first echo only when there is nothing else.
  let firstMessage = "";
  let echo = "";
  for (const m of all) {
    if (m.type !== "message" || m.role !== "user") continue;
    const h = held.get(m.id);
    if (h === undefined) continue;
    const text = messageText((typeof h === "string" ? (JSON.parse(h) as Obj) : h).message);
    if (text === "") continue;
    if (!isCommandEcho(text)) {
      firstMessage = typedText(text);
      break;
    }
    echo ||= text;
  }
  // nothing typed: the first echo as its tree row says it (`[command] /clear`, `[session context]`, `[prompt suggestion]`)
  firstMessage ||= echo && (commandEchoRow(echo) ?? echo);
  // nor a prompt after Claude Code's warm-up (an agent that went on working on it): the warm-up's row, not "(no messages)"
  firstMessage ||= warmupRow;
  return {
    file,
    gzip: false,
    agent: d.agent,
    writable: agentInfo(d.agent)?.writable ?? false,
    held,
    ...(aliases.size > 0 ? { aliases } : {}),
    version: 3,
    header,
    titleSlot: null,
    ...tree,
    firstMessage,
    warnings: warnings.sort((a, b) => a.line - b.line),
    ...(f.unknown?.length ? { unknownShapes: f.unknown } : {}),
    size,
    resumeOffset: size,
    resumeLine: 0,
  };
}

/**
 * A parent named by one of an entry's aliases (the ids of the records merged
 * into it) is that entry; an id that is an entry's own id stays that entry.
 */
function resolveAliases(all: EntryMeta[], aliases: ReadonlyMap<string, string>): void {
  if (aliases.size === 0) return;
  // Only the aliases that are also an entry's own id (rare) must be told apart, not every id.
  const alsoIds = new Set<string>();
  for (const m of all) if (aliases.has(m.id)) alsoIds.add(m.id);
  for (const m of all) {
    if (m.parentId === null) continue;
    const to = aliases.get(m.parentId);
    if (to !== undefined && !alsoIds.has(m.parentId)) m.parentId = to;
  }
}

/**
 * The parents a dialect's loader gives entries after the whole source (see
 * DialectFacts.relink); the held JSON says both, so `show` tells the file's
 * link from the one the agent uses.
 */
function applyRelink(all: EntryMeta[], held: Map<string, HeldEntry>, relink: ReadonlyMap<string, string | null>): void {
  for (const m of all) {
    if (!relink.has(m.id)) continue;
    const to = relink.get(m.id) ?? null;
    if (to === m.parentId) continue;
    const was = held.get(m.id);
    if (was !== undefined) {
      const e = typeof was === "string" ? (JSON.parse(was) as Obj) : { ...was };
      if (!("fileParentId" in e)) e.fileParentId = m.parentId;
      e.parentId = to;
      held.set(m.id, typeof was === "string" ? jsonText(e) : e);
    }
    m.parentId = to;
  }
}
