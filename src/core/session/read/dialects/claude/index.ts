// Claude Code's sessions (read-only): ~/.claude/projects/<project>/<session>.jsonl,
// their subagents and old-style sidechains. See reader.ts for the mapping.
import type { Dialect } from "../../dialect-api.js";
import { claudeContext } from "./context.js";
import { claudeCwdOf } from "./cwd.js";
import { claimsPath, claudePlaces, claudeSources } from "./paths.js";
import { findClaudeSession } from "./find.js";
import { ClaudeReader } from "./reader.js";
import { claudeSource } from "./source.js";
import { firstObjects } from "../sniff.js";

export const claudeDialect: Dialect = {
  agent: "claude",
  hidesEmpty: true,
  claims: claimsPath,
  // A transcript line: the session's id with the line's own uuid (a summary line names its leaf).
  sniff: (head) => firstObjects(head).some((o) => (typeof o.sessionId === "string" && typeof o.uuid === "string" && !("projectHash" in o)) || (o.type === "summary" && typeof o.leafUuid === "string")),
  cwdOf: claudeCwdOf,
  open: claudeSource,
  reader: (path) => new ClaudeReader(path),
  context: claudeContext,
  defaultRoots: claudePlaces,
  sources: claudeSources,
  findById: findClaudeSession,
};
