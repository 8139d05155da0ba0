// The bench store mirrored next to the data, so a bench can grow a session or
// keep a cache without changing the shared data: hard links (real files to
// stat, like a user's store; symlinks across file systems), except one real
// copy of a session over 2 MB, to append to.
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";

const MB = 1024 * 1024;

export function mirrorStore(agentDir: string): { work: string; agent: string; grow: string } {
  const work = mkdtempSync(join(dirname(dirname(agentDir)), "mirror-"));
  const src = join(agentDir, "sessions");
  const agent = join(work, "agent");
  let grow = "";
  for (const proj of readdirSync(src)) {
    mkdirSync(join(agent, "sessions", proj), { recursive: true });
    for (const f of readdirSync(join(src, proj))) {
      const from = join(src, proj, f);
      const to = join(agent, "sessions", proj, f);
      if (!grow && statSync(from).size > 2 * MB) {
        copyFileSync(from, to);
        grow = to;
      } else {
        try {
          linkSync(from, to);
        } catch {
          symlinkSync(from, to);
        }
      }
    }
  }
  return { work, agent, grow };
}
