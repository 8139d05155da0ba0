// Explicit promotion into a topic wiki's raw layer (§10): a distilled note,
// never a transcript, plus bookkeeping in the store.
import { appendFileSync, closeSync, existsSync, openSync, readFileSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { atomicWrite } from "../fs/atomic.js";
import { withLockSync } from "../fs/lock.js";
import { isoTs, localDate } from "./clock.js";
import { digestBody, digestSummaryLine, syncDigestHeader } from "./digest.js";
import { CaptureNotFoundError, CaptureRefusedError } from "./errors.js";
import { writeJsonFile } from "./jsonfile.js";
import { markDirty } from "./markers.js";
import { candidatesPath, FEEDBACK_MARKER, sessionMarker } from "./paths.js";
import { scrub } from "./redact.js";
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
  const matches = listStates(root).filter((x) => x.state.llm_wiki_session_id === key || x.state.native_session_id === key);
  if (matches.length === 0) throw new CaptureNotFoundError(`no captured session ${key}`);
  matches.sort((a, b) => newestFirst(a.state, b.state));
  return matches[0];
}

/** Exclusive create, or atomic replace with force; notes keep the default mode and umask. */
function writeNote(path: string, text: string, force: boolean): void {
  if (force) return atomicWrite(path, text, 0o666);
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o666);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") throw new CaptureRefusedError(`note exists (use --force to replace): ${path}`);
    throw err;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

function appendLog(notesDir: string, line: string): void {
  const log = join(dirname(dirname(notesDir)), "log.md");
  if (existsSync(log)) appendFileSync(log, line);
}

export interface PromoteResult {
  notePath: string;
}

export function promoteSession(hub: string, root: string, key: string, topic: string, force: boolean): PromoteResult {
  const found = findSession(root, key);
  const digestPathNow = str(found.state.last_digest_path);
  if (!digestPathNow || !existsSync(digestPathNow)) throw new CaptureNotFoundError(`session ${key} has no digest on disk`);
  const notes = rawNotesDir(hub, topic);
  const date = localDate();
  const sid = str(found.state.llm_wiki_session_id);
  const file = `${date}-session-${slug(str(found.state.harness))}-${slug(str(found.state.native_session_id))}.md`;
  const notePath = join(notes, file);
  if (!force && existsSync(notePath)) throw new CaptureRefusedError(`note exists (use --force to replace): ${notePath}`);
  const digestText = readFileSync(digestPathNow, "utf8");
  const summary = digestSummaryLine(digestText) ?? `Automated checkpoint for ${sid} in ${str(found.state.cwd) || "unknown cwd"}.`;
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
    scrub(digestBody(digestText).trim()),
    "",
  ].join("\n");
  writeNote(notePath, note, force);

  withLockSync(found.path, { waitMs: CLI_LOCK_WAIT_MS }, () => {
    const { state } = loadState(found.path);
    const topics = sortedUnique([...(Array.isArray(state.topics) ? state.topics.filter((t): t is string => typeof t === "string") : []), topic]);
    const promoted = sortedUnique([...(Array.isArray(state.promoted_to) ? state.promoted_to.filter((t): t is string => typeof t === "string") : []), notePath]);
    state.topics = topics;
    state.promoted_to = promoted;
    writeJsonFile(found.path, state);
    const digest = str(state.last_digest_path);
    if (digest && existsSync(digest)) atomicWrite(digest, syncDigestHeader(readFileSync(digest, "utf8"), topics, promoted));
    const cwd = str(state.cwd);
    if (cwd) setSidecarTopics(root, cwd, sid, topics, CLI_LOCK_WAIT_MS);
  });
  markDirty(root, sessionMarker(str(found.state.harness), str(found.state.native_session_id)));
  logRegistry(root, "session_promoted", { llm_wiki_session_id: sid, path: notePath, topic });
  appendLog(notes, `\n## [${date}] session | promoted session digest ${sid} → raw/notes/${file}\n`);
  return { notePath };
}

const cell = (v: unknown): string => scrub(v == null ? "" : String(v)).replace(/\r?\n|\r/g, " ").replace(/\|/g, "\\|");

export function promoteFeedback(hub: string, root: string, key: string, topic: string, force: boolean, warn?: (m: string) => void): PromoteResult {
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
  writeNote(notePath, note, force);
  updateStatus(
    root,
    (s) => {
      s.promoted[id] = { path: notePath, topic, ts: isoTs() };
      delete s.dismissed[id];
    },
    warn,
  );
  logRegistry(root, "feedback_promoted", { id, path: notePath, topic });
  markDirty(root, FEEDBACK_MARKER);
  appendLog(notes, `\n## [${date}] feedback | promoted feedback candidate ${id} → raw/notes/${file}\n`);
  return { notePath };
}
