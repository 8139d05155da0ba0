// `hook` as listed in `omp-sessions --help`. The bin normally loads dist/hook.cjs
// directly; this path serves `omp-sessions --hub X hook …` and keeps the hook
// code out of the CLI's start-up (dynamic import).
import type { Command } from "../command.js";
import { stdout } from "../stdout.js";

export const hookCommand: Command = {
  name: "hook",
  summary: "record one agent hook event from stdin (for harness hook configs; always exits 0)",
  usage: `Usage: omp-sessions hook [--harness claude|codex|gemini|opencode|omp|pi] [--if-enabled]
                         [--hub DIR | --local] [--event-name E] [--session-id ID] [--cwd DIR]
                         [--topic T] [--summary TEXT] [--trigger T] [--max-event-bytes N]

Reads one harness hook event (JSON) on stdin and records it in HUB/.sessions.
Prints at most one line (rehydration context JSON). Always exits 0.`,
  async run(argv) {
    const { runHook } = await import("./hook.js");
    const line = await runHook(argv);
    if (line) stdout().write(line + "\n");
    return 0;
  },
};
