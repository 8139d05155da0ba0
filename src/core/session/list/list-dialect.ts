// The listing load of another agent's session (a cold `ls` or `stats`): the
// dialect's reader in its listing mode (Dialect.lister) through the full
// load's own loop (tree/load-dialect.ts readDialectRecords), its entries kept
// as their ids, parents, types, roles and times only — no metas, no held
// JSON, no Session: the tree's shape is resolved by position (resolve.ts
// ParentLinks, §5, as the list's scan of a pi file does). The row's facts
// and the figures' calls come out of the same functions the full load's go
// through (its header, first message, aliases and relinks; summary.ts
// rowOf; stats' branchesOfShape), and test/cli/stats-rows.test.ts holds
// both to a full load's on every Claude Code fixture and its mutants.
import type { Dialect } from "../read/dialect-api.js";
import { ParentLinks } from "../tree/resolve.js";
import { applyRelink, dialectHeader, firstMessageOf, type Linked, readDialectRecords, resolveAliases, warmupRowOf } from "../tree/load-dialect.js";
import { piSessionName } from "../read/dialects/pi/name.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** What a listing row is counted from, however the session was read (summary.ts rowOf). */
export interface RowShape {
  header: Obj;
  name: string | null;
  firstMessage: string;
  labelCount: number;
  /** The entries on the tree (of two with one id, the later), in file order. */
  entryCount: number;
  type(i: number): string;
  /** A message's role (describeRoleOnly's), else undefined. */
  role(i: number): string | undefined;
  /** As written ("" when none). */
  timestamp(i: number): string;
  /** Whether the i-th entry on the tree has no child. */
  isLeaf(i: number): boolean;
  /** Whether the session's leaf has children (a rewound Claude Code session). */
  leafHasChildren: boolean;
}

/** One entry a listing load kept. */
interface Slim extends Linked {
  type: string;
  role: string | undefined;
  timestamp: string;
}

/** An entry a listing holds as the dialect gave it, by its position in the entries given. */
export interface HeldAt {
  pos: number;
  entry: Obj;
}

/** A session as a listing load read it, for a tap (DialectTap.takeListing). */
export interface DialectListing {
  file: string;
  agent: string;
  header: Obj;
  /** The entries' ids and parents in the order given (aliases and the dialect's relinks applied); resolve() gives the tree (§5). */
  links: ParentLinks;
  /** The session's leaf by position (-1: no entries). */
  leaf: number;
  /** The entries the tap asked to hold (DialectTap.holdObjects), in order; on the tree when links.resolve().kept says so. */
  held: HeldAt[];
}

/** Entry kinds whose fields the tree reads beyond the shape (labels, names): a listing of a reader that gives them is left to the full load. */
const FULL_ONLY: ReadonlySet<string> = new Set(["label", "session_info", "title_change"]);

/**
 * A listing load of `file` through `d.lister`; null when its entries need
 * the full load (FULL_ONLY). Throws as loadDialectSession does for a source
 * that cannot be read.
 */
export async function listDialectSession(file: string, d: Dialect, hold?: (type: string, role: string | undefined) => boolean): Promise<{ listing: DialectListing; row: RowShape } | null> {
  const reader = d.lister!(file);
  const all: Slim[] = [];
  const users: HeldAt[] = [];
  const held: HeldAt[] = [];
  const aliases = new Map<string, string>();
  let warmupRow = "";
  let fullOnly = false;
  await readDialectRecords(
    file,
    d,
    reader,
    (de) => {
      const e: unknown = de.entry;
      if (!isObj(e) || typeof e.id !== "string" || e.id === "") return; // left out of the tree, as the full load does
      const type = typeof e.type === "string" ? e.type : "";
      if (FULL_ONLY.has(type)) fullOnly = true;
      warmupRow ||= warmupRowOf(type, e);
      // describeRoleOnly's role
      const role = type === "message" && isObj(e.message) ? (typeof e.message.role === "string" && e.message.role) || "message" : undefined;
      const pos = all.length;
      all.push({ id: e.id, parentId: typeof e.parentId === "string" ? e.parentId : null, type, role, timestamp: typeof e.timestamp === "string" ? e.timestamp : "" });
      if (type === "message" && role === "user") users.push({ pos, entry: e });
      if (hold?.(type, role)) held.push({ pos, entry: e });
      for (const a of de.aliases ?? []) if (a !== e.id) aliases.set(a, e.id);
    },
    () => {},
  );
  if (fullOnly) return null;
  resolveAliases(all, aliases);
  const f = reader.facts();
  if (f.relink) applyRelink(all, new Map(), f.relink);
  const header = dialectHeader(f, d.agent);
  const links = new ParentLinks();
  for (const m of all) links.add(m.id, m.parentId);
  const { kept, entries, hasChild } = links.resolve();
  const n = all.length;
  const pinned = f.leafId ? links.positionOf(f.leafId) : -1;
  // The last entry given is always on the tree (of two with one id, the later is kept).
  const leaf = pinned >= 0 ? pinned : n - 1;
  const duplicates = entries !== n;
  // Positions of the entries on the tree, when some are not.
  const on = duplicates ? all.flatMap((_, i) => (kept[i] ? [i] : [])) : null;
  const at = (i: number): number => (on === null ? i : on[i]);
  const row: RowShape = {
    header,
    name: piSessionName(null, null, null, header.title),
    firstMessage: firstMessageOf(duplicates ? userMessagesById(all, users, held) : users.map((u) => u.entry.message), warmupRow),
    labelCount: 0,
    entryCount: entries,
    type: (i) => all[at(i)].type,
    role: (i) => all[at(i)].role,
    timestamp: (i) => all[at(i)].timestamp,
    isLeaf: (i) => hasChild[at(i)] === 0,
    leafHasChildren: leaf >= 0 && hasChild[leaf] === 1,
  };
  return { listing: { file, agent: d.agent, header, links, leaf, held }, row };
}

/**
 * The user messages as the full load reads them when ids repeat: each user
 * entry given, in order, by its id's last held entry (load-dialect.ts
 * userMessagesOf, over what it holds: user messages and the tap's).
 */
function userMessagesById(all: readonly Slim[], users: readonly HeldAt[], held: readonly HeldAt[]): unknown[] {
  const byId = new Map<string, Obj>();
  let u = 0;
  let h = 0;
  while (u < users.length || h < held.length) {
    const next = h >= held.length || (u < users.length && users[u].pos <= held[h].pos) ? users[u++] : held[h++];
    byId.set(all[next.pos].id, next.entry);
  }
  return users.map((x) => byId.get(all[x.pos].id)!.message);
}
