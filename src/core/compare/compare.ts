// Two points of the history side by side: the common point, and per side
// what it did after it. What both sides did alike (the same message, file or
// command on each) is marked, for the view to dim.
import { SessionError } from "../errors.js";
import { entryOf } from "../session/index.js";
import { commonPoint, forkedFrom, type CommonKind, type ComparePoint } from "./common-point.js";
import { sideFacts, type SideFacts } from "./side.js";
import type { Pricer } from "../stats/prices.js";
import type { Session } from "../session/index.js";

export interface Comparison {
  common: {
    kind: CommonKind;
    /** The deepest shared entry (null: compared from the starts). */
    id: string | null;
    /** kind "fork": whether a header names the other file as its source (false: a fork of a fork, or a copy). */
    linked?: boolean;
  };
  a: SideFacts;
  b: SideFacts;
  /** What both sides hold alike: message lines (messageKey), files read by both, changed by both, commands. */
  alike: { messages: string[]; filesRead: string[]; filesChanged: string[]; commands: string[] };
}

export const messageKey = (m: { role: string; line: string }): string => `${m.role}\u0000${m.line}`;

const both = (x: Iterable<string>, y: Iterable<string>): string[] => {
  const ys = new Set(y);
  return [...new Set(x)].filter((v) => ys.has(v));
};

/** The point at `id` (an entry id, or a merged record's), or at the leaf when id is undefined. */
export function pointAt(s: Session, id: string | undefined): ComparePoint {
  if (id === undefined) {
    if (s.leafId === null) throw new SessionError(`${s.file}: the session has no entries to compare`);
    return { session: s, id: s.leafId };
  }
  const meta = entryOf(s, id);
  if (!meta) throw new SessionError(`no entry ${id} in ${s.file}`);
  return { session: s, id: meta.id };
}

export async function compareSessions(a: ComparePoint, b: ComparePoint, pricer: Pricer): Promise<Comparison> {
  const common = commonPoint(a, b);
  const [sa, sb] = await Promise.all([sideFacts(a.session, a.id, common.a, pricer), sideFacts(b.session, b.id, common.b, pricer)]);
  const linked = common.kind === "fork" ? forkedFrom(a.session, b.session) || forkedFrom(b.session, a.session) : undefined;
  return {
    common: { kind: common.kind, id: common.id, ...(linked === undefined ? {} : { linked }) },
    a: sa,
    b: sb,
    alike: {
      messages: both(sa.messages.map(messageKey), sb.messages.map(messageKey)),
      filesRead: both(sa.filesRead, sb.filesRead),
      filesChanged: both(sa.filesChanged, sb.filesChanged),
      commands: both(sa.commands, sb.commands),
    },
  };
}
