// The in-memory shape of a session. The tree keeps only what the tree view
// and the list need; an entry's full JSON is re-read from its byte offset.
import type { AgentId } from "./read/dialect-api.js";

/**
 * The tree by position in `entries`, in typed arrays: what the JSON output
 * and the browser's rows walk, without a hash lookup or an array per entry.
 * Children of entry i are childList[childStart[i] .. childStart[i + 1]), in
 * display order.
 */
export interface Topology {
  /** Effective parent position, -1 for roots (orphans, self-parents and broken loops included). */
  parent: Int32Array;
  childStart: Int32Array;
  childList: Int32Array;
  /** Root positions in file order. */
  roots: Int32Array;
  /** Position of an id in `entries`, or -1. */
  posOf(id: string): number;
}

export interface Warning {
  /** 1-based physical line number in the file (0 when not tied to a line). */
  line: number;
  message: string;
}

/** The fields the tree, the rows and the list need, for one entry. */
export interface EntryMeta {
  id: string;
  parentId: string | null;
  type: string;
  /** ISO timestamp as found in the entry ("" when absent). */
  timestamp: string;
  /** 1-based physical line number. */
  line: number;
  /** Byte offset of the line in the (decompressed) file, and its length without the newline. */
  offset: number;
  length: number;
  /** message entries: the message role (after v2→v3 migration). */
  role?: string;
  /** One line, terminal-safe, for humans (already cut to a sane length). */
  preview: string;
  /** Short form of the entry for tree rows: "[read: src/x.ts]", "[compaction: 42k tokens]", "user: …". */
  summary: string;
  /** label entries: the target and the label text ("" or undefined clears). */
  targetId?: string;
  label?: string;
  /** assistant messages: stopReason "error"/"aborted" or errorMessage present; toolResult: isError. */
  isError?: boolean;
  /** Tool names called by an assistant message, or the tool of a toolResult. */
  tools?: string[];
  /** v1 compactions: the id migration gave `firstKeptEntryIndex`. */
  firstKeptEntryId?: string;
  /**
   * A load for `tree --json` only (LoadOptions.previewJson): the preview's
   * number in Session.previewJson; `preview` and `summary` are "" then.
   */
  previewAt?: number;
}

export interface TitleSlot {
  title: string;
  source?: string;
  updatedAt?: string;
  /** Always 256 for a valid slot (bytes including the newline). */
  size: number;
}

/** A dialect's entry as the session holds it: JSON text, or (loaded for the figures) the object itself. */
export type HeldEntry = string | Readonly<Record<string, unknown>>;

/** Previews kept as the UTF-8 bytes of their JSON text, by number (tree/preview-json.ts). */
export interface PreviewBytes {
  /** Bytes of preview k's JSON text. */
  length(k: number): number;
  /** Copies preview k's JSON text into `into` at `at`; returns the bytes copied. */
  copy(k: number, into: Buffer, at: number): number;
  /** Preview k as a string. */
  text(k: number): string;
}

export interface Session {
  /** Absolute path of the file (`<database file>#<session id>` for a session kept in a database). */
  file: string;
  gzip: boolean;
  /** The agent that wrote it: "pi" or "omp" for their files (omp by the file's marks or place), else the dialect's. */
  agent: AgentId;
  /** Whether the write operations may change it: pi and omp files; other agents' sessions are read-only. */
  writable: boolean;
  /**
   * Other agents' sessions: each entry in pi's shape as its dialect gave it,
   * as JSON text by id. Their entries are re-read from here, not from the
   * source: a dialect's entry may merge several records, take figures from
   * records before it, or come from a database row. Objects instead of text
   * when the loader was asked for them (DialectLoadOptions.holdObjects).
   */
  held?: ReadonlyMap<string, HeldEntry>;
  /** The header's version as found in the file (1 when missing). */
  version: number;
  /** The header object as found in the file. */
  header: Record<string, unknown>;
  titleSlot: TitleSlot | null;
  /** Entries in file order (the earlier of duplicate ids left out), ids as migration gave them. */
  entries: EntryMeta[];
  byId: Map<string, EntryMeta>;
  /** Other ids that name an entry (a dialect's merged records, e.g. Claude Code's streamed copies) → the entry's id. */
  aliases?: ReadonlyMap<string, string>;
  /** Root ids in file order. */
  roots: string[];
  /** Children ids per entry id, in display order (timestamp, then file order). */
  children: ReadonlyMap<string, string[]>;
  /** Labels in force after replay: target id → label. */
  labels: Map<string, string>;
  /** The session name per the spec's precedence, or null. */
  name: string | null;
  /** Text of the first user message with text, as the list row's `firstMessage` (absent on hand-made sessions). */
  firstMessage?: string;
  /** The last entry's id, or null. */
  leafId: string | null;
  warnings: Warning[];
  /** Other agents' sessions: the shapes of records their reader did not know (DialectFacts.unknown). */
  unknownShapes?: string[];
  /** The tree by position in `entries` (buildTree's, which every loader calls). */
  topology: Topology;
  /** A load for `tree --json` only: the entries' previews as that JSON's bytes (EntryMeta.previewAt). */
  previewJson?: PreviewBytes;
  /** Bytes read so far (the file size for plain files): a refresh reads only what follows. */
  size: number;
  /** Where a refresh resumes: just past the last complete line, and that line's number. */
  resumeOffset: number;
  resumeLine: number;
}

/** A path entry the context rule leaves out (or, with `kept`, changes), for the context view. */
export interface LeftOut {
  entryId: string;
  /** Index in `messages` it sits before. */
  at: number;
  reason: string;
  role?: string;
  /** The message stays, changed (tool calls without a result removed from it). */
  kept?: boolean;
}

/** What the model sees at a leaf (docs/session-format.md §6; omp files §6a, §6b). */
export interface SessionContext {
  leafId: string | null;
  thinkingLevel: string;
  model: { provider: string; modelId: string } | null;
  messages: Record<string, unknown>[];
  /** omp files: the model per role ("default", "smol", …) as "provider/modelId". */
  models?: Record<string, string>;
  /** omp files: the active mode ("none" when none) and its data. */
  mode?: string;
  modeData?: Record<string, unknown>;
  /** omp files: the TTSR rules injected on the path, first appearance first. */
  injectedTtsrRules?: string[];
  configuredThinkingLevel?: string;
  serviceTier?: Record<string, unknown>;
  /** Which rule built it (absent: pi's). Not printed. */
  rule?: "pi" | "omp";
  /** Index in `messages` of the compaction summary, when a compaction applies. Not printed. */
  compactionIndex?: number;
  /** omp: the /clear boundary the context starts after. Not printed. */
  resetBoundaryId?: string;
  /** omp: what the rule dropped, for the view. Not printed. */
  leftOut?: LeftOut[];
  /** Blob references whose data is not in the agent dir's store. Not printed. */
  missingBlobs?: string[];
  /** What the context lacks that it should hold (a fork subagent's parent session that is not there or cannot be read). Not in `--json`: the CLI writes them to stderr, the view shows them. */
  warnings?: string[];
}

/** One row of `ls --json` (see docs/commands.md). */
export interface SessionSummary {
  /** Absolute path of the file. */
  path: string;
  /** Header id ("" for an invalid file). */
  id: string;
  /** Header cwd ("" when missing or invalid). */
  cwd: string;
  /** Session name per the spec's precedence, or null. */
  name: string | null;
  /** Text of the first user message with text ("" when none). */
  firstMessage: string;
  /** `message` entries in the tree. */
  messageCount: number;
  /** Set (true) when those messages are only the agent's own warm-up exchange (DialectFacts.warmupOnly). */
  warmupOnly?: boolean;
  /** Entries in the tree (header and title slot excluded, earlier duplicate ids left out). */
  entryCount: number;
  /** Branches: leaves of the tree (1 for a linear session, 0 when empty), and the active path when the leaf has children (stats' branches). */
  branchCount: number;
  /** Labels in force after replay, on entries that exist. */
  labelCount: number;
  /** Header timestamp as found (file mtime when the header has none or the file is invalid). */
  created: string;
  /** Newest user/assistant message time, else header time, else file mtime (ISO). */
  modified: string;
  /** File size in bytes, as stored on disk. */
  size: number;
  parentSession: string | null;
  /** The session the conversation went on in, when it was handed on (Claude Code's `continued-in`: header.continuedIn). */
  continuedIn?: string;
  /** The agent that wrote it (the dialect that claims its path, else pi or omp by its content). */
  agent: AgentId;
  valid: boolean;
  /** One line saying why the file is not a session file. */
  error?: string;
}
