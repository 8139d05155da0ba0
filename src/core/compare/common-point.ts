// Where two points of the history part: the deepest entry both root → point
// paths hold. Two branches of one file share their root path up to the
// branch point; a fork (its header's parentSession names the source) holds
// the source's path with the same ids, copied byte for byte, so the same walk
// finds the fork point; sessions with nothing in common are compared from
// their starts. Only the two paths
// are walked (pathTo), never the tree, so a session of a million entries
// costs two walks up from the points.
import { pathTo } from "../session/index.js";
import { resolveParent } from "../stats/parent.js";
import type { Session } from "../session/index.js";

export interface ComparePoint {
  session: Session;
  /** The entry compared at (the session's leaf when none was named). */
  id: string;
}

export type CommonKind = "branch" | "fork" | "start";

export interface CommonPoint {
  /** branch: two points of one file; fork: a fork and its source (parentSession); start: no common entry. */
  kind: CommonKind;
  /** The deepest shared entry, or null (kind "start", or no shared entry). */
  id: string | null;
  /** Each side's path after the common point, root-first. */
  a: string[];
  b: string[];
}

/** Whether one session names the other as its source (a fork's header parentSession): said in the output. */
export function forkedFrom(fork: Session, source: Session): boolean {
  return resolveParent(fork.file, fork.header.parentSession) === source.file;
}

export function commonPoint(a: ComparePoint, b: ComparePoint): CommonPoint {
  const pa = pathTo(a.session, a.id);
  const pb = pathTo(b.session, b.id);
  let n = 0;
  while (n < pa.length && n < pb.length && pa[n] === pb[n]) n++;
  const same = a.session.file === b.session.file;
  // Two files share entries by a fork, or by a fork of a fork (no direct link, same copied ids): both are a fork point.
  const kind: CommonKind = n === 0 ? "start" : same ? "branch" : "fork";
  return { kind, id: n > 0 ? pa[n - 1] : null, a: pa.slice(n), b: pb.slice(n) };
}
