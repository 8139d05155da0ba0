import { buildRows, type TreeFilter } from "../../core/session/index.js";
import { fit, oneLine, safeText } from "../../core/session/index.js";
import type { Session } from "../../core/session/index.js";
import { formatOf } from "../../core/session/index.js";
import { sessionTitle } from "../../core/session/index.js";

/**
 * The tree as the browser draws it (same row model): `•` on the active path,
 * guides and connectors, `[label]`, the entry's short form, `← leaf`. The
 * name, labels and entry texts come from the file: each line goes through
 * safeText, so escape sequences (a title, OSC 52, C1 CSI) and bidi overrides
 * print as inert symbols.
 */
export function drawTree(s: Session, width: number, filter: TreeFilter = "all"): string[] {
  const rows = buildRows(s, { filter });
  const out: string[] = [];
  const head = `${oneLine(sessionTitle(s), 80)} · ${s.entries.length} entries · ${formatOf(s)}`;
  out.push(fit(safeText(head), width));
  for (let i = 0; i < rows.count; i++) {
    const r = rows.row(i);
    const mark = r.onActivePath ? "• " : "  ";
    const label = r.label ? `[${r.label}] ` : "";
    const leaf = r.isLeaf ? "  ← leaf" : "";
    const body = `${mark}${r.prefix}${label}${r.text}`;
    out.push(fit(safeText(body), Math.max(20, width - leaf.length)) + leaf);
  }
  return out;
}
