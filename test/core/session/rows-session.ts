// Builds small in-memory sessions for the rows tests, so each test states its
// own tree instead of depending on a fixture's particulars.
import type { EntryMeta, Session } from "../../../src/core/session/model.js";

export interface E {
  id: string;
  parent?: string | null;
  type?: string;
  role?: string;
  text?: string;
  tools?: string[];
  targetId?: string;
  label?: string;
}

export function session(list: E[], leafId?: string | null): Session {
  const entries: EntryMeta[] = list.map((e, i) => {
    const type = e.type ?? "message";
    const role = type === "message" ? (e.role ?? "user") : undefined;
    const text = e.text ?? e.id;
    return {
      id: e.id,
      parentId: e.parent === undefined ? (i === 0 ? null : list[i - 1].id) : e.parent,
      type,
      timestamp: "",
      line: i + 2,
      offset: 0,
      length: 0,
      role,
      preview: text,
      summary: role ? `${role}: ${text}` : `[${type}]`,
      tools: e.tools,
      targetId: e.targetId,
      label: e.label,
    };
  });
  const byId = new Map(entries.map((e) => [e.id, e]));
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const e of entries) {
    if (e.parentId === null || !byId.has(e.parentId)) roots.push(e.id);
    else {
      const k = children.get(e.parentId) ?? [];
      k.push(e.id);
      children.set(e.parentId, k);
    }
  }
  const labels = new Map<string, string>();
  for (const e of entries) {
    if (e.type !== "label" || !e.targetId) continue;
    if (e.label) labels.set(e.targetId, e.label);
    else labels.delete(e.targetId);
  }
  return {
    file: "/tmp/x.jsonl",
    gzip: false,
    dialect: "pi",
    agent: "pi",
    writable: true,
    version: 3,
    header: { type: "session", id: "s" },
    titleSlot: null,
    entries,
    byId,
    roots,
    children,
    labels,
    name: null,
    leafId: leafId === undefined ? (entries.at(-1)?.id ?? null) : leafId,
    warnings: [],
    size: 0,
    resumeOffset: 0,
    resumeLine: 0,
  };
}

/** A straight chain of n user/assistant messages. */
export function chain(n: number): E[] {
  return Array.from({ length: n }, (_, i) => ({ id: `e${i}`, role: i % 2 ? "assistant" : "user" }));
}
