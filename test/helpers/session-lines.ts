// Small session files for tests: JSON lines for an omp header and user
// messages, an agent dir (sessions/<project>/) to put them in, and a Claude
// Code transcript in a config dir of its own.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

/**
 * A Claude Code transcript of `lines` (objects, one JSON line each) at
 * `<config dir>/projects/-x/<name>` in a fresh temp dir: the file and the
 * config dir (CLAUDE_CONFIG_DIR for the commands that list it).
 */
export function claudeTranscript(name: string, lines: object[]): { file: string; configDir: string } {
  const configDir = mkdtempSync(join(tmpdir(), "omps-claude-"));
  mkdirSync(join(configDir, "projects", "-x"), { recursive: true });
  const file = join(configDir, "projects", "-x", name);
  writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return { file, configDir };
}
