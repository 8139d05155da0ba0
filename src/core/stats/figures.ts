// A session's figures: every model call's usage, priced, summed into buckets
// by branch, model and quarter hour. Quarter hours (UTC) because every time
// zone's offset is a whole number of them: any --tz groups the buckets into
// its days exactly, without going back to the calls.
import type { Session } from "../session/index.js";
import type { CallUsage, Tokens } from "./usage.js";
import { callUsage, modelKey } from "./usage.js";
import type { Pricer } from "./prices.js";

/** Summed usage; `cost` covers the priced calls only, `unpriced*` say what it leaves out. */
export interface Figure extends Tokens {
  cost: number;
  /** Model calls counted. */
  calls: number;
  /** Calls no price was found for, and their tokens (never counted as $0). */
  unpricedCalls: number;
  unpricedTokens: number;
}

export interface Bucket extends Figure {
  /** 0: the active path (root → the session's leaf); k ≥ 1: the k-th abandoned branch. */
  branch: number;
  /** Index into SessionFigures.models. */
  model: number;
  /** Quarter hours since the epoch (UTC), or -1 when the call has no time. */
  slot: number;
}

/** One counted call. */
export interface Call extends Tokens {
  /** A hash of the entry's id and time: the same call copied into another file has the same key. */
  key: number;
  branch: number;
  model: number;
  slot: number;
  /** null: unpriced. */
  cost: number | null;
}

export interface BranchInfo {
  /** The branch's leaf (for the active path, the session's leaf). */
  leafId: string;
  /** Entries counted in this branch (each entry belongs to one branch only). */
  entries: number;
}

export interface SessionFigures {
  file: string;
  /** The session's id, cwd and agent (the dialect that read it). */
  id: string;
  cwd: string;
  agent: string;
  /** ISO time the session started ("" when unknown). */
  created: string;
  /** The session this one came from (a fork's source, a subagent's parent), as written. */
  parentSession: string | null;
  /** A subagent (its usage belongs to its parent session's row), not a fork. */
  subagent: boolean;
  models: string[];
  branches: BranchInfo[];
  /** The whole session, and per model (by index into models): what most reports need, without the buckets. */
  total: Figure;
  modelTotals: Figure[];
  /** The calls by branch, model and quarter hour (from the cache: decoded on first use). */
  buckets: Bucket[];
  /** Each counted call (from the cache: decoded on first use), for telling copies of one call in two files apart. */
  calls: Call[];
  /** Calls copied from the parent session (a fork's copied path): counted there, not here. */
  inherited: number;
  /** Earlier copies of a response listed again (same responseId): only the last copy counts. */
  duplicates: number;
}

export const QUARTER_HOUR_MS = 15 * 60 * 1000;

export function emptyFigure(): Figure {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, calls: 0, unpricedCalls: 0, unpricedTokens: 0 };
}

export function addFigure(into: Figure, f: Figure): void {
  into.input += f.input;
  into.output += f.output;
  into.cacheRead += f.cacheRead;
  into.cacheWrite += f.cacheWrite;
  into.cost += f.cost;
  into.calls += f.calls;
  into.unpricedCalls += f.unpricedCalls;
  into.unpricedTokens += f.unpricedTokens;
}

/**
 * A tree's shape by position: the effective parent (-1 for a root), whether
 * an entry has a child, the leaf, and which positions are on the tree at all
 * (`kept`: 0 for the earlier line of a duplicate id; absent: every one).
 */
export interface TreeShape {
  n: number;
  parent: ArrayLike<number>;
  hasChild: (i: number) => boolean;
  /** The session's leaf (-1: no entries). */
  leaf: number;
  idAt: (i: number) => string;
  kept?: Uint8Array;
}

/**
 * Which branch each entry is on, by position: 0 for the active path, then
 * 1, 2, … for the other leaves in file order, each taking the entries of its
 * root → leaf path that no earlier branch took. So every entry counts once,
 * and the branches' sums add up to the session's.
 */
export function branchesOfShape(t: TreeShape): { branchOf: Int32Array; branches: BranchInfo[] } {
  const { n, parent, kept } = t;
  const branchOf = new Int32Array(n).fill(-1);
  const branches: BranchInfo[] = [];
  if (n === 0 || t.leaf < 0) return { branchOf, branches };
  const claim = (leaf: number, k: number): number => {
    let taken = 0;
    // Parents were made acyclic by the resolver; the bound is a second guard.
    for (let i = leaf, steps = 0; i >= 0 && branchOf[i] < 0 && steps <= n; i = parent[i], steps++) {
      branchOf[i] = k;
      taken++;
    }
    return taken;
  };
  branches.push({ leafId: t.idAt(t.leaf), entries: claim(t.leaf, 0) });
  for (let i = 0; i < n; i++) {
    if (i === t.leaf || (kept && !kept[i]) || t.hasChild(i)) continue;
    branches.push({ leafId: t.idAt(i), entries: claim(i, branches.length) });
  }
  return { branchOf, branches };
}

/** branchesOfShape for a loaded session, by position in s.entries. */
export function branchesOf(s: Session): { branchOf: Int32Array; branches: BranchInfo[] } {
  const n = s.entries.length;
  const topo = s.topology;
  if (n === 0) return { branchOf: new Int32Array(n).fill(-1), branches: [] };
  return branchesOfShape({
    n,
    parent: topo.parent,
    hasChild: (i) => topo.childStart[i + 1] !== topo.childStart[i],
    leaf: s.leafId !== null ? topo.posOf(s.leafId) : n - 1,
    idAt: (i) => s.entries[i].id,
  });
}

/** An entry that may carry usage (an assistant message, omp's model_usage), on the tree, in file order. */
export interface CallEntry {
  id: string;
  /** The entry's timestamp as written ("" when it has none). */
  timestamp: string;
  /** Its branch (branchesOfShape); -1 when on none. */
  branch: number;
  /** null: no usage recorded. */
  usage: CallUsage | null;
}

/** What a session's figures are made of, however the session was read. */
export interface FigureParts {
  file: string;
  header: Record<string, unknown>;
  agent: string;
  /** Every entry that may carry usage, in file order. */
  calls: CallEntry[];
  branches: BranchInfo[];
  /** Entry keys (entryKey) the parent session holds: a fork's copied calls. */
  inheritedKeys?: Set<string>;
  subagent?: boolean;
  /** A subagent's parent file as its place names it (parent.ts subagentOf), for a header that names none. */
  placedIn?: string | null;
  /** Whether the calls its parent holds are copies, left out here (parent.ts subagentOf); only a linked subagent copies none. */
  inherits?: boolean;
}

export interface FigureInput {
  session: Session;
  /** The full entries of the calls (assistant messages, model_usage), by entry id. */
  entries: Map<string, Record<string, unknown>>;
  agent: string;
  /** Entry ids (with their timestamps) the parent session holds: a fork's copied calls. */
  inheritedKeys?: Set<string>;
  subagent?: boolean;
  placedIn?: string | null;
}

export const entryKey = (id: string, timestamp: string): string => `${id}\u0000${timestamp}`;

/** What a loaded session's figures are made of, for figuresOf to price (stats' worker makes these without the price table). */
export function sessionParts(input: FigureInput): FigureParts {
  const s = input.session;
  const { branchOf, branches } = branchesOf(s);
  const calls: CallEntry[] = [];
  s.entries.forEach((meta, i) => {
    const entry = input.entries.get(meta.id);
    if (entry) calls.push({ id: meta.id, timestamp: meta.timestamp, branch: branchOf[i], usage: callUsage(entry) });
  });
  return { file: s.file, header: s.header, agent: input.agent, calls, branches, inheritedKeys: input.inheritedKeys, subagent: input.subagent, placedIn: input.placedIn };
}

/** The figures of a session's calls, priced by `pricer`. */
export function figuresOf(parts: FigureParts, pricer: Pricer): SessionFigures {
  return priceFigures(unpricedFigures(parts), pricer);
}

/**
 * A session's figures before pricing: every counted call but its cost, in
 * columns (no object per call), priced by priceFigures.
 */
export interface UnpricedFigures {
  head: Omit<SessionFigures, "total" | "modelTotals" | "buckets" | "calls">;
  /** Each (provider, model id) the calls name: what a price is looked up by. */
  priceKeys: { provider: string; modelId: string }[];
  key: Uint32Array;
  branch: Int32Array;
  model: Int32Array;
  slot: Float64Array;
  /** Four per call: input, output, cache read, cache write. */
  tokens: Float64Array;
  /** The recorded cost; NaN: none. */
  recorded: Float64Array;
  /** Index into priceKeys. */
  price: Int32Array;
}

/** What makes two calls copies of one response: its id and its prompt (a streamed copy differs only in output). */
function copyKey(u: CallUsage): string {
  return `${u.responseId}\u0000${u.input}\u0000${u.cacheRead}\u0000${u.cacheWrite}`;
}

/** The calls of figuresOf, unpriced. */
export function unpricedFigures(parts: FigureParts): UnpricedFigures {
  const models: string[] = [];
  const modelIndex = new Map<string, number>();
  const priceKeys: { provider: string; modelId: string }[] = [];
  const priceIndex = new Map<string, number>();
  const n = parts.calls.length;
  const key = new Uint32Array(n);
  const branch = new Int32Array(n);
  const model = new Int32Array(n);
  const slot = new Float64Array(n);
  const tokens = new Float64Array(n * 4);
  const recorded = new Float64Array(n);
  const price = new Int32Array(n);
  let count = 0;
  let inherited = 0;
  let duplicates = 0;
  // A response listed more than once (a streamed message whose copies were not
  // merged) counts once, with its last copy's usage: the first copies' output
  // counts are partial. Copies share the id and the prompt (input and cache
  // counts): a provider that reuses short ids (Ollama's `chatcmpl-14`) for
  // other calls of the same session does not make them copies.
  const lastCopy = new Map<string, number>();
  const all = parts.calls;
  // Most responses are listed once: the key is made only for a response id listed more than once.
  const listed = new Map<string, number>();
  for (const c of all) {
    const id = c.usage?.responseId;
    if (id) listed.set(id, (listed.get(id) ?? 0) + 1);
  }
  const copyKeys: (string | null)[] = all.map((c) => (c.usage?.responseId && listed.get(c.usage.responseId)! > 1 ? copyKey(c.usage) : null));
  for (let i = 0; i < copyKeys.length; i++) {
    const k = copyKeys[i];
    if (k !== null) lastCopy.set(k, i);
  }
  // Calls come in runs of one model: its index is looked up when the run changes.
  let runProvider: string | null = null;
  let runModelId: string | null = null;
  let runModel = -1;
  let runPrice = -1;
  const inheritedKeys = parts.inheritedKeys;
  const checkInherited = inheritedKeys !== undefined && inheritedKeys.size > 0;
  for (let i = 0; i < all.length; i++) {
    const entry = all[i];
    const call = entry.usage;
    if (!call) continue;
    const copy = copyKeys[i];
    if (copy !== null && lastCopy.get(copy) !== i) {
      duplicates++;
      continue;
    }
    if (checkInherited && inheritedKeys.has(entryKey(entry.id, entry.timestamp))) {
      inherited++;
      continue;
    }
    if (call.provider !== runProvider || call.modelId !== runModelId) {
      const name = modelKey(call.provider, call.modelId) || "(unknown model)";
      let m = modelIndex.get(name);
      if (m === undefined) {
        m = models.push(name) - 1;
        modelIndex.set(name, m);
      }
      const pk = `${call.provider}\u0000${call.modelId}`;
      let p = priceIndex.get(pk);
      if (p === undefined) {
        p = priceKeys.push({ provider: call.provider, modelId: call.modelId }) - 1;
        priceIndex.set(pk, p);
      }
      runProvider = call.provider;
      runModelId = call.modelId;
      runModel = m;
      runPrice = p;
    }
    const k = count++;
    key[k] = callHash(entry.id, entry.timestamp);
    branch[k] = Math.max(0, entry.branch);
    model[k] = runModel;
    slot[k] = Number.isFinite(call.time) && call.time > 0 ? Math.floor(call.time / QUARTER_HOUR_MS) : -1;
    tokens[k * 4] = call.input;
    tokens[k * 4 + 1] = call.output;
    tokens[k * 4 + 2] = call.cacheRead;
    tokens[k * 4 + 3] = call.cacheWrite;
    recorded[k] = call.recordedCost ?? NaN;
    price[k] = runPrice;
  }
  const h = parts.header;
  const str = (v: unknown): string => (typeof v === "string" ? v : "");
  return {
    head: {
      file: parts.file,
      id: str(h.id),
      cwd: str(h.cwd),
      agent: parts.agent,
      created: str(h.timestamp),
      parentSession: str(h.parentSession) || parts.placedIn || null,
      subagent: parts.subagent === true,
      models,
      branches: parts.branches,
      inherited,
      duplicates,
    },
    priceKeys,
    key: key.slice(0, count),
    branch: branch.slice(0, count),
    model: model.slice(0, count),
    slot: slot.slice(0, count),
    tokens: tokens.slice(0, count * 4),
    recorded: recorded.slice(0, count),
    price: price.slice(0, count),
  };
}

/** Unpriced figures priced by `pricer`: the session's figures. */
export function priceFigures(u: UnpricedFigures, pricer: Pricer): SessionFigures {
  const calls: Call[] = [];
  // One call object for the pricer, filled in for each call (the pricer keeps none): not one made per call.
  // It looks at the tokens, the recorded cost and the model: the time and response id are not part of a price.
  const call: CallUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, recordedCost: null, provider: "", modelId: "", time: NaN, responseId: "" };
  for (let k = 0; k < u.key.length; k++) {
    const { provider, modelId } = u.priceKeys[u.price[k]];
    const r = u.recorded[k];
    const t = k * 4;
    const input = u.tokens[t];
    const output = u.tokens[t + 1];
    const cacheRead = u.tokens[t + 2];
    const cacheWrite = u.tokens[t + 3];
    call.input = input;
    call.output = output;
    call.cacheRead = cacheRead;
    call.cacheWrite = cacheWrite;
    call.recordedCost = Number.isNaN(r) ? null : r;
    call.provider = provider;
    call.modelId = modelId;
    const cost = pricer.cost(call);
    calls.push({ key: u.key[k], branch: u.branch[k], model: u.model[k], slot: u.slot[k], input, output, cacheRead, cacheWrite, cost });
  }
  const { buckets, total, modelTotals } = summed(calls, u.head.models.length);
  const h = u.head;
  return {
    file: h.file,
    id: h.id,
    cwd: h.cwd,
    agent: h.agent,
    created: h.created,
    parentSession: h.parentSession,
    subagent: h.subagent,
    models: h.models,
    branches: h.branches,
    total,
    modelTotals,
    buckets,
    calls,
    inherited: h.inherited,
    duplicates: h.duplicates,
  };
}

/** The session's total, or one branch's. */
export function totalOf(f: SessionFigures, branch?: number): Figure {
  if (branch === undefined) return { ...f.total };
  const t = emptyFigure();
  for (const b of f.buckets) if (branch === undefined || b.branch === branch) addFigure(t, b);
  return t;
}

/** What the abandoned branches (every branch but the active path) add up to. */
export function abandonedOf(f: SessionFigures): Figure {
  const t = emptyFigure();
  for (const b of f.buckets) if (b.branch > 0) addFigure(t, b);
  return t;
}

/** 32-bit FNV-1a of a string. */
export function hash32(text: string): number {
  return fnv(0x811c9dc5, text) >>> 0;
}

function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** A call's key: hash32 of its entryKey, without making that string (one per call of every session read). */
export function callHash(id: string, timestamp: string): number {
  return fnv(Math.imul(fnv(0x811c9dc5, id), 0x01000193), timestamp) >>> 0;
}

/** An empty bucket (one literal: every bucket has the same shape, its counts numbers from the start). */
function newBucket(branch: number, model: number, slot: number): Bucket {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, calls: 0, unpricedCalls: 0, unpricedTokens: 0, branch, model, slot };
}

/** Calls summed into buckets (branch, model, quarter hour), the total and the total per model. */
export function summed(calls: readonly Call[], modelCount: number): { buckets: Bucket[]; total: Figure; modelTotals: Figure[] } {
  const byKey = new Map<string, Bucket>();
  // Calls come in runs of one branch, model and quarter hour: a key is made only when the run changes.
  let b: Bucket | undefined;
  for (const c of calls) {
    if (b === undefined || b.branch !== c.branch || b.model !== c.model || b.slot !== c.slot) {
      const key = `${c.branch}:${c.model}:${c.slot}`;
      b = byKey.get(key);
      if (!b) byKey.set(key, (b = newBucket(c.branch, c.model, c.slot)));
    }
    b.input += c.input;
    b.output += c.output;
    b.cacheRead += c.cacheRead;
    b.cacheWrite += c.cacheWrite;
    b.calls++;
    if (c.cost === null) {
      b.unpricedCalls++;
      b.unpricedTokens += c.input + c.output + c.cacheRead + c.cacheWrite;
    } else b.cost += c.cost;
  }
  const buckets = [...byKey.values()];
  const total = emptyFigure();
  const modelTotals = Array.from({ length: modelCount }, emptyFigure);
  for (const b of buckets) {
    addFigure(total, b);
    addFigure(modelTotals[b.model], b);
  }
  return { buckets, total, modelTotals };
}

/** The same session's figures made of only these calls (a plain object, whatever `f` is). */
export function withCalls(f: SessionFigures, calls: Call[], duplicates: number): SessionFigures {
  return {
    file: f.file,
    id: f.id,
    cwd: f.cwd,
    agent: f.agent,
    created: f.created,
    parentSession: f.parentSession,
    subagent: f.subagent,
    models: f.models,
    branches: f.branches,
    ...summed(calls, f.models.length),
    calls,
    inherited: f.inherited,
    duplicates,
  };
}
