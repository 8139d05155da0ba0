// Moving between linked sessions from the tree: a subagent's transcript from
// the call that spawned it (a Claude Code Agent/Task call names it in
// `childSessions`, its result in `childSession`), and back to the session a
// session came from (its header's `parentSession`, at `parentEntryId`).
import { existsSync } from "node:fs";
import { readEntry } from "../../core/session/read/entry.js";
import { safeText } from "../../core/session/text/safe-text.js";
import type { AppStore } from "./store.js";

type Obj = Record<string, unknown>;

/** The subagent transcripts an entry leads to, in call order. */
export function childSessionsOf(entry: Obj): string[] {
  const out: string[] = [];
  if (Array.isArray(entry.childSessions)) {
    for (const c of entry.childSessions) if (c && typeof (c as Obj).path === "string") out.push((c as Obj).path as string);
  }
  if (typeof entry.childSession === "string" && !out.includes(entry.childSession)) out.push(entry.childSession);
  return out;
}

/** `o` on the tree: opens the subagent session the entry under the cursor spawned. */
export async function openChildSession(store: AppStore): Promise<void> {
  const st = store.getState();
  const id = st.session && st.rows && st.rows.count ? st.rows.row(st.cursor).id : null;
  if (!st.session || !id) return;
  const children = childSessionsOf(await readEntry(st.session, id));
  if (children.length === 0) return st.setStatus("no subagent here: o opens the session an Agent/Task call started");
  const [first] = children;
  if (!existsSync(first)) return st.setStatus(`the subagent's file is gone: ${safeText(first)}`, "error");
  if (await st.openFile(first)) {
    if (children.length > 1) store.getState().setStatus(`subagent 1 of ${children.length} this turn started (p goes back)`);
    else store.getState().setStatus("subagent session (p goes back to the call)");
  }
}

/** `p` on the tree: opens the session this one was spawned by or forked from, at the entry it hangs from. */
export async function openParentSession(store: AppStore): Promise<void> {
  const st = store.getState();
  const h = st.session?.header;
  const parent = typeof h?.parentSession === "string" ? h.parentSession : "";
  if (!parent) return st.setStatus("this session has no parent session");
  if (!existsSync(parent)) return st.setStatus(`the parent session is not on this machine: ${safeText(parent)}`, "error");
  const at = typeof h?.parentEntryId === "string" ? h.parentEntryId : "";
  if (at) await st.openAt(parent, at);
  else await st.openFile(parent);
}
