// OpenCode sessions through the built binary, as a user reaches them: a data
// dir holding OpenCode's database (built by make-db.mjs) and a legacy storage
// dir, listed, opened as a tree, shown, given a context and searched; the
// catalog re-reads the database only when it (or its -wal) changed; a locked
// database is one invalid row saying why.
import Database from "better-sqlite3";
import { cpSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";
import { run as runBrowser } from "../../src/ui/run.js";
// @ts-expect-error a plain script (no types): it builds the fixture database
import { CHILD, makeDb, PARENT } from "../fixtures/agents/opencode/make-db.mjs";

const FIXTURES = join(import.meta.dirname, "../fixtures/agents/opencode");

let root: string;
let data: string;
let db: string;

function envOf(extraEnv: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: join(root, "home"), XDG_CACHE_HOME: join(root, "cache"), XDG_DATA_HOME: join(root, "xdg"), COLUMNS: "200", NO_COLOR: "1", ...extraEnv };
  delete env.OMP_SESSIONS_CACHE_DIR;
  return env;
}
const run = (args: string[], extraEnv: Record<string, string> = {}) => runCli(args, { env: envOf(extraEnv) });
// SQLite's locks between processes (and its last close removing -wal/-shm) need the reader in a process of its own.
const runProcess = (args: string[]) => runBin(args, { env: envOf({}) });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "opencode-cli-"));
  mkdirSync(join(root, "home"));
  data = join(root, "xdg", "opencode");
  db = makeDb(data) as string;
  cpSync(join(FIXTURES, "storage"), join(data, "storage"), { recursive: true });
});

describe("OpenCode sessions in the commands", () => {
  it("ls lists the database's sessions and the legacy one, as OpenCode's", async () => {
    const r = await run(["ls", "--json", data]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { path: string; agent: string; name: string; valid: boolean; parentSession: string | null; messageCount: number }[];
    expect(rows.map((x) => [x.path, x.agent, x.valid])).toEqual([
      [`${db}#${PARENT}`, "opencode", true],
      [`${db}#${CHILD}`, "opencode", true],
      [join(data, "storage/session/8c2f0e7d51a3b9c4d6e1f20a7b3c9d8e5f4a1b2c/ses_6a01b2c3dffeLg4cY0sT8rAgEx.json"), "opencode", true],
    ]);
    expect(rows[1].parentSession).toBe(`${db}#${PARENT}`);
    expect(rows[0].name).toBe("Fix the signup email check");
  });

  it("tree --json, show and context --json read a session by its virtual path", async () => {
    const tree = await run(["tree", "--json", `${db}#${PARENT}`]);
    expect(tree.code).toBe(0);
    const t = JSON.parse(tree.stdout) as { file: string; header: Record<string, unknown>; entries: { id: string; type: string }[]; leafId: string; roots: string[] };
    expect(t.file).toBe(`${db}#${PARENT}`);
    expect(t.header).toMatchObject({ id: PARENT, agent: "opencode", cwd: "/home/dev/webapp", title: "Fix the signup email check" });
    expect(t.entries).toHaveLength(15);
    expect(t.roots).toEqual(["msg_ad0e3a001ffe1"]);
    expect(t.leafId).toBe("prt_ad0e3a024ffe1");
    expect(t.entries.find((e) => e.id === "msg_ad0e3a01affe1")?.type).toBe("compaction");

    const show = await run(["show", "--json", `${db}#${PARENT}`, "prt_ad0e3a014ffe1"]);
    expect(show.code).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ message: { role: "toolResult", toolName: "task", details: { childSession: `${db}#${CHILD}` } } });

    const ctx = await run(["context", "--json", `${db}#${PARENT}`]);
    expect(ctx.code).toBe(0);
    const c = JSON.parse(ctx.stdout) as { messages: { role: string }[]; model: unknown };
    expect(c.messages.map((m) => m.role)).toEqual(["compactionSummary", "user", "assistant", "toolResult"]);
    expect(c.model).toEqual({ provider: "anthropic", modelId: "claude-sonnet-4-5" });

    const child = JSON.parse((await run(["tree", "--json", `${db}#${CHILD}`])).stdout) as { header: Record<string, unknown> };
    expect(child.header).toMatchObject({ parentSession: `${db}#${PARENT}`, parentEntryId: "msg_ad0e3a012ffe1" });

    const missing = await run(["tree", `${db}#ses_nope`]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/has no session ses_nope/);
  });

  it("ls, stats and doctor of a session the database does not hold: exit 3 with tree's words, as tree does", async () => {
    const path = `${db}#ses_nope`;
    const tree = await run(["tree", path]);
    expect(tree.code).toBe(3);
    const said = `OpenCode database ${db} has no session ses_nope`;
    expect(tree.stderr).toContain(said);
    for (const args of [["ls"], ["ls", "--json"], ["stats"], ["stats", "--json"], ["doctor"]]) {
      const r = await run([...args, path]);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stderr, args.join(" ")).toBe(`omp-sessions ${args[0]}: ${said}\n`);
      expect(r.stdout, args.join(" ")).toBe("");
    }
    // the browser, given the same path, says the same before it needs a terminal
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      expect(await runBrowser([path])).toBe(3);
    } finally {
      spy.mockRestore();
    }
    expect(written.join("")).toBe(`omp-sessions: ${said}\n`);
    // a session it holds, named beside the missing one, is still listed (exit 3 at the end)
    const both = await run(["ls", "--json", path, `${db}#${PARENT}`]);
    expect(both.code).toBe(3);
    expect((JSON.parse(both.stdout) as { path: string }[]).map((x) => x.path)).toEqual([`${db}#${PARENT}`]);
  });

  it("search finds their text, tool calls and (with --tools) tool output", async () => {
    const hits = JSON.parse((await run(["search", "--json", "regex", "--path", data])).stdout) as { path: string; entryId: string }[];
    expect(hits.map((h) => `${h.path.slice(db.length)} ${h.entryId}`).sort()).toEqual([`#${CHILD} msg_ad0e3b001ffe1`, `#${CHILD} msg_ad0e3b003ffe1`, `#${PARENT} msg_ad0e3a012ffe1`, `#${PARENT} msg_ad0e3a01cffe1`].sort());
    const tools = JSON.parse((await run(["search", "--json", "--tools", "setup.md", "--path", data])).stdout) as { entryId: string }[];
    expect(tools.map((h) => h.entryId)).toContain("prt_99a0b1c2d203Bc");
  });

  it("an unchanged database is not read again; a write to it (its -wal) is seen at the next listing", async () => {
    await run(["ls", data]);
    const warm = await run(["ls", data], { OMP_SESSIONS_STATS: "1" });
    expect(warm.stderr).toMatch(/read 0 bytes from 0 files/);
    const writer = new Database(db);
    try {
      writer.prepare("UPDATE session SET title = 'Renamed in OpenCode' WHERE id = ?").run(PARENT);
      const after = await run(["ls", data], { OMP_SESSIONS_STATS: "1" });
      expect(after.stdout).toContain("Renamed in OpenCode");
      expect(after.stderr).toMatch(/from 2 files/);
    } finally {
      writer.close();
    }
  });

  it("a locked database is one invalid row saying why, and its sessions come back once it is free; no -wal or -shm is left", async () => {
    const locker = new Database(db);
    try {
      locker.pragma("locking_mode = EXCLUSIVE");
      locker.prepare("UPDATE session SET time_updated = time_updated + 1").run();
      const r = await runProcess(["ls", "--json", data]);
      expect(r.code).toBe(0);
      const rows = JSON.parse(r.stdout) as { path: string; valid: boolean; error?: string }[];
      expect(rows.map((x) => x.path)).toEqual([`${db}#database`, join(data, "storage/session/8c2f0e7d51a3b9c4d6e1f20a7b3c9d8e5f4a1b2c/ses_6a01b2c3dffeLg4cY0sT8rAgEx.json")]);
      expect(rows[0]).toMatchObject({ valid: false, error: expect.stringMatching(/database is locked/) as unknown as string });
      const tree = await runProcess(["tree", `${db}#${PARENT}`]);
      expect(tree.code).toBe(3);
      expect(tree.stderr).toMatch(/could not be read \(database is locked\)/);
    } finally {
      locker.close();
    }
    const rows = JSON.parse((await runProcess(["ls", "--json", data])).stdout) as { path: string }[];
    expect(rows.map((x) => x.path)).toContain(`${db}#${PARENT}`);
    expect(rows.map((x) => x.path)).not.toContain(`${db}#database`);
    expect([existsSync(`${db}-wal`), existsSync(`${db}-shm`)]).toEqual([false, false]);
  });
});
