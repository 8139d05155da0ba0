// The JSON shapes of `tree --json` and `show --json` (cli.md).
import type { Session } from "./types.js";

export function treeJson(s: Session): Record<string, unknown> {
  return {
    file: s.file,
    dialect: s.dialect,
    version: s.version,
    header: s.header,
    name: s.name,
    leafId: s.leafId,
    roots: s.roots,
    entries: s.entries.map((e) => {
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
    }),
    warnings: s.warnings,
  };
}
