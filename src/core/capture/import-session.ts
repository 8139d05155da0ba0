// `import-session` (§11.1): a digest and feedback candidates from one omp/pi
// session file, read with the project's session reader. Idempotent per
// (path, size, mtime, leaf); never writes the session file or queue lines.
import { dirname, resolve } from "node:path";
import { withLockSync } from "../fs/lock.js";
import { stampOf } from "../fs/stat.js";
import { SessionError } from "../errors.js";
import type { Session } from "../session/index.js";
import { ensureDir } from "../fs/dir.js";
import { loadSession } from "../session/index.js";
import { readEntries } from "../session/index.js";
import { pathTo } from "../session/index.js";
import { contextOfPath } from "../session/index.js";
import { isoTs, now } from "./clock.js";
import { loadConfig, takesFeedback } from "./config.js";
import { buildCandidate, classify, passesFilters } from "./feedback.js";
import { isMetaMessage, userWords } from "./feedback-injected.js";
import { isSyntheticNotice } from "./feedback-transcript.js";
import { normalizeText } from "./harness.js";
import { appendRecord, readJsonl } from "./jsonfile.js";
import { markDirty } from "./markers.js";
import { candidatesPath, FEEDBACK_MARKER, sessionMarker, statePath } from "./paths.js";
import { redactId, scrub, scrubCut } from "./redact.js";
import { logRegistry } from "./registry.js";
import { CLI_LOCK_WAIT_MS } from "./review.js";
import { safeId } from "./serialize.js";
import { ensureIdentity, loadState, noteCandidate, refreshGit, saveState, type State } from "./state.js";
import { writeCheckpoint } from "./checkpoint.js";
import { existsSync } from "node:fs";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

export interface ImportResult {
  llm_wiki_session_id: string;
  digest_path: string | null;
  candidates_added: number;
  unchanged: boolean;
}

/** ISO instant → the store's `YYYY-MM-DDTHH:MM:SSZ`, or null. */
function toTs(v: unknown): string | null {
  const ms = typeof v === "number" ? v : typeof v === "string" ? Date.parse(v) : NaN;
  return Number.isFinite(ms) ? isoTs(new Date(ms)) : null;
}

/** A user message's text: string content, or its text blocks joined by newlines. */
export function userTextOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .filter((b) => isObj(b) && b.type === "text" && typeof b.text === "string")
      .map((b) => (b as Obj).text as string)
      .join("\n");
  }
  return "";
}

interface Derived {
  events: Obj[];
  /** User turns with the agent text before each (null when none came before on the path). */
  userTexts: { text: string; id: string; ts: string | null; before: string | null }[];
  userMessages: number;
  toolEvents: number;
  lastSeen: string | null;
}

function derive(path: Obj[]): Derived {
  const d: Derived = { events: [], userTexts: [], userMessages: 0, toolEvents: 0, lastSeen: null };
  let before: string | null = null;
  for (const e of path) {
    const ts = toTs(e.timestamp);
    if (ts && (!d.lastSeen || ts > d.lastSeen)) d.lastSeen = ts;
    // entry ids are stored (turn_id) and come from the file: scrubbed like every field
    const id = typeof e.id === "string" ? scrubCut(e.id, 1000) : null;
    const ev = (name: string, tool: string | null = null): void => {
      d.events.push({ hook_event_name: name, tool_name: tool, trigger: name, ts, turn_id: id });
    };
    if (e.type === "compaction") {
      ev("PostCompact");
      continue;
    }
    if (e.type !== "message" || !isObj(e.message)) continue;
    const m = e.message;
    if (m.role === "user") {
      d.userMessages++;
      ev("UserPromptSubmit");
      // injected turns (command output, reminders, summaries, meta and subagent lines) are not the user's words
      const text = isMetaMessage(e) || isMetaMessage(m) ? "" : userWords(normalizeText(userTextOf(m.content)));
      if (text && id) d.userTexts.push({ text, id, ts, before });
    } else if (m.role === "assistant") {
      // Claude Code's API error notices stand in the agent's place: the turn after one answers the agent's last real message
      const t = isSyntheticNotice(e, m) ? "" : normalizeText(userTextOf(m.content));
      if (t) before = t;
      if (m.stopReason === "stop") ev("Stop");
    } else if (m.role === "toolResult") {
      d.toolEvents++;
      ev("PostToolUse", typeof m.toolName === "string" ? scrubCut(m.toolName, 1000) : null);
    } else if (m.role === "bashExecution") {
      d.toolEvents++;
      ev("PostToolUse", "bash");
    }
  }
  return d;
}

function detectHarness(session: Session): string {
  // The session's agent, as every route tells it (omp: a title slot, omp's marks or a .omp path; read/dialects/pi/omp-marks.ts);
  // another agent's session is that agent's, the sid its hook gives it too.
  return session.agent;
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export async function importSession(root: string, fileArg: string, harnessOpt?: string): Promise<ImportResult> {
  const file = resolve(fileArg);
  const session = await loadSession(file);
  // A session kept in a database (`<db>#<id>`) is as fresh as the database and its -wal.
  const st = stampOf(file);
  if (!st) throw new SessionError(`${file}: no such file`);
  const config = loadConfig(root).config;
  const harness = safeId(redactId(harnessOpt || detectHarness(session)));
  const header = session.header;
  const nativeId = redactId(typeof header.id === "string" && header.id ? header.id : safeId(file));
  const sourcePath = scrubCut(file, 1000);
  const leafId = session.leafId == null ? null : scrubCut(session.leafId, 1000);
  const sid = `${harness}:${nativeId}`;
  const cwd = typeof header.cwd === "string" && header.cwd ? (scrubCut(header.cwd, 1000) as string) : null;
  const startedAt = toTs(header.timestamp);
  const ids = session.leafId ? pathTo(session, session.leafId) : [];
  const entries = await readEntries(
    session,
    ids.map((id) => session.byId.get(id)!),
  );
  const d = derive(entries);
  const ctxModel = contextOfPath(entries).model;
  const model = ctxModel ? scrubCut(`${scrub(ctxModel.provider)}/${scrub(ctxModel.modelId)}`, 1000) : null;
  const importKey = { leaf_id: leafId, mtime_ms: st.mtimeMs, size: st.size, source_path: sourcePath };
  const name = session.name ? scrubCut(session.name.replace(/\s+/g, " ").trim(), 120) : "";
  const sentence = `Imported ${harness} session ${name ? `"${name}" ` : ""}with ${d.userMessages} user message${d.userMessages === 1 ? "" : "s"} from ${cwd ?? "unknown cwd"}.`;

  const path = statePath(root, harness, nativeId);
  ensureDir(dirname(path));
  const result: ImportResult = { llm_wiki_session_id: sid, digest_path: null, candidates_added: 0, unchanged: false };
  withLockSync(path, { waitMs: CLI_LOCK_WAIT_MS }, (lock) => {
    const loaded = loadState(path);
    const state: State = loaded.state;
    const prev = isObj(state.import) ? state.import : null;
    if (prev && prev.source_path === sourcePath && prev.size === st.size && prev.mtime_ms === st.mtimeMs && prev.leaf_id === leafId) {
      result.unchanged = true;
      result.digest_path = typeof state.last_digest_path === "string" ? state.last_digest_path : null;
      return;
    }
    const ts = isoTs(now());
    const seenTs = d.lastSeen ?? startedAt ?? ts;
    ensureIdentity(state, { harness, nativeId, sid }, startedAt ?? seenTs);
    if (startedAt && (typeof state.started_at !== "string" || startedAt < state.started_at)) state.started_at = startedAt;
    if (typeof state.last_seen_at !== "string" || seenTs > state.last_seen_at) state.last_seen_at = seenTs;
    if (cwd || state.cwd == null) state.cwd = cwd;
    state.transcript_path = sourcePath;
    if (model) state.model = model;
    state.privacy = config.privacy;
    state.raw_transcripts = config.raw_transcripts;
    if (cwd && existsSync(cwd)) refreshGit(state, cwd, now().getTime(), ts);
    state.event_count = Math.max(num(state.event_count), ids.length);
    state.tool_event_count = Math.max(num(state.tool_event_count), d.toolEvents);
    const key = (e: Obj): string => `${e.ts}\u0000${e.hook_event_name}\u0000${e.turn_id}`;
    const merged = new Map<string, Obj>();
    for (const e of [...(Array.isArray(state.last_events) ? (state.last_events as Obj[]) : []), ...d.events]) if (isObj(e)) merged.set(key(e), e);
    state.last_events = [...merged.values()].sort((a, b) => (String(a.ts ?? "") < String(b.ts ?? "") ? -1 : String(a.ts ?? "") > String(b.ts ?? "") ? 1 : 0)).slice(-20);
    if (loaded.fresh) logRegistry(root, "session_seen", { cwd: state.cwd ?? null, harness, llm_wiki_session_id: sid, native_session_id: nativeId, transcript_path: state.transcript_path ?? null }, ts);

    // A headless run (`claude -p`: a memory plugin's observer, a script) holds the program's prompts, no user's feedback.
    if (takesFeedback(config, header.headless === true)) {
      const existing = readJsonl(candidatesPath(root));
      const ids = new Set(existing.map((c) => c.id));
      const shas = new Set(existing.filter((c) => c.llm_wiki_session_id === sid).map((c) => c.text_sha256));
      for (const u of d.userTexts) {
        const c = classify(u.text, false, u.before);
        if (!c || !passesFilters(c, (config.feedback ?? {}) as Obj)) continue;
        const cand = buildCandidate(u.text, c, {
          sid,
          harness,
          nativeId,
          cwd: state.cwd as string | null,
          hookEventName: "UserPromptSubmit",
          turnId: u.id,
          ts: u.ts ?? ts,
          gitRemote: (state.git_remote as string | null) ?? null,
          gitBranch: (state.git_branch as string | null) ?? null,
        });
        if (ids.has(cand.id) || shas.has(cand.text_sha256)) continue;
        ids.add(cand.id);
        shas.add(cand.text_sha256);
        appendRecord(candidatesPath(root), cand);
        logRegistry(root, "feedback_candidate", { confidence: cand.confidence, cwd: cand.cwd, feedback_type: cand.feedback_type, id: cand.id, llm_wiki_session_id: sid }, ts);
        noteCandidate(state, cand);
        result.candidates_added++;
      }
      lock.touch();
    }
    state.import = { ...importKey, imported_at: ts };
    result.digest_path = writeCheckpoint(root, state, "import", { importSentence: sentence, lockWaitMs: CLI_LOCK_WAIT_MS, ts });
    logRegistry(root, "session_imported", { candidates_added: result.candidates_added, llm_wiki_session_id: sid, source_path: sourcePath }, ts);
    saveState(path, state);
  });
  if (!result.unchanged) {
    markDirty(root, sessionMarker(harness, nativeId));
    if (result.candidates_added) markDirty(root, FEEDBACK_MARKER);
  }
  return result;
}
