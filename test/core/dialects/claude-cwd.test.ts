// A listing of one project without the catalog (`ls --no-cache`) rules out
// other projects' Claude Code transcripts by a read of their head and tail
// (claude/cwd.ts) instead of loading each: the answer is the loaded row's cwd
// or none (the file is then loaded, the tested fallback), never another.
import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeCwdOf } from "../../../src/core/session/read/dialects/claude/cwd.js";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { listSessions } from "../../../src/core/session/list/list.js";

const home = mkdtempSync(join(tmpdir(), "omps-claude-cwd-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const project = join(home, "projects", "-home-dev-app");
mkdirSync(project, { recursive: true });

const FROM = "/home/dev/app";
const TO = "/srv/moved-to";
let n = 0;
const row = (sid: string, i: number, text: string) => ({
  parentUuid: i === 0 ? null : `${sid}-${i - 1}`,
  isSidechain: false,
  cwd: FROM,
  sessionId: sid,
  version: "2.1.332",
  type: "user",
  uuid: `${sid}-${i}`,
  timestamp: new Date(Date.parse("2026-12-01T09:00:00.000Z") + i * 1000).toISOString(),
  message: { role: "user", content: text },
});
const moved = (sid: string) => ({ type: "relocated", sessionId: sid, relocatedCwd: TO });

/** A transcript of `count` prompts (each ~1 KB, so 100 of them pass the 64 KB tail), `relocated` records after the prompts named in `at`. */
function transcript(count: number, at: number[], opts: { nul?: boolean; noCwdHead?: boolean } = {}): string {
  const sid = `5e551011-0000-4000-8000-${String(++n).padStart(12, "0")}`;
  const lines: string[] = [];
  if (opts.noCwdHead) lines.push(JSON.stringify({ type: "file-history-snapshot", messageId: "x", snapshot: { pad: "p".repeat(70 * 1024) } }));
  for (let i = 0; i < count; i++) {
    lines.push(JSON.stringify(row(sid, i, `prompt ${i} ` + "w".repeat(1000))));
    if (at.includes(i)) lines.push((opts.nul ? "\u0000\u0000" : "") + JSON.stringify(moved(sid)));
  }
  const file = join(project, `${sid}.jsonl`);
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

describe("a Claude Code transcript's cwd from its head and tail", () => {
  const cases: [string, string, string | undefined][] = [
    ["never moved, small", transcript(3, []), FROM],
    ["never moved, past the tail", transcript(200, []), FROM],
    ["moved, small", transcript(3, [1]), TO],
    ["moved, written again at the end (as Claude Code does on leaving)", transcript(200, [5, 199]), TO],
    ["moved, NUL padding before the record", transcript(200, [199], { nul: true }), TO],
    // the fallback: a record before the tail only, or a head whose first line is longer than the read
    ["moved early, nothing in the tail", transcript(200, [5]), undefined],
    ["no cwd in the first 64 KB", transcript(200, [], { noCwdHead: true }), undefined],
  ];

  it.each(cases)("%s: the loaded row's cwd, or none when only the whole file tells", async (_what, file, want) => {
    expect(await claudeCwdOf(file)).toBe(want);
    if (want !== undefined) expect((await loadSession(file)).header.cwd).toBe(want);
  });

  it("the fallback's files are where their loaded rows say (the record before the tail counts)", async () => {
    expect((await loadSession(cases[5][1])).header.cwd).toBe(TO);
    expect((await loadSession(cases[6][1])).header.cwd).toBe(FROM);
  });

  it("ls --no-cache of a project lists each where its row says, as the catalog's ls does", async () => {
    const listed = async (cwd: string, cache: boolean) => (await listSessions({ paths: [project], cwd, cacheDir: join(home, "cache"), cache })).map((r) => r.path).sort();
    const rowCwd = new Map<string, string>();
    for (const [, file] of cases) rowCwd.set(file, String((await loadSession(file)).header.cwd));
    for (const dir of [FROM, TO]) {
      const want = cases
        .map(([, f]) => f)
        .filter((f) => rowCwd.get(f) === dir)
        .sort();
      expect(want.length).toBeGreaterThan(1);
      expect(await listed(dir, false)).toEqual(want);
      expect(await listed(dir, true)).toEqual(want);
    }
  });
});
