// The built binary in a process of its own: its exit code and output, never a
// throw. The one spawn wrapper of the suite; most command tests run in process
// (run-cli.ts), this is for what needs a real process: a bundle's own start,
// the hook's stdin, processes racing each other, a reader closing the pipe, a
// read that could block for good (a FIFO: killed at timeoutMs), a process's
// own memory, the installed package.
import { execFileSync, spawn } from "node:child_process";
import { closeSync, constants, createWriteStream, openSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Writable } from "node:stream";
import { BIN } from "./fixtures.js";

export interface BinResult {
  /** The exit status; null when a signal (or the time cap) ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Ended by the time cap. */
  killed: boolean;
}

export interface BinOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** stdin's bytes; without it stdin is an empty pipe, closed at once. */
  input?: string | Buffer | null;
  /** A safety net for a hang, not a speed check: the process is killed after this long. */
  timeoutMs?: number;
  /** Another copy of the bin (a test's own package tree, dist/cli.js); default the repository's. */
  bin?: string;
  /** Node's own options, before the bin (`--require` a probe, `--import` a spy). */
  nodeArgs?: string[];
  /** A live stdin pipe the test writes (a slow or split payload, a writer that never closes); instead of input. */
  feed?: (stdin: Writable) => void;
  /** What feed's pipe is: node's own (a socket, as node-based harnesses give; the default) or a FIFO (as a shell or a Rust harness gives; POSIX only). */
  feedPipe?: "socket" | "fifo";
  /** Read only this many bytes of stdout, then close it, as `| head -c N` does: later writes meet a closed pipe. */
  stdoutBytes?: number;
  /** Each stdout chunk, handed here instead of kept (an output too large to hold as one string). */
  onStdout?: (chunk: Buffer) => void;
}

let inputSeq = 0;

/**
 * Runs `node bin/omp-sessions ...args` (node itself: PATH may leave it out).
 * stdin comes from a file, not a pipe we feed: with many children starting at
 * once, this process may not get to write a pipe before the hook's 1 s stdin
 * deadline, which would test the machine's load.
 */
export function runBin(args: string[], opts: BinOptions = {}): Promise<BinResult> {
  let stdinFd: number | "pipe" = "pipe";
  let fifo: Writable | null = null;
  if (opts.input !== undefined && opts.input !== null) {
    const file = join(tmpdir(), `omp-bin-in-${process.pid}-${inputSeq++}`);
    writeFileSync(file, opts.input);
    stdinFd = openSync(file, "r");
    unlinkSync(file);
  } else if (opts.feed && opts.feedPipe === "fifo") {
    // a named FIFO: its read end (opened first, without waiting for a writer) is the child's stdin
    const path = join(tmpdir(), `omp-bin-fifo-${process.pid}-${inputSeq++}`);
    execFileSync("mkfifo", ["-m", "600", path]);
    stdinFd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    fifo = createWriteStream(path, { fd: openSync(path, "w") });
    unlinkSync(path);
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), opts.bin ?? BIN, ...args], { cwd: opts.cwd, env: opts.env ?? process.env, stdio: [stdinFd, "pipe", "pipe"] });
    if (typeof stdinFd === "number") closeSync(stdinFd);
    let killed = false;
    const timer = opts.timeoutMs === undefined ? null : setTimeout(() => ((killed = true), child.kill("SIGKILL")), opts.timeoutMs);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    child.stdout!.on("data", (d: Buffer) => {
      if (opts.onStdout) return opts.onStdout(d);
      const limit = opts.stdoutBytes ?? Infinity;
      out.push(d.subarray(0, limit - outBytes));
      outBytes += d.length;
      if (outBytes >= limit) child.stdout!.destroy();
    });
    child.stderr!.on("data", (d: Buffer) => err.push(d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (timer) clearTimeout(timer);
      child.stdin?.destroy();
      fifo?.destroy();
      resolve({ code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), killed });
    });
    if (fifo) {
      fifo.on("error", () => {});
      opts.feed!(fifo);
    } else if (child.stdin) {
      child.stdin.on("error", () => {});
      if (opts.feed) opts.feed(child.stdin);
      else child.stdin.end();
    }
  });
}
