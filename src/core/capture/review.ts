// Feedback review state (§3.7): candidates (append-only) plus status.json
// (promoted / dismissed / edited_lesson). The CLI and the TUI share these.
import { dirname } from "node:path";
import { withLockSync } from "../fs/lock.js";
import { ensureDir } from "../fs/dir.js";
import { isoTs } from "./clock.js";
import { CaptureNotFoundError, CaptureRefusedError } from "./errors.js";
import { keepCorruptCopy, readJsonObject, readJsonl, writeJsonFile } from "./jsonfile.js";
import { foldBeforeRead } from "./fold.js";
import { markDirty } from "./markers.js";
import { candidatesPath, FEEDBACK_MARKER, statusPath } from "./paths.js";
import { scrubCut } from "./redact.js";
import { logRegistry } from "./registry.js";

export type Candidate = Record<string, unknown>;
export type Status = Record<string, unknown> & {
  promoted: Record<string, Record<string, unknown>>;
  dismissed: Record<string, Record<string, unknown>>;
  edited_lesson: Record<string, Record<string, unknown>>;
};

export const CLI_LOCK_WAIT_MS = 10_000;

const obj = (v: unknown): Record<string, Record<string, unknown>> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, Record<string, unknown>>) : {});

export interface StatusRead {
  status: Status;
  /** Needed healing or was unusable. */
  corrupt: boolean;
}

export function readStatus(root: string): StatusRead {
  const r = readJsonObject(statusPath(root));
  const v = r.value ?? {};
  return {
    status: { ...v, promoted: obj(v.promoted), dismissed: obj(v.dismissed), edited_lesson: obj(v.edited_lesson) },
    corrupt: r.status === "healed" || r.status === "default",
  };
}

/** Read-modify-write of status.json under its lock. `warn` hears about a damaged file. */
export function updateStatus<T>(root: string, fn: (s: Status) => T, warn: (msg: string) => void = () => {}, waitMs = CLI_LOCK_WAIT_MS): T {
  const path = statusPath(root);
  ensureDir(dirname(path));
  return withLockSync(path, { waitMs }, () => {
    const { status, corrupt } = readStatus(root);
    if (corrupt) {
      keepCorruptCopy(path);
      warn(`${path} was damaged; a .corrupt copy was kept`);
    }
    const out = fn(status);
    writeJsonFile(path, status);
    return out;
  });
}

/** Candidates deduped by id (the first line wins), in file order. */
export function loadCandidates(root: string): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const c of readJsonl(candidatesPath(root))) {
    if (typeof c.id !== "string" || seen.has(c.id)) continue;
    seen.add(c.id);
    out.push(c);
  }
  return out;
}

const ts = (c: Candidate): string => (typeof c.ts === "string" ? c.ts : "");

/** Newest first: by ts, ties → later in the file first. */
export function newestCandidatesFirst(cands: Candidate[]): Candidate[] {
  return cands
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (ts(a.c) < ts(b.c) ? 1 : ts(a.c) > ts(b.c) ? -1 : b.i - a.i))
    .map((x) => x.c);
}

export type ReviewState = "promoted" | "dismissed" | "pending";

export const reviewState = (s: Status, id: string): ReviewState => (id in s.promoted ? "promoted" : id in s.dismissed ? "dismissed" : "pending");

export function effectiveLesson(s: Status, c: Candidate): string {
  const e = s.edited_lesson[c.id as string];
  return e && typeof e.text === "string" ? e.text : String(c.distilled_lesson ?? "");
}

/** A candidate with its status entries merged in (null when absent). */
export function withStatus(s: Status, c: Candidate): Candidate {
  const id = c.id as string;
  return { ...c, promoted: s.promoted[id] ?? null, dismissed: s.dismissed[id] ?? null, edited_lesson: s.edited_lesson[id] ?? null };
}

/** By id or text_sha256, newest first. */
export function findCandidate(root: string, key: string): Candidate {
  foldBeforeRead(root);
  const found = newestCandidatesFirst(loadCandidates(root)).find((c) => c.id === key || c.text_sha256 === key);
  if (!found) throw new CaptureNotFoundError(`no feedback candidate ${key}`);
  return found;
}

export function dismissCandidate(root: string, key: string, reason: string | null, undo: boolean, warn?: (m: string) => void): Candidate {
  const c = findCandidate(root, key);
  const id = c.id as string;
  const r = reason ? scrubCut(reason, 500) : null;
  updateStatus(
    root,
    (s) => {
      if (id in s.promoted) throw new CaptureRefusedError(`feedback candidate ${id} is already promoted`);
      if (undo) delete s.dismissed[id];
      else s.dismissed[id] = r ? { reason: r, ts: isoTs() } : { ts: isoTs() };
    },
    warn,
  );
  logRegistry(root, "feedback_dismissed", undo ? { id, reason: r, undone: true } : { id, reason: r });
  markDirty(root, FEEDBACK_MARKER);
  return c;
}

export function editLesson(root: string, key: string, text: string | null, warn?: (m: string) => void): Candidate {
  const c = findCandidate(root, key);
  const id = c.id as string;
  updateStatus(
    root,
    (s) => {
      if (id in s.promoted) throw new CaptureRefusedError(`feedback candidate ${id} is already promoted`);
      if (text === null) delete s.edited_lesson[id];
      else s.edited_lesson[id] = { text: scrubCut(text, 2000), ts: isoTs() };
    },
    warn,
  );
  logRegistry(root, "feedback_lesson_edited", { id });
  markDirty(root, FEEDBACK_MARKER);
  return c;
}
