// The built binary's `ls`: JSON rows, the cwd default, filters, the table, and
// what it says when nothing is found. HOME and the agent env vars point into a
// temp dir so the machine's own sessions never leak in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixtureFiles } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { formatTable } from "../../src/hooks-cli/session/ls.js";
import { displayWidth } from "../../src/core/session/text/width.js";
import type { SessionSummary } from "../../src/core/session/list/summary.js";

let root: string;
let home: string;
let agent: string;
let project: string;

const env = () => {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: "1", COLUMNS: "100" };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "OMP_PROFILE", "PI_PROFILE"]) delete e[k];
  return e;
};

const run = (args: string[], cwd = root) => runCli(args, { cwd, env: env() });

const session = (id: string, cwd: string, text: string, ts: string) =>
  [
    { type: "session", version: 3, id, timestamp: ts, cwd },
    { type: "message", id: "u1", parentId: null, timestamp: ts, message: { role: "user", content: text, timestamp: Date.parse(ts) } },
  ]
    .map((l) => JSON.stringify(l))
    .join("\n") + "\n";

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "omp-ls-"));
  home = join(root, "home");
  project = join(root, "project");
  agent = join(root, "agent");
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const here = join(agent, "sessions", "--project--");
  const there = join(agent, "sessions", "--elsewhere--");
  mkdirSync(here, { recursive: true });
  mkdirSync(there, { recursive: true });
  writeFileSync(join(here, "a.jsonl"), session("id-a", project, "first in project", "2026-01-02T00:00:00.000Z"));
  writeFileSync(join(here, "b.jsonl"), session("id-b", project, "second \u001b[31mred\u001b[0m", "2026-01-03T00:00:00.000Z"));
  writeFileSync(join(there, "c.jsonl"), session("id-c", "/somewhere/else", "elsewhere work", "2026-01-01T00:00:00.000Z"));
  writeFileSync(join(there, "broken.jsonl"), '{"type":"message","id":"x"}\n');
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("omp-sessions ls", () => {
  it("--json --all lists every file with the documented fields, newest first", async () => {
    const r = await run(["ls", "--json", "--all", "--agent-dir", agent]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(4);
    const keys = ["path", "id", "cwd", "name", "firstMessage", "messageCount", "entryCount", "branchCount", "labelCount", "created", "modified", "size", "parentSession", "dialect", "valid"];
    for (const row of rows) for (const k of keys) expect(row, k).toHaveProperty(k);
    const valid = rows.filter((x) => x.valid);
    expect(valid.map((x) => x.id)).toEqual(["id-b", "id-a", "id-c"]);
    expect(valid[1]).toMatchObject({ firstMessage: "first in project", messageCount: 1, entryCount: 1, branchCount: 1, labelCount: 0, dialect: "pi" });
    const broken = rows.find((x) => !x.valid)!;
    expect(broken.error).toMatch(/not a session file/);
  });

  it("lists only the current directory's sessions by default, another's with --cwd", async () => {
    const here = JSON.parse((await run(["ls", "--json", "--agent-dir", agent], project)).stdout) as { id: string }[];
    expect(here.map((x) => x.id)).toEqual(["id-b", "id-a"]);
    const there = JSON.parse((await run(["ls", "--json", "--agent-dir", agent, "--cwd", "/somewhere/else"])).stdout) as { id: string }[];
    expect(there.map((x) => x.id)).toEqual(["id-c"]);
  });

  it("--search matches name, first message, cwd and id without regard to case", async () => {
    const r = JSON.parse((await run(["ls", "--json", "--all", "--agent-dir", agent, "--search", "ELSEWHERE"])).stdout) as { id: string }[];
    expect(r.map((x) => x.id)).toEqual(["id-c"]);
  });

  it("finds agent dirs from HOME and the env by default", async () => {
    const omp = join(home, ".omp", "agent", "sessions", "--p--");
    mkdirSync(omp, { recursive: true });
    writeFileSync(join(omp, "d.jsonl"), session("id-home", "/home-project", "from home", "2026-01-04T00:00:00.000Z"));
    const r = JSON.parse((await run(["ls", "--json", "--all"])).stdout) as { id: string }[];
    expect(r.map((x) => x.id)).toEqual(["id-home"]);
    rmSync(join(home, ".omp"), { recursive: true, force: true });
  });

  it("lists files and dirs given as arguments (all of them), gzip included", async () => {
    const [fx] = fixtureFiles("sessions");
    const dir = join(root, "given");
    mkdirSync(dir, { recursive: true });
    copyFileSync(fx.file, join(dir, "copy.jsonl"));
    writeFileSync(join(dir, "archived.jsonl.gz"), gzipSync(readFileSync(fx.file)));
    const r = await run(["ls", "--json", dir, join(agent, "sessions", "--elsewhere--", "c.jsonl")]);
    const rows = JSON.parse(r.stdout) as { id: string; entryCount: number }[];
    const id = String(fx.expected!.header.id);
    expect(rows.map((x) => x.id).sort()).toEqual([id, id, "id-c"].sort());
    const copies = rows.filter((x) => x.id === id);
    expect(copies[0].entryCount).toBe(copies[1].entryCount);
  });

  it("prints an aligned, terminal-safe table with invalid files marked", async () => {
    const r = await run(["ls", "--all", "--agent-dir", agent]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^MODIFIED\s+MSGS\s+BR\s+LBL\s+AGENT\s+NAME/);
    expect(lines).toHaveLength(5);
    expect(r.stdout).not.toContain("\u001b");
    // the name's colour sequence is dropped, the text it coloured kept
    expect(r.stdout).toContain("second red");
    expect(lines.find((l) => l.includes("✗ invalid"))).toBeDefined();
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
    const col = lines[0].indexOf("NAME");
    for (const l of lines.slice(1)) expect(l[col - 1]).toBe(" ");
  });

  it("says where it looked when nothing is found", async () => {
    const empty = join(root, "empty-agent");
    mkdirSync(empty, { recursive: true });
    const r = await run(["ls", "--agent-dir", empty], project);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("No sessions");
    expect(r.stdout).toContain(empty);
    const none = await run(["ls"], project);
    expect(none.stdout).toMatch(/No agent dir/);
    expect((await run(["ls", "--json", "--agent-dir", empty])).stdout.trim()).toBe("[]");
  });

  it("says no such file and exits 3 for a PATH that does not exist (the others still listed)", async () => {
    const missing = join(root, "no", "such", "dir");
    const r = await run(["ls", missing]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`${missing}: no such file`);
    expect(r.stdout).toBe("");
    const some = await run(["ls", "--json", missing, join(agent, "sessions", "--elsewhere--", "c.jsonl")]);
    expect(some.code).toBe(3);
    expect((JSON.parse(some.stdout) as { id: string }[]).map((x) => x.id)).toEqual(["id-c"]);
  });

  it("--agent keeps one agent's sessions (repeatable, comma lists); an unknown agent is a usage error naming the valid ones", async () => {
    const fixtures = "test/fixtures/sessions";
    const all = JSON.parse((await run(["ls", "--json", "--agent", "pi,omp", join(process.cwd(), fixtures)])).stdout) as { agent: string; dialect: string }[];
    expect(new Set(all.map((r) => r.agent))).toEqual(new Set(["pi", "omp"]));
    const pi = await run(["ls", "--json", "--agent", "pi", join(process.cwd(), fixtures)]);
    expect(pi.code).toBe(0);
    const rows = JSON.parse(pi.stdout) as { agent: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(all.length);
    expect(rows.every((r) => r.agent === "pi")).toBe(true);
    const both = JSON.parse((await run(["ls", "--json", "--agent", "omp", "--agent", "pi", join(process.cwd(), fixtures)])).stdout) as unknown[];
    expect(both).toHaveLength(all.length);
    const table = await run(["ls", "--agent", "omp", join(process.cwd(), fixtures)]);
    const body = table.stdout.trimEnd().split("\n").slice(1);
    expect(body.length).toBeGreaterThan(0);
    const col = table.stdout.indexOf("AGENT");
    for (const l of body) expect(l.slice(col, col + 4)).toBe("omp ");
    const none = await run(["ls", "--agent", "claude", "--agent-dir", agent, "--all"]);
    expect(none.code).toBe(0);
    expect(none.stdout).toContain("No sessions of claude");
    const bad = await run(["ls", "--agent", "cursor"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split("\n")[0]).toBe('omp-sessions ls: unknown agent "cursor" for --agent: one of pi, omp, claude, codex, gemini, opencode');
  });

  it("rejects --all with --cwd (exit 2)", async () => {
    const r = await run(["ls", "--all", "--cwd", "/x"]);
    expect(r.code).toBe(2);
  });
});

describe("ls table", () => {
  const row = (name: string, cwd: string): SessionSummary => ({
    path: `/s/${name}.jsonl`,
    id: name,
    cwd,
    name,
    firstMessage: "",
    messageCount: 3,
    entryCount: 4,
    branchCount: 1,
    labelCount: 0,
    created: "2026-01-01T00:00:00.000Z",
    modified: "2026-01-01T00:00:00.000Z",
    size: 1,
    parentSession: null,
    agent: "pi",
    valid: true,
  });

  it("keeps columns aligned by display width with wide characters, within the width", () => {
    const lines = formatTable([row("plain words here", "/p/a"), row("日本語の名前 🚀 ".repeat(8), "/p/日本")], { width: 70, color: false, home: "/home/x" });
    const cwdCol = (l: string) => displayWidth(l.slice(0, l.lastIndexOf("/p")));
    expect(cwdCol(lines[1])).toBe(cwdCol(lines[2]));
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(70);
  });
});
