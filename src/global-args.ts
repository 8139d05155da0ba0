// Global options may come before the subcommand (`omp-sessions --hub X hook`).
// Used by cli.ts, the hook's entry and every command bundle's main before
// anything else loads, so it imports nothing (the hook's bundle stays small).
// bin/omp-sessions keeps its own one-line copy of the option list: it is
// plain CommonJS that picks a bundle before any of ours is loaded.

/** The browser's screens `--open` starts on (the main help lists them from here). */
export const OPEN_SCREENS = ["sessions", "tree", "feedback", "digests", "search", "stats"] as const;

const WITH_VALUE = new Set(["--hub", "--agent-dir"]);
const FLAGS = new Set(["--local", "--no-color"]);

/** Index of the first argument that is not a global option (or its value), or -1. */
export function commandIndex(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (WITH_VALUE.has(a)) i++;
    else if (FLAGS.has(a) || [...WITH_VALUE].some((f) => a.startsWith(f + "="))) continue;
    else return i;
  }
  return -1;
}

/** [command, ...global options, ...the rest]: the subcommand first, globals handed to it. */
export function commandFirst(argv: readonly string[]): string[] {
  const i = commandIndex(argv);
  if (i <= 0) return [...argv];
  return [argv[i], ...argv.slice(0, i), ...argv.slice(i + 1)];
}
