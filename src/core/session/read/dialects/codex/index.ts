// The Codex CLI dialect: rollouts under $CODEX_HOME, read-only.
import { basename } from "node:path";
import type { Dialect } from "../../dialect-api.js";
import { jsonlSource } from "../../jsonl-source.js";
import { codexContext } from "./context.js";
import { codexRoots, isRolloutName, rolloutFiles } from "./paths.js";
import { codexReader } from "./reader.js";

export const codexDialect: Dialect = {
  agent: "codex",
  label: "Codex",
  writable: false,
  claims: (path) => isRolloutName(basename(path)),
  open: (path) => jsonlSource(path),
  reader: (path) => codexReader(path),
  context: (path) => codexContext(path),
  defaultRoots: (env, home) => codexRoots(env, home),
  sources: (root) => rolloutFiles(root),
};
