// Running one headless command, the same way from the full CLI (cli.ts) and
// from a command's own bundle (command-main.ts): `--help`, usage errors,
// failures worded on stderr, and the exit once stdout is flushed.
import { UsageError, type Command } from "./command.js";
import { stdout, stdoutUsed } from "./stdout.js";
import { safeText } from "../core/session/index.js";

/** Runs cmd with its arguments (the command name already taken off); returns the exit status. */
export async function runCommand(cmd: Command, rest: string[]): Promise<number> {
  if (rest.includes("--help") || rest.includes("-h")) {
    stdout().write(cmd.usage + "\n");
    return 0;
  }
  try {
    return await cmd.run(rest);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`omp-sessions ${cmd.name}: ${safeText(err.message)}\n\n${cmd.usage}\n`);
      return 2;
    }
    throw err;
  }
}

/**
 * Ends a headless run: once its output is flushed, exit with code (skipping
 * the teardown of a heap of parsed data); a failure is worded on stderr.
 */
export function finish(run: Promise<number>): void {
  run.then(
    (code) => {
      process.exitCode = code;
      if (stdoutUsed()) stdout().write("", () => process.exit(code));
      else process.exit(code);
    },
    (err: unknown) => {
      const e = err as { exitCode?: number; message?: string };
      // messages may quote a file or an argument: terminal-safe like every other output
      process.stderr.write(`omp-sessions: ${safeText(e?.message ?? String(err))}\n`);
      process.exitCode = typeof e?.exitCode === "number" ? e.exitCode : 1;
    },
  );
}
