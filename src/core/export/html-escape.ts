// Session text is untrusted: in the HTML export every string from the file
// goes through esc, so no entry can open a tag, close an attribute or run a
// script. Control characters become the same visible symbols as on the
// terminal (safeText), so the page also stays safe to `cat`.
import { safeLines } from "./safe.js";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for an HTML text node or a quoted attribute value. */
export function esc(s: string): string {
  const t = safeLines(s);
  return /[&<>"']/.test(t) ? t.replace(/[&<>"']/g, (c) => ENTITIES[c]) : t;
}
