// Cache files are replaced whole (temp + rename): a reader sees the old file or
// the new one, never half of one. No fsync: a cache lost in a crash is rebuilt.
// Pieces of bytes are written as they are (one writev), not first joined into
// one buffer: a cache of tens of megabytes kept mostly from the file it
// replaces is written without a copy of it.

import { promises as fsp } from "node:fs";
export async function writeCacheFile(file: string, data: string | Uint8Array | readonly Uint8Array[]): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    if (typeof data === "string" || data instanceof Uint8Array) await fsp.writeFile(tmp, data, { mode: 0o600 });
    else await writePieces(tmp, data);
    await fsp.rename(tmp, file);
  } catch (err) {
    await fsp.unlink(tmp).catch(() => {});
    throw err;
  }
}

async function writePieces(file: string, pieces: readonly Uint8Array[]): Promise<void> {
  const fh = await fsp.open(file, "w", 0o600);
  try {
    let left = pieces.filter((p) => p.length > 0);
    while (left.length > 0) {
      // writev may write less than asked: go on from where it stopped.
      let { bytesWritten } = await fh.writev(left);
      let i = 0;
      while (i < left.length && bytesWritten >= left[i].length) bytesWritten -= left[i++].length;
      left = left.slice(i);
      if (bytesWritten > 0) left[0] = left[0].subarray(bytesWritten);
    }
  } finally {
    await fh.close();
  }
}
