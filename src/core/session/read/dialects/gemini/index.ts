// The Gemini CLI dialect: chats under ~/.gemini/tmp, read-only.
import type { Dialect } from "../../dialect-api.js";
import { jsonlSource } from "../../jsonl-source.js";
import { geminiContext } from "./context.js";
import { jsonDocumentRecords } from "./json-document.js";
import { chatFiles, geminiRoots, isChatFile } from "./paths.js";
import { geminiReader } from "./reader.js";
import { findGeminiSession } from "./find.js";
import { firstObjects } from "../sniff.js";

export const geminiDialect: Dialect = {
  agent: "gemini",
  hidesEmpty: true,
  claims: (path) => isChatFile(path),
  // A chat document ({sessionId, projectHash, …, messages}) or a chat log whose first line holds the session's metadata.
  sniff: (head, path) =>
    path.endsWith(".json") ? /^\s*\{/.test(head) && /"sessionId"\s*:/.test(head) && /"projectHash"\s*:/.test(head) : firstObjects(head, 2).some((o) => typeof o.sessionId === "string" && typeof o.projectHash === "string"),
  open: (path) => (path.endsWith(".json") ? { records: () => jsonDocumentRecords(path) } : jsonlSource(path)),
  reader: (path) => geminiReader(path),
  context: geminiContext,
  defaultRoots: (env, home) => geminiRoots(env, home),
  sources: (root) => chatFiles(root),
  findById: findGeminiSession,
};
