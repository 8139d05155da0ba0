// Explicit promotion into a topic wiki's raw layer (§10): a distilled note,
// never a transcript, plus bookkeeping in the store.
import { closeSync, constants, existsSync, lstatSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { appendText } from "../fs/append.js";
import { checkWritePath, O_NOFOLLOW } from "../fs/guard.js";
import { fileKey } from "./session-key.js";
import { basename, dirname, join } from "node:path";
import { atomicWrite } from "../fs/atomic.js";
import { withLockSync } from "../fs/lock.js";
import { isoTs, localDate } from "./clock.js";
import { digestBodyOf, digestSummaryOf, syncDigestFrontmatter } from "./frontmatter.js";
import { CaptureNotFoundError, CaptureRefusedError } from "./errors.js";
import { writeJsonFile } from "./jsonfile.js";
import { foldBeforeRead } from "./fold.js";
import { markDirty } from "./markers.js";
import { candidatesPath, FEEDBACK_MARKER, sessionMarker } from "./paths.js";
import { scrub, storedIdsFor } from "./redact.js";
import { logRegistry } from "./registry.js";
import { listStates, newestFirst } from "./rehydrate.js";
import { CLI_LOCK_WAIT_MS, effectiveLesson, findCandidate, readStatus, updateStatus } from "./review.js";
import { slug, yamlScalar } from "./serialize.js";
import { setSidecarTopics } from "./sidecar.js";
import { loadState, sortedUnique, type State } from "./state.js";
import { rawNotesDir } from "./topic.js";

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** A session's state file by sid or native id (several → newest last_seen_at). */
export function findSession(root: string, key: string): { path: string; state: State } {
  foldBeforeRead(root);
  const ids = storedIdsFor(key);
  const matches = listStates(root).filter((x) => ids.has(String(x.state.llm_wiki_session_id)) || ids.has(String(x.state.native_session_id)));
  if (matches.length === 0) throw new CaptureNotFoundError(`no captured session ${key}`);
  matches.sort((a, b) => newestFirst(a.state, b.state));
  return matches[0];
}

/**
 * Exclusive create, or atomic replace with force; notes keep the default mode
 * and umask. Returns how to take the write back (the previous note, or none),
 * so a promotion whose record fails leaves nothing behind. The notes
 * directory's tree is guarded: no link below the topic is followed.
 */
function writeNote(path: string, text: string, force: boolean): () => void {
  checkWritePath(path);
  if (force) {
    let before: Buffer | null = null;
    try {
      if (lstatSync(path).isFile()) before = readFileSync(path);
    } catch {}
    atomicWrite(path, text, 0o666);
    return () => {
      try {
        if (before) atomicWrite(path, before, 0o666);
        else unlinkSync(path);
      } catch {}
    };
  }
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o666);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") throw new CaptureRefusedError(`note exists (use --force to replace): ${path}`);
    throw err;
  }
  try {
    writeSync(fd, text);
  } catch (err) {
    closeSync(fd);
    unlinkSync(path);
    throw err;
  }
  closeSync(fd);
  return () => {
    try {
      unlinkSync(path);
    } catch {}
  };
}

/** Appends to the topic's log.md when it exists (never through a link). */
function appendLog(notesDir: string, line: string): void {
  const log = join(dirname(dirname(notesDir)), "log.md");
  if (existsSync(log)) appendText(log, line);
}

export interface PromoteResult {
  notePath: string;
}

export interface PromoteOptions {
  /** Wait for the session or status lock (CLI default 10 s). */
  lockWaitMs?: number;
  warn?: (m: string) => void;
}

/**
 * §10.1, all or nothing: under the session lock the note is written, the
 * digest's header synced and the state recorded; if any of it fails (or the
 * lock cannot be had) the note and digest are put back as they were, so a
 * retry works. The registry and log lines follow a completed promotion.
 */
export function promoteSession(hub: string, root: string, key: string, topic: string, force: boolean, opts: PromoteOptions = {}): PromoteResult {
  const found = findSession(root, key);
  const notes = rawNotesDir(hub, topic);
  const date = localDate();
  const sid = str(found.state.llm_wiki_session_id);
  const file = `${date}-session-${slug(fileKey(str(found.state.harness)))}-${slug(fileKey(str(found.state.native_session_id)))}.md`;
  const notePath = join(notes, file);
  if (!force && existsSync(notePath)) throw new CaptureRefusedError(`note exists (use --force to replace): ${notePath}`);
  const waitMs = opts.lockWaitMs ?? CLI_LOCK_WAIT_MS;
  withLockSync(found.path, { waitMs }, () => {
    const { state } = loadState(found.path);
    const digestPathNow = str(state.last_digest_path);
    if (!digestPathNow || !existsSync(digestPathNow)) throw new CaptureNotFoundError(`session ${key} has no digest on disk`);
    const digestText = readFileSync(digestPathNow, "utf8");
    const summary = digestSummaryOf(digestText) ?? `Automated checkpoint for ${sid} in ${str(state.cwd) || "unknown cwd"}.`;
    const note = [
      "---",
      `title: ${yamlScalar(scrub(`Session Digest Promotion: ${sid}`))}`,
      `source: ${yamlScalar(scrub(digestPathNow))}`,
      "type: notes",
      `ingested: ${date}`,
      `tags: [session-digest, session-promotion, ${yamlScalar(scrub(topic))}]`,
      `summary: ${yamlScalar(scrub(summary))}`,
      "---",
      "",
      `# Session Digest Promotion: ${scrub(sid)}`,
      "",
      `Source digest: [${basename(digestPathNow)}](${scrub(digestPathNow)})`,
      "",
      `This distilled session checkpoint enters topic \`${scrub(topic)}\`'s raw layer for later compilation; no transcript is included.`,
      "",
      scrub(digestBodyOf(digestText).trim()),
      "",
    ].join("\n");
    const undoNote = writeNote(notePath, note, force);
    let digestSynced = false;
    try {
      const topics = sortedUnique([...(Array.isArray(state.topics) ? state.topics.filter((t): t is string => typeof t === "string") : []), topic]);
      const promoted = sortedUnique([...(Array.isArray(state.promoted_to) ? state.promoted_to.filter((t): t is string => typeof t === "string") : []), notePath]);
      state.topics = topics;
      state.promoted_to = promoted;
      atomicWrite(digestPathNow, syncDigestFrontmatter(digestText, topics, promoted));
      digestSynced = true;
      writeJsonFile(found.path, state);
      const cwd = str(state.cwd);
      // the sidecar is a derived cache (rebuilt by `reindex --full`): a failure there does not undo the promotion
      if (cwd) {
        try {
          setSidecarTopics(root, cwd, sid, topics, waitMs);
        } catch (err) {
          opts.warn?.(`cwd index not updated: ${(err as Error).message}`);
        }
      }
    } catch (err) {
      if (digestSynced) {
        try {
          atomicWrite(digestPathNow, digestText);
        } catch {}
      }
      undoNote();
      throw err;
    }
  });
  markDirty(root, sessionMarker(str(found.state.harness), str(found.state.native_session_id)));
  logRegistry(root, "session_promoted", { llm_wiki_session_id: sid, path: notePath, topic });
  appendLog(notes, `\n## [${date}] session | promoted session digest ${sid} → raw/notes/${file}\n`);
  return { notePath };
}

const cell = (v: unknown): string =>
  scrub(v == null ? "" : String(v))
    .replace(/\r?\n|\r/g, " ")
    .replace(/\|/g, "\\|");

/** §10.2, all or nothing: the note is written under the status lock and taken back if the status write fails. */
export function promoteFeedback(hub: string, root: string, key: string, topic: string, force: boolean, warnOrOpts?: ((m: string) => void) | PromoteOptions): PromoteResult {
  const opts: PromoteOptions = typeof warnOrOpts === "function" ? { warn: warnOrOpts } : (warnOrOpts ?? {});
  const warn = opts.warn;
  const c = findCandidate(root, key);
  const id = str(c.id);
  const notes = rawNotesDir(hub, topic);
  const date = localDate();
  const file = `${date}-feedback-${slug(str(c.feedback_type))}-${slug(id)}.md`;
  const notePath = join(notes, file);
  if (!force && existsSync(notePath)) throw new CaptureRefusedError(`note exists (use --force to replace): ${notePath}`);
  const lesson = scrub(effectiveLesson(readStatus(root).status, c));
  const preview = scrub(str(c.text_preview));
  const rows: [string, unknown][] = [
    ["Feedback type", c.feedback_type],
    ["Confidence", c.confidence],
    ["Strength", c.strength],
    ["Scope hint", c.scope_hint],
    ["Promotion recommendation", c.promotion_recommendation],
    ["Session", c.llm_wiki_session_id],
    ["Harness", c.harness],
    ["CWD", c.cwd],
    ["Git remote", c.git_remote],
    ["Git branch", c.git_branch],
    ["Captured at", c.ts],
  ];
  const note = [
    "---",
    `title: ${yamlScalar(`Feedback Candidate Promotion: ${id}`)}`,
    `source: ${yamlScalar(candidatesPath(root))}`,
    "type: notes",
    `ingested: ${date}`,
    `tags: [feedback, feedback-candidate, user-feedback, ${yamlScalar(scrub(str(c.feedback_type)))}, ${yamlScalar(scrub(topic))}]`,
    `summary: ${yamlScalar(lesson)}`,
    "---",
    "",
    `# Feedback Candidate Promotion: ${id}`,
    "",
    "A reviewed, distilled lesson from user feedback during an agent session; it is not a transcript.",
    "",
    "## Distilled Lesson",
    "",
    lesson.replace(/\r?\n|\r/g, " "),
    "",
    "## Redacted User Feedback Preview",
    "",
    ...preview.split(/\r?\n/).map((l) => (l ? `> ${l}` : "> ")),
    "",
    "## Metadata",
    "",
    "| Field | Value |",
    "|---|---|",
    ...rows.map(([k, v]) => `| ${k} | ${cell(v)} |`),
    "",
    "## Usage Guidance",
    "",
    "- Corrections and preferences are candidates for rule updates (AGENTS.md, skills, workflows).",
    "- Approvals and decisions validate only the context immediately before them.",
    "- Infer no broader facts from this note than the lesson states.",
    "",
  ].join("\n");
  let undoNote: (() => void) | null = null;
  try {
    updateStatus(
      root,
      (s) => {
        undoNote = writeNote(notePath, note, force);
        s.promoted[id] = { path: notePath, topic, ts: isoTs() };
        delete s.dismissed[id];
      },
      warn,
      opts.lockWaitMs,
    );
  } catch (err) {
    (undoNote as (() => void) | null)?.();
    throw err;
  }
  logRegistry(root, "feedback_promoted", { id, path: notePath, topic });
  markDirty(root, FEEDBACK_MARKER);
  appendLog(notes, `\n## [${date}] feedback | promoted feedback candidate ${id} → raw/notes/${file}\n`);
  return { notePath };
}
