// Output made of many byte parts (`ls --json`: each row's stored text),
// written without joining them first: joining megabytes costs a fresh copy
// of all of it, which on a virtual machine's page faults is most of a warm
// `ls --json`. Vectored writes straight to the descriptor, as many parts a
// call as the kernel takes.
import { writevSync } from "node:fs";

const IOV_MAX = 1024;

/**
 * Writes every part to fd 1 in order. A reader that closed the pipe ends the
 * output quietly (`ls --json | head`); a descriptor that would block (a
 * non-blocking pipe someone else opened) gets the rest through stdout().
 */
export function writeParts(parts: readonly Uint8Array[], fd = 1): void {
  let i = 0;
  let off = 0;
  const skipEmpty = (): void => {
    while (i < parts.length && parts[i].length - off === 0) {
      i++;
      off = 0;
    }
  };
  skipEmpty();
  while (i < parts.length) {
    const group: Uint8Array[] = [];
    for (let j = i; j < parts.length && group.length < IOV_MAX; j++) group.push(j === i ? parts[j].subarray(off) : parts[j]);
    let n: number;
    try {
      n = writevSync(fd, group);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "EPIPE") return;
      if (code === "EAGAIN") {
        stdout().write(Buffer.concat(group.concat(parts.slice(i + group.length))));
        return;
      }
      throw err;
    }
    while (n > 0) {
      const left = parts[i].length - off;
      if (n >= left) {
        n -= left;
        i++;
        off = 0;
      } else {
        off += n;
        n = 0;
      }
    }
    skipEmpty();
  }
}

let made = false;

/**
 * The run's stdout stream: every headless command writes through this (lint
 * keeps process.stdout out of src/hooks-cli). It is made on first use: making
 * it loads Node's stream modules, a few ms that the JSON paths writing straight
 * to fd 1 (writeParts) never pay. A reader that closed early
 * (`omp-sessions ls | head`) ends the run quietly: that is not an error.
 */
export function stdout(): NodeJS.WriteStream {
  if (!made) {
    made = true;
    process.stdout.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE") process.exit(0);
    });
  }
  return process.stdout;
}

/** Whether the run used stdout(): then it exits only once that stream has drained. */
export const stdoutUsed = (): boolean => made;
