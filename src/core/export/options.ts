// What an export is asked for: the format, the entry whose path it shows, and
// what to leave out or redact. Shared by the three renderers, the command and
// the tree screen's `E`.

export type ExportFormat = "md" | "html" | "jsonl";

export const EXPORT_FORMATS: readonly ExportFormat[] = ["md", "html", "jsonl"];

export interface ExportOptions {
  /** The path's last entry; undefined: the session's current leaf. */
  leafId?: string;
  /** Run the capture store's redactor over every text. */
  redact?: boolean;
  /** Leave out thinking blocks. */
  noThinking?: boolean;
  /** Leave out tool calls and their results (tool results, bash and python runs). */
  noTools?: boolean;
  /** The time written into the export (tests pin it). */
  now?: Date;
}

/** The file name extension of a format. */
export const EXTENSIONS: Record<ExportFormat, string> = { md: "md", html: "html", jsonl: "jsonl" };

/** The format a file name asks for by its extension, or undefined. */
export function formatOfName(name: string): ExportFormat | undefined {
  const m = /\.([a-z]+)$/i.exec(name);
  switch (m?.[1].toLowerCase()) {
    case "md":
    case "markdown":
      return "md";
    case "html":
    case "htm":
      return "html";
    case "jsonl":
      return "jsonl";
    default:
      return undefined;
  }
}
