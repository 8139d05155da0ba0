// The Gemini CLI dialect: chats under ~/.gemini/tmp, read-only.
import type { Dialect } from "../../dialect-api.js";
import { jsonlSource } from "../../jsonl-source.js";
import { jsonDocumentRecords } from "./json-document.js";
import { chatFiles, geminiRoots, isChatFile } from "./paths.js";
import { geminiReader } from "./reader.js";

export const geminiDialect: Dialect = {
  agent: "gemini",
  label: "Gemini CLI",
  writable: false,
  claims: (path) => isChatFile(path),
  open: (path) => (path.endsWith(".json") ? { records: () => jsonDocumentRecords(path) } : jsonlSource(path)),
  reader: (path) => geminiReader(path),
  defaultRoots: (env, home) => geminiRoots(env, home),
  sources: (root) => chatFiles(root),
};
