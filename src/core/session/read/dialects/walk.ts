// Lists the files under a folder whose names match, without reading them:
// discovery of the agents that keep one file per session in a dated or
// per-project tree. A missing or unreadable folder gives nothing.
import { join } from "node:path";
import { promises as fsp } from "node:fs";

export async function findFiles(root: string, match: (name: string, dir: string) => boolean, depth: number): Promise<string[]> {
  const out: string[] = [];
  const visit = async (dir: string, left: number): Promise<void> => {
    let ents;
    try {
      ents = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const subdirs: string[] = [];
    for (const e of ents) {
      if (e.isFile() && match(e.name, dir)) out.push(join(dir, e.name));
      else if (e.isDirectory() && left > 0) subdirs.push(join(dir, e.name));
    }
    for (const d of subdirs) await visit(d, left - 1);
  };
  await visit(root, depth);
  return out.sort();
}
