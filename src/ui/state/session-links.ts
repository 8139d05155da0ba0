// Moving between linked sessions from the tree: a subagent's transcript from
// the call that spawned it (a Claude Code Agent/Task call names it in
// `childSessions`, its result in `childSession`), and back to the session a
// session came from (its header's `parentSession`, at `parentEntryId`).
import { existsSync } from "node:fs";
import { readEntry } from "../../core/session/index.js";
import { oneLine, safeText } from "../../core/session/index.js";
import { basename } from "node:path";
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

/** One subagent a turn started, as the chooser lists it. */
export interface SubagentChoice {
  file: string;
  /** "Explore: Find cache invalidation" (the call's agent type and description), else the file's name. */
  label: string;
}

/** The subagents an entry leads to, in call order, each named by the call that started it. */
export function subagentChoices(entry: Obj): SubagentChoice[] {
  const calls = new Map<string, Obj>();
  const content = (entry.message as Obj | undefined)?.content;
  if (Array.isArray(content)) for (const c of content as Obj[]) if (c && c.type === "toolCall" && typeof c.id === "string") calls.set(c.id, c);
  const links = Array.isArray(entry.childSessions) ? (entry.childSessions as Obj[]) : [];
  return childSessionsOf(entry).map((file) => {
    const link = links.find((l) => l && l.path === file);
    const call = link && typeof link.toolCallId === "string" ? calls.get(link.toolCallId) : undefined;
    const args = (call?.arguments ?? {}) as Obj;
    const kind = typeof args.subagent_type === "string" ? args.subagent_type : typeof call?.name === "string" ? call.name : "";
    const what = typeof args.description === "string" ? args.description : "";
    const label = kind || what ? [kind, what].filter(Boolean).join(": ") : basename(file);
    return { file, label: oneLine(label, 200) };
  });
}

/** Opens one subagent of a chooser's list (1-based `n` of `count` in the status). */
export async function openSubagent(store: AppStore, choice: SubagentChoice, n: number, count: number): Promise<void> {
  const st = store.getState();
  store.setState({ subagentPick: null });
  if (!existsSync(choice.file)) return st.setStatus(`the subagent's file is gone: ${safeText(choice.file)}`, "error");
  if (!(await st.openFile(choice.file))) return;
  if (count > 1) store.getState().setStatus(`subagent ${n}/${count}: ${choice.label} (p goes back to the call; o there picks another)`);
  else store.getState().setStatus("subagent session (p goes back to the call)");
}

/** `o` on the tree: opens the subagent session the entry under the cursor spawned; several: a chooser first. */
export async function openChildSession(store: AppStore): Promise<void> {
  const st = store.getState();
  const id = st.session && st.rows && st.rows.count ? st.rows.row(st.cursor).id : null;
  if (!st.session || !id) return;
  const choices = subagentChoices(await readEntry(st.session, id));
  if (choices.length === 0) return st.setStatus("no subagent here: o opens the session an Agent/Task call started");
  if (choices.length === 1) return openSubagent(store, choices[0], 1, 1);
  store.setState({ subagentPick: { choices, cursor: 0 } });
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
