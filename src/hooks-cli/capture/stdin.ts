// Bounded stdin for the hook (§4.1): at most 8 MiB kept, 1 s deadline, a TTY
// counts as empty input. Reads fd 0 directly; process.stdin costs start-up time.
import { fstatSync, read } from "node:fs";

export const STDIN_CAP = 8 * 1024 * 1024;

export interface StdinResult {
  text: string;
  /** Total bytes seen (including those past the cap). */
  bytes: number;
  tooLarge: boolean;
  /** The deadline passed before EOF: a read may still be pending. */
  timedOut: boolean;
}

export function readStdin(deadlineMs = 1000, cap = STDIN_CAP): Promise<StdinResult> {
  return new Promise((resolveResult) => {
    try {
      if (fstatSync(0).isCharacterDevice()) return resolveResult({ text: "", bytes: 0, tooLarge: false, timedOut: false });
    } catch {
      return resolveResult({ text: "", bytes: 0, tooLarge: false, timedOut: false });
    }
    const chunks: Buffer[] = [];
    let kept = 0;
    let bytes = 0;
    let done = false;
    const finish = (timedOut: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      let buf = Buffer.concat(chunks, kept);
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
      resolveResult({ text: buf.toString("utf8"), bytes, tooLarge: bytes > cap, timedOut });
    };
    const timer = setTimeout(() => finish(true), deadlineMs);
    const buf = Buffer.allocUnsafe(256 * 1024);
    const next = (): void => {
      read(0, buf, 0, buf.length, null, (err, n) => {
        if (done) return;
        if (err) {
          if (err.code === "EAGAIN") return void setTimeout(next, 2);
          return finish(false);
        }
        if (n === 0) return finish(false);
        bytes += n;
        if (kept + n <= cap) {
          chunks.push(Buffer.from(buf.subarray(0, n)));
          kept += n;
        }
        next();
      });
    };
    next();
  });
}
