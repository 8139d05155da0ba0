// What a write will do, as lines for the confirmation panel: the plan's
// description, then every line that will be appended (terminal-safe: entry
// text comes from the user or from the session file).
import { basename } from "node:path";
import { oneLine, safeText } from "../../core/session/index.js";
import type { AppendPlan, ForkPlan } from "../../core/session/index.js";
import { textLines, type Line } from "../format/lines.js";

const plural = (n: number, one: string, many = one + "s") => `${n} ${n === 1 ? one : many}`;

export function appendPreview(plan: AppendPlan, currentName: string | null): Line[] {
  const out: Line[] = [{ text: safeText(plan.description), tone: "accent", bold: true }];
  if (plan.rewrite) {
    // The one write that is not an append: say so before anything else.
    out.push({ text: `⚠ ${safeText(basename(plan.file))} is rewritten whole (a new file swapped in; refused if an agent has it open or it changes meanwhile):`, tone: "error", bold: true });
    out.push({ text: "new first line, the title slot:", tone: "muted" });
    out.push({ text: "+ " + safeText(plan.rewrite.slotLine.trimEnd()) });
    out.push({ text: "the header line becomes:", tone: "muted" });
    out.push({ text: "~ " + safeText(plan.rewrite.headerLine) });
    out.push({ text: `every other line stays byte for byte; then it ends with ${plural(plan.entries.length, "new line")}:`, tone: "muted" });
  } else out.push({ text: `${safeText(basename(plan.file))} (${plan.agent}) gains ${plural(plan.entries.length, "line")}:`, tone: "muted" });
  for (const e of plan.entries) {
    // A summary can be long: the JSON line without it, then the text as the agent will read it.
    const { summary, details: _details, ...rest } = e;
    out.push({ text: "+ " + safeText(JSON.stringify(typeof summary === "string" && summary ? { ...rest, summary: "…" } : e)) });
    if (typeof summary === "string" && summary) {
      out.push({ text: "summary the agent will read at the new position:", tone: "muted" });
      out.push(...textLines(summary, "assistant"));
    }
  }
  if (plan.slot) {
    out.push({
      text: `and rewrites the title slot in place (${plan.slot.before.length} bytes, same size): "${oneLine(currentName ?? "", 60)}" → "${oneLine(plan.slot.title, 60)}"`,
      tone: "muted",
    });
  }
  return out;
}

export function forkPreview(plan: ForkPlan): Line[] {
  return [
    { text: safeText(plan.description), tone: "accent", bold: true },
    { text: `new file: ${safeText(plan.file)}`, tone: "primary" },
    { text: `parentSession: ${safeText(plan.source)}`, tone: "muted" },
    {
      text: `${plural(plan.copied, "entry", "entries")} copied (root → ${safeText(plan.entryId)})${plan.labels.length ? `, then ${plural(plan.labels.length, "label")} in force re-added` : ""}; the source file is not changed`,
      tone: "muted",
    },
  ];
}

export function forkedLines(file: string, source: string): Line[] {
  return [
    { text: `wrote ${safeText(file)}`, tone: "accent", bold: true },
    { text: `a new session whose parentSession is ${safeText(source)}`, tone: "muted" },
    { text: "Open it now? (it is also in the session list)", tone: "primary" },
  ];
}

export function liveLines(reasons: string[], preview: Line[]): Line[] {
  return [
    { text: `⚠ this session looks live: ${safeText(reasons.join("; "))}`, tone: "error", bold: true },
    { text: "An agent may be writing it: it keeps its own position in memory, so it will not see this change until the session is reopened, and its next entry may hang from its old leaf.", tone: "muted" },
    { text: "Write anyway?", tone: "primary" },
    ...preview,
  ];
}
