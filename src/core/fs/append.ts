// Appending one JSONL line so concurrent writers never interleave: one write()
// on an O_APPEND handle. A torn last line (a writer that died mid-line) must not
// swallow ours, so a missing trailing newline is supplied first. The file is
// opened with O_NOFOLLOW: a link planted in the store is refused, not followed.
import { openSync, fstatSync, readSync, writeSync, closeSync, constants } from "node:fs";
import { checkWritePath, O_NOFOLLOW, refuseLoop } from "./guard.js";
import { assertRegular } from "./read-capped.js";

// O_NONBLOCK: a FIFO planted at the path is opened at once and refused below, never waited on (a regular file ignores it)
const FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | O_NOFOLLOW | (constants.O_NONBLOCK ?? 0);

export function appendLine(path: string, line: string, mode = 0o600): void {
  checkWritePath(path);
  let fd: number;
  try {
    fd = openSync(path, FLAGS, mode);
  } catch (err) {
    refuseLoop(err, path);
  }
  try {
    let text = line.endsWith("\n") ? line : line + "\n";
    const st = fstatSync(fd);
    assertRegular(path, st);
    const size = st.size;
    if (size > 0) {
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) text = "\n" + text;
    }
    writeSync(fd, Buffer.from(text, "utf8"));
  } finally {
    closeSync(fd);
  }
}

/** Appends `text` as it is to an existing file (a topic's log.md), never through a link. */
export function appendText(path: string, text: string): void {
  checkWritePath(path);
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | O_NOFOLLOW);
  } catch (err) {
    refuseLoop(err, path);
  }
  try {
    writeSync(fd, Buffer.from(text, "utf8"));
  } finally {
    closeSync(fd);
  }
}
