import type { Command } from "../command.js";
import { parseArgs, bool, str } from "../args.js";
import { loadArg, printJson } from "./session-arg.js";
import { buildContext } from "../../core/session/index.js";
import { contentText } from "../../core/session/index.js";
import { safeText } from "../../core/session/index.js";
import { stdout } from "../stdout.js";

export const contextCommand: Command = {
  name: "context",
  summary: "what the model sees at the leaf (or at --leaf ID)",
  usage: `Usage: omp-sessions context FILE [--leaf ID] [--json]

Builds the message list the agent would send to the model at the session's
current leaf (or at entry ID): the compaction summary and kept messages,
branch summaries, custom messages; plus the thinking level and model. omp
files follow omp's own rule (failed turns and unanswered tool calls left out,
images put back from the agent dir's blob store) and --json adds models (per
role), mode, modeData and injectedTtsrRules.`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--json"], values: ["--leaf"] });
    const s = await loadArg(args.positional[0]);
    const ctx = await buildContext(s, str(args, "--leaf"));
    // What the context lacks, as tree writes a file's read problems: on stderr, whatever the output.
    for (const w of ctx.warnings ?? []) process.stderr.write(safeText(`warning: ${w}`) + "\n");
    if (bool(args, "--json")) {
      // The view's own fields (where the summary sits, what was left out) are not part of the context.
      const { compactionIndex: _c, rule: _r, resetBoundaryId: _b, leftOut: _l, missingBlobs: _m, warnings: _w, ...rest } = ctx;
      printJson(rest);
      return 0;
    }
    const model = ctx.model ? `${ctx.model.provider}/${ctx.model.modelId}` : "none";
    stdout().write(safeText(`leaf ${ctx.leafId ?? "none"} · model ${model} · thinking ${ctx.thinkingLevel} · ${ctx.messages.length} message${ctx.messages.length === 1 ? "" : "s"}`) + "\n");
    if (ctx.rule === "omp") {
      const roles = Object.entries(ctx.models ?? {}).map(([r, m]) => `${r} ${m}`);
      const left = ctx.leftOut?.filter((l) => !l.kept).length ?? 0;
      stdout().write(safeText(`models ${roles.join(", ") || "none"} · mode ${ctx.mode ?? "none"} · TTSR rules ${ctx.injectedTtsrRules?.join(", ") || "none"} · ${left} left out by omp's rule`) + "\n");
    }
    for (const m of ctx.messages) {
      const role = String(m.role ?? "?");
      const body = role === "compactionSummary" || role === "branchSummary" ? String(m.summary ?? "") : contentText(m.content, 100_000);
      stdout().write(`\n── ${safeText(role)}\n${safeText(body, true)}\n`);
    }
    return 0;
  },
};
