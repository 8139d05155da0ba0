// Claude Code's sessions (read-only): ~/.claude/projects/<project>/<session>.jsonl,
// their subagents and old-style sidechains. See reader.ts for the mapping.
import type { Dialect } from "../../dialect-api.js";
import { claudeContext } from "./context.js";
import { claimsPath, claudeRoots, claudeSources } from "./paths.js";
import { ClaudeReader } from "./reader.js";
import { claudeSource } from "./source.js";

export const claudeDialect: Dialect = {
  agent: "claude",
  label: "Claude Code",
  writable: false,
  claims: claimsPath,
  open: claudeSource,
  reader: (path) => new ClaudeReader(path),
  context: claudeContext,
  defaultRoots: claudeRoots,
  sources: claudeSources,
};
