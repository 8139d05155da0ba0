// Where review meets the session browser: the agent session behind a
// candidate or digest (any agent's, when it is on this machine: the
// transcript path the hook recorded, else found by the session id), the
// turns around a candidate, opening the tree at that turn, and `I`
// (import-session) from the tree.
import { basename } from "node:path";
import { loadSession } from "../../core/session/index.js";
import { findSessionSource } from "../../core/agents/find-session.js";
import type { SessionAccess } from "./session-access.js";
import { pathTo } from "../../core/session/index.js";
import { safeText } from "../../core/session/index.js";
import type { Session } from "../../core/session/index.js";
import { readJsonObject } from "../../core/capture/jsonfile.js";
import { legacyStatePath, statePath } from "../../core/capture/paths.js";
import { locateTurn } from "../../core/capture/turn.js";
import { importSession } from "../../core/capture/import-session.js";
import { refreshIfDirty } from "../../core/capture/indexes.js";
import type { State } from "../../core/capture/state.js";
import type { Line } from "../format/lines.js";
import type { AppStore } from "./store.js";
import type { Stores } from "./stores.js";

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The session source a captured session points at, when it is on this machine. */
export async function sourceOfState(state: State | null | undefined, access: SessionAccess = {}): Promise<string | null> {
  if (!state) return null;
  return findSessionSource({ harness: str(state.harness), nativeId: str(state.native_session_id), transcriptPath: str(state.transcript_path) || null, cwd: str(state.cwd) || null }, access.find);
}

/** The access an app's review screens were given (attachReview's `sessions`). */
const accessOf = (ui: Stores): SessionAccess => ui.reviewOptions.sessions ?? {};

/** The state of a candidate's session (read only), or null. */
export function stateOfCandidate(root: string, c: Record<string, unknown>): State | null {
  const harness = str(c.harness);
  const native = str(c.native_session_id);
  if (!harness || !native) return null;
  try {
    // a store written before hashed file names keeps `safe_id` names until the session's next event
    const legacy = legacyStatePath(root, harness, native);
    const r = readJsonObject(statePath(root, harness, native));
    return r.value ?? (legacy ? readJsonObject(legacy).value : null);
  } catch {
    return null;
  }
}

// A few recently read sessions, so moving through one session's candidates reads its file once.
const cache = new Map<string, Promise<Session>>();
function sessionOf(file: string, access: SessionAccess = {}): Promise<Session> {
  let p = cache.get(file);
  if (!p) {
    p = (access.load ?? loadSession)(file);
    p.catch(() => cache.delete(file));
    cache.set(file, p);
    if (cache.size > 3) cache.delete(cache.keys().next().value as string);
  }
  return p;
}

/** Forget cached sessions (after a file may have grown). */
export const forgetSessions = (): void => cache.clear();

/** The turn's neighbourhood on its branch: two entries before it, two after (along the active path when it continues there). */
export function turnLines(s: Session, turnId: string): Line[] {
  const path = pathTo(s, turnId);
  const active = new Set(s.leafId ? pathTo(s, s.leafId) : []);
  const after: string[] = [];
  let cur = turnId;
  for (let i = 0; i < 2; i++) {
    const kids = s.children.get(cur) ?? [];
    const next = kids.find((k) => active.has(k)) ?? kids[0];
    if (!next) break;
    after.push(next);
    cur = next;
  }
  const ids = [...path.slice(-3, -1), turnId, ...after];
  return ids.map((id) => {
    const e = s.byId.get(id)!;
    return { text: `${id === turnId ? "› " : "  "}${safeText(e.summary || e.preview || e.type)}`, tone: id === turnId ? "user" : "muted" };
  });
}

export interface TurnContext {
  file: string;
  turnId: string | null;
  lines: Line[];
}

/** The session context of a candidate, or null when its session is not on this machine. */
export async function candidateContext(root: string, c: Record<string, unknown>, access: SessionAccess = {}): Promise<TurnContext | null> {
  const file = await sourceOfState(stateOfCandidate(root, c), access);
  if (!file) return null;
  const s = await sessionOf(file, access);
  const turnId = await locateTurn(s, c);
  const head: Line = { text: `session file ${safeText(basename(file))}${turnId ? " (o opens it at this turn)" : ""}`, tone: "accent", bold: true };
  if (!turnId) return { file, turnId, lines: [head, { text: "  this turn is not in the file (edited or compacted away?)", tone: "muted" }] };
  return { file, turnId, lines: [head, ...turnLines(s, turnId)] };
}

/** Opens a session (already read) on the tree screen, the cursor on `entryId` when given, showing every entry when the filter hides it. */
function showSession(app: AppStore, s: Session, entryId: string | null): void {
  const from = app.getState().screen;
  app.getState().setSession(s);
  // Esc on the tree goes back to the review screen it was opened from.
  if (from === "feedback" || from === "digests") app.setState({ treeFrom: from });
  if (!entryId) return;
  const rows = app.getState().rows;
  const i = rows ? rows.indexOf(entryId) : -1;
  if (i >= 0) app.setState({ cursor: i });
  else if (s.byId.has(entryId)) {
    app.getState().setFilter("all");
    const j = app.getState().rows?.indexOf(entryId) ?? -1;
    if (j >= 0) app.setState({ cursor: j });
    app.getState().setStatus("filter: all (the default filter hides this turn)");
  }
}

/** Reads the session a captured session points at and opens it, at `turnOf`'s entry when it finds one. */
async function openCaptured(ui: Stores, state: State | null, sid: string, turnOf: ((s: Session) => Promise<string | null>) | null): Promise<void> {
  const app = ui.app;
  const access = accessOf(ui);
  const file = await sourceOfState(state, access);
  if (!file) {
    app.getState().setStatus(`${sid || "this session"}: its session is not on this machine (no transcript path, and no file with its id where ${str(state?.harness) || "its agent"} keeps sessions)`, "error");
    return;
  }
  app.getState().setStatus(`loading ${file} …`);
  let s: Session;
  try {
    s = await sessionOf(file, access);
  } catch (err) {
    app.getState().setStatus(`${file}: ${(err as Error).message}`, "error");
    return;
  }
  let turn: string | null = null;
  try {
    turn = turnOf ? await turnOf(s) : null;
  } catch {}
  app.setState({ status: null });
  showSession(app, s, turn);
  if (turnOf && !turn) app.getState().setStatus("that turn is not in the session (edited or compacted away?): opened at its last entry");
}

/** `o` on a digest: its session's tree. */
export async function openDigestSession(ui: Stores, state: State): Promise<void> {
  await openCaptured(ui, state, str(state.llm_wiki_session_id), null);
}

/** `o` on a candidate: its session's tree at the candidate's turn. */
export async function openCandidateSession(ui: Stores, c: Record<string, unknown>): Promise<void> {
  const root = ui.review.getState().root;
  const state = root ? stateOfCandidate(root, c) : null;
  await openCaptured(ui, state, str(c.llm_wiki_session_id), (s) => locateTurn(s, c));
}

/** `I` on the tree: import-session on the open file, then the feedback queue filtered to that session. */
export async function importOpenSession(ui: Stores): Promise<void> {
  const app = ui.app;
  const st = app.getState();
  const s = st.session;
  if (!s) return st.setStatus("no session open", "error");
  const review = ui.review;
  // The capture store is read when a review screen first opens; `I` may come first.
  review.getState().ensureLoaded();
  const root = review.getState().root;
  if (!root) return st.setStatus(review.getState().hubError ?? "no capture store", "error");
  st.setStatus(`capturing ${basename(s.file)} …`);
  try {
    const r = await importSession(root, s.file);
    refreshIfDirty(root);
    forgetSessions();
    const rs = review.getState();
    rs.load();
    rs.setFilters({ session: r.llm_wiki_session_id, status: "all" });
    app.getState().setScreen("feedback");
    const found = review.getState().view.length;
    app
      .getState()
      .setStatus(
        r.unchanged
          ? `${r.llm_wiki_session_id}: unchanged since the last capture · ${found} candidate${found === 1 ? "" : "s"}`
          : `captured ${r.llm_wiki_session_id}: ${r.candidates_added} new candidate${r.candidates_added === 1 ? "" : "s"} · digest written`,
      );
  } catch (err) {
    app.getState().setStatus(`capture failed: ${(err as Error).message}`, "error");
  }
}
