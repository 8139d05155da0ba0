// One entry point for the three export formats.
import type { Session } from "../session/index.js";
import { htmlExport } from "./html.js";
import { jsonlExport } from "./jsonl.js";
import { markdownExport } from "./markdown.js";
import type { ExportFormat, ExportOptions } from "./options.js";

export type { ExportFormat, ExportOptions } from "./options.js";
export { EXPORT_FORMATS, formatOfName } from "./options.js";

/** The export of `s` in `format`, as chunks of text to write in order. */
export function exportChunks(s: Session, format: ExportFormat, o: ExportOptions = {}): AsyncGenerator<string> {
  switch (format) {
    case "md":
      return markdownExport(s, o);
    case "html":
      return htmlExport(s, o);
    case "jsonl":
      return jsonlExport(s, o);
  }
}
