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
  const q = JSON.stringify;
  for (let i = 0; i < s.entries.length; i += batch) {
    let part = "";
    const stop = Math.min(s.entries.length, i + batch);
    // Built by hand: the same bytes as JSON.stringify(entryJson(s, e)), without an object per entry.
    for (let k = i; k < stop; k++) {
      const e = s.entries[k];
      const label = s.labels.get(e.id);
      const kids = s.children.get(e.id);
      part +=
        (k > 0 ? "," : "") +
        `{"id":${q(e.id)},"parentId":${e.parentId === null ? "null" : q(e.parentId)},"type":${q(e.type)},"timestamp":${q(e.timestamp)},` +
        `"label":${label === undefined ? "null" : q(label)},"children":${kids ? q(kids) : "[]"},` +
        (e.role !== undefined ? `"role":${q(e.role)},` : "") +
        `"preview":${q(e.preview)}}`;
    }
    yield part;
  }
  yield '],"warnings":' + JSON.stringify(s.warnings) + "}\n";
}
