// The JSON shapes of `tree --json` and `show --json` (cli.md).
import type { EntryMeta, Session } from "./types.js";

function entryJson(s: Session, e: EntryMeta): Record<string, unknown> {
  const o: Record<string, unknown> = {
    id: e.id,
    parentId: e.parentId,
    type: e.type,
    timestamp: e.timestamp,
    label: s.labels.get(e.id) ?? null,
    children: s.children.get(e.id) ?? [],
  };
  if (e.role !== undefined) o.role = e.role;
  o.preview = e.preview;
  return o;
}

export function treeJson(s: Session): Record<string, unknown> {
  return { ...treeHead(s), entries: s.entries.map((e) => entryJson(s, e)), warnings: s.warnings };
}

function treeHead(s: Session): Record<string, unknown> {
  return { file: s.file, dialect: s.dialect, version: s.version, header: s.header, name: s.name, leafId: s.leafId, roots: s.roots };
}

/**
 * The same JSON as treeJson, produced in pieces so a session of millions of
 * entries never becomes one giant string.
 */
export function* treeJsonChunks(s: Session, batch = 2000): Generator<string> {
  const head = JSON.stringify(treeHead(s));
  yield head.slice(0, -1) + ',"entries":[';
  for (let i = 0; i < s.entries.length; i += batch) {
    const part = s.entries.slice(i, i + batch).map((e) => JSON.stringify(entryJson(s, e)));
    yield (i > 0 ? "," : "") + part.join(",");
  }
  yield '],"warnings":' + JSON.stringify(s.warnings) + "}\n";
}
