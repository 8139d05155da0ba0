// The built binary's `search` and the catalog flags of `ls`, with HOME and the
// cache dir in a temp dir so the machine's own sessions and cache stay apart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";

let root: string;
let agent: string;
let file: string;

const env = (extra: NodeJS.ProcessEnv = {}) => {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME: join(root, "home"), NO_COLOR: "1", COLUMNS: "100", OMP_SESSIONS_CACHE_DIR: join(root, "cache"), ...extra };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "OMP_PROFILE", "PI_PROFILE", "OMP_SESSIONS_STATS"]) if (!(k in extra)) delete e[k];
  return e;
};

const run = (args: string[], extra: NodeJS.ProcessEnv = {}) => runCli(args, { cwd: root, env: env(extra) });

const line = (o: object) => JSON.stringify(o) + "\n";
const msg = (id: string, parentId: string | null, role: string, content: unknown, ts: string) => line({ type: "message", id, parentId, timestamp: ts, message: { role, content, timestamp: Date.parse(ts) } });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "omp-search-cli-"));
  agent = join(root, "agent");
  const dir = join(agent, "sessions", "--home-u-p--");
  mkdirSync(dir, { recursive: true });
  file = join(dir, "2026-02-01T10-00-00-000Z_s1.jsonl");
  writeFileSync(
    file,
    line({ type: "session", version: 3, id: "s1", timestamp: "2026-02-01T10:00:00.000Z", cwd: "/home/u/p" }) +
      msg("aaaa0001", null, "user", "why does the \u001b[31m marmot\u001b[0m parser fail", "2026-02-01T10:01:00.000Z") +
      msg("aaaa0002", "aaaa0001", "assistant", [{ type: "text", text: "the marmot parser drops the last line" }], "2026-02-01T10:02:00.000Z"),
  );
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("omp-sessions search", () => {
  it("loads better-sqlite3's JavaScript from the one bundled file", async () => {
    // A preload reports, at exit, which better-sqlite3 files were loaded.
    const probe = join(root, "probe.cjs");
    writeFileSync(probe, `process.on("exit", () => require("fs").writeSync(2, "LOADED " + JSON.stringify(Object.keys(require.cache).filter((k) => /sqlite/.test(k)))));`);
    // what the bundle loads: a real process
    const r = await runBin(["search", "--agent-dir", agent, "--json", "marmot"], { cwd: root, env: env({ NODE_OPTIONS: `--require ${probe}` }) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
    const loaded = JSON.parse(/LOADED (.*)/.exec(r.stderr)![1]) as string[];
    expect(loaded.some((k) => k.endsWith(join("dist", "chunks", "sqlite.cjs")))).toBe(true);
    expect(loaded.filter((k) => k.includes(join("better-sqlite3", "lib")))).toEqual([]);
  });

  it("prints ranked hits as JSON with the entry id", async () => {
    const r = await run(["search", "--agent-dir", agent, "--json", '"drops the last"']);
    expect(r.code).toBe(0);
    const hits = JSON.parse(r.stdout);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ path: file, entryId: "aaaa0002", role: "assistant", cwd: "/home/u/p", timestamp: "2026-02-01T10:02:00.000Z" });
  });

  it("names each hit's session by its title and id, as ls does (text and --json)", async () => {
    const json = await run(["search", "--agent-dir", agent, "--json", '"drops the last"']);
    const [hit] = JSON.parse(json.stdout) as { sessionId: string; title: string }[];
    expect(hit.sessionId).toBe("s1");
    expect(hit.title).toMatch(/^why does the .*marmot.* parser fail$/);
    expect(hit.title).not.toContain("\u001b");
    const text = await run(["search", "--agent-dir", agent, '"drops the last"']);
    expect(text.stdout.split("\n")[0]).toMatch(/^why does the .*marmot.* parser fail {2}\S*2026-02-01T10-00-00-000Z_s1\.jsonl {2}aaaa0002 {2}assistant/);
  });

  it("shows each hit with its own entry's text (text and --json)", async () => {
    const json = await run(["search", "--agent-dir", agent, "--json", "marmot parser"]);
    const hits = JSON.parse(json.stdout) as { entryId: string; snippet: string }[];
    expect(Object.fromEntries(hits.map((h) => [h.entryId, h.snippet]))).toEqual({
      aaaa0001: "why does the marmot parser fail",
      aaaa0002: "the marmot parser drops the last line",
    });
    const text = await run(["search", "--agent-dir", agent, "marmot parser"]);
    expect(text.stdout).toContain("why does the marmot parser fail");
    expect(text.stdout).toContain("the marmot parser drops the last line");
  });

  it("prints terminal-safe text: escapes in sessions arrive inert", async () => {
    const r = await run(["search", "--agent-dir", agent, "marmot", "role:user"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("aaaa0001");
    expect(r.stdout).not.toContain("\u001b");
    expect(r.stdout).not.toContain("␛[31m"); // a colour: dropped
    expect(r.stdout).toContain("marmot parser fail");
  });

  it("honours --limit and says when nothing matched", async () => {
    expect(JSON.parse((await run(["search", "--agent-dir", agent, "--json", "--limit", "1", "marmot"])).stdout)).toHaveLength(1);
    const none = await run(["search", "--agent-dir", agent, "platypus"]);
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(/No matches/);
  });

  it("exits 2 with a clear message for a query that asks for nothing or bad flags", async () => {
    for (const args of [["search"], ["search", "---"], ["search", "role:wizard", "x"], ["search", "--limit", "0", "x"]]) {
      const r = await run([...args, "--agent-dir", agent]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.length).toBeGreaterThan(0);
    }
  });

  it("a 10 KB query of cwd: filters or words exits 2 with a clear message, not SQLite's error (issue 27)", async () => {
    const cases: [string, RegExp][] = [
      ["cwd:/a ".repeat(1700), /the query is \d+ characters long; at most 4096/],
      ["cwd:a ".repeat(600), /600 cwd:\/role:\/label: filters; at most 64/],
      [Array.from({ length: 300 }, (_, i) => `w${i}`).join(" "), /300 words to search for; at most 128/],
    ];
    for (const [query, message] of cases) {
      const r = await run(["search", query, "--agent-dir", agent]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/Expression tree/);
    }
  });

  it("answers --help", async () => {
    const r = await run(["search", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/cwd:DIR/);
  });
});

describe("ls and the catalog", () => {
  it("--no-cache and the cache give the same JSON; the stats line counts only appended bytes", async () => {
    const stats = { OMP_SESSIONS_STATS: "1" };
    const plain = await run(["ls", "--all", "--json", "--no-cache", "--agent-dir", agent]);
    const cold = await run(["ls", "--all", "--json", "--agent-dir", agent], stats);
    expect(cold.stdout).toBe(plain.stdout);
    const warm = await run(["ls", "--all", "--json", "--agent-dir", agent], stats);
    expect(warm.stdout).toBe(plain.stdout);
    expect(warm.stderr).toMatch(/^read 0 bytes from 0 files$/m);
    appendFileSync(file, msg("aaaa0003", "aaaa0002", "user", "thanks", "2026-02-01T10:03:00.000Z"));
    const grown = await run(["ls", "--all", "--json", "--agent-dir", agent], stats);
    expect(grown.stdout).toBe((await run(["ls", "--all", "--json", "--no-cache", "--agent-dir", agent])).stdout);
    expect(grown.stderr).toMatch(/^read \d+ bytes from 1 files$/m);
  });
});
