// A session made in memory, for tests that state their own tree: the tree
// (children, roots, labels, leaf, name and topology) comes from buildTree,
// the builder every loader uses, so a test session is shaped as a loaded one.
import { buildTree } from "../../src/core/session/tree/build.js";
import type { EntryMeta, Session, Warning } from "../../src/core/session/model.js";

/** What a test may set besides the entries (the tree is always built from them). */
export type SessionFields = Partial<Omit<Session, "entries" | "byId" | "roots" | "children" | "labels" | "topology">>;

export function builtSession(entries: EntryMeta[], fields: SessionFields = {}): Session {
  const header = fields.header ?? { type: "session", id: "s" };
  const warnings: Warning[] = [];
  const tree = buildTree(entries, { names: new Map() }, header, fields.titleSlot ?? null, warnings);
  return { file: "/tmp/x.jsonl", gzip: false, agent: "pi", writable: true, version: 3, header, titleSlot: null, ...tree, warnings, size: 0, resumeOffset: 0, resumeLine: 0, ...fields };
}
