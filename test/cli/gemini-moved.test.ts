// Newer Gemini CLI copied a project's chats from `tmp/<sha256 of the path>/`
// to a short-name folder (`tmp/app/`, with `.project_root`) and left the old
// folder as it was. A chat in both is one session: `ls`, `search` and `stats`
// show it once, as the short-name folder's copy, and the old folder's other
// chats are in the same project (linked by the hash their chats record).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";

let root: string;
let copiedNew: string;
let oldOnly: string;
const PROJECT = "c:\\users\\dev\\app";
// Gemini hashed the path as it had it; `.project_root` and projects.json hold it lowercased.
const HASH = createHash("sha256").update("C:\\Users\\dev\\app").digest("hex");
const COPIED = "aaaaaaaa-0000-4000-8000-000000000001";
const OLD_ONLY = "bbbbbbbb-0000-4000-8000-000000000002";

const env = (): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME: join(root, "home"), NO_COLOR: "1", OMP_SESSIONS_CACHE_DIR: join(root, "cache"), OMP_SESSIONS_CONFIG_DIR: join(root, "config") };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "GEMINI_CLI_HOME", "TZ"]) delete e[k];
  return e;
};

async function json(args: string[]): Promise<Record<string, unknown>[]> {
  const { stdout, stderr } = await runCli([...args, "--json"], { cwd: root, env: env() });
  expect(stderr).toBe("");
  return JSON.parse(stdout) as Record<string, unknown>[];
}

const user = (id: string, ts: string, text: string) => ({ id, timestamp: ts, type: "user", content: [{ text }] });
const gemini = (id: string, ts: string, text: string, input: number) => ({ id, timestamp: ts, type: "gemini", content: text, model: "gemini-2.5-pro", tokens: { input, output: 10, cached: 0, thoughts: 0, tool: 0, total: input + 10 } });
const chat = (sessionId: string, startTime: string, messages: object[]) => JSON.stringify({ sessionId, projectHash: HASH, startTime, lastUpdated: startTime, messages }, null, 2);

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "omp-gemini-moved-"));
  const gem = join(root, "home", ".gemini");
  const old = join(gem, "tmp", HASH, "chats");
  const named = join(gem, "tmp", "app", "chats");
  mkdirSync(old, { recursive: true });
  mkdirSync(named, { recursive: true });
  writeFileSync(join(gem, "tmp", "app", ".project_root"), PROJECT);
  writeFileSync(join(gem, "projects.json"), JSON.stringify({ projects: { [PROJECT]: "app" } }));
  const start = "2026-01-10T10:00:05.000Z";
  const first = [user("m1", start, "why does the marmot parser fail"), gemini("m2", "2026-01-10T10:00:09.000Z", "the marmot parser drops a line", 100)];
  // The old copy, and the short-name copy Gemini went on in after the move.
  writeFileSync(join(old, "session-2026-01-10T10-00-aaaaaaaa.json"), chat(COPIED, start, first));
  copiedNew = join(named, "session-2026-01-10T10-00-aaaaaaaa.json");
  writeFileSync(copiedNew, chat(COPIED, start, [...first, user("m3", "2026-01-11T08:00:00.000Z", "and now?"), gemini("m4", "2026-01-11T08:00:04.000Z", "fixed", 200)]));
  // A chat only the old folder holds.
  oldOnly = join(old, "session-2026-01-09T09-00-bbbbbbbb.json");
  writeFileSync(oldOnly, chat(OLD_ONLY, "2026-01-09T09:00:01.000Z", [user("n1", "2026-01-09T09:00:01.000Z", "hello"), gemini("n2", "2026-01-09T09:00:03.000Z", "hi", 40)]));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("Gemini CLI chats copied to the project's short-name folder", () => {
  it("ls lists the copied chat once, as the short-name folder's copy; the old folder's own chat has the project's path", async () => {
    const rows = await json(["ls", "--all"]);
    expect(rows.map((r) => [r.path, r.id, r.cwd]).sort()).toEqual(
      [
        [copiedNew, COPIED, PROJECT],
        [oldOnly, OLD_ONLY, PROJECT],
      ].sort(),
    );
  });

  it("search finds the copied chat's words once", async () => {
    const hits = await json(["search", "marmot"]);
    expect(new Set(hits.map((h) => h.path))).toEqual(new Set([copiedNew]));
    expect(hits.length).toBe(2);
  });

  it("stats counts the copied chat's calls once, all in the one project", async () => {
    const rows = await json(["stats", "--all", "--by", "project"]);
    expect(rows.map((r) => [r.project, r.inputTokens])).toEqual([[PROJECT, 100 + 200 + 40]]);
  });
});
