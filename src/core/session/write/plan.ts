// Pure planning: what an operation would append (and, for an omp rename, how
// the title slot would be rewritten), computed from a loaded Session. The UI
// shows a plan as a preview; applyWrite re-plans against the file's real tail
// just before writing, so a plan is never written blindly.
import { OmpSessionsError, SessionError, WriteRefusedError } from "../../errors.js";
import { readEntries } from "../read/entry.js";
import { replayLabels } from "../tree/build.js";
import { oneLine } from "../text/safe-text.js";
import type { Session } from "../model.js";
import type { AgentId } from "../read/dialect-api.js";
import { autoSummary } from "./auto-summary.js";
import { assertAppendable } from "./guard.js";
import { newEntryId } from "./ids.js";
import { readBytes } from "./append.js";
import { planSlotRewrite, type RewritePlan } from "./rewrite.js";
import { cleanOmpTitle, ompNameOf, parseSlot, serializeSlot } from "./title-slot.js";

type Obj = Record<string, unknown>;

export type SummaryChoice = { kind: "none" } | { kind: "text"; text: string } | { kind: "auto" };

export type WriteRequest =
  /** Set (non-empty `label`) or clear (empty/undefined) the label of an entry. */
  | { op: "label"; targetId: string; label?: string }
  /** Move the agent's position to `targetId` (a branch_summary child of it). */
  | { op: "continue"; targetId: string; summary: SummaryChoice }
  | { op: "rename"; name: string }
  /** Append the inverse of the file's last entry when it is a label or a move. */
  | { op: "undo" };

export interface SlotRewrite {
  /** Byte offset of the slot (0, or 3 after a byte order mark). */
  offset: number;
  before: Buffer;
  after: Buffer;
  /** The title as it fits in the slot (cut when too long). */
  title: string;
}

export interface AppendPlan {
  request: WriteRequest;
  file: string;
  /** Whose file it is ("pi" or "omp": only theirs are written), for the preview. */
  agent: AgentId;
  /** The leaf the plan was made against (the file's last entry then). */
  leafId: string | null;
  /** The file size the plan was made against. */
  size: number;
  /** Entries to append, in order, each becoming one line. */
  entries: Obj[];
  slot: SlotRewrite | null;
  /** omp file without a title slot: the whole file is rewritten with one added (§7a), then `entries` follow. */
  rewrite: RewritePlan | null;
  /** What the change does, one terminal-safe line. */
  description: string;
}

export interface PlanOptions {
  now?: Date;
}

function mustHave(s: Session, id: string): void {
  if (!s.byId.has(id)) throw new SessionError(`no entry ${id} in ${s.file}`);
}

/** Which "generated elsewhere" flag the file's summaries use: `fromExtension` (current pi, omp) or `fromHook` (older pi); null when none shows it. */
export async function summaryFlagKey(s: Session): Promise<"fromHook" | "fromExtension" | null> {
  const metas = s.entries.filter((e) => e.type === "branch_summary" || e.type === "compaction").slice(-50);
  if (!metas.length) return null;
  const full = await readEntries(s, metas);
  let key: "fromHook" | "fromExtension" | null = null;
  for (const e of full) {
    if ("fromExtension" in e) key = "fromExtension";
    else if ("fromHook" in e) key = "fromHook";
  }
  return key;
}

function head(type: string, taken: Set<string>, parentId: string | null, now: Date): Obj {
  const id = newEntryId(taken);
  taken.add(id);
  return { type, id, parentId, timestamp: now.toISOString() };
}

export async function planWrite(s: Session, req: WriteRequest, opts: PlanOptions = {}): Promise<AppendPlan> {
  assertAppendable(s);
  const now = opts.now ?? new Date();
  const taken = new Set(s.byId.keys());
  const base = { request: req, file: s.file, agent: s.agent, leafId: s.leafId, size: s.size, slot: null as SlotRewrite | null, rewrite: null as RewritePlan | null };
  switch (req.op) {
    case "label": {
      mustHave(s, req.targetId);
      const e = head("label", taken, s.leafId, now);
      e.targetId = req.targetId;
      if (req.label) e.label = req.label;
      const description = req.label ? `label ${req.targetId} "${oneLine(req.label, 60)}"` : `clear the label of ${req.targetId}`;
      return { ...base, entries: [e], description: oneLine(description, 200) };
    }
    case "continue": {
      mustHave(s, req.targetId);
      let summary = "";
      let details: Obj | undefined;
      if (req.summary.kind === "text") summary = req.summary.text;
      else if (req.summary.kind === "auto") ({ summary, details } = await autoSummary(s, req.targetId));
      const e = head("branch_summary", taken, req.targetId, now);
      e.fromId = req.targetId;
      e.summary = summary;
      if (details) e.details = details;
      if (summary) {
        const key = await summaryFlagKey(s);
        if (key) e[key] = true;
      }
      const what = summary ? `with a ${req.summary.kind === "auto" ? "generated " : ""}summary (${summary.length} chars)` : "without a summary";
      return { ...base, entries: [e], description: `continue from ${req.targetId} ${what}` };
    }
    case "rename":
      return planRename(s, req.name, taken, now, base);
    case "undo":
      return planUndo(s, opts);
  }
}

async function planRename(s: Session, rawName: string, taken: Set<string>, now: Date, base: Omit<AppendPlan, "entries" | "description">): Promise<AppendPlan> {
  // omp cleans a name before using it (control characters and runs of spaces become one space).
  const name = s.agent === "omp" ? cleanOmpTitle(rawName) : rawName.trim();
  const shown = name ? `"${oneLine(name, 60)}"` : "(no name)";
  if (s.agent !== "omp") {
    const e = head("session_info", taken, s.leafId, now);
    e.name = name;
    return { ...base, entries: [e], description: `rename the session to ${shown} (session_info)` };
  }
  const e = head("title_change", taken, s.leafId, now);
  e.title = name;
  e.source = "user";
  const previous = ompNameOf(s).title;
  if (previous) e.previousTitle = previous;
  if (!s.titleSlot) {
    // omp never reads a name from title_change: it rewrites such a file with a title slot added, and so do we.
    if (!name) throw new WriteRefusedError(`${s.file}: omp cannot rename a session to an empty name`);
    const rewrite = await planSlotRewrite(s, name, now);
    const cut = rewrite.slotTitle !== name ? ` (cut to "${oneLine(rewrite.slotTitle, 60)}" in the title slot)` : "";
    return {
      ...base,
      entries: [e],
      rewrite,
      description: `rename the session to ${shown}${cut}: the file has no title slot, so it is rewritten whole, as omp does (title slot added, header title set, every other line kept byte for byte, title_change appended)`,
    };
  }
  const slot = readSlot(s);
  const next = serializeSlot({ title: name, source: "user", updatedAt: now.toISOString() }, slot.before.length);
  if (!next) throw new WriteRefusedError(`${s.file}: the title slot is too small to hold a title`);
  const cut = next.title !== name ? ` (cut to "${oneLine(next.title, 60)}" in the title slot)` : "";
  return {
    ...base,
    entries: [e],
    slot: { offset: slot.offset, before: slot.before, after: Buffer.from(next.text, "utf8"), title: next.title },
    description: `rename the session to ${shown}${cut} (title slot + title_change)`,
  };
}

function readSlot(s: Session): { offset: number; before: Buffer } {
  const size = s.titleSlot!.size;
  const start = readBytes(s.file, 0, 3);
  const offset = start.length === 3 && start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf ? 3 : 0;
  const before = readBytes(s.file, offset, size);
  if (before.length !== size || !parseSlot(before)) {
    throw new WriteRefusedError(`${s.file}: the title slot is not where it was read (${size} bytes at offset ${offset}); reload it and try again`);
  }
  return { offset, before };
}

async function planUndo(s: Session, opts: PlanOptions): Promise<AppendPlan> {
  const last = s.entries[s.entries.length - 1];
  if (!last) throw new OmpSessionsError(`${s.file}: nothing to undo (no entries)`);
  if (last.type === "label" && last.targetId) {
    const before = replayLabels(s.entries.slice(0, -1), s.byId).get(last.targetId);
    const p = await planWrite(s, { op: "label", targetId: last.targetId, label: before }, opts);
    return { ...p, request: { op: "undo" }, description: `undo the last label: ${p.description}` };
  }
  if (last.type === "branch_summary") {
    const prev = s.entries[s.entries.length - 2];
    if (!prev) throw new OmpSessionsError(`${s.file}: nothing to undo (the move has no earlier position to return to)`);
    const p = await planWrite(s, { op: "continue", targetId: prev.id, summary: { kind: "none" } }, opts);
    return { ...p, request: { op: "undo" }, description: `undo the last move: go back to ${prev.id}` };
  }
  throw new OmpSessionsError(`${s.file}: nothing to undo (the last entry is a ${last.type}, not a label or a move)`);
}
