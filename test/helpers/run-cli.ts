// A headless command run in this test process, as the bin would run it: the
// same dispatch (global options first, `--help`, usage errors → 2, a thrown
// failure worded on stderr with its exit code), its stdout, stderr and exit
// status captured, never a throw. Starting a process per case costs a Node
// start and a bundle load each (seconds on a loaded 2-core machine); this
// costs the command only. The bin itself is checked by one spawn smoke test
// per bundle (test/cli/commands.test.ts) and by runBin where a real process
// matters (pipes closing early, stdin deadlines, concurrent processes).
//
// Process-wide state a command reads or sets — env, cwd, exitCode, stdout's
// TTY-ness and width, the file descriptor writes of stdout.ts — is swapped in
// for the call and put back after it; calls queue so that two never share it.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { vi } from "vitest";
import { commandFirst } from "../../src/global-args.js";
import { safeText } from "../../src/core/session/text/safe-text.js";
import { BIN } from "./fixtures.js";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** The whole environment of the run (as a spawned process would get it); default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** Working directory of the run; default: this process's. */
  cwd?: string;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `omp-sessions ...argv` for a headless command in this process. */
export function runCli(argv: string[], opts: CliOptions = {}): Promise<CliResult> {
  const next = queue.then(() => runNow(argv, opts));
  queue = next.catch(() => {});
  return next;
}

type Write = (chunk: string | Uint8Array, enc?: BufferEncoding | ((err?: Error | null) => void), cb?: (err?: Error | null) => void) => boolean;

/** A write function that appends to `into` and calls a write callback like a stream would. */
function collector(into: Buffer[]): Write {
  return (chunk, enc, cb) => {
    into.push(typeof chunk === "string" ? Buffer.from(chunk, typeof enc === "string" ? enc : "utf8") : Buffer.from(chunk));
    const done = typeof enc === "function" ? enc : cb;
    if (done) process.nextTick(done);
    return true;
  };
}

async function runNow(argv: string[], opts: CliOptions): Promise<CliResult> {
  // A fresh copy of the project's modules for every run, as a new process
  // has: no cache, counter or registry carried over from an earlier run.
  vi.resetModules();
  const { findCommand } = await import("../../src/hooks-cli/registry.js");
  const { runCommand } = await import("../../src/hooks-cli/main.js");
  const args = commandFirst(argv);
  const entry = findCommand(args[0] ?? "");
  if (!entry) throw new Error(`runCli runs headless commands only, not: ${argv.join(" ")}`);
  const out: Buffer[] = [];
  const err: Buffer[] = [];

  const savedEnv = { ...process.env };
  const savedArgv = process.argv;
  // stdout.ts listens for EPIPE on stdout once per module copy: each run's copy is new
  const savedListeners = process.stdout.listeners("error");
  const savedCwd = process.cwd();
  const savedExitCode = process.exitCode;
  const savedOut = process.stdout.write;
  const savedErr = process.stderr.write;
  const savedWritev = fs.writevSync;
  const tty = Object.getOwnPropertyDescriptor(process.stdout, "isTTY");
  const cols = Object.getOwnPropertyDescriptor(process.stdout, "columns");
  const errTty = Object.getOwnPropertyDescriptor(process.stderr, "isTTY");

  if (opts.env) {
    for (const k of Object.keys(process.env)) delete process.env[k];
    Object.assign(process.env, opts.env);
  }
  if (opts.cwd) process.chdir(opts.cwd);
  // what a command started by the bin sees (install-hooks finds itself by it)
  process.argv = [process.execPath, BIN, ...argv];
  // Output to a pipe, as a spawned run's is: no colours, no terminal width.
  Object.defineProperty(process.stdout, "isTTY", { value: false, configurable: true, writable: true });
  Object.defineProperty(process.stdout, "columns", { value: undefined, configurable: true, writable: true });
  Object.defineProperty(process.stderr, "isTTY", { value: false, configurable: true, writable: true });
  process.stdout.write = collector(out) as typeof process.stdout.write;
  process.stderr.write = collector(err) as typeof process.stderr.write;
  // stdout.ts writes large outputs straight to fd 1 (writevSync): catch those too.
  fs.writevSync = ((fd: number, bufs: readonly NodeJS.ArrayBufferView[], pos?: number) => {
    if (fd !== 1 && fd !== 2) return savedWritev(fd, bufs, pos);
    let n = 0;
    for (const b of bufs) {
      const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
      (fd === 1 ? out : err).push(Buffer.from(buf));
      n += buf.length;
    }
    return n;
  }) as typeof fs.writevSync;
  syncBuiltinESMExports();

  let code: number;
  try {
    code = await runCommand(await entry.load(), args.slice(1));
  } catch (e) {
    // as main.ts's finish words a failure
    const x = e as { exitCode?: number; message?: string };
    err.push(Buffer.from(`omp-sessions: ${safeText(x?.message ?? String(e))}\n`));
    code = typeof x?.exitCode === "number" ? x.exitCode : 1;
  } finally {
    fs.writevSync = savedWritev;
    syncBuiltinESMExports();
    process.stdout.write = savedOut;
    process.stderr.write = savedErr;
    restore(process.stdout, "isTTY", tty);
    restore(process.stdout, "columns", cols);
    restore(process.stderr, "isTTY", errTty);
    process.exitCode = savedExitCode;
    process.argv = savedArgv;
    for (const l of process.stdout.listeners("error")) if (!savedListeners.includes(l)) process.stdout.off("error", l as (err: Error) => void);
    if (process.cwd() !== savedCwd) process.chdir(savedCwd);
    for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k];
    Object.assign(process.env, savedEnv);
  }
  return { code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") };
}

function restore(o: object, key: string, d: PropertyDescriptor | undefined): void {
  if (d) Object.defineProperty(o, key, d);
  else delete (o as Record<string, unknown>)[key];
}
