// One side of a comparison: what happened on its path after the common
// point. Messages come from the tree's entry facts (their one-line summary);
// files and commands from the tool calls (tool-effects.ts, shared with the
// auto-summary); tokens and cost from the stats figures (figuresOf, the one
// cost computation); the last answer from the last assistant text.
import { readEntries } from "../session/index.js";
import { toolEffects } from "../session/index.js";
import { callUsage } from "../stats/usage.js";
import { figuresOf, type CallEntry, type Figure } from "../stats/figures.js";
import type { Pricer } from "../stats/prices.js";
import type { EntryMeta, Session } from "../session/index.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export interface SideMessage {
  id: string;
  role: string;
  /** The tree row's one-line form ("user: …", "[read: x]"). */
  line: string;
}

export interface SideFacts {
  file: string;
  agent: string;
  /** The entry compared at. */
  pointId: string;
  /** Entries after the common point. */
  entries: number;
  messages: SideMessage[];
  filesRead: string[];
  filesChanged: string[];
  commands: string[];
  figure: Figure;
  /** The last assistant message's text after the common point, and its id (null: none). */
  lastAnswer: { id: string; text: string } | null;
}

/** Long answers are cut here: the view shows their start, the entry itself is one Enter away. */
const ANSWER_MAX = 20_000;

/** The text blocks of a message, joined by blank lines. */
function answerText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((b): b is Obj => isObj(b) && b.type === "text" && typeof b.text === "string")
    .map((b) => b.text as string)
    .join("\n\n");
}

/** Entries whose full JSON the side needs: model calls (usage, tool calls), omp's side calls, `!` commands. */
const wanted = (m: EntryMeta): boolean => (m.type === "message" && (m.role === "assistant" || m.role === "bashExecution")) || m.type === "model_usage";

export async function sideFacts(s: Session, pointId: string, ids: string[], pricer: Pricer): Promise<SideFacts> {
  const metas = ids.map((id) => s.byId.get(id)).filter((m): m is EntryMeta => m !== undefined);
  const messages: SideMessage[] = [];
  for (const m of metas) if (m.type === "message" && m.role !== "toolResult") messages.push({ id: m.id, role: m.role ?? "message", line: m.summary });
  const need = metas.filter(wanted);
  const full = need.length ? await readEntries(s, need) : [];
  const read = new Set<string>();
  const changed = new Set<string>();
  const commands = new Set<string>();
  const calls: CallEntry[] = [];
  let lastAnswer: SideFacts["lastAnswer"] = null;
  full.forEach((e, i) => {
    const meta = need[i];
    calls.push({ id: meta.id, timestamp: meta.timestamp, branch: 0, usage: callUsage(e) });
    const msg = isObj(e.message) ? e.message : null;
    if (!msg) return;
    if (msg.role === "bashExecution" && typeof msg.command === "string") commands.add(msg.command);
    if (msg.role !== "assistant") return;
    const text = answerText(msg.content).trim();
    if (text) lastAnswer = { id: meta.id, text: text.length > ANSWER_MAX ? text.slice(0, ANSWER_MAX) + "…" : text };
    if (!Array.isArray(msg.content)) return;
    for (const b of msg.content) {
      if (!isObj(b) || b.type !== "toolCall" || typeof b.name !== "string") continue;
      const fx = toolEffects(b.name, b.arguments);
      fx.read.forEach((p) => read.add(p));
      fx.changed.forEach((p) => changed.add(p));
      fx.commands.forEach((c) => commands.add(c));
    }
  });
  const figures = figuresOf({ file: s.file, header: s.header, agent: s.agent, calls, branches: [{ leafId: pointId, entries: metas.length }] }, pricer);
  return {
    file: s.file,
    agent: s.agent,
    pointId,
    entries: metas.length,
    messages,
    // A file both read and changed is listed as changed.
    filesRead: [...read].filter((p) => !changed.has(p)),
    filesChanged: [...changed],
    commands: [...commands],
    figure: figures.total,
    lastAnswer,
  };
}
