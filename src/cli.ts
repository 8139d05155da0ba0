// The bin's entry: a subcommand runs headless from src/hooks-cli; anything else
// opens the browser, whose code (Ink, React) is loaded only then.
import { commands, findCommand } from "./hooks-cli/registry.js";
import { finish, runCommand } from "./hooks-cli/main.js";
import { VERSION } from "./version.js";
import { commandFirst, OPEN_SCREENS } from "./global-args.js";
import { stdout } from "./hooks-cli/stdout.js";
import { createEnv, useEnv } from "./core/env.js";

const MAIN_HELP = `omp-sessions ${VERSION} — see, steer and learn from coding-agent sessions

Usage:
  omp-sessions [FILE.jsonl | DIR ...]   open the browser (every session found, current project first)
  omp-sessions --demo                   browse the bundled demo sessions
  omp-sessions --open ${OPEN_SCREENS.join("|")}
  omp-sessions COMMAND [options]        run a headless command (COMMAND --help for details)

Commands:
${"%COMMANDS%"}

Options (browser):
  --agent-dir DIR   agent dir to scan (repeatable; default: every omp and pi agent dir that exists)
  --hub DIR         capture store hub (default: see \`status\`), --local for ./.wiki
  --no-color        no colours (NO_COLOR is honoured too)
  -h, --help        this help
  -v, -V, --version print the version

Exit status: 0 done, 1 failure, 2 bad usage, 3 not a session file / not found, 4 write refused.`;

function mainHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 4);
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return MAIN_HELP.replace("%COMMANDS%", lines.join("\n"));
}

let HEADLESS = false;

async function main(args: string[]): Promise<number> {
  const reordered = commandFirst(args);
  const argv = findCommand(reordered[0] ?? "") ? reordered : args;
  const [first, ...rest] = argv;
  if (first === "-h" || first === "--help" || first === "help") {
    const entry = first === "help" && rest[0] ? findCommand(rest[0]) : undefined;
    stdout().write((entry ? (await entry.load()).usage : mainHelp()) + "\n");
    return 0;
  }
  if (first === "-v" || first === "-V" || first === "--version") {
    stdout().write(VERSION + "\n");
    return 0;
  }
  const entry = first !== undefined ? findCommand(first) : undefined;
  if (entry) {
    HEADLESS = true;
    return runCommand(await entry.load(), rest);
  }
  if (first !== undefined && !first.startsWith("-") && /^[a-z][a-z-]*$/.test(first) && !first.includes(".")) {
    const { existsSync } = await import("node:fs");
    if (!existsSync(first)) {
      process.stderr.write(`omp-sessions: unknown command '${first}' (see omp-sessions --help)\n`);
      return 2;
    }
  }
  const ui = await import("./ui/launch.js");
  return ui.launch(argv);
}

// The environment of this process: the core's caches and registries, for the command or the browser alike.
useEnv(createEnv());
const run = main(process.argv.slice(2));
// A headless command exits once its output is flushed (finish); the browser
// ends itself when the user quits. A failure is worded on stderr either way.
run.then(
  (code) => {
    if (HEADLESS) finish(run);
    else process.exitCode = code;
  },
  () => finish(run),
);
