// Cache files are replaced whole (temp + rename): a reader sees the old file or
// the new one, never half of one. No fsync: a cache lost in a crash is rebuilt.
import { rename, unlink, writeFile } from "node:fs/promises";

export async function writeCacheFile(file: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(tmp, data, { mode: 0o600 });
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw err;
  }
}
