// Builds small in-memory sessions for the rows tests, so each test states its
// own tree instead of depending on a fixture's particulars.
import type { EntryMeta, Session } from "../../../src/core/session/model.js";
import { builtSession } from "../../helpers/built-session.js";

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
  return builtSession(entries, leafId === undefined ? {} : { leafId });
}

/** A straight chain of n user/assistant messages. */
export function chain(n: number): E[] {
  return Array.from({ length: n }, (_, i) => ({ id: `e${i}`, role: i % 2 ? "assistant" : "user" }));
}
