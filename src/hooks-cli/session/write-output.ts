// What the write commands (label, continue, rename) print: a terminal-safe
// line per appended entry, or with --json the entries themselves.
import type { AppendPlan, ApplyResult } from "../../core/session/index.js";
import { safeText } from "../../core/session/index.js";
import { printJson } from "./session-arg.js";
import { stdout } from "../stdout.js";

export function printWrite(r: ApplyResult, json: boolean): void {
  if (json) {
    printJson({
      file: r.session.file,
      appended: r.appended,
      slotRewritten: r.slotRewritten,
      ...(r.rewritten ? { rewritten: true, slotTitle: r.plan.rewrite?.slotTitle } : {}),
      ...(r.plan.slot ? { slotTitle: r.plan.slot.title } : {}),
      newlineAdded: r.newlineAdded,
      leafId: r.session.leafId,
    });
    return;
  }
  stdout().write(safeText(r.plan.description) + "\n");
  for (const e of r.appended) stdout().write(safeText(`appended ${String(e.type)} ${String(e.id)} (parent ${String(e.parentId)})`) + "\n");
  if (r.slotRewritten) stdout().write("rewrote the title slot in place\n");
  if (r.rewritten) stdout().write("rewrote the file whole with a title slot added (every other line kept byte for byte)\n");
  if (r.newlineAdded) process.stderr.write("note: the file ended with a partial line; a newline was written before the new entry\n");
}

/** What a write would do, written nowhere: the description and every line it would write. */
export function printPlan(plan: AppendPlan, json: boolean): void {
  if (json) {
    printJson({
      file: plan.file,
      description: plan.description,
      appended: plan.entries,
      ...(plan.rewrite ? { rewrite: { slot: plan.rewrite.slotLine.trimEnd(), header: plan.rewrite.headerLine, size: plan.rewrite.size } } : {}),
    });
    return;
  }
  stdout().write(safeText(plan.description) + "\n");
  if (plan.rewrite) {
    stdout().write("the file is rewritten: this title slot becomes its first line\n");
    stdout().write("+ " + safeText(plan.rewrite.slotLine.trimEnd()) + "\n");
    stdout().write("the header line becomes\n");
    stdout().write("~ " + safeText(plan.rewrite.headerLine) + "\n");
    stdout().write("every other line stays byte for byte, then\n");
  }
  for (const e of plan.entries) stdout().write("+ " + safeText(JSON.stringify(e)) + "\n");
}
