// Claude Code's lines in, pi-shaped entries out (dialect-api.ts).
//
// Every line with a `uuid` is an entry (`parentUuid` → parentId). Three things
// make this more than a map:
// - Streamed copies: one assistant message is written as several lines sharing
//   `message.id` and `requestId`. It is emitted once, when complete (a new
//   message or prompt in the same lane, or the end): blocks merged, usage and
//   stop reason of the last copy, the first copy's uuid as id, the others as
//   aliases. Entries read while it is open wait behind it, so the output keeps
//   file order and the message comes before what hangs from it.
// - Compactions: a `compact_boundary` system line waits for the compact summary
//   that follows it and becomes pi's `compaction` entry.
// - Parallel tool calls: their results would hang side by side from the one
//   merged message. They are one turn, so they are chained and marked
//   `parallel: true` (chainParallel), never drawn as an edit or a rewind.
import { isHeadlessEntrypoint } from "../../../../headless.js";
import type { DialectEntry, DialectFacts, Origin, PiEntry, RecordReader } from "../../dialect-api.js";
import { epochOf, isObj, type Obj, saysUsage, stopReasonOf, str, usageOf } from "./blocks.js";
import { assistantBlocks, baseEntry, hasToolResults, otherEntry, toolResultEntries, userMessage, userText } from "./entries.js";
import { agentIdOfPath, childSessionPath, kindOf, sessionIdOfPath, type SourceKind, sidechainParentPath, subagentParentPath, subagentSessionDir } from "./paths.js";
import { claudeRelink, type Kept } from "./relink.js";
import { PARENT_LINK, type ParentLink } from "./source.js";
import { mergeBlocks } from "./streamed.js";
import { readSubagentMeta, SPAWN_TOOLS, type SubagentMeta, subagentsByToolUse } from "./subagent-meta.js";

interface Pending {
  de: DialectEntry;
  open: boolean;
  kind: "assistant" | "boundary" | "plain";
  /** assistant: `message.id` + `requestId`, and the lane (agent, sidechain) it streams in. */
  key?: string;
  lane?: string;
  blocks?: Obj[];
  last?: Obj;
  /** assistant: the last copy whose usage says anything (saysUsage); a later empty `usage: {}` does not wipe it. */
  usageFrom?: Obj;
  /** assistant: its tool call ids, and the entries hanging from it that answer or report on those calls (made when there are some). */
  calls?: Set<string>;
  sideKids?: PiEntry[];
  /** boundary: records read since it. */
  age?: number;
}

/** Line types with a uuid that this reader knows (others are kept, marked unknown). */
const KNOWN_ENTRY_TYPES: ReadonlySet<string> = new Set(["user", "assistant", "system", "attachment", "progress"]);
/** Line types without a uuid that this reader knows: names and bookkeeping, no entries. */
const KNOWN_BOOKKEEPING: ReadonlySet<string> = new Set([
  "summary",
  "custom-title",
  "ai-title",
  "last-prompt",
  "file-history-snapshot",
  "queue-operation",
  "agent-name",
  "agent-color",
  "agent-setting",
  "pr-link",
  "tag",
  "mode",
  "permission-mode",
  "worktree-state",
  // The claude.ai session a CLI session was teleported from ({remoteSessionId, branch, messageCount}): written by
  // 2.1.8x (real transcripts, some holding nothing else), no longer by 2.1.332.
  "teleported-from",
  // 2.1.2xx (real transcripts of 2.1.207–2.1.232): the remote-control bridge a session is reachable through
  // ({bridgeSessionId, lastSequenceNum}, written again and again), a tracked file's backup since a snapshot
  // ({messageId, snapshotMessageId, trackingPath, backup}), an artifact the session published ({path, frameUrl,
  // title}), and a fork subagent's pointer to the parent history it starts from ({parentSessionId, parentLastUuid}).
  "bridge-session",
  "file-history-delta",
  "frame-link",
  "fork-context-ref",
  // The rest of the metadata 2.1.332 writes: its writer's own table of record kinds (transcript messages —
  // user, assistant, attachment, system, progress — deduplicated and chained; every other kind written as is,
  // beside the chain): how a session ended or moved on (ended-by-model, continued-in {continuedInSessionId},
  // relocated {relocatedCwd}), who owns and runs it (session-owner, isolation-latch, atis-latch, dev-mods,
  // memory-mode {mode, afterUuid}, repl-mode, hybrid-organization, history-suppression), what it used and cost
  // (tools-used — some with a uuid, never a parent —, cost-state, attribution-snapshot, data-flow-records,
  // data-flow-incomplete, derived-from), the API requests it replayed (api-request, -shape, -blob, -resumed),
  // artifacts (artifact-comment-monitor, artifact-autoreact-ledger), content replaced in the history
  // (content-replacement), observers, the resume head's checksum, and a script's calls run for an agent (host-row).
  "ended-by-model",
  "continued-in",
  "relocated",
  "artifact-comment-monitor",
  "artifact-autoreact-ledger",
  "history-suppression",
  "attribution-snapshot",
  "isolation-latch",
  "session-owner",
  "dev-mods",
  "memory-mode",
  "atis-latch",
  "tools-used",
  "data-flow-records",
  "data-flow-incomplete",
  "derived-from",
  "cost-state",
  "content-replacement",
  "api-request-shape",
  "api-request-blob",
  "api-request",
  "api-request-resumed",
  "observer-ref",
  "resume-head-vouch",
  "repl-mode",
  "hybrid-organization",
  "host-row",
  // New in 2.1.337's table, both kept beside the chain: the API route a session's requests went by, once per route
  // ({provider, credential}, each reduced to a known word or "other"), and auto mode's count of refused calls
  // ({consecutive, total}, written again whenever it changes, restored on resume).
  "api-request-route",
  "denial-counts",
]);

/**
 * The prompt Claude Code itself sends (2.0.x–2.1.x) to warm the prompt cache of
 * its Explore and Plan agents: the first prompt of a sidechain or subagent
 * transcript, never typed by the user.
 */
const WARMUP_PROMPT = "Warmup";

/** A tool result's text when it is plain text (a string, or text blocks only); null otherwise. */
function resultText(c: unknown): string | null {
  if (typeof c === "string") return c;
  if (!Array.isArray(c) || !c.every((b) => isObj(b) && b.type === "text")) return null;
  return c.map((b) => str((b as Obj).text)).join("");
}

/**
 * Whether a user line holds only the answers of a warming agent's calls: Claude
 * Code runs none of them, and answers each with the warm-up prompt (an error).
 */
const onlyWarmupResults = (message: Obj): boolean =>
  Array.isArray(message.content) && message.content.every((b) => isObj(b) && (b.type !== "tool_result" ? b.type === "text" && str(b.text).trim() === "" : resultText(b.content)?.trim() === WARMUP_PROMPT));

/** The lanes of lines without an agent id (laneOf). */
const MAIN_LANE = "\u00000";
const SIDE_LANE = "\u00001";

/** Entries held behind an open message at most (a runaway stream must not hold a whole file). */
const MAX_HELD = 5000;
/** Records after a compact boundary within which its summary is looked for. */
const SUMMARY_WINDOW = 50;

/**
 * Completes a streamed message: its merged blocks, the usage of the last copy
 * that has one, and the last copy's stop reason. `next` is the parent named by
 * the line that completed it.
 */
function finishAssistant(p: Pending, next: string | null): void {
  const last = p.last ?? {};
  const m = p.de.entry.message as Obj;
  m.content = p.blocks ?? [];
  const usage = usageOf((p.usageFrom ?? last).usage);
  if (usage) m.usage = usage;
  else delete m.usage;
  const hasCall = (p.blocks ?? []).some((b) => b.type === "toolCall");
  if (m.stopReason !== "error") m.stopReason = stopReasonOf(last.stop_reason, hasCall);
  chainParallel(p.sideKids ?? [], next);
}

/**
 * Results (and progress) of two or more of a message's calls, each hanging
 * from the line of its own call, are siblings once the copies are merged. They
 * are one turn, not a fork: the model got every result. So they are chained
 * in file order — the one the conversation goes on from last — each marked
 * `parallel: true` with the file's own parent kept as `fileParentId`. The path
 * to the leaf then holds every result (its context is right), and no branch
 * is counted that nobody abandoned.
 */
function chainParallel(kids: PiEntry[], next: string | null): void {
  if (kids.length < 2) return;
  const goesOn = kids.findIndex((k) => k.id === next);
  const order = goesOn < 0 ? kids : [...kids.slice(0, goesOn), ...kids.slice(goesOn + 1), kids[goesOn]];
  order.forEach((k, i) => {
    k.parallel = true;
    if (i === 0) return;
    k.fileParentId = k.parentId;
    k.parentId = order[i - 1].id;
  });
}

/** What a compact boundary kept (2.1.3xx partial compaction): the kept messages' uuids and their anchor. */
function keptOf(md: Obj): { anchor: string; uuids: string[]; head: string; tail: string } {
  const pm = isObj(md.preservedMessages) ? md.preservedMessages : {};
  const seg = isObj(md.preservedSegment) ? md.preservedSegment : {};
  const uuids = Array.isArray(pm.uuids) ? pm.uuids.filter((u): u is string => typeof u === "string" && u !== "") : [];
  return { anchor: str(pm.anchorUuid) || str(seg.anchorUuid), uuids, head: str(seg.headUuid), tail: str(seg.tailUuid) };
}

interface ChildLink {
  toolCallId: string;
  agentId: string;
  path: string;
}

/**
 * Each id once, at its last place: the entry a line written again stands for
 * in the tree (build.ts keeps a duplicate id's later line), so the relinks see
 * one node per entry, as they would had the row been written once.
 */
function onceEach(order: string[]): string[] {
  const last = new Map<string, number>();
  order.forEach((id, i) => last.set(id, i));
  return order.filter((id, i) => last.get(id) === i);
}

/** A call's subagent on the entry holding the call (`childSessions`), once per call. */
function addChild(e: PiEntry, link: ChildLink): void {
  const list = (e.childSessions ??= []) as ChildLink[];
  if (!list.some((l) => l.toolCallId === link.toolCallId)) list.push(link);
}

export class ClaudeReader implements RecordReader {
  private readonly kind: SourceKind;
  private readonly meta: SubagentMeta | null;
  private queue: Pending[] = [];
  /**
   * The open message of each key and lane. A message closed is set to
   * undefined (or left, in its lane: close() passes over a closed one), not
   * deleted: a map that a message at a time enters and leaves reallocated its
   * table every few messages (a cold `stats` over Claude Code allocated
   * ~16 MB in these deletes).
   */
  private openByKey = new Map<string, Pending | undefined>();
  private openByLane = new Map<string, Pending>();
  private openBoundary: Pending | null = null;
  /** A merged copy's uuid → the entry's id. */
  private alias = new Map<string, string>();
  /**
   * Pending messages by id, while held: what noteKid and linkSubagent look up
   * (an open message's calls). Another pending entry is set here only over
   * one of its id that is (a copied uuid), as when every pending entry was.
   */
  private held = new Map<string, Pending>();
  /**
   * Entries held behind an open message that hang from a line not read yet, by
   * that line's uuid. Claude Code 2.1.1xx runs a streamed message's calls as
   * they arrive and writes each result as it comes: a result can reach the
   * file before the copy of the message that holds its call (noteKid then
   * counts it when that copy is merged). Bounded by the queue: an entry is
   * here only while it waits in it (flush drops its parent's bucket), and the
   * queue holds MAX_HELD entries at most behind an open message, so results
   * whose parent never comes cost no more than that (test: claude.test.ts).
   */
  private early = new Map<string, PiEntry[]>();
  /** Tool call id → its name and the entry holding it. */
  private calls = new Map<string, { name: string; entry: string }>();
  private ids = new Set<string>();
  /**
   * Each line uuid's first timestamp: a line with a uuid already read and the
   * same time is that record written again (Claude Code re-records a row as
   * it was, its uuid and time kept); its id is then in `rewritten`.
   */
  private stamps = new Map<string, string>();
  private rewritten: Set<string> | null = null;
  /** An entry id was given twice (a record written again, or a conflicting duplicate). */
  private rewrites = false;
  private spawnedByCall: Map<string, { path: string; agentId: string }> | null = null;

  private sessionId = "";
  private agentId = "";
  private cwd = "";
  private created = "";
  private model: string | undefined;
  private version: string | undefined;
  /** The first `entrypoint` a line gives: how Claude Code was started (`cli`, `sdk-cli`, …). */
  private entrypoint = "";
  private customTitle: string | null = null;
  private aiTitle: string | null = null;
  private summaries: { text: string; leaf: string }[] = [];
  /** The texts of the API error notices Claude Code wrote as assistant messages (`isApiErrorMessage`). */
  private errorNotices = new Set<string>();
  private link: ParentLink | null = null;
  /** Every entry given, in order, with its parent as given (for the relinks at the end). */
  private order: string[] = [];
  private parentOf = new Map<string, string | null>();
  private structural = new Set<string>();
  /** Entries made of a user or assistant line (pi's message entries): what Claude Code's loader resumes at. */
  private conversational = new Set<string>();
  /** A user line with several tool results: its uuid → the first entry of its chain. */
  private groupHead = new Map<string, string>();
  /** The last compact boundary, with what it kept when it says (partial compaction). */
  private lastBoundary: Kept | null = null;
  /** The leaf the last `last-prompt` record names, and how many entries were read before it. */
  private pin: { leaf: string; at: number } | null = null;
  private lines = 0;
  private ended = false;
  private unknown = new Set<string>();
  /** The last entry given (a line of an unknown kind with no uuid hangs from it). */
  private lastId: string | null = null;
  /** The folder the session last moved to (`relocated`): Claude Code resumes it there. */
  private relocatedCwd = "";
  /** The session the conversation went on in (`continued-in`), unless a turn came after it here. */
  private continuedIn = "";
  /** Tool results the model was sent shortened (`content-replacement`): call id → the text sent instead. */
  private replaced = new Map<string, string>();
  /** A fork subagent's parent entry its history runs to (`fork-context-ref`'s parentLastUuid). */
  private forkFrom = "";
  /** A user or assistant message was read (a warm-up prompt is only the first). */
  private talked = false;
  /**
   * The transcript opened with Claude Code's warm-up prompt, and whether a user
   * line came that is not part of the warm-up (a prompt, or a result that is
   * not the warm-up's refusal of a call).
   */
  private warmup = false;
  private userBesidesWarmup = false;

  constructor(private readonly path: string) {
    this.kind = kindOf(path);
    this.meta = this.kind === "subagent" ? readSubagentMeta(path) : null;
  }

  push(value: unknown, origin: Origin): DialectEntry[] | string {
    if (isObj(value) && PARENT_LINK in value) {
      this.link = (value as unknown as Record<symbol, ParentLink>)[PARENT_LINK];
      return [];
    }
    if (!isObj(value)) return "not a JSON object: line skipped";
    this.noteFacts(value);
    if (this.openBoundary && ++this.openBoundary.age! > SUMMARY_WINDOW) this.close(this.openBoundary);
    const uuid = str(value.uuid);
    // bookkeeping is never an entry, even with a uuid (2.1.332's tools-used may carry one)
    if (KNOWN_BOOKKEEPING.has(str(value.type))) {
      this.noteBookkeeping(value);
      return this.flush();
    }
    if (!uuid) {
      this.keepUnknown(value, origin);
      return this.flush();
    }
    this.lines++;
    this.noteStamp(uuid, value);
    switch (value.type) {
      case "assistant":
        if (isObj(value.message)) this.assistant(value, value.message, origin);
        else this.add(otherEntry(value), origin);
        break;
      case "user":
        if (isObj(value.message)) this.user(value, value.message, origin);
        else this.add(otherEntry(value), origin);
        break;
      case "system":
        if (value.subtype === "compact_boundary") this.boundary(value, origin);
        else this.add(otherEntry(value), origin);
        break;
      default: {
        const e = otherEntry(value);
        if (!KNOWN_ENTRY_TYPES.has(str(value.type))) {
          e.unknown = true;
          this.unknown.add(`record type ${JSON.stringify(str(value.type))}`);
        }
        this.add(e, origin);
      }
    }
    return this.flush();
  }

  /** Notes a uuid's first time, and a line that repeats a uuid with that time (a record written again). */
  private noteStamp(uuid: string, v: Obj): void {
    const at = str(v.timestamp);
    const first = this.stamps.get(uuid);
    if (first === undefined) this.stamps.set(uuid, at);
    else if (first === at && at !== "") (this.rewritten ??= new Set()).add(uuid);
    else {
      // another record under that uuid: every replacement of it is a conflict to warn of
      this.rewritten?.delete(uuid);
      this.stamps.set(uuid, "");
    }
  }

  /**
   * A line of a kind this reader does not know and with no uuid: kept as an
   * entry (never dropped), hanging from the entry before it, marked unknown.
   */
  private keepUnknown(value: Obj, origin: Origin): void {
    const e = otherEntry(value);
    e.id = `${this.sessionId || "line"}:${origin.line}`;
    e.parentId = this.lastId;
    e.unknown = true;
    this.unknown.add(`record type ${JSON.stringify(str(value.type) || "(none)")}`);
    this.add(e, origin);
  }

  end(): DialectEntry[] {
    for (const p of this.queue) if (p.open) this.close(p);
    this.ended = true;
    return this.flush();
  }

  facts(): DialectFacts {
    const sub = this.kind !== "session";
    const f: DialectFacts = {
      // A transcript is named by its session id, and `claude --resume` finds it by that name: the name's id wins over
      // the lines' (a resumed or forked session's file opens with the history it copied, still carrying the old
      // session's id); a file not named by a session id has the id its lines give.
      id: (sub ? this.agentId || agentIdOfPath(this.path) : sessionIdOfPath(this.path) || this.sessionId) || "",
      // Claude Code moves a session's file to the project of the folder it moved to, and resumes it there.
      cwd: this.relocatedCwd || this.cwd,
      name: this.name(),
      created: this.created,
    };
    if (this.model) f.model = this.model;
    if (this.version) f.agentVersion = this.version;
    if (this.relocatedCwd && this.cwd && this.relocatedCwd !== this.cwd) f.originalCwd = this.cwd;
    if (this.continuedIn) f.continuedIn = this.continuedIn;
    if (this.replaced.size) f.replaced = Object.fromEntries(this.replaced);
    // `claude -p` (print mode, what scripts and plugins run) writes `sdk-cli`; the terminal writes `cli`, the SDKs `sdk-ts`/`sdk-py` (core/headless.ts).
    if (isHeadlessEntrypoint(this.entrypoint)) f.headless = true;
    if (this.unknown.size) f.unknown = [...this.unknown];
    if (this.ended) {
      const leaf = this.pinnedLeaf() ?? this.leafPastOrphans();
      if (leaf) f.leafId = leaf;
      const relink = claudeRelink(
        {
          order: this.rewrites ? onceEach(this.order) : this.order,
          parent: this.parentOf,
          owner: (u) => (this.ids.has(u) ? u : this.alias.get(u)),
          head: (id) => this.groupHead.get(id) ?? id,
          structural: (id) => this.structural.has(id),
          anyStructural: this.structural.size > 0,
        },
        this.lastBoundary,
      );
      if (relink.size) f.relink = relink;
      if (this.rewritten) f.rewritten = this.rewritten;
    }
    if (this.ended && this.warmup && !this.userBesidesWarmup) f.warmupOnly = true;
    if (sub) {
      f.parentSession = this.link?.parentSession ?? (this.kind === "subagent" ? subagentParentPath(this.path, this.meta?.parentAgentId ?? null) : this.sessionId ? sidechainParentPath(this.path, this.sessionId) : null);
      // A fork names the parent entry its history runs to; else the entry holding the spawning call, found in the parent.
      f.parentEntryId = this.forkFrom || this.link?.parentEntryId || null;
      if (this.forkFrom) f.contextFrom = this.forkFrom;
      // An old-style sidechain is a subagent as much as one under `subagents/`: its calls count in its parent's row.
      f.subagent = true;
    }
    return f;
  }

  // ---- facts -------------------------------------------------------------

  private noteFacts(v: Obj): void {
    if (!this.sessionId && str(v.sessionId)) this.sessionId = str(v.sessionId);
    if (!this.agentId && str(v.agentId)) this.agentId = str(v.agentId);
    if (!this.cwd && str(v.cwd)) this.cwd = str(v.cwd);
    if (!this.created && str(v.timestamp)) this.created = str(v.timestamp);
    if (!this.version && str(v.version)) this.version = str(v.version);
    if (!this.entrypoint && str(v.entrypoint)) this.entrypoint = str(v.entrypoint);
  }

  /** Lines without a uuid: names and bookkeeping, no entries. */
  private noteBookkeeping(v: Obj): void {
    switch (v.type) {
      case "custom-title":
        if (str(v.customTitle).trim()) this.customTitle = str(v.customTitle).trim();
        break;
      case "ai-title":
        if (str(v.aiTitle).trim()) this.aiTitle = str(v.aiTitle).trim();
        break;
      case "summary":
        if (str(v.summary).trim()) this.summaries.push({ text: str(v.summary).trim(), leaf: str(v.leafUuid) });
        break;
      case "last-prompt":
        // Written after each turn and on a rewind (`rewound`, `cutUuid`): the leaf Claude Code resumes from.
        if (str(v.leafUuid)) this.pin = { leaf: str(v.leafUuid), at: this.lines };
        break;
      case "relocated":
        // Written when the session moves folder (entering or leaving a worktree): the last one is where it is.
        if (str(v.relocatedCwd)) this.relocatedCwd = str(v.relocatedCwd);
        break;
      case "continued-in":
        // Written when the conversation is handed to a background session; a turn here after it takes it back.
        if (str(v.continuedInSessionId)) this.continuedIn = str(v.continuedInSessionId);
        break;
      case "content-replacement":
        // A tool result over the message's budget, sent as a shorter text (where the whole output was saved, a preview).
        if (Array.isArray(v.replacements)) {
          for (const r of v.replacements) if (isObj(r) && r.kind === "tool-result" && str(r.toolUseId) && typeof r.replacement === "string") this.replaced.set(str(r.toolUseId), r.replacement);
        }
        break;
      case "fork-context-ref":
        if (str(v.parentLastUuid)) this.forkFrom = str(v.parentLastUuid);
        break;
    }
  }

  /** The leaf the last `last-prompt` names, unless entries were written after it (the newest then is the leaf). */
  private pinnedLeaf(): string | null {
    if (!this.pin || this.pin.at !== this.lines) return null;
    const id = this.ids.has(this.pin.leaf) ? this.pin.leaf : this.alias.get(this.pin.leaf);
    return id ?? null;
  }

  /**
   * The newest entry is the leaf, as for every dialect, unless its chain holds
   * no user or assistant message at all: a system or progress line whose parent
   * is not in the file (Claude Code writes `turn_duration` and the like after
   * the turn, and a copied or cut transcript may lose the parent). Claude Code's
   * loader resumes at a row whose chain reaches a user or assistant message, so
   * then the newest entry whose chain does is the leaf (null: the newest entry's
   * chain has one, or no entry's does).
   */
  private leafPastOrphans(): string | null {
    const reaches = new Map<string, boolean>();
    const reachesMessage = (start: string): boolean => {
      const walked: string[] = [];
      let found = false;
      for (let id: string | null | undefined = start; id != null; id = this.parentOf.get(id)) {
        const known = reaches.get(id);
        if (known !== undefined) {
          found = known;
          break;
        }
        if (this.conversational.has(id)) {
          found = true;
          break;
        }
        if (!this.parentOf.has(id)) break; // a parent not in the file
        reaches.set(id, false); // a loop back here ends the walk
        walked.push(id);
      }
      for (const id of walked) reaches.set(id, found);
      return found;
    };
    const n = this.order.length;
    if (n === 0 || reachesMessage(this.order[n - 1])) return null;
    for (let i = n - 2; i >= 0; i--) if (reachesMessage(this.order[i])) return this.order[i];
    return null;
  }

  private name(): string | null {
    if (this.customTitle) return this.customTitle;
    if (this.aiTitle) return this.aiTitle;
    if (this.meta?.description) return this.meta.agentType ? `${this.meta.agentType}: ${this.meta.description}` : this.meta.description;
    // Older versions (2.0, 2.1.1) write summaries of other sessions at the top of a new file: a
    // summary's leafUuid is the last message of the transcript it describes (that file's title in
    // Claude Code's own list). Only a summary of this file's own entries names it.
    const own = [...this.summaries].reverse().find((s) => (this.ids.has(s.leaf) || this.alias.has(s.leaf)) && !this.isErrorNotice(s.text));
    return own?.text ?? null;
  }

  /**
   * A summary Claude Code wrote when the call that makes it failed: the API's
   * error notice stands where the title would ("Invalid API key · Please run
   * /login", "API Error: 503 …"). It is no title; the first prompt names the
   * session instead.
   */
  private isErrorNotice(text: string): boolean {
    return this.errorNotices.has(text) || /^API Error(?: \d{3})?:/.test(text) || text.includes("Please run /login");
  }

  // ---- lines -------------------------------------------------------------

  private laneOf(v: Obj): string {
    const agent = str(v.agentId);
    const side = v.isSidechain === true;
    // the usual lanes without a string made for each line
    if (agent === "") return side ? SIDE_LANE : MAIN_LANE;
    return `${agent}\u0000${side ? 1 : 0}`;
  }

  private assistant(v: Obj, message: Obj, origin: Origin): void {
    this.talked = true;
    // A reply that completed after a hand-off: the conversation went on here (Claude Code then ignores the hand-off).
    if (typeof message.stop_reason === "string" && v.isApiErrorMessage !== true) this.continuedIn = "";
    const uuid = str(v.uuid);
    const msgId = str(message.id);
    const key = msgId ? `${msgId}\u0000${str(v.requestId)}` : "";
    const blocks = assistantBlocks(message);
    const open = key ? this.openByKey.get(key) : undefined;
    if (open) {
      if (open.de.entry.id === uuid || open.de.aliases?.includes(uuid)) return; // the same line written twice
      mergeBlocks(open.blocks!, blocks);
      for (const b of blocks) if (b.type === "toolCall") this.noteCall(b, open);
      open.last = message;
      if (saysUsage(message.usage)) open.usageFrom = message;
      (open.de.aliases ??= []).push(uuid);
      open.de.parts!.push(origin);
      this.alias.set(uuid, open.de.entry.id);
      const early = this.early.get(uuid);
      if (early) {
        this.early.delete(uuid);
        for (const e of early) this.noteKid(e);
      }
      return;
    }
    const lane = this.laneOf(v);
    const prev = this.openByLane.get(lane);
    if (prev) this.close(prev, str(v.parentUuid) || null);
    const e = baseEntry(v, "message");
    const m: Obj = { role: "assistant", content: [], api: "anthropic-messages", provider: "anthropic", model: str(message.model) };
    if (msgId) m.responseId = msgId;
    const ts = epochOf(v.timestamp);
    if (ts !== undefined) m.timestamp = ts;
    if (v.isApiErrorMessage === true) {
      m.stopReason = "error";
      const notice = blocks.map((b) => str(b.text)).join("\n");
      m.errorMessage = notice;
      this.errorNotices.add(notice.trim());
    }
    e.message = m;
    if (str(v.requestId)) e.requestId = str(v.requestId);
    if (!this.model && m.model && m.model !== "<synthetic>") this.model = str(m.model);
    const p: Pending = { de: { entry: e, origin, parts: [origin] }, open: true, kind: "assistant", key, lane, blocks, last: message };
    if (saysUsage(message.usage)) p.usageFrom = message;
    if (blocks.length > 1) mergeBlocks((p.blocks = []), blocks);
    for (const b of blocks) if (b.type === "toolCall") this.noteCall(b, p);
    this.enqueue(p);
    if (key) this.openByKey.set(key, p);
    this.openByLane.set(lane, p);
    if (!key) this.close(p); // no id to match copies by: complete as it is
  }

  private noteCall(b: Obj, p: Pending): void {
    const id = str(b.id);
    const name = str(b.name);
    (p.calls ??= new Set()).add(id);
    this.calls.set(id, { name, entry: p.de.entry.id });
    if (SPAWN_TOOLS.has(name)) {
      const child = this.spawned().get(id);
      if (child) addChild(p.de.entry, { toolCallId: id, agentId: child.agentId, path: child.path });
    }
  }

  /** The session's subagents by the call that spawned them, read once from their sidecars. */
  private spawned(): Map<string, { path: string; agentId: string }> {
    if (!this.spawnedByCall) {
      const dir = this.kind === "session" ? this.path.replace(/\.jsonl$/, "") : this.kind === "subagent" ? subagentSessionDir(this.path) : null;
      this.spawnedByCall = dir ? subagentsByToolUse(dir) : new Map();
    }
    return this.spawnedByCall;
  }

  private user(v: Obj, message: Obj, origin: Origin): void {
    if (v.isCompactSummary === true) {
      const e = baseEntry(v, "custom_message");
      e.customType = "compact-summary";
      e.content = userText(message);
      e.display = false;
      const b = this.openBoundary;
      if (b) {
        b.de.entry.summary = e.content;
        this.close(b);
      }
      this.add(e, origin);
      return;
    }
    if (hasToolResults(message)) {
      this.talked = true;
      if (!(this.warmup && onlyWarmupResults(message))) this.userBesidesWarmup = true;
      const entries = toolResultEntries(v, message, (id) => this.calls.get(id)?.name ?? "");
      if (entries.length > 1) this.groupHead.set(entries[entries.length - 1].id, entries[0].id);
      this.linkSubagent(v, entries);
      for (const e of entries) this.add(e, origin);
      return;
    }
    if (v.isMeta === true) {
      // Text Claude Code adds in the user's turn (command caveats, skill bodies, hook
      // feedback): hidden from its transcript view, but sent to the model. Kept as
      // a custom message so the tree shows it as meta, not as something typed.
      const e = baseEntry(v, "custom_message");
      e.customType = "meta";
      e.content = userMessage(v, message).content;
      e.display = false;
      e.meta = true;
      this.add(e, origin);
      return;
    }
    if (this.kind !== "session" && !this.talked && userText(message).trim() === WARMUP_PROMPT) {
      // Claude Code's own warm-up of an agent's prompt cache, not the user's: kept (the model got it) as text the
      // harness wrote, so the transcript is called by its next prompt or its sidecar's description.
      this.talked = this.warmup = true;
      const e = baseEntry(v, "custom_message");
      e.customType = "warmup";
      e.content = userMessage(v, message).content;
      e.display = false;
      this.add(e, origin);
      return;
    }
    this.talked = this.userBesidesWarmup = true;
    this.continuedIn = "";
    // A prompt: whatever was streaming in this lane is complete.
    const prev = this.openByLane.get(this.laneOf(v));
    if (prev) this.close(prev, str(v.parentUuid) || null);
    const e = baseEntry(v, "message");
    e.message = userMessage(v, message);
    this.add(e, origin);
  }

  /** A tool result naming the agent it ran (`toolUseResult.agentId`) leads to that agent's transcript. */
  private linkSubagent(v: Obj, entries: PiEntry[]): void {
    const r = v.toolUseResult;
    if (!isObj(r) || typeof r.agentId !== "string" || !entries.length) return;
    const path = childSessionPath(this.path, this.sessionId, r.agentId);
    if (!path) return;
    const result = entries.find((e) => (e.message as Obj | undefined)?.role === "toolResult");
    if (!result) return;
    result.childSession = path;
    const callId = str((result.message as Obj).toolCallId);
    const call = this.calls.get(callId);
    const holder = call ? this.held.get(call.entry) : undefined;
    if (holder) addChild(holder.de.entry, { toolCallId: callId, agentId: r.agentId, path });
  }

  private boundary(v: Obj, origin: Origin): void {
    if (this.openBoundary) this.close(this.openBoundary);
    // The tree keeps the link across the compaction (`logicalParentUuid`); the context starts here.
    const logical = str(v.logicalParentUuid) || str(v.parentUuid) || null;
    const e = baseEntry(v, "compaction", str(v.uuid), logical);
    const md = isObj(v.compactMetadata) ? v.compactMetadata : {};
    e.summary = "";
    e.firstKeptEntryId = "";
    e.tokensBefore = typeof md.preTokens === "number" ? md.preTokens : 0;
    if (str(md.trigger)) e.trigger = str(md.trigger);
    if (str(v.content)) e.note = str(v.content);
    e.claudeBoundary = true;
    const kept = keptOf(md);
    if (kept.uuids.length) e.preserved = kept.uuids;
    const some = kept.uuids.length > 0 || (kept.head !== "" && kept.tail !== "");
    this.lastBoundary = some && kept.anchor ? { boundary: e.id, anchor: kept.anchor, uuids: kept.uuids, head: kept.head, tail: kept.tail } : null;
    const p: Pending = { de: { entry: e, origin }, open: true, kind: "boundary", age: 0 };
    this.enqueue(p);
    this.openBoundary = p;
  }

  // ---- the queue ---------------------------------------------------------

  private add(e: PiEntry, origin: Origin): void {
    this.noteKid(e);
    this.enqueue({ de: { entry: e, origin }, open: false, kind: "plain" });
  }

  /** Counts an entry against the open message it hangs from (for the parallel mark). */
  private noteKid(e: PiEntry): void {
    if (!e.parentId) return;
    const parentId = this.alias.get(e.parentId) ?? e.parentId;
    const parent = this.held.get(parentId);
    if (!parent) {
      // Its parent may be a copy of an open message still to come (early): only a line not read yet can be.
      if (!this.ids.has(parentId) && !this.stamps.has(e.parentId)) (this.early.get(e.parentId) ?? this.early.set(e.parentId, []).get(e.parentId)!).push(e);
      return;
    }
    if (parent.kind !== "assistant") return;
    const msg = e.message as Obj | undefined;
    const calls = parent.calls;
    if (!calls) return;
    const answers = msg?.role === "toolResult" && calls.has(str(msg.toolCallId));
    const reports = e.type === "claude_progress" && (calls.has(str(e.toolUseID)) || calls.has(str(e.parentToolUseID)));
    if (answers || reports) (parent.sideKids ??= []).push(e);
  }

  private enqueue(p: Pending): void {
    const id = p.de.entry.id;
    this.lastId = id;
    this.queue.push(p);
    if (p.kind === "assistant" || this.held.has(id)) this.held.set(id, p);
    if (this.queue.length > MAX_HELD && this.queue[0].open) this.close(this.queue[0]);
  }

  private close(p: Pending, next: string | null = null): void {
    if (!p.open) return;
    p.open = false;
    if (p.kind === "assistant") {
      finishAssistant(p, next ? (this.alias.get(next) ?? next) : null);
      if (p.key && this.openByKey.get(p.key) === p) this.openByKey.set(p.key, undefined);
    } else if (p.kind === "boundary" && this.openBoundary === p) {
      this.openBoundary = null;
    }
  }

  private flush(): DialectEntry[] {
    let n = 0;
    while (n < this.queue.length && !this.queue[n].open) n++;
    if (n === 0) return [];
    const out = this.queue.splice(0, n).map((p) => {
      const e = p.de.entry;
      this.held.delete(e.id);
      if (e.parentId !== null && this.early.size > 0) this.early.delete(e.parentId);
      if (this.ids.has(e.id)) this.rewrites = true;
      else this.ids.add(e.id);
      this.order.push(e.id);
      this.parentOf.set(e.id, e.parentId === null ? null : (this.alias.get(e.parentId) ?? e.parentId));
      if (e.type.startsWith("claude_")) this.structural.add(e.id);
      if (e.type === "message") this.conversational.add(e.id);
      return p.de;
    });
    return out;
  }
}
