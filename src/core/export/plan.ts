// What every export format starts from: the path root → leaf, the labels in
// force and the session's facts, with --redact applied to the texts that do
// not come from an entry body (name, cwd, labels).
import { SessionError } from "../errors.js";
import { pathTo } from "../session/index.js";
import type { EntryMeta, Session } from "../session/index.js";
import { formatOf } from "../session/index.js";
import type { ExportOptions } from "./options.js";
import { redactText } from "./transform.js";
import { sessionTitle } from "../session/index.js";

export interface ExportPlan {
  leafId: string | null;
  /** The path's entries, root first. */
  path: EntryMeta[];
  onPath: ReadonlySet<string>;
  /** The session's name, or a stand-in when it has none. */
  title: string;
  /** The label in force on an entry (redacted under --redact). */
  labelOf(id: string): string | undefined;
  /** Facts for the export's heading, as label/value pairs. */
  facts: [string, string][];
}

export function planExport(s: Session, o: ExportOptions): ExportPlan {
  if (o.leafId !== undefined && !s.byId.has(o.leafId)) throw new SessionError(`no entry ${o.leafId} in ${s.file}`);
  const leafId = o.leafId ?? s.leafId;
  const path = leafId === null ? [] : pathTo(s, leafId).map((id) => s.byId.get(id)!);
  const clean = (t: string): string => (o.redact ? redactText(t) : t);
  // The list's title (a first message stands in for a name): one line, cut as a heading.
  const line = sessionTitle(s).replace(/\s+/g, " ").trim();
  const title = clean(line.length > 120 ? line.slice(0, 119) + "…" : line);
  const left = [o.noThinking && "thinking", o.noTools && "tool calls and results"].filter(Boolean).join(", ");
  const facts: [string, string][] = [
    ["session", `${String(s.header.id)} · ${formatOf(s)}`],
    ["cwd", clean(typeof s.header.cwd === "string" ? s.header.cwd : "?")],
    ["file", clean(s.file)],
    ["path", leafId === null ? "empty" : `root → ${leafId} · ${path.length} of ${s.entries.length} entries${leafId === s.leafId ? " (the current leaf)" : ""}`],
    ["exported", (o.now ?? new Date()).toISOString()],
  ];
  if (o.redact) facts.push(["redacted", "secrets replaced by [REDACTED]"]);
  if (left) facts.push(["left out", left]);
  return {
    leafId,
    path,
    onPath: new Set(path.map((m) => m.id)),
    title,
    labelOf: (id) => {
      const l = s.labels.get(id);
      return l === undefined ? undefined : clean(l);
    },
    facts,
  };
}
