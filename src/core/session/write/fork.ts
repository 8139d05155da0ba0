// Fork: a new session file holding the path root→X, as pi's
// createBranchedSession writes it: a fresh header (new id, same cwd, version 3,
// parentSession = the source path), the path's entries without label entries
// (migrated, for v1/v2 sources; an entry whose parent was a label re-linked to
// the label's parent), then one label entry per label in force on that path,
// chained after the last entry. omp sources get a title slot, and the header
// and slot carry the source's name, as omp's fork writes them (§7a).
// The source file is only read.
import { recordOwnWrite } from "./live.js";
import { closeSync, fsyncSync, linkSync, openSync, readSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { OmpSessionsError, SessionError, WriteRefusedError } from "../../errors.js";
import { readEntries } from "../read/entry.js";
import { pathTo } from "../tree/path.js";
import type { EntryMeta, Session } from "../model.js";
import { newEntryId, newSessionId } from "./ids.js";
import { ompNameOf, serializeSlot } from "./title-slot.js";
import { jsonText } from "../text/json-text.js";
import { assertWritable } from "./guard.js";

type Obj = Record<string, unknown>;

export interface ForkPlan {
  source: string;
  /** Where the new session will be written (same directory as the source). */
  file: string;
  header: Obj;
  /** The fork's title slot line (omp sources), or null. */
  slot: string | null;
  /** Every line of the new file after the slot, header first, without "\n". */
  lines: string[];
  /** Entries copied from the path (labels excluded) and label entries added. */
  copied: number;
  labels: { targetId: string; label: string }[];
  /** The entry forked at, and the new file's leaf (the last label entry, or the last copied entry). */
  entryId: string;
  leafId: string | null;
  description: string;
}

export interface ForkOptions {
  now?: Date;
  /** Directory for the new file (default: the source's). */
  dir?: string;
}

/** Raw line text of plain-file entries, one handle: copies stay byte-exact. */
function rawLines(file: string, metas: EntryMeta[]): string[] {
  const fd = openSync(file, "r");
  try {
    return metas.map((m) => {
      const buf = Buffer.alloc(m.length);
      let got = 0;
      while (got < m.length) {
        const n = readSync(fd, buf, got, m.length - got, m.offset + got);
        if (n === 0) throw new SessionError(`${file}: line ${m.line} is shorter than when it was read; reload the session`);
        got += n;
      }
      return buf.toString("utf8");
    });
  } finally {
    closeSync(fd);
  }
}

export async function planFork(s: Session, entryId: string, opts: ForkOptions = {}): Promise<ForkPlan> {
  if (!s.byId.has(entryId)) throw new SessionError(`no entry ${entryId} in ${s.file}`);
  assertWritable(s);
  if (s.version > 3) throw new WriteRefusedError(`${s.file} is session version ${s.version}, newer than this tool knows; refusing to copy it into a version 3 file`);
  const now = opts.now ?? new Date();
  const full = pathTo(s, entryId).map((id) => s.byId.get(id)!);
  const metas = full.filter((m) => m.type !== "label");
  // A compaction that keeps entries "from a label" keeps them from the entry after it.
  const afterLabel = new Map<string, string>();
  for (let i = full.length - 1, next = ""; i >= 0; i--) {
    if (full[i].type === "label") {
      if (next) afterLabel.set(full[i].id, next);
    } else next = full[i].id;
  }
  // v3 plain files are copied byte for byte; older ones need the in-memory migration written out.
  const lines = s.version >= 3 && !s.gzip ? rawLines(s.file, metas) : (await readEntries(s, metas)).map((e) => jsonText(e));
  // An entry whose parent was a left-out label hangs from the label's parent
  // instead; copied verbatim (as pi does) it would become an orphan root and
  // cut the fork's path, and with it the context, short.
  for (let i = 0; i < metas.length; i++) {
    const relink = i > 0 && metas[i].parentId !== metas[i - 1].id;
    const kept = metas[i].type === "compaction" && afterLabel.size > 0;
    if (!relink && !kept) continue;
    const e = JSON.parse(lines[i]) as Obj;
    const moveKept = kept && typeof e.firstKeptEntryId === "string" && afterLabel.has(e.firstKeptEntryId);
    if (!relink && !moveKept) continue;
    if (relink) e.parentId = metas[i - 1].id;
    if (moveKept) e.firstKeptEntryId = afterLabel.get(e.firstKeptEntryId as string);
    lines[i] = jsonText(e);
  }
  const onPath = new Set(metas.map((m) => m.id));
  const labels = [...s.labels].filter(([id]) => onPath.has(id)).map(([targetId, label]) => ({ targetId, label }));
  const taken = new Set(onPath);
  let parentId: string | null = metas.length ? metas[metas.length - 1].id : null;
  for (const { targetId, label } of labels) {
    const id = newEntryId(taken);
    taken.add(id);
    lines.push(JSON.stringify({ type: "label", id, parentId, timestamp: now.toISOString(), targetId, label }));
    parentId = id;
  }
  const id = newSessionId(s.header.id, now.getTime());
  const timestamp = now.toISOString();
  const header: Obj = { type: "session", version: 3, id, timestamp };
  if (typeof s.header.cwd === "string") header.cwd = s.header.cwd;
  let slot: string | null = null;
  if (s.agent === "omp") {
    // omp's own fork (§7a): the source's current name goes into the header and the slot.
    const name = ompNameOf(s);
    if (name.title !== undefined) header.title = name.title;
    if (name.source !== undefined) header.titleSource = name.source;
    header.parentSession = s.file;
    const dirs = s.header.additionalDirectories;
    if (Array.isArray(dirs) && dirs.length > 0) header.additionalDirectories = dirs;
    slot = serializeSlot({ title: name.title ?? "", source: name.source, updatedAt: timestamp })?.text ?? null;
  } else header.parentSession = s.file;
  lines.unshift(JSON.stringify(header));
  const file = join(opts.dir ?? dirname(s.file), `${timestamp.replace(/[:.]/g, "-")}_${id}.jsonl`);
  return {
    source: s.file,
    file,
    header,
    slot,
    lines,
    copied: metas.length,
    labels,
    entryId,
    leafId: parentId,
    description: `fork ${metas.length} entries (root → ${entryId})${labels.length ? ` and ${labels.length} labels` : ""} into ${basename(file)}`,
  };
}

/** Writes the fork next to a temp name, then links it into place: readers never see half a file, and nothing is overwritten. */
export function applyFork(plan: ForkPlan): string {
  const text = (plan.slot ?? "") + plan.lines.map((l) => l + "\n").join("");
  const tmp = join(dirname(plan.file), `.${basename(plan.file)}.${process.pid}.tmp`);
  let fd: number;
  try {
    fd = openSync(tmp, "wx", 0o600);
  } catch (err) {
    throw new OmpSessionsError(`cannot create a file in ${dirname(plan.file)} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  try {
    try {
      const buf = Buffer.from(text, "utf8");
      let at = 0;
      while (at < buf.length) at += writeSync(fd, buf, at, buf.length - at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    linkSync(tmp, plan.file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw code === "EEXIST" ? new WriteRefusedError(`${plan.file} already exists; not overwriting it`) : new OmpSessionsError(`cannot write ${plan.file} (${code ?? String(err)})`);
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
  // The new file is ours: a write to it right after (label the fork) is no sign of a live agent.
  recordOwnWrite(plan.file);
  return plan.file;
}

/** Plan and write in one go; returns the new file's path. */
export async function forkSession(s: Session, entryId: string, opts: ForkOptions = {}): Promise<ForkPlan> {
  const plan = await planFork(s, entryId, opts);
  applyFork(plan);
  return plan;
}
