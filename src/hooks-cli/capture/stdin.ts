// Bounded stdin for the hook (§4.1): at most 8 MiB kept. A file is read from
// fd 0 directly; a pipe or socket (what harnesses give us) through a net.Socket
// on fd 0, because a blocking read(2) parked in the thread pool would keep the
// process from exiting while the writer holds the pipe open.
//
// The deadline is an idle deadline: it runs only while the pipe is open and no
// data comes, and restarts with every chunk. A fixed timer from start-up lost
// real payloads on a starved CPU (the timer and the ready read were due in the
// same loop turn and the timer ran first), so before giving up we also let one
// round of I/O callbacks run. Harnesses wait a long time for a hook (up to 60 s)
// and always write at once, so the default is generous. A payload that is
// already a complete JSON object ends the read even if the writer keeps the
// pipe open.
import { fstatSync, read, readSync } from "node:fs";
import type { Socket } from "node:net";

// Loaded only when needed: a file on stdin (the bench, tests) needs neither, and
// with a pipe on stdout (what harnesses give) net is loaded already.
const builtin = <T>(name: string): T => process.getBuiltinModule(name) as T;

export const STDIN_CAP = 8 * 1024 * 1024;
export const STDIN_IDLE_MS = 30_000;
/** Past the cap input is only counted; past this it is not even drained (an endless device). */
const DRAIN_MAX = 8 * STDIN_CAP;
/** A pause this long after data that parses as one JSON object ends the read. */
const SETTLE_MS = 20;

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

export interface StdinOptions {
  idleMs?: number;
  cap?: number;
}

const NONE: StdinResult = { text: "", bytes: 0, tooLarge: false, timedOut: false, none: true };

export function readStdin(opts: StdinOptions = {}): Promise<StdinResult> {
  const idleMs = opts.idleMs ?? STDIN_IDLE_MS;
  const cap = opts.cap ?? STDIN_CAP;
  return new Promise((resolveResult) => {
    let stream = false;
    try {
      const st = fstatSync(0);
      if (st.isCharacterDevice() && builtin<typeof import("node:tty")>("node:tty").isatty(0)) return resolveResult(NONE);
      // a file is all there: read it now, with no clock involved at all
      if (st.isFile()) return resolveResult(readFileNow(cap));
      stream = st.isFIFO() || st.isSocket();
    } catch {
      return resolveResult(NONE);
    }
    const chunks: Buffer[] = [];
    let kept = 0;
    let bytes = 0;
    let done = false;
    /** Bumped by every chunk: a timer that sees it changed knows data came meanwhile. */
    let gen = 0;
    let idleTimer: NodeJS.Timeout | null = null;
    let settleTimer: NodeJS.Timeout | null = null;
    const finish = (timedOut: boolean): void => {
      if (done) return;
      done = true;
      if (idleTimer) clearTimeout(idleTimer);
      if (settleTimer) clearTimeout(settleTimer);
      if (timedOut && bytes === 0) return resolveResult({ ...NONE, timedOut: true });
      let buf = Buffer.concat(chunks, kept);
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
      resolveResult({ text: buf.toString("utf8"), bytes, tooLarge: bytes > cap, timedOut, none: false });
    };
    const armIdle = (): void => {
      if (idleTimer) clearTimeout(idleTimer);
      const g = gen;
      idleTimer = setTimeout(() => {
        // let I/O completed meanwhile run first: a starved process wakes with both due
        setImmediate(() => (gen === g ? finish(true) : undefined));
      }, idleMs);
    };
    const armSettle = (): void => {
      if (settleTimer) clearTimeout(settleTimer);
      if (bytes > cap || kept === 0) return;
      const last = lastNonSpace(chunks[chunks.length - 1]);
      if (last !== 0x7d) return; // "}"
      const g = gen;
      settleTimer = setTimeout(() => {
        if (gen !== g || done) return;
        try {
          const v = JSON.parse(Buffer.concat(chunks, kept).toString("utf8")) as unknown;
          if (v && typeof v === "object" && !Array.isArray(v)) finish(false);
        } catch {}
      }, SETTLE_MS);
    };
    const take = (chunk: Buffer): void => {
      gen++;
      bytes += chunk.length;
      if (kept + chunk.length <= cap) {
        chunks.push(chunk);
        kept += chunk.length;
      }
      if (bytes > DRAIN_MAX) return finish(false);
      armIdle();
      armSettle();
    };
    armIdle();
    if (stream) {
      let sock: Socket;
      try {
        const { Socket: NetSocket } = builtin<typeof import("node:net")>("node:net");
        sock = new NetSocket({ fd: 0, readable: true, writable: false, allowHalfOpen: true });
      } catch {
        return finish(false);
      }
      sock.on("data", (d: Buffer) => {
        if (!done) take(d);
      });
      sock.on("end", () => finish(false));
      sock.on("error", () => finish(false));
      return;
    }
    const buf = Buffer.allocUnsafe(256 * 1024);
    const next = (): void => {
      read(0, buf, 0, buf.length, null, (err, n) => {
        if (done) return;
        if (err) {
          if (err.code === "EAGAIN") return void setTimeout(next, 2);
          return finish(false);
        }
        if (n === 0) return finish(false);
        take(Buffer.from(buf.subarray(0, n)));
        if (!done) next();
      });
    };
    next();
  });
}

function readFileNow(cap: number): StdinResult {
  const chunks: Buffer[] = [];
  let kept = 0;
  let bytes = 0;
  const buf = Buffer.allocUnsafe(256 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch {
      break;
    }
    if (n === 0) break;
    bytes += n;
    if (kept + n <= cap) {
      chunks.push(Buffer.from(buf.subarray(0, n)));
      kept += n;
    }
    if (bytes > DRAIN_MAX) break;
  }
  let out = Buffer.concat(chunks, kept);
  if (out[0] === 0xef && out[1] === 0xbb && out[2] === 0xbf) out = out.subarray(3);
  return { text: out.toString("utf8"), bytes, tooLarge: bytes > cap, timedOut: false, none: false };
}

function lastNonSpace(b: Buffer | undefined): number {
  if (!b) return -1;
  for (let i = b.length - 1; i >= 0; i--) if (b[i] !== 0x20 && b[i] !== 0x0a && b[i] !== 0x0d && b[i] !== 0x09) return b[i];
  return -1;
}
