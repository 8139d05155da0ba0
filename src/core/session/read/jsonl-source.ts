// A JSONL file as a dialect's record source (read/dialect-api.ts): streamed
// line by line with byte offsets (lines.ts), each line parsed by the one line
// parser (parse-line.ts). Blank lines are skipped; a line that is not JSON is
// a warning with its line number, never the end of the read.
import type { Origin, RecordSource, SourceRecord } from "./dialect-api.js";
import { isGzipPath, lineBatches } from "./lines.js";
import { RunParser } from "./parse-line.js";
import { isBlank } from "./line-bytes.js";

type Rec = SourceRecord;

export interface JsonlOptions {
  /**
   * Leading NUL bytes are padding, not part of the line (Claude Code pads
   * some lines so and strips them before parsing). The line's origin then
   * starts after them.
   */
  leadingNul?: boolean;
}

/** The records of a JSONL (or .jsonl.gz) file, in file order. */
export function jsonlSource(file: string, opts: JsonlOptions = {}): RecordSource {
  return { records: () => jsonlRecords(file, opts), batches: () => jsonlBatches(file, opts) };
}

async function* jsonlRecords(file: string, opts: JsonlOptions): AsyncGenerator<Rec> {
  for await (const batch of jsonlBatches(file, opts)) yield* batch;
}

/** The records, one batch per chunk of the file read. */
function jsonlBatches(file: string, opts: JsonlOptions): AsyncGenerator<Rec[]> {
  const parser = new RunParser();
  return lineBatches<Rec>(
    file,
    (buf, from, end, at, line, terminated) => {
      let start = from;
      if (opts.leadingNul) while (start < end && buf[start] === 0) start++;
      if (isBlank(buf, start, end)) return undefined;
      const offset = at + (start - from);
      const origin: Origin = { line, offset, length: end - start };
      try {
        return { value: parser.parse(buf, start, end), origin };
      } catch {
        return { warning: terminated ? "not valid JSON, skipped" : "truncated last line (not valid JSON), skipped", origin };
      }
    },
    { gzip: isGzipPath(file), run: (buf, from, to) => parser.run(buf, from, to) },
  );
}
