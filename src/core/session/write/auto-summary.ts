// A summary of the branch being left, made without a model: what an agent
// resuming at the new position should know about the work it no longer sees
// (its size, what the user asked, which files it read or changed, the commands
// it ran, whether it ended in an error). Short on purpose: it goes into the
// model's context as a branch summary.
import { readEntries } from "../read/entry.js";
import { pathTo } from "../tree/path.js";
import { contentText } from "../tree/describe.js";
import { oneLine } from "../text/safe-text.js";
import { toolEffects } from "../tree/tool-effects.js";
import type { EntryMeta, Session } from "../model.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Ids of the branch left when the position moves from the current leaf to `targetId`: leaf back to (not including) their common ancestor, root-first. */
export function abandonedBranch(s: Session, targetId: string): string[] {
  if (s.leafId === null) return [];
  const leafPath = pathTo(s, s.leafId);
  const onTarget = new Set(pathTo(s, targetId));
  let i = leafPath.length - 1;
  while (i >= 0 && !onTarget.has(leafPath[i])) i--;
  return leafPath.slice(i + 1);
}

export interface BranchFacts {
  entries: number;
  messages: number;
  roles: Record<string, number>;
  requests: string[];
  readFiles: string[];
  modifiedFiles: string[];
  commands: string[];
  /** The branch's last message was an error (assistant error/abort, failed tool): its text. */
  error: string | null;
}

/** Reading every message of a huge branch is pointless for a short summary. */
const MAX_READ = 2000;

export async function branchFacts(s: Session, ids: string[]): Promise<BranchFacts> {
  const metas = ids.map((id) => s.byId.get(id)).filter((m): m is EntryMeta => m !== undefined);
  const facts: BranchFacts = { entries: metas.length, messages: 0, roles: {}, requests: [], readFiles: [], modifiedFiles: [], commands: [], error: null };
  const wanted: EntryMeta[] = [];
  for (const m of metas) {
    if (m.type !== "message") continue;
    facts.messages++;
    const role = m.role ?? "message";
    facts.roles[role] = (facts.roles[role] ?? 0) + 1;
    if (role === "user" || role === "assistant" || role === "bashExecution") wanted.push(m);
  }
  const picked = wanted.length > MAX_READ ? [...wanted.slice(0, MAX_READ / 2), ...wanted.slice(-MAX_READ / 2)] : wanted;
  const full = picked.length ? await readEntries(s, picked) : [];
  const read = new Set<string>();
  const changed = new Set<string>();
  const commands: string[] = [];
  for (const e of full) {
    const msg = isObj(e.message) ? e.message : null;
    if (!msg) continue;
    if (msg.role === "user") {
      const text = contentText(msg.content, 2000).trim();
      const first = text.split("\n").find((l) => l.trim()) ?? "";
      if (first) facts.requests.push(oneLine(first, 120));
    } else if (msg.role === "bashExecution" && typeof msg.command === "string") {
      commands.push(oneLine(msg.command, 60));
    } else if (msg.role === "assistant" && Array.isArray(msg.content)) {
      for (const b of msg.content) {
        if (!isObj(b) || b.type !== "toolCall" || typeof b.name !== "string") continue;
        const fx = toolEffects(b.name, b.arguments);
        fx.read.forEach((p) => read.add(p));
        fx.changed.forEach((p) => changed.add(p));
        fx.commands.forEach((c) => commands.push(oneLine(c, 60)));
      }
    }
  }
  facts.modifiedFiles = [...changed];
  facts.readFiles = [...read].filter((p) => !changed.has(p));
  facts.commands = [...new Set(commands)];
  const lastMsg = [...metas].reverse().find((m) => m.type === "message");
  if (lastMsg?.isError) {
    const [e] = await readEntries(s, [lastMsg]);
    const msg = isObj(e.message) ? e.message : {};
    const why = typeof msg.errorMessage === "string" && msg.errorMessage ? msg.errorMessage : contentText(msg.content, 400) || String(msg.stopReason ?? "error");
    facts.error = oneLine(why, 160);
  }
  return facts;
}

function list(items: string[], max: number, sep: string): string {
  const shown = items.slice(0, max).join(sep);
  return items.length > max ? `${shown}${sep}… (+${items.length - max} more)` : shown;
}

/** The summary text for an abandoned branch; "" when nothing is left behind. */
export function summaryText(f: BranchFacts): string {
  if (f.entries === 0) return "";
  const roles = Object.entries(f.roles)
    .map(([r, n]) => `${n} ${r}`)
    .join(", ");
  const lines = [`The conversation moved back to an earlier point. The branch left behind had ${f.entries} entries, ${f.messages} messages${roles ? ` (${roles})` : ""}.`];
  if (f.requests.length) lines.push("User requests there:", ...f.requests.slice(0, 8).map((r) => `- ${r}`), ...(f.requests.length > 8 ? [`- … (+${f.requests.length - 8} more)`] : []));
  if (f.modifiedFiles.length) lines.push(`Files changed there (may still hold those changes): ${list(f.modifiedFiles, 15, ", ")}`);
  if (f.readFiles.length) lines.push(`Files read there: ${list(f.readFiles, 15, ", ")}`);
  if (f.commands.length) lines.push(`Commands run there: ${list(f.commands, 8, "; ")}`);
  lines.push(f.error ? `It ended in an error: ${f.error}` : "It did not end in an error.");
  return lines.join("\n");
}

/** Summary and pi-style details ({readFiles, modifiedFiles}) for leaving the current leaf for `targetId`. */
export async function autoSummary(s: Session, targetId: string): Promise<{ summary: string; details?: Obj; facts: BranchFacts }> {
  const facts = await branchFacts(s, abandonedBranch(s, targetId));
  const summary = summaryText(facts);
  return summary ? { summary, details: { readFiles: facts.readFiles, modifiedFiles: facts.modifiedFiles }, facts } : { summary, facts };
}
