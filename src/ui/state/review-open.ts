// Where review meets the session browser: the agent session behind a
// candidate or digest (when it is an omp/pi file on this machine), the turns
// around a candidate, opening the tree at that turn, and `I` (import-session)
// from the tree.
import { existsSync } from "node:fs";
import { basename } from "node:path";
import { loadSession } from "../../core/session/tree/load.js";
import { pathTo } from "../../core/session/tree/path.js";
import { safeText } from "../../core/session/text/safe-text.js";
import type { Session } from "../../core/session/model.js";
import { readJsonObject } from "../../core/capture/jsonfile.js";
import { legacyStatePath, statePath } from "../../core/capture/paths.js";
import { locateTurn } from "../../core/capture/turn.js";
import { importSession } from "../../core/capture/import-session.js";
import { refreshIfDirty } from "../../core/capture/indexes.js";
import type { State } from "../../core/capture/state.js";
import type { Line } from "../format/lines.js";
import type { AppStore } from "./store.js";
import { reviewStoreOf } from "./review-store.js";

const AGENT_HARNESSES = new Set(["omp", "pi"]);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The omp/pi session file a captured session points at, when it exists here. */
export function agentFileOfState(state: State | null | undefined): string | null {
  if (!state || !AGENT_HARNESSES.has(str(state.harness))) return null;
  const file = str(state.transcript_path);
  return file && existsSync(file) ? file : null;
}

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
function sessionOf(file: string): Promise<Session> {
  let p = cache.get(file);
  if (!p) {
    p = loadSession(file);
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

/** The session context of a candidate, or null when its session is no omp/pi file here. */
export async function candidateContext(root: string, c: Record<string, unknown>): Promise<TurnContext | null> {
  const file = agentFileOfState(stateOfCandidate(root, c));
  if (!file) return null;
  const s = await sessionOf(file);
  const turnId = await locateTurn(s, c);
  const head: Line = { text: `session file ${safeText(basename(file))}${turnId ? " (o opens it at this turn)" : ""}`, tone: "accent", bold: true };
  if (!turnId) return { file, turnId, lines: [head, { text: "  this turn is not in the file (edited or compacted away?)", tone: "muted" }] };
  return { file, turnId, lines: [head, ...turnLines(s, turnId)] };
}

/** Opens an agent session on the tree screen, the cursor on `entryId` when given and visible. */
export async function openAgentSession(app: AppStore, file: string, entryId: string | null): Promise<boolean> {
  const ok = await app.getState().openFile(file);
  if (!ok || !entryId) return ok;
  const rows = app.getState().rows;
  const i = rows ? rows.indexOf(entryId) : -1;
  if (i >= 0) app.setState({ cursor: i });
  else app.getState().setStatus("that turn is hidden by the tree's filter (^a shows all)");
  return true;
}

/** `o` on a candidate: its session's tree at the candidate's turn. */
export async function openCandidateSession(app: AppStore, c: Record<string, unknown>): Promise<void> {
  const r = reviewStoreOf(app).getState();
  const root = r.root;
  const file = root ? agentFileOfState(stateOfCandidate(root, c)) : null;
  if (!root || !file) {
    app.getState().setStatus(`${str(c.llm_wiki_session_id) || "this session"} is not an omp/pi session file on this machine`, "error");
    return;
  }
  let turn: string | null = null;
  try {
    turn = await locateTurn(await sessionOf(file), c);
  } catch {}
  await openAgentSession(app, file, turn);
}

/** `I` on the tree: import-session on the open file, then the feedback queue filtered to that session. */
export async function importOpenSession(app: AppStore): Promise<void> {
  const st = app.getState();
  const s = st.session;
  if (!s) return st.setStatus("no session open", "error");
  const review = reviewStoreOf(app);
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
