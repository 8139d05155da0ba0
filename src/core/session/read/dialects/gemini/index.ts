// The Gemini CLI dialect: chats under ~/.gemini/tmp, read-only.
import type { Dialect } from "../../dialect-api.js";
import { jsonlRecordSource } from "../jsonl-records.js";
import { jsonDocumentRecords } from "./json-document.js";
import { chatFiles, geminiRoots, isChatFile } from "./paths.js";
import { geminiReader } from "./reader.js";

export const geminiDialect: Dialect = {
  agent: "gemini",
  label: "Gemini CLI",
  writable: false,
  claims: (path) => isChatFile(path),
  open: (path) => (path.endsWith(".json") ? { records: () => jsonDocumentRecords(path) } : jsonlRecordSource(path)),
  reader: (path) => geminiReader(path),
  defaultRoots: (env, home) => geminiRoots(env, home),
  sources: (root) => chatFiles(root),
};
