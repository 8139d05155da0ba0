// What the write commands (label, continue, rename) print: a terminal-safe
// line per appended entry, or with --json the entries themselves.
import type { ApplyResult } from "../../core/session/write/index.js";
import { safeText } from "../../core/session/text.js";
import { printJson } from "./load-or-exit.js";

export function printWrite(r: ApplyResult, json: boolean): void {
  if (json) {
    printJson({
      file: r.session.file,
      appended: r.appended,
      slotRewritten: r.slotRewritten,
      ...(r.plan.slot ? { slotTitle: r.plan.slot.title } : {}),
      newlineAdded: r.newlineAdded,
      leafId: r.session.leafId,
    });
    return;
  }
  process.stdout.write(safeText(r.plan.description) + "\n");
  for (const e of r.appended) process.stdout.write(safeText(`appended ${String(e.type)} ${String(e.id)} (parent ${String(e.parentId)})`) + "\n");
  if (r.slotRewritten) process.stdout.write("rewrote the title slot in place\n");
  if (r.newlineAdded) process.stderr.write("note: the file ended with a partial line; a newline was written before the new entry\n");
}
