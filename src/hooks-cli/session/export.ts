import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { parseArgs, bool, str } from "../args.js";
import { loadArg } from "./session-arg.js";
import { EXPORT_FORMATS, exportChunks, formatOfName, type ExportFormat } from "../../core/export/index.js";
import { writeExportFile } from "../../core/export/write-file.js";
import { stdout } from "../stdout.js";

export const exportCommand: Command = {
  name: "export",
  summary: "write the path to an entry as Markdown, a self-contained HTML page or a session JSONL",
  usage: `Usage: omp-sessions export FILE [--leaf ID] [--format md|html|jsonl] [--redact]
                           [--no-thinking] [--no-tools] [-o OUT] [--force]

Exports the path root → entry ID (default: the current leaf):
  md     Markdown: one section per entry; tool calls and output in fences
  html   one self-contained page (no network): the whole tree on the side,
         the path in the middle (click any entry for its path), foldable
         tool calls and thinking, labels, compactions, light/dark scheme
  jsonl  a session file the agent loads: the header, then the path's
         entries with their ids and parents (omp files get a title slot)
The format comes from --format, else from OUT's extension, else md.

  --redact       run the capture store's redactor over every text
  --no-thinking  leave out thinking
  --no-tools     leave out tool calls and their results
  -o OUT         write to OUT (via a temp file) and print its path; default
                 stdout. The session itself is never written to; another
                 session file is replaced only with --force.`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--redact", "--no-thinking", "--no-tools", "--force"], values: ["--leaf", "--format", "-o"], aliases: { "--output": "-o" } });
    if (args.positional.length > 1) throw new UsageError(`unexpected argument ${args.positional[1]}`);
    const out = str(args, "-o");
    const asked = str(args, "--format");
    if (asked !== undefined && !EXPORT_FORMATS.includes(asked as ExportFormat)) throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(", ")}`);
    const format = (asked as ExportFormat | undefined) ?? (out && out !== "-" ? formatOfName(out) : undefined) ?? "md";
    const s = await loadArg(args.positional[0]);
    const chunks = exportChunks(s, format, {
      leafId: str(args, "--leaf"),
      redact: bool(args, "--redact"),
      noThinking: bool(args, "--no-thinking"),
      noTools: bool(args, "--no-tools"),
    });
    if (out === undefined || out === "-") {
      await toStdout(chunks);
      return 0;
    }
    const { file } = await writeExportFile(chunks, out, { source: s.file, force: bool(args, "--force") });
    stdout().write(file + "\n");
    return 0;
  },
};

/** Streams chunks to stdout, waiting for the pipe to drain; a reader that left (`| head`) ends it quietly. */
async function toStdout(chunks: AsyncIterable<string>): Promise<void> {
  let gone = false;
  const onError = (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") gone = true;
  };
  stdout().on("error", onError);
  for await (const c of chunks) {
    if (gone) break;
    if (!stdout().write(c)) await new Promise((r) => stdout().once("drain", r));
  }
  if (!gone) await new Promise<void>((r) => stdout().write("", () => r()));
}
