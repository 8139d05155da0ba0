// Bounded stdin for the hook (§4.1): at most 8 MiB kept.
//
// What harnesses give us is a pipe or a socket whose writer has already sent
// the whole payload, and usually closed its end, by the time node has started.
// A pipe (a FIFO) is first read synchronously with readSync, through a
// non-blocking descriptor of its own (reopenNonBlocking below): that takes
// what is there without waiting, and a read that would wait says EAGAIN
// instead. Only when the writer is not done yet does the read go on in the
// background, polling the same descriptor. Neither blocks the process: a
// blocking read(2), on the main thread or parked in the thread pool, would
// keep the hook from exiting while a writer holds the pipe open without
// writing. A socket (what node's child_process gives), or a pipe where it
// cannot be opened again, is read through a net.Socket on fd 0 (node:net and
// node:stream cost 4–5 ms of start-up). A file is read whole at once; another
// character device through fs.read.
//
// The deadline is an idle deadline: it runs only while the pipe is open and no
// data comes, and restarts with every chunk. A fixed timer from start-up lost
// real payloads on a starved CPU (the timer and the ready read were due in the
// same loop turn and the timer ran first), so before giving up we also take one
// last look. Harnesses wait a long time for a hook (up to 60 s) and always
// write at once, so the default is generous. A payload that is already a
// complete JSON object ends the read even if the writer keeps the pipe open.
import { closeSync, constants, fstatSync, openSync, read, readSync } from "node:fs";
import type { Socket } from "node:net";

// Loaded only when needed: a file or a pipe on stdin needs neither.
const builtin = <T>(name: string): T => process.getBuiltinModule(name) as T;

export const STDIN_CAP = 8 * 1024 * 1024;
export const STDIN_IDLE_MS = 30_000;
/** Past the cap input is only counted; past this it is not even drained (an endless device). */
const DRAIN_MAX = 8 * STDIN_CAP;
/** A pause this long after data that parses as one JSON object ends the read. */
const SETTLE_MS = 20;
/** The longest pause between two looks at a non-blocking pipe that had nothing (it starts at 1 ms and doubles). */
const POLL_MAX_MS = 16;

export interface StdinResult {
  text: string;
  /** Total bytes seen (including those past the cap). */
  bytes: number;
  tooLarge: boolean;
  /** The idle deadline passed before EOF: a read may still be pending. */
  timedOut: boolean;
  /** There was no input to read at all: a terminal, no fd 0, or an idle pipe that never sent a byte. */
  none: boolean;
}

/** How a pipe is read: "sync" (the default where it can: readSync, non-blocking) or "stream" (a net.Socket, as a socket is; tests use it). */
export type StdinWay = "sync" | "stream";

export interface StdinOptions {
  idleMs?: number;
  cap?: number;
  way?: StdinWay;
}

const NONE: StdinResult = { text: "", bytes: 0, tooLarge: false, timedOut: false, none: true };

/** The bytes read so far: the first `cap` kept, the rest only counted. */
class Input {
  private chunks: Buffer[] = [];
  kept = 0;
  bytes = 0;
  constructor(private readonly cap: number) {}

  /** Keeps a chunk (copied by the caller when its buffer is reused); false once past DRAIN_MAX. */
  take(chunk: Buffer): boolean {
    this.bytes += chunk.length;
    if (this.kept + chunk.length <= this.cap) {
      this.chunks.push(chunk);
      this.kept += chunk.length;
    }
    return this.bytes <= DRAIN_MAX;
  }

  private buffer(): Buffer {
    const buf = Buffer.concat(this.chunks, this.kept);
    return buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
  }

  /** What was kept is one whole JSON object (a writer that keeps the pipe open after it is done). */
  isWholeObject(): boolean {
    if (this.bytes > this.cap || this.kept === 0 || lastNonSpace(this.chunks[this.chunks.length - 1]) !== 0x7d) return false; // "}"
    try {
      const v = JSON.parse(this.buffer().toString("utf8")) as unknown;
      return v !== null && typeof v === "object" && !Array.isArray(v);
    } catch {
      return false;
    }
  }

  result(timedOut: boolean): StdinResult {
    if (timedOut && this.bytes === 0) return { ...NONE, timedOut: true };
    return { text: this.buffer().toString("utf8"), bytes: this.bytes, tooLarge: this.bytes > this.cap, timedOut, none: false };
  }
}

type Drained = "eof" | "again" | "full";

/** Reads `fd` until it has nothing more right now ("again"), ends ("eof", also on an error) or passes DRAIN_MAX ("full"). */
function drainSync(fd: number, input: Input, buf: Buffer): Drained {
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === "EAGAIN" ? "again" : "eof";
    }
    if (n === 0) return "eof";
    if (!input.take(Buffer.from(buf.subarray(0, n)))) return "full";
  }
}

/**
 * A descriptor of its own for stdin's pipe (a FIFO), opened non-blocking, so
 * that readSync on it answers EAGAIN instead of waiting for data: Linux opens
 * the pipe itself again through /proc/self/fd/0, with flags of its own (fd 0,
 * which other processes may share, is left as it is). -1 elsewhere, and for a
 * socket (which cannot be opened again): then the caller reads through a
 * net.Socket. Node has no public call that makes fd 0 itself non-blocking short
 * of node:net.
 */
function reopenNonBlocking(ino: number): number {
  let fd = -1;
  try {
    fd = openSync("/proc/self/fd/0", constants.O_RDONLY | constants.O_NONBLOCK);
    // the same pipe, not something else by that name
    if (fstatSync(fd).ino === ino) return fd;
  } catch {}
  if (fd >= 0) closeSync(fd);
  return -1;
}

export function readStdin(opts: StdinOptions = {}): Promise<StdinResult> {
  const idleMs = opts.idleMs ?? STDIN_IDLE_MS;
  const cap = opts.cap ?? STDIN_CAP;
  let kind: "file" | "fifo" | "socket" | "device";
  let ino: number;
  try {
    const st = fstatSync(0);
    if (st.isCharacterDevice() && builtin<typeof import("node:tty")>("node:tty").isatty(0)) return Promise.resolve(NONE);
    kind = st.isFile() ? "file" : st.isFIFO() ? "fifo" : st.isSocket() ? "socket" : "device";
    ino = st.ino;
  } catch {
    return Promise.resolve(NONE);
  }
  const input = new Input(cap);
  const buf = Buffer.allocUnsafe(kind === "device" ? 256 * 1024 : 64 * 1024);
  // a file is all there: read it now, with no clock involved at all
  if (kind === "file") {
    drainSync(0, input, buf);
    return Promise.resolve(input.result(false));
  }
  const fd = kind === "fifo" && opts.way !== "stream" ? reopenNonBlocking(ino) : -1;
  if (fd >= 0) {
    const drained = drainSync(fd, input, buf);
    if (drained !== "again" || input.isWholeObject()) {
      closeSync(fd);
      return Promise.resolve(input.result(false));
    }
  }
  return new Promise((resolveResult) => {
    let done = false;
    /** Bumped by every chunk: a timer that sees it changed knows data came meanwhile. */
    let gen = 0;
    let idleTimer: NodeJS.Timeout | null = null;
    let settleTimer: NodeJS.Timeout | null = null;
    let pollTimer: NodeJS.Timeout | null = null;
    /** Reads what a starved process may not have got to yet, before the idle deadline gives up. */
    let lastLook = (): void => {};
    const finish = (timedOut: boolean): void => {
      if (done) return;
      done = true;
      for (const t of [idleTimer, settleTimer, pollTimer]) if (t) clearTimeout(t);
      if (fd >= 0) closeSync(fd);
      resolveResult(input.result(timedOut));
    };
    const armIdle = (): void => {
      if (idleTimer) clearTimeout(idleTimer);
      const g = gen;
      idleTimer = setTimeout(() => {
        // let I/O completed meanwhile run first: a starved process wakes with both due
        setImmediate(() => {
          if (done) return;
          lastLook();
          if (gen === g) finish(true);
        });
      }, idleMs);
    };
    const armSettle = (): void => {
      if (settleTimer) clearTimeout(settleTimer);
      const g = gen;
      settleTimer = setTimeout(() => {
        if (gen === g && input.isWholeObject()) finish(false);
      }, SETTLE_MS);
    };
    /** After new data: the clocks restart; false when the read is over (past DRAIN_MAX). */
    const took = (more: boolean): boolean => {
      gen++;
      if (!more) {
        finish(false);
        return false;
      }
      armIdle();
      armSettle();
      return true;
    };
    armIdle();
    if (fd >= 0) {
      // what came before the writer paused: already read, its clocks start now
      if (input.bytes > 0) armSettle();
      let delay = 1;
      const look = (): boolean => {
        const before = input.bytes;
        const drained = drainSync(fd, input, buf);
        if (input.bytes > before && !took(drained !== "full")) return false;
        if (drained === "eof") finish(false);
        return input.bytes > before;
      };
      lastLook = look;
      const poll = (): void => {
        pollTimer = null;
        if (done) return;
        delay = look() ? 1 : Math.min(POLL_MAX_MS, delay * 2);
        if (!done) pollTimer = setTimeout(poll, delay);
      };
      pollTimer = setTimeout(poll, delay);
      return;
    }
    if (kind === "fifo" || kind === "socket") {
      let sock: Socket;
      try {
        const { Socket: NetSocket } = builtin<typeof import("node:net")>("node:net");
        sock = new NetSocket({ fd: 0, readable: true, writable: false, allowHalfOpen: true });
      } catch {
        return finish(false);
      }
      sock.on("data", (d: Buffer) => {
        if (!done) took(input.take(d));
      });
      sock.on("end", () => finish(false));
      sock.on("error", () => finish(false));
      return;
    }
    const next = (): void => {
      read(0, buf, 0, buf.length, null, (err, n) => {
        if (done) return;
        if (err) {
          if (err.code === "EAGAIN") return void setTimeout(next, 2);
          return finish(false);
        }
        if (n === 0) return finish(false);
        if (took(input.take(Buffer.from(buf.subarray(0, n))))) next();
      });
    };
    next();
  });
}

function lastNonSpace(b: Buffer | undefined): number {
  if (!b) return -1;
  for (let i = b.length - 1; i >= 0; i--) if (b[i] !== 0x20 && b[i] !== 0x0a && b[i] !== 0x0d && b[i] !== 0x09) return b[i];
  return -1;
}
