// import-session FILE
import { str, bool } from "../args.js";
import { UsageError } from "../command.js";
import { importSession } from "../../core/capture/import-session.js";
import { storeCommand } from "./common.js";

export const importSessionCommand = storeCommand({
  name: "import-session",
  summary: "build a capture digest and feedback candidates from a session (omp, pi, or any agent read)",
  usage: `Usage: omp-sessions import-session FILE [--harness omp|pi] [--json] [--hub DIR | --local]

Reads the session's active path (never writes the file), writes a digest with
trigger "import" and adds feedback candidates from user messages. A session of
another agent (Claude Code, Codex, Gemini CLI, OpenCode) is recorded under that
agent, as its hook records it; --harness tells omp from pi. Running it
again on an unchanged file prints "unchanged" and writes nothing.`,
  flags: { values: ["--harness"], bools: ["--json"] },
  async run(p, ctx) {
    const file = p.positional[0];
    if (!file) throw new UsageError("missing FILE");
    const h = str(p, "--harness");
    if (h !== undefined && h !== "omp" && h !== "pi") throw new UsageError("--harness must be omp or pi");
    const r = await importSession(ctx.root, file, h);
    if (bool(p, "--json")) ctx.json(r);
    else if (r.unchanged) ctx.out("unchanged");
    else ctx.out(`${r.digest_path}\n${r.candidates_added} new feedback candidate${r.candidates_added === 1 ? "" : "s"}`);
    return 0;
  },
});
