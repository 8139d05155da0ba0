// The tree's `m` (mark) and `=` (compare), and the compare view's keys. The
// marked entry may be in another session: `=` then compares the two sessions
// (a fork and its source from the fork point, others from their starts).
import { findBinding } from "../keymap.js";
import { loadSession } from "../../core/session/index.js";
import { readEntry } from "../../core/session/index.js";
import { compareSessions, pointAt } from "../../core/compare/compare.js";
import { makePricer } from "../../core/stats/prices.js";
import { loadPriceOverrides } from "../../core/stats/price-overrides.js";
import { oneLine } from "../../core/session/index.js";
import { entryDetailLines } from "../format/entry-detail.js";
import { cursorMessage } from "./compare-store.js";
import type { Stores } from "./stores.js";
import type { Session } from "../../core/session/index.js";

function cursorId(ui: Stores): string | null {
  const { rows, cursor } = ui.app.getState();
  return rows && rows.count > 0 ? rows.row(Math.min(cursor, rows.count - 1)).id : null;
}

/** `m`: mark the entry under the cursor (again: unmark). */
export function markAtCursor(ui: Stores): void {
  const st = ui.app.getState();
  const id = cursorId(ui);
  if (!st.session || id === null) return st.setStatus("no entry under the cursor", "error");
  const marked = ui.compare.getState().toggleMark({ file: st.session.file, id });
  st.setStatus(marked ? `marked ${id}: move to another entry (or open another session) and press = to compare` : "mark cleared");
}

/** `=`: compare the marked entry with the one under the cursor. */
export async function compareAtCursor(ui: Stores): Promise<void> {
  const st = ui.app.getState();
  const cmp = ui.compare.getState();
  const id = cursorId(ui);
  if (!st.session || id === null) return st.setStatus("no entry under the cursor", "error");
  if (!cmp.mark) return st.setStatus("mark an entry with m first, then move and press =", "error");
  const here: Session = st.session;
  const mark = cmp.mark;
  try {
    st.setStatus("comparing…");
    const there = mark.file === here.file ? here : await loadSession(mark.file);
    let pricer = cmp.pricer;
    if (!pricer) cmp.setPricer((pricer = makePricer(loadPriceOverrides())));
    const result = await compareSessions(pointAt(there, mark.id), pointAt(here, id), await pricer);
    ui.compare.getState().show(result, { a: there, b: here });
    const where = result.common.id ? `from ${result.common.kind === "fork" ? "the fork point" : "the branch point"} ${result.common.id}` : "from their starts (no common entry)";
    ui.app.getState().setStatus(`compare: ${mark.id} (A) and ${id} (B), ${where}`);
  } catch (err) {
    ui.app.getState().setStatus(`compare: ${oneLine((err as Error).message ?? String(err), 200)}`, "error");
  }
}

export const compareOwnsInput = (ui: Stores): boolean => ui.compare.getState().view !== null;

async function openMessage(ui: Stores): Promise<void> {
  const cmp = ui.compare.getState();
  const v = cmp.view;
  const at = v ? cursorMessage(v) : null;
  if (!v || !at) return;
  const msg = v.result[at.side].messages[at.index];
  if (v.opened?.id === msg.id) return cmp.setOpened(null);
  try {
    const entry = await readEntry(v.sessions[at.side], msg.id);
    ui.compare.getState().setOpened({ id: msg.id, lines: entryDetailLines(entry) });
  } catch (err) {
    ui.app.getState().setStatus(oneLine((err as Error).message, 200), "error");
  }
}

/** A key while the compare view is open (it owns the keyboard, as a write prompt does). */
export function compareKey(_input: string, name: string, ui: Stores): void {
  const cmp = ui.compare.getState();
  if (name === "?") return ui.app.getState().toggleHelp();
  const b = findBinding(name, ["compare"]);
  // q closes the view as Esc does: quitting from inside it would surprise.
  const action = b?.action ?? (name === "q" ? "compare.close" : undefined);
  switch (action) {
    case "compare.up":
      return cmp.move(-1);
    case "compare.down":
      return cmp.move(1);
    case "compare.pageUp":
      return cmp.view?.opened ? cmp.scrollOpened(-10) : cmp.move(-10);
    case "compare.pageDown":
      return cmp.view?.opened ? cmp.scrollOpened(10) : cmp.move(10);
    case "compare.open":
      void openMessage(ui);
      return;
    case "compare.close":
      if (cmp.view?.opened) cmp.setOpened(null);
      else cmp.close();
      return;
  }
}
