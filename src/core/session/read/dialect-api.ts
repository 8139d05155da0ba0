// The contract between the session core and each agent's format ("dialect").
// A dialect turns its agent's records (lines of a JSONL file, the items of one
// JSON document, rows of a SQLite database) into entries in pi's shape
// (docs/session-format.md §3), so that the tree, the rows, the detail pane, the
// context view, export and search read one shape. pi and omp are the
// writable formats; the others are read-only (session/agents.ts says so). Types only: its one import is the ids' type.

import type { AgentId } from "../agent-ids.js";

/** The agents whose sessions we read (session/agent-ids.ts lists them). */
export type { AgentId };

/** An entry in pi's shape: `type`, `id`, `parentId`, `timestamp` and the type's fields. */
export interface PiEntry {
  type: string;
  id: string;
  parentId: string | null;
  timestamp?: string;
  [field: string]: unknown;
}

/**
 * An assistant message's usage in pi's shape, as every dialect gives it:
 * `input` without the cached tokens (those are `cacheRead`), `output` as
 * billed (reasoning included), `cost` only where the agent records one.
 */
export interface PiUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  /** The reasoning share of `output`, where the agent counts it apart (the detail pane shows it). */
  reasoning?: number;
  cost?: { total: number };
}

/** Where a record sits in its source, so the entry it gave can be read again alone. */
export interface Origin {
  /** 1-based line of a JSONL file (the item's or row's ordinal elsewhere). */
  line: number;
  /** Byte offset and length of the line in the file (0 and 0 when the source has no lines). */
  offset: number;
  length: number;
}

/** One entry a dialect gave, with the records it was made from. */
export interface DialectEntry {
  entry: PiEntry;
  /** The first record it came from (its line for the tree's warnings and `show`). */
  origin: Origin;
  /** Every record merged into it when more than one was (Claude Code's streamed copies), in file order. */
  parts?: Origin[];
  /** Other ids that name this entry (the merged copies' own ids): a child of one of them hangs from this entry. */
  aliases?: string[];
}

/** What a dialect knows of the session as a whole (the list's row, the tree's header). */
export interface DialectFacts {
  /** The agent's own session id ("" when the source names none). */
  id: string;
  cwd: string;
  /** The name or title the agent shows for it, or null. */
  name: string | null;
  /** ISO time the session started ("" when unknown). */
  created: string;
  /** The model of the session's first turn, as "provider/model" or the agent's model id, when known. */
  model?: string;
  /** The session this one was forked from or spawned by (a path when known, else the agent's id for it). */
  parentSession?: string | null;
  /** The entry of the parent session this one hangs from (a subagent's Task call), when known. */
  parentEntryId?: string | null;
  /**
   * The entry of `parentSession` whose conversation this session's context
   * goes on from (a Claude Code fork subagent is sent its parent's chain up to
   * it before its own rows): the context is the parent's path to it, then
   * this session's own. The tree holds only this session's entries.
   */
  contextFrom?: string;
  /**
   * A subagent's session, by what the agent wrote or where (Claude Code's
   * `<session id>/subagents/`, Gemini CLI's `kind: "subagent"`), whether or not
   * a call of the parent names it: its calls count in the parent's row.
   */
  subagent?: boolean;
  /**
   * The source holds nothing but the agent's own warm-up exchange, no
   * conversation of the user's (a Claude Code sidechain of the `Warmup` prompt
   * and its reply): a list that leaves out sessions with no message leaves it
   * out too (list/listed.ts).
   */
  warmupOnly?: boolean;
  /** The cwd the session started in, when it moved since (Claude Code's `relocated`): `cwd` is where it is now. */
  originalCwd?: string;
  /** The session the conversation went on in (Claude Code's `continued-in`, a hand-off to a background session). */
  continuedIn?: string;
  /**
   * Tool results the model was sent as other text (Claude Code's
   * `content-replacement`: an output over the budget saved to a file, a
   * preview sent): tool call id → the text sent. The context applies them.
   */
  replaced?: Record<string, string>;
  /** The agent's version that wrote it, when the source says. */
  agentVersion?: string;
  /**
   * The agent ran headless, one prompt handed to it and no terminal (Claude
   * Code's `claude -p`, `entrypoint: "sdk-cli"`): what scripts and plugins
   * run, its prompts theirs, not a user's at a prompt. Likewise a helper
   * thread the agent runs on its own (Codex's guardian, review and compact
   * threads): its prompts are the agent's.
   */
  headless?: boolean;
  /**
   * The current leaf when the source pins one (Claude Code's `last-prompt`
   * record after a rewind) and it names an entry; absent: the last entry.
   */
  leafId?: string;
  /**
   * Parents the agent's own loader gives some entries once the whole source
   * is read (Claude Code's partial compaction, its structural side lines):
   * entry id → its parent id. Each such entry keeps its file parent as
   * `fileParentId`.
   */
  relink?: ReadonlyMap<string, string | null>;
  /**
   * Entry ids whose later line is the same record written again (Claude Code
   * records a resumed subagent's history anew): the later line is the entry,
   * as for any duplicate id, but no conflict to warn of.
   */
  rewritten?: ReadonlySet<string>;
  /**
   * The shapes of records this reader did not know (a newer agent's), each
   * once, e.g. `record type "x"`: their records are kept as entries marked
   * `unknown: true`, never dropped; `omp-sessions doctor` lists them.
   */
  unknown?: string[];
}

/** A reader for one session: records go in, in source order; entries come out. */
export interface RecordReader {
  /**
   * One record (already JSON.parse'd). Returns the entries it completes: none
   * when it is not an entry or is held back (a streamed copy waiting for its
   * last part), several when it releases held entries or one record holds
   * several entries. Throws a DialectError for a record that makes the whole
   * source unreadable; returns a warning string for one to skip.
   */
  push(value: unknown, origin: Origin): DialectEntry[] | string;
  /** After the last record: whatever is still held back. */
  end(): DialectEntry[];
  /** The session's facts so far (valid after any push; complete after end()). */
  facts(): DialectFacts;
}

/** How the records of one session come out of its place. */
/** One record of a source with its origin; a damaged record is given as a warning. */
export type SourceRecord = { value: unknown; origin: Origin } | { warning: string; origin: Origin };

export interface RecordSource {
  /** The records in order. */
  records(): AsyncIterable<SourceRecord>;
  /**
   * Optional: the same records in runs (a file's lines as they are read). A
   * source of many small records gives them so: one await per run, where one
   * per record costs more than reading them.
   */
  batches?(): AsyncIterable<SourceRecord[]>;
  /** Frees what the source holds (a database handle). */
  close?(): void;
}

/** One agent's format. */
export interface Dialect {
  agent: AgentId;
  /**
   * Human name, only for a dialect the agent registry (session/agents.ts) does
   * not hold (one a test registers): the registry names the product's agents
   * and says which are written.
   */
  label?: string;
  /** Whether a path is one of this agent's session sources, by its name and place (no reading). */
  claims(path: string): boolean;
  /**
   * Optional: whether a file that no dialect claims by its place (a transcript
   * copied elsewhere, given by path) is this agent's, from its first bytes
   * (`head`: up to 64 KB of text, cut at a line end when it holds one).
   * Asked only of files that are not pi or omp sessions.
   */
  sniff?(head: string, path: string): boolean;
  /**
   * Whether the agent's own session list leaves out a session with no message
   * and no name (Claude Code's /resume skips a transcript with no prompt and no
   * title, Codex's thread list one with no user message, Gemini CLI's one with
   * no user or model message): the list leaves it out too (list/listed.ts).
   * Absent: listed, as pi lists a header-only file.
   */
  hidesEmpty?: boolean;
  /**
   * Optional: the cwd a session's row will have, read without loading it (a
   * listing of one project rules out the others' sessions with it), or
   * undefined when only loading it tells. Never another answer than the
   * loaded row's.
   */
  cwdOf?(path: string): Promise<string | undefined>;
  /** Opens a session's records. JSONL dialects stream the file line by line (see read/lines). */
  open(path: string): RecordSource;
  /** A fresh reader for one session. */
  reader(path: string): RecordReader;
  /**
   * Optional: the messages the model sees at the end of a path (root first),
   * for dialects whose rule is not pi's (Claude Code starts at the last compact
   * boundary). `header` is the session's header (what its facts put there).
   * Absent: pi's rule over the pi-shaped entries.
   */
  context?(path: PiEntry[], header?: Record<string, unknown>): { messages: Record<string, unknown>[]; model?: { provider: string; modelId: string } | null };
  /**
   * Every place where this agent keeps sessions by default (after env
   * overrides), whether it exists or not: discovery lists those that exist,
   * `ls` names them all when it finds nothing. Read through the registry
   * (session/agents.ts places).
   */
  defaultRoots(env: NodeJS.ProcessEnv, home: string): string[];
  /**
   * The session sources under one root, without reading them. A session kept
   * in a database is named `<database file>#<session id>`; its freshness is
   * the database file's and its `-wal` file's (size, mtime).
   */
  sources(root: string): Promise<string[]>;
  /**
   * Optional: the source of one session by the agent's own session id (a
   * captured session's), found in the default places the way the agent names
   * its files, never by reading every session; null when it is not there.
   * `cwd` is the session's, when known ("" when not). The registry
   * (session/agents.ts findById) reaches it.
   */
  findById?(id: string, cwd: string, env: NodeJS.ProcessEnv, home: string): Promise<string | null>;
}
