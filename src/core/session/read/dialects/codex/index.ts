// The Codex CLI dialect: rollouts under $CODEX_HOME, read-only.
import { basename } from "node:path";
import type { Dialect } from "../../dialect-api.js";
import { jsonlSource } from "../../jsonl-source.js";
import { codexContext } from "./context.js";
import { codexRoots, isRolloutName, rolloutFiles } from "./paths.js";
import { codexReader } from "./reader.js";
import { findCodexSession } from "./find.js";
import { firstObjects, isSniffObject } from "../sniff.js";

const ROLLOUT_TYPES: ReadonlySet<string> = new Set(["session_meta", "response_item", "event_msg", "turn_context", "compacted"]);
const LEGACY_ITEMS: ReadonlySet<string> = new Set(["message", "reasoning", "function_call", "function_call_output", "local_shell_call"]);

export const codexDialect: Dialect = {
  agent: "codex",
  hidesEmpty: true,
  claims: (path) => isRolloutName(basename(path)),
  // Rollout lines are {timestamp, type, payload}; the first format began with a bare {id, timestamp} header.
  sniff: (head) => {
    const [first, second] = firstObjects(head, 2);
    if (!first) return false;
    if (ROLLOUT_TYPES.has(String(first.type)) && isSniffObject(first.payload)) return true;
    return !("type" in first) && typeof first.id === "string" && typeof first.timestamp === "string" && second !== undefined && LEGACY_ITEMS.has(String(second.type));
  },
  open: (path) => jsonlSource(path),
  reader: (path) => codexReader(path),
  context: (path) => codexContext(path),
  defaultRoots: (env, home) => codexRoots(env, home),
  sources: (root) => rolloutFiles(root),
  findById: (id, _cwd, env, home) => findCodexSession(id, env, home),
};
