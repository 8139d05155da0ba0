// Starting an agent on a session in the foreground: it gets the terminal
// (stdin, stdout, stderr inherited) and we wait for it, passing its exit
// status on. Used by `omp-sessions resume` and by the browser once it has
// given the terminal back.
import { archivedReason } from "../keep/view-path.js";
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { statSync } from "node:fs";
import { safeText } from "../session/index.js";
import { findBinary } from "./find-binary.js";
import { shownCommand, type ResumeCommand } from "./resume-command.js";

/** Why the command cannot start (terminal-safe, with the command to run by hand), or null. `file`: the session's, when known. */
export function resumeProblem(c: ResumeCommand, env: NodeJS.ProcessEnv = process.env, file?: string): string | null {
  // A copy from the archive (keep): the agent's own files are gone, or on another machine.
  const archived = file ? archivedReason(file, env) : null;
  if (archived) return safeText(`cannot resume ${archived}`);
  let why: string | null = null;
  // omp and pi read plain JSONL only; an archive would be opened as garbage.
  const archive = (c.agent === "pi" || c.agent === "omp") && c.args.find((a) => /\.jsonl\.gz$/i.test(a));
  if (archive) why = `${c.agent} cannot open an archived session (.jsonl.gz): gunzip it first`;
  if (!why && c.windowsCwd) why = `the session was made on Windows, in ${c.windowsCwd}: that folder is not on this machine`;
  if (!why && c.cwd) {
    let dir = false;
    try {
      dir = statSync(c.cwd).isDirectory();
    } catch {
      // missing: said below
    }
    if (!dir) why = `the session's folder is missing: ${c.cwd}`;
  }
  if (!why && !findBinary(c.bin, env)) why = `${c.bin} is not on PATH (is ${c.agent} installed?)`;
  return why ? `${safeText(why)}; to resume by hand: ${shownCommand(c)}` : null;
}

/**
 * Runs the command with the terminal and resolves with its exit status
 * (128 + signal number when a signal ended it). Ctrl+C belongs to the agent:
 * the terminal sends SIGINT to both of us, so we ignore it while it runs;
 * SIGTERM and SIGHUP are passed on.
 */
export function runAgent(c: ResumeCommand, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const bin = findBinary(c.bin, env) ?? c.bin;
  return new Promise((resolve, reject) => {
    const child = spawn(bin, c.args, { cwd: c.cwd || undefined, stdio: "inherit", env });
    const ignore = (): void => {};
    const pass = (sig: NodeJS.Signals) => (): void => {
      child.kill(sig);
    };
    const onTerm = pass("SIGTERM");
    const onHup = pass("SIGHUP");
    process.on("SIGINT", ignore);
    process.on("SIGTERM", onTerm);
    process.on("SIGHUP", onHup);
    const done = (): void => {
      process.off("SIGINT", ignore);
      process.off("SIGTERM", onTerm);
      process.off("SIGHUP", onHup);
    };
    child.on("error", (err: NodeJS.ErrnoException) => {
      done();
      reject(new Error(`could not start ${c.bin} (${err.code ?? err.message}); to resume by hand: ${shownCommand(c)}`));
    });
    child.on("exit", (code, signal) => {
      done();
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}
