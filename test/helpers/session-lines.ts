// Small omp session files for tests: JSON lines for a header and user
// messages, and an agent dir (sessions/<project>/) to put them in.
import { mkdirSync, mkdtempSync } from "node:fs";
import { join } from "node:path";

export const jsonLine = (o: object): string => JSON.stringify(o) + "\n";

export const sessionHeader = (id: string, cwd = "/home/u/p", ts = "2026-02-01T10:00:00.000Z"): string => jsonLine({ type: "session", version: 3, id, timestamp: ts, cwd });

export const userLine = (id: string, parentId: string | null, text: string, ts = "2026-02-01T10:01:00.000Z"): string =>
  jsonLine({ type: "message", id, parentId, timestamp: ts, message: { role: "user", content: text, timestamp: Date.parse(ts) } });

/** A fresh agent dir under `base` with one project folder (`dir`), and a cache dir inside it. */
export function agentDirIn(base: string): { agent: string; dir: string; cache: string } {
  const root = mkdtempSync(join(base, "a"));
  const dir = join(root, "sessions", "--home-u-p--");
  mkdirSync(dir, { recursive: true });
  return { agent: root, dir, cache: join(root, ".cache") };
}
