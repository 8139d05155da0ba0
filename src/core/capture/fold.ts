// The session's state is a fold of its queue (the queue is the truth). Every
// event is first appended, as one line in one O_APPEND write, to the session's
// own queue `queue/sessions/<harness>/<id>.jsonl`; whichever process holds the
// session lock then folds every complete line after the state's `queue_offset`
// into the state and advances the offset in the same atomic state write. So a
// hook that cannot get the lock in time loses nothing: its line waits and the
// next holder (another hook, or `captured`, `digest`, `reindex`, the review
// screens — see foldPending) counts it. Folding is deterministic in the lines,
// so counts come out exact however the work was shared.
//
// Digests fire while folding, from the state as of the triggering line; one
// that would overrun the caller's time budget is kept as `pending_digest` and
// written by the next fold with time to spare.
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync } from "node:fs";
import { dirname, join } from "node:path";
import { LockTimeoutError, withLockSync } from "../fs/lock.js";
import { ensureDir } from "../fs/dir.js";
import { O_NOFOLLOW } from "../fs/guard.js";
import { assertRegular } from "../fs/read-capped.js";
import { monoMs, tsMs } from "./clock.js";
import { flag, loadConfig, toolEventsEvery, type CaptureConfig } from "./config.js";
import type { HookErrorKind } from "./errlog.js";
import { eventKind, isToolEvent, type NormalizedEvent } from "./harness.js";
import { appendRecord, readJsonl } from "./jsonfile.js";
import { candidatesPath, legacyStatePath, sessionQueueDir, sessionQueuePath, stateDir, statePath } from "./paths.js";
import { logRegistry } from "./registry.js";
import { applyEvent, loadState, migrateLegacyState, noteCandidate, recentCandidateIds, saveState, type State } from "./state.js";
import { writeCheckpoint } from "./checkpoint.js";
import { listMarkers } from "./markers.js";

export type QueueLine = Record<string, unknown>;

export interface FoldOptions {
  config: CaptureConfig;
  lockWaitMs: number;
  /** monoMs() after which digests are deferred to `pending_digest` (none: no limit). */
  digestDeadline?: number;
  /** The id of the line this caller appended: its digest and candidate are reported back. */
  ownLineId?: string;
  /** Asked just before the state is written: false when our lock was displaced (see core/fs/lock.ts), and nothing is committed. */
  stillHeld?: () => boolean;
  report(kind: HookErrorKind, message: string): void;
}

export interface FoldResult {
  state: State | null;
  /** Lines folded by this call. */
  folded: number;
  /** The caller's own line was folded by this call (not earlier by another process). */
  ownFolded: boolean;
  /** The digest written for the caller's own line, if any. */
  digestPath: string | null;
  /** The candidate appended for the caller's own line, if any. */
  candidate: Record<string, unknown> | null;
  /** Any candidate was appended (the caller marks `~feedback`). */
  anyCandidate: boolean;
}

/** Where one session's files are. */
export interface SessionFiles {
  state: string;
  queue: string;
  /** The state's pre-hash name, migrated on first fold (null when the same). */
  legacy: string | null;
}

/** The digest trigger an event fires, or null (§4.4). */
export function triggerFor(event: Pick<NormalizedEvent, "kind" | "toolName">, state: State, config: CaptureConfig): string | null {
  const on = (k: string): boolean => flag(config, "auto_capture", k);
  switch (event.kind) {
    case "pre-compact":
      if (on("pre_compact")) return "pre-compact";
      break;
    case "post-compact":
      if (on("post_compact")) return "post-compact";
      break;
    case "session-end":
      if (on("session_end")) return "session-end";
      break;
    case "stop":
      if (on("stop")) return "stop";
      break;
  }
  const n = toolEventsEvery(config);
  const count = typeof state.tool_event_count === "number" ? state.tool_event_count : 0;
  if (isToolEvent(event) && n > 0 && count > 0 && count % n === 0) return `tool-count-${n}`;
  return null;
}

const s = (v: unknown): string | null => (typeof v === "string" ? v : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** The event a queue line describes (its strings were scrubbed before they were written). */
export function eventOfLine(l: QueueLine): NormalizedEvent {
  const name = s(l.hook_event_name) ?? "manual";
  return {
    harness: s(l.harness) ?? "unknown",
    nativeId: s(l.native_session_id) ?? "",
    sid: s(l.llm_wiki_session_id) ?? "",
    eventName: name,
    kind: eventKind(name),
    cwd: s(l.cwd) ?? "",
    transcriptPath: s(l.transcript_path),
    transcriptPathHash: s(l.transcript_path_hash),
    toolName: s(l.tool_name),
    toolUseId: s(l.tool_use_id),
    turnId: s(l.turn_id),
    model: s(l.model),
    userText: "",
  };
}

const CHUNK = 1024 * 1024;

/** Complete lines after `offset` (a torn or still-arriving last line waits), and the offset after them. */
export function readQueueTail(path: string, offset: number): { lines: QueueLine[]; end: number; size: number } {
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO planted here is opened at once and refused below, never waited on
    fd = openSync(path, constants.O_RDONLY | O_NOFOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { lines: [], end: 0, size: 0 };
    throw err;
  }
  try {
    const st = fstatSync(fd);
    assertRegular(path, st);
    const size = st.size;
    // a queue shorter than the offset was replaced (deleted and begun again): its lines are all new
    let pos = size < offset ? 0 : offset;
    const lines: QueueLine[] = [];
    let carry = Buffer.alloc(0);
    let end = pos;
    const buf = Buffer.alloc(Math.min(CHUNK, Math.max(1, size - pos)));
    while (pos < size) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, size - pos), pos);
      if (n === 0) break;
      const data = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      const startOfData = pos - carry.length;
      pos += n;
      let from = 0;
      for (let nl = data.indexOf(0x0a, from); nl >= 0; nl = data.indexOf(0x0a, from)) {
        const text = data.subarray(from, nl).toString("utf8").replace(/\r$/, "");
        from = nl + 1;
        end = startOfData + from;
        if (!text.trim()) continue;
        try {
          const v = JSON.parse(text) as unknown;
          if (v && typeof v === "object" && !Array.isArray(v)) lines.push(v as QueueLine);
        } catch {}
      }
      carry = Buffer.from(data.subarray(from));
    }
    return { lines, end, size };
  } finally {
    closeSync(fd);
  }
}

function candidateExists(root: string, id: string): boolean {
  return readJsonl(candidatesPath(root)).some((c) => c.id === id);
}

/** Folds the session's pending queue lines into its state. Caller holds the session lock. */
export function foldLocked(root: string, files: SessionFiles, o: FoldOptions): FoldResult {
  const result: FoldResult = { state: null, folded: 0, ownFolded: false, digestPath: null, candidate: null, anyCandidate: false };
  if (files.legacy) migrateLegacyState(files.legacy, files.state);
  const loaded = loadState(files.state);
  if (loaded.corrupt) o.report("corrupt-file", "state file was damaged; a .corrupt copy was kept");
  const state = loaded.state;
  result.state = state;
  const offset = typeof state.queue_offset === "number" && state.queue_offset >= 0 ? state.queue_offset : 0;
  const tail = readQueueTail(files.queue, offset);
  const inTime = (): boolean => o.digestDeadline === undefined || monoMs() < o.digestDeadline;
  let fresh = loaded.fresh;
  let sid = s(state.llm_wiki_session_id);
  let changed = tail.end !== offset;
  for (const line of tail.lines) {
    sid ??= s(line.llm_wiki_session_id);
    if (!sid || line.llm_wiki_session_id !== sid) continue;
    const e = eventOfLine(line);
    const ts = s(line.ts) ?? "";
    const ms = tsMs(ts);
    applyEvent(state, {
      event: e,
      ts,
      nowMs: Number.isFinite(ms) ? ms : Date.now(),
      trigger: s(line.trigger) ?? e.eventName,
      topics: strs(line.topics),
      manualSummary: s(line.manual_summary),
      preview: s(line.payload_preview) ?? "",
      config: o.config,
    });
    result.folded++;
    changed = true;
    const own = o.ownLineId !== undefined && line.line_id === o.ownLineId;
    if (own) result.ownFolded = true;
    if (fresh) {
      fresh = false;
      logRegistry(root, "session_seen", { cwd: e.cwd, harness: e.harness, llm_wiki_session_id: e.sid, native_session_id: e.nativeId, transcript_path: state.transcript_path ?? null }, ts);
    }
    const cand = line.candidate && typeof line.candidate === "object" ? { ...(line.candidate as Record<string, unknown>) } : null;
    if (cand && typeof cand.id === "string") {
      cand.git_remote = (state.git_remote as string | null) ?? null;
      cand.git_branch = (state.git_branch as string | null) ?? null;
      const dup = line.forced_feedback === true ? candidateExists(root, cand.id) : recentCandidateIds(state).has(cand.id);
      if (!dup) {
        appendRecord(candidatesPath(root), cand);
        logRegistry(root, "feedback_candidate", { confidence: cand.confidence, cwd: e.cwd, feedback_type: cand.feedback_type, id: cand.id, llm_wiki_session_id: e.sid }, ts);
        noteCandidate(state, cand);
        result.anyCandidate = true;
        if (own) result.candidate = cand;
      }
    }
    const trigger = s(line.force_digest) ?? triggerFor(e, state, o.config);
    if (trigger) {
      if (inTime()) {
        const path = writeCheckpoint(root, state, trigger, { lockWaitMs: o.lockWaitMs, ts });
        delete state.pending_digest;
        if (own) result.digestPath = path;
      } else state.pending_digest = trigger;
    }
  }
  const pending = s(state.pending_digest);
  if (pending && inTime() && s(state.llm_wiki_session_id)) {
    writeCheckpoint(root, state, pending, { lockWaitMs: o.lockWaitMs, ts: s(state.last_seen_at) ?? undefined });
    delete state.pending_digest;
    changed = true;
  }
  if (changed && s(state.llm_wiki_session_id)) {
    // the offset is not advanced, so whoever holds the lock now folds these lines again
    if (o.stillHeld && !o.stillHeld()) throw new LockTimeoutError(files.state + ".lock");
    state.queue_offset = tail.end;
    saveState(files.state, state);
  }
  return result;
}

/** Folds under the session lock. Throws LockTimeoutError when the lock stays busy. */
export function foldSession(root: string, files: SessionFiles, o: FoldOptions): FoldResult {
  ensureDir(dirname(files.state));
  return withLockSync(files.state, { waitMs: o.lockWaitMs }, (h) => foldLocked(root, files, { ...o, stillHeld: () => h.verify() }));
}

/** The files of the session a marker or queue file names (`<harness key>`, `<id key>`). */
export function filesOfKeys(root: string, hKey: string, idKey: string): SessionFiles {
  return { state: join(stateDir(root), hKey, idKey + ".json"), queue: join(sessionQueueDir(root), hKey, idKey + ".jsonl"), legacy: null };
}

/** The files of a session by harness and native id. */
export function sessionFiles(root: string, harness: string, nativeId: string): SessionFiles {
  return { state: statePath(root, harness, nativeId), queue: sessionQueuePath(root, harness, nativeId), legacy: legacyStatePath(root, harness, nativeId) };
}

/** True when the session's queue holds bytes its state has not folded. */
function hasPending(files: SessionFiles): boolean {
  let size = 0;
  try {
    const fd = openSync(files.queue, constants.O_RDONLY | O_NOFOLLOW | (constants.O_NONBLOCK ?? 0));
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) return false;
      size = st.size;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
  const st = loadStateQuiet(files.state);
  const off = st && typeof st.queue_offset === "number" ? st.queue_offset : 0;
  return size !== off || (!!st && typeof st.pending_digest === "string");
}

function loadStateQuiet(path: string): State | null {
  try {
    return loadState(path, { keepCopy: false }).state;
  } catch {
    return null;
  }
}

export interface PendingOptions {
  config: CaptureConfig;
  lockWaitMs: number;
  /** Every session's queue (`reindex --full`), not only those with dirty markers. */
  all?: boolean;
  report?(kind: HookErrorKind, message: string): void;
}

/**
 * Folds what hooks left unfolded (a lock timeout, a killed hook) before a
 * reader looks at states or candidates. Sessions come from the dirty markers
 * (every hook leaves one, counted or not), or with `all` from every session
 * queue. Returns the number of sessions folded; a busy session is skipped.
 */
export function foldPending(root: string, o: PendingOptions): number {
  const targets: [string, string][] = [];
  if (o.all) {
    let hs: string[] = [];
    try {
      hs = readdirSync(sessionQueueDir(root));
    } catch {}
    for (const h of hs) {
      let fs: string[] = [];
      try {
        fs = readdirSync(join(sessionQueueDir(root), h));
      } catch {}
      for (const f of fs) if (f.endsWith(".jsonl") && !f.startsWith(".")) targets.push([h, f.slice(0, -6)]);
    }
  } else {
    for (const m of listMarkers(root)) {
      const i = m.indexOf("~");
      if (i > 0 && i < m.length - 1) targets.push([m.slice(0, i), m.slice(i + 1)]);
    }
  }
  let n = 0;
  for (const [h, id] of targets) {
    const files = filesOfKeys(root, h, id);
    if (!hasPending(files)) continue;
    try {
      foldSession(root, files, { config: o.config, lockWaitMs: o.lockWaitMs, report: o.report ?? (() => {}) });
      n++;
    } catch (err) {
      o.report?.("lock-timeout", `could not fold pending events of ${h}~${id}: ${(err as Error).message}`);
    }
  }
  return n;
}

/**
 * What readers (`captured`, `digest`, `feedback list/show`, `reindex`, the
 * review screens) call before they read: folds pending lines with the store's
 * config. A session whose lock is busy is skipped — its live holder folds
 * everything pending itself — so a reader never stalls on a burst. A corrupt
 * config folds nothing (capture is off until `enable`).
 */
export function foldBeforeRead(root: string, o: { all?: boolean; lockWaitMs?: number; warn?: (msg: string) => void } = {}): number {
  let config: CaptureConfig;
  try {
    const loaded = loadConfig(root);
    if (loaded.error) return 0;
    config = loaded.config;
  } catch {
    return 0;
  }
  return foldPending(root, { config, all: o.all, lockWaitMs: o.lockWaitMs ?? 250, report: o.warn ? (k, m) => o.warn!(`${k}: ${m}`) : undefined });
}
