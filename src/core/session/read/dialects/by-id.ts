// Small file-system steps for finding one session by its id in an agent's
// places (Dialect.findById): each agent names its files after the id, so a
// session is found by listing a few dirs, never by reading every session.
import { join } from "node:path";
import { openRegular } from "../../../fs/read-capped.js";
import { promises as fsp } from "node:fs";

/** A file that exists (not a dir). */
export async function isFile(p: string): Promise<boolean> {
  try {
    return (await fsp.stat(p)).isFile();
  } catch {
    return false;
  }
}

/** The dirs in a dir (none when it is missing or unreadable). */
export async function dirsIn(dir: string): Promise<string[]> {
  try {
    return (await fsp.readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => join(dir, d.name));
  } catch {
    return [];
  }
}

/** The names of the files in a dir (none when it is missing or unreadable). */
export async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await fsp.readdir(dir, { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
  } catch {
    return [];
  }
}

/** The first file under `dir` (to `depth` levels) whose name passes `match`, newest-named dirs first. */
export async function firstFile(dir: string, depth: number, match: (name: string) => boolean): Promise<string | null> {
  for (const name of await filesIn(dir)) if (match(name)) return join(dir, name);
  if (depth === 0) return null;
  const dirs = (await dirsIn(dir)).sort().reverse();
  for (const d of dirs) {
    const hit = await firstFile(d, depth - 1, match);
    if (hit) return hit;
  }
  return null;
}

/** Whether the first bytes of a file hold `text` (an id near the top of a JSON document). */
export async function headHolds(file: string, text: string, bytes = 64 * 1024): Promise<boolean> {
  let fh;
  try {
    fh = await openRegular(file);
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString("utf8").includes(text);
  } catch {
    return false;
  } finally {
    await fh?.close();
  }
}
