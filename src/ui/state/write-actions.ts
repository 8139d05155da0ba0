// The tree screen's write keys (L b f R u) and the keys of their prompts:
// every action plans first (core's pure preview), shows what will be
// appended, and writes only after a yes — a second, explicit yes when the
// session looks live. The result shows at once: the re-read session replaces
// the open one and the cursor lands where the change is.
import { statSync } from "node:fs";
import { basename, sep } from "node:path";
import { oneLine } from "../../core/session/index.js";
import { applyFork, applyWrite, checkLive, PlanChangedError, planFork, planWrite, type LiveStatus, type WriteRequest } from "../../core/session/index.js";
import type { Session } from "../../core/session/index.js";
import { assertAppendable } from "../../core/session/index.js";
import { findBinding } from "../keymap.js";
import type { Action } from "../keymap.js";
import type { Stores } from "./stores.js";
import { refreshRows } from "./live-sessions.js";
import { appendPreview, forkedLines, forkPreview, liveLines } from "./write-preview.js";
import { stepLine, stepScope, type CursorAfter, type Pending, type WriteStep } from "./write-store.js";
import { editLine } from "./line-edit.js";
import { readOnlyReason } from "../../core/session/index.js";

/** The key table actions that start a write. */
const WRITE_ACTIONS: ReadonlySet<Action> = new Set<Action>(["label.set", "continue", "fork", "rename", "undo"]);

/** Whether an action writes a session (refused on a read-only format: the footer shows no hint for it there). */
export const isWriteAction = (a: Action): boolean => WRITE_ACTIONS.has(a);

/** An error for the status line: the open session's path is implied, so it is cut to its name. */
function message(err: unknown, file: string | undefined): string {
  const text = err instanceof Error ? err.message : String(err);
  if (!file) return text;
  const rest = text.startsWith(file + ": ") ? text.slice(file.length + 2) : text;
  return rest.split(file).join(basename(file));
}

export function writeOwnsInput(ui: Stores): boolean {
  return ui.write.getState().step !== null;
}

function fail(ui: Stores, err: unknown): void {
  ui.write.getState().close();
  ui.app.getState().setStatus(message(err, ui.app.getState().session?.file), "error");
}

/** The entry under the tree cursor, or null (with a status saying why). */
function cursorEntry(ui: Stores): string | null {
  const { rows, cursor } = ui.app.getState();
  if (!rows || rows.count === 0) {
    ui.app.getState().setStatus("no entry under the cursor", "error");
    return null;
  }
  return rows.row(cursor).id;
}

const entryWords = (s: Session, id: string): string => oneLine(s.byId.get(id)?.summary || s.byId.get(id)?.type || "", 50);

/** Starts the write for a key table action; false when the action is not a write. */
export function startWrite(action: Action, ui: Stores): boolean {
  if (!WRITE_ACTIONS.has(action)) return false;
  const s = ui.app.getState().session;
  if (!s) {
    ui.app.getState().setStatus("no session open", "error");
    return true;
  }
  // A format we never write (Claude Code, Codex, Gemini CLI, OpenCode) is refused at once, fork included.
  const readOnly = readOnlyReason(s);
  if (readOnly) {
    ui.app.getState().setStatus(readOnly, "error");
    return true;
  }
  const w = ui.write.getState();
  // A file we never append to is refused before any prompt opens (a fork is still possible: it only reads).
  if (action !== "fork") {
    if (s.gzip) {
      ui.app.getState().setStatus("an archived (.jsonl.gz) session is read-only: f forks it into a writable copy", "error");
      return true;
    }
    try {
      assertAppendable(s);
    } catch (err) {
      ui.app.getState().setStatus(message(err, s.file), "error");
      return true;
    }
  }
  if (action === "rename") {
    w.open({ kind: "text", purpose: "rename", title: "Session name (empty removes it):", value: s.name ?? "", targetId: null });
    return true;
  }
  if (action === "undo") {
    // The browser's own writes to this file first, newest first; without any, the file's last entry (core's undo).
    const done = w.done;
    let i = done.length - 1;
    while (i >= 0 && done[i].file !== s.file) i--;
    if (i >= 0) void preview(ui, s, done[i].inverse, null, { index: i, what: done[i].what });
    else void preview(ui, s, { op: "undo" }, null);
    return true;
  }
  const id = cursorEntry(ui);
  if (!id) return true;
  if (action === "label.set") {
    w.open({ kind: "text", purpose: "label", title: `Label for ${id} (${entryWords(s, id)}); empty clears it:`, value: s.labels.get(id) ?? "", targetId: id });
  } else if (action === "continue") {
    w.open({ kind: "choose", title: `Continue from ${id} (${entryWords(s, id)}): what should the agent be told about the branch it leaves?`, targetId: id });
  } else {
    void previewFork(ui, s, id);
  }
  return true;
}

/** Plans a write against the open session and shows it for confirmation. */
async function preview(ui: Stores, s: Session, req: WriteRequest, cursor: CursorAfter | null, undoing?: { index: number; what: string }): Promise<void> {
  const w = ui.write;
  w.getState().open({ kind: "busy", title: req.op === "continue" && req.summary.kind === "auto" ? "summarising the branch being left …" : "planning …" });
  try {
    const plan = await planWrite(s, req);
    if (w.getState().step?.kind !== "busy") return; // cancelled meanwhile
    // Undo: the cursor goes where the inverse entry acts (the label's entry, or the restored position).
    const first = plan.entries[0];
    const after: CursorAfter = cursor ?? (first?.type === "label" && typeof first.targetId === "string" ? { kind: "entry", id: first.targetId } : { kind: "leaf" });
    const title = undoing ? `Undo "${undoing.what}"? Write this:` : "Write this?";
    const pending: Pending = { kind: "append", file: s.file, req, plan, cursor: after, rewrite: plan.rewrite !== null, ...(undoing ? { undoing: undoing.index } : {}) };
    w.getState().open({ kind: "preview", title, lines: appendPreview(plan, s.name), pending });
  } catch (err) {
    fail(ui, err);
  }
}

async function previewFork(ui: Stores, s: Session, id: string): Promise<void> {
  const w = ui.write;
  w.getState().open({ kind: "busy", title: "planning the fork …" });
  try {
    const plan = await planFork(s, id);
    if (w.getState().step?.kind !== "busy") return;
    w.getState().open({ kind: "preview", title: "Write the new session?", lines: forkPreview(plan), pending: { kind: "fork", plan } });
  } catch (err) {
    fail(ui, err);
  }
}

/** Enter in a text prompt. */
export function submitText(ui: Stores, raw: string): void {
  const w = ui.write.getState();
  const step = w.step;
  const s = ui.app.getState().session;
  if (step?.kind !== "text" || !s) return;
  const value = raw.trim();
  if (step.purpose === "label" && step.targetId) {
    const id = step.targetId;
    const current = s.labels.get(id);
    if ((value || undefined) === current) {
      w.close();
      ui.app.getState().setStatus(value ? `the label of ${id} is already "${value}": nothing written` : `${id} has no label: nothing written`);
      return;
    }
    void preview(ui, s, { op: "label", targetId: id, label: value || undefined }, { kind: "entry", id });
  } else if (step.purpose === "rename") {
    if (value === (s.name ?? "")) {
      w.close();
      ui.app.getState().setStatus("the name is unchanged: nothing written");
      return;
    }
    void preview(ui, s, { op: "rename", name: value }, { kind: "keep" });
  } else if (step.purpose === "summary" && step.targetId) {
    // An empty summary moves the position without adding context.
    void preview(ui, s, { op: "continue", targetId: step.targetId, summary: value ? { kind: "text", text: raw } : { kind: "none" } }, { kind: "leaf" });
  }
}

/** The session looks live, unless the only sign is our own last write. */
function liveStatus(ui: Stores, file: string): LiveStatus {
  const st = checkLive(file);
  if (!st.live) return st;
  const mine = ui.write.getState().own.get(file);
  try {
    const now = statSync(file);
    if (mine && now.size === mine.size && now.mtimeMs === mine.mtimeMs) return checkLive(file, { windowMs: 0 });
  } catch {
    // the write reports a missing file
  }
  return st;
}

function cursorId(ui: Stores): string | null {
  const { rows, cursor } = ui.app.getState();
  return rows && cursor < rows.count ? rows.row(cursor).id : null;
}

/** Shows a re-read session with the cursor on `after`. */
function show(ui: Stores, s: Session, after: CursorAfter, kept: string | null): void {
  ui.app.getState().setSession(s);
  const id = after.kind === "entry" ? after.id : after.kind === "keep" ? kept : null;
  const rows = ui.app.getState().rows;
  const i = id && rows ? rows.indexOf(id) : -1;
  if (i >= 0) ui.app.setState({ cursor: i });
}

async function write(ui: Stores, pending: Extract<Pending, { kind: "append" }>): Promise<void> {
  const w = ui.write;
  const s = ui.app.getState().session;
  if (!s || s.file !== pending.file) return fail(ui, "the open session changed: nothing written");
  const kept = cursorId(ui);
  w.getState().open({ kind: "busy", title: "writing …" });
  try {
    const r = await applyWrite(s, pending.req, { force: true, plan: pending.plan });
    const st = statSync(s.file);
    w.getState().noteOwnWrite(s.file, { size: st.size, mtimeMs: st.mtimeMs });
    const undone = pending.undoing !== undefined ? w.getState().done[pending.undoing]?.what : undefined;
    if (pending.undoing !== undefined) w.getState().dropDone(pending.undoing);
    else {
      const inverse = inverseOf(s, pending.req);
      if (inverse) w.getState().pushDone({ file: s.file, inverse, what: r.plan.description });
    }
    const then = w.getState().then;
    w.getState().close();
    show(ui, r.session, pending.cursor, kept);
    // The session list is not watched while the tree is on screen: its row is read again now.
    void refreshRows(ui.app, [s.file]);
    const said = undone ? `undone: ${undone} (${r.plan.description})` : r.plan.description;
    ui.app.getState().setStatus(`✓ ${said}${r.newlineAdded ? " (after ending the file's partial last line)" : ""}`);
    then?.();
  } catch (err) {
    if (!(err instanceof PlanChangedError)) return fail(ui, err);
    // Something appended since the preview: show the file as it is and what would be written now.
    show(ui, err.session, { kind: "keep" }, kept);
    const lines = [{ text: "⚠ the file changed since the preview (nothing was written); this is the new plan:", tone: "error" as const, bold: true }, ...appendPreview(err.plan, err.session.name)];
    w.getState().open({ kind: "preview", title: "The file changed — write this instead?", lines, pending: { ...pending, plan: err.plan } });
  }
}

/** The request that puts back what `req` changes in `s` (as it was before the write), or null (core's undo is not undone). */
function inverseOf(s: Session, req: WriteRequest): WriteRequest | null {
  switch (req.op) {
    case "label":
      return { op: "label", targetId: req.targetId, label: s.labels.get(req.targetId) };
    case "continue":
      return s.leafId ? { op: "continue", targetId: s.leafId, summary: { kind: "none" } } : null;
    case "rename":
      return { op: "rename", name: s.name ?? "" };
    default:
      return null;
  }
}

/** A new session file must show up in the session list, also when the list names files rather than folders. */
async function listFork(ui: Stores, file: string): Promise<void> {
  const st = ui.app.getState();
  const source = st.listSource();
  const covered = !source.paths || source.paths.some((p) => p === file || file.startsWith(p.endsWith(sep) ? p : p + sep));
  if (covered) await st.loadList();
  else await st.setListSource({ ...source, paths: [...source.paths!, file] });
}

function confirm(ui: Stores, step: WriteStep): void {
  const w = ui.write.getState();
  if (step.kind === "forked") {
    w.close();
    void ui.app
      .getState()
      .openFile(step.file)
      .then((ok) => ok && ui.app.getState().setStatus(`opened the fork ${step.file}`));
    return;
  }
  if (step.kind !== "preview" && step.kind !== "live") return;
  const pending = step.pending;
  if (pending.kind === "fork") {
    // The source is only read: no live check needed.
    try {
      const file = applyFork(pending.plan);
      w.open({ kind: "forked", title: "Fork written", lines: forkedLines(file, pending.plan.source), file });
      ui.app.getState().setStatus(`✓ forked ${pending.plan.copied} entries into ${file}`);
      void listFork(ui, file);
    } catch (err) {
      fail(ui, err);
    }
    return;
  }
  if (step.kind === "preview") {
    const live = liveStatus(ui, pending.file);
    if (live.live && pending.rewrite) {
      fail(ui, `${pending.file} looks live (${live.reasons.join("; ")}): a file without a title slot is renamed by rewriting it whole, which is never done while an agent may be writing it; nothing written`);
      return;
    }
    if (live.live) {
      w.open({ kind: "live", title: "This session looks live — write anyway?", lines: liveLines(live.reasons, step.lines), pending });
      return;
    }
    // Checked just now (our own last write does not count), so core need not check again.
    void write(ui, pending);
  } else void write(ui, pending);
}

/** Keys while a write step is open: looked up in the step's scope of the key table; a text step's other keys edit its line. */
export function writeKey(input: string, name: string, ui: Stores): void {
  const w = ui.write.getState();
  const step = w.step;
  if (!step) return;
  const scope = stepScope(step);
  const b = scope ? findBinding(name, [scope]) : undefined;
  if (!b) {
    if (step.kind !== "text") return;
    // Typed text, line editing keys, a paste (a pasted line end submits, as Enter would).
    const { line, submit } = editLine(stepLine(step), input, name);
    w.setLine(line);
    if (submit) submitText(ui, line.value);
    return;
  }
  switch (b.action) {
    case "prompt.cancel":
    case "choose.cancel":
    case "confirm.no":
      w.close();
      ui.app.getState().setStatus(step.kind === "forked" ? `the fork stays at ${step.file}` : "cancelled: nothing written");
      return;
    case "prompt.submit":
      if (step.kind === "text") submitText(ui, step.value);
      return;
    case "choose.text":
      if (step.kind === "choose") w.open({ kind: "text", purpose: "summary", title: `Summary for the move to ${step.targetId} (empty: none):`, value: "", targetId: step.targetId });
      return;
    case "choose.auto":
    case "choose.none": {
      const s = ui.app.getState().session;
      if (step.kind !== "choose" || !s) return;
      void preview(ui, s, { op: "continue", targetId: step.targetId, summary: { kind: b.action === "choose.auto" ? "auto" : "none" } }, { kind: "leaf" });
      return;
    }
    case "confirm.yes":
      confirm(ui, step);
      return;
    case "confirm.up":
      w.scrollBy(-1);
      return;
    case "confirm.down":
      w.scrollBy(1);
      return;
  }
}
