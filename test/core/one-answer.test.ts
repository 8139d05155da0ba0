// One answer everywhere (issue 22): for every fixture session of every agent
// (and the fuzz mutants, and three made cases: a plain v3 file in an omp
// agent dir, a slot-less file whose header carries omp's `title`, a file with
// no cwd), the tree, the list row (cold and warm catalog), the figures, the
// search index, the JSONL export read back and resume agree on the agent,
// name, title, cwd, entry count and leaf; and "this project" is the same
// list cold and warm.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession } from "../../src/core/session/tree/load.js";
import { listSessions } from "../../src/core/session/list/list.js";
import { pathTo } from "../../src/core/session/tree/path.js";
import { buildContext } from "../../src/core/session/tree/context.js";
import { sessionTitle } from "../../src/core/session/title.js";
import { oneLine } from "../../src/core/session/text/safe-text.js";
import { jsonlExport } from "../../src/core/export/jsonl.js";
import { readSessionFigures } from "../../src/core/stats/read-session.js";
import { FiguresTaps } from "../../src/core/stats/figures-scan.js";
import { makePricer, type Pricer } from "../../src/core/stats/prices.js";
import type { PriceOverrides } from "../../src/core/stats/price-overrides.js";
import { updateIndex } from "../../src/core/search/indexer.js";
import type { SearchDb } from "../../src/core/search/db.js";
import { resumeCommand } from "../../src/core/agents/resume-command.js";
import { resumeTargetOf } from "../../src/core/agents/resume-target.js";
import { resumeCommandCli } from "../../src/hooks-cli/session/resume.js";
import { statsCommand } from "../../src/hooks-cli/session/stats.js";
import type { Command } from "../../src/hooks-cli/command.js";
import type { Session, SessionSummary } from "../../src/core/session/model.js";
import { FIXTURES } from "../helpers/fixtures.js";
import { makeMutants } from "../helpers/mutants.js";
import { collect } from "./export-helpers.js";

const noOverrides: PriceOverrides = { rates: new Map(), stamp: "none", error: null, path: "" };

/** Session sources under the fixtures: their files, not the expectations, sidecars or OpenCode's per-message JSON. */
function sourcesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name === "blobs" || (name !== "storage" && p.includes(join("opencode", "storage")) && !p.includes(join("storage", "session")))) continue;
      sourcesUnder(p, out);
    } else if (/\.(jsonl|jsonl\.gz|json)$/.test(name) && !/\.(expected|expect|meta)\.json$/.test(name) && name !== "projects.json") out.push(p);
  }
  return out;
}

let base: string;
let files: string[];
const mutants = new Set<string>();
const made: Record<"ompPlace" | "headerTitle" | "noCwd", string> = { ompPlace: "", headerTitle: "", noCwd: "" };
const cold = new Map<string, SessionSummary>();
const warm = new Map<string, SessionSummary>();
let taps: FiguresTaps;
let db: SearchDb;
let pricer: Pricer;

const PLAIN = join(FIXTURES, "sessions", "pi-2026-01-05T09-00-00-000Z_019b8d62-7a80-7445-a791-54e9f828ce1d.jsonl");

/** A copy of the plain pi fixture at `to`, its header changed by `edit`. */
function madeFrom(to: string, edit: (header: Record<string, unknown>) => void = () => {}): string {
  const [head, ...rest] = readFileSync(PLAIN, "utf8").split("\n");
  const header = JSON.parse(head) as Record<string, unknown>;
  edit(header);
  mkdirSync(join(to, ".."), { recursive: true });
  writeFileSync(to, [JSON.stringify(header), ...rest].join("\n"));
  return to;
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), "omp-one-answer-"));
  // omp keeps sessions in ~/.omp/agent/sessions/<dir>/: a plain v3 file there is omp's.
  made.ompPlace = join(base, "home", ".omp", "agent", "sessions", "--home-u-p--", "2026-01-05T09-00-00-000Z_plain.jsonl");
  mkdirSync(join(made.ompPlace, ".."), { recursive: true });
  copyFileSync(PLAIN, made.ompPlace);
  // A slot-less omp fork: its name in the header's title, no other omp mark.
  made.headerTitle = madeFrom(join(base, "plain", "header-title.jsonl"), (h) => (h.title = "named by omp's fork"));
  // A session with no cwd belongs to no project.
  made.noCwd = madeFrom(join(base, "plain", "no-cwd.jsonl"), (h) => delete h.cwd);
  mkdirSync(join(base, "mutants"));
  for (const m of makeMutants()) {
    const file = join(base, "mutants", m.name);
    writeFileSync(file, m.bytes);
    mutants.add(file);
  }
  files = [...sourcesUnder(FIXTURES), made.ompPlace, made.headerTitle, made.noCwd, ...mutants];

  const cacheDir = join(base, "cache");
  taps = new FiguresTaps(noOverrides);
  for (const s of await listSessions({ paths: files, all: true, cacheDir, taps })) cold.set(s.path, s);
  for (const s of await listSessions({ paths: files, all: true, cacheDir })) warm.set(s.path, s);
  db = (await updateIndex({ paths: files, cacheDir: join(base, "search") })).db;
  pricer = await makePricer(noOverrides);
}, 600_000);

afterAll(() => {
  db?.close();
  rmSync(base, { recursive: true, force: true });
});

/** The facts every route must agree on, from the tree. */
function treeFacts(s: Session) {
  const leaves = s.entries.filter((m) => (s.children.get(m.id)?.length ?? 0) === 0).length;
  return { agent: s.agent, name: s.name, title: oneLine(sessionTitle(s), 100), cwd: typeof s.header.cwd === "string" ? s.header.cwd : "", entryCount: s.entries.length, branchCount: leaves };
}

const rowFacts = (r: SessionSummary) => ({ agent: r.agent, name: r.name, title: oneLine(sessionTitle(r), 100), cwd: r.cwd, entryCount: r.entryCount, branchCount: r.branchCount });

/** A headless command run in process with `args`: the JSON it prints on stdout. */
async function printed(cmd: Command, args: string[]): Promise<unknown> {
  let out = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  });
  try {
    expect(await cmd.run(args)).toBe(0);
  } finally {
    spy.mockRestore();
  }
  return JSON.parse(out);
}

/** `omp-sessions resume FILE --print --json`, run in process: what it prints. */
const resumePrinted = (file: string): Promise<unknown> => printed(resumeCommandCli, [file, "--print", "--json"]);

describe("one answer for every session, whatever the route", () => {
  it("the made cases and the fixtures of every agent are all there", () => {
    const agents = new Set([...cold.values()].filter((r) => r.valid).map((r) => r.agent));
    expect([...agents].sort()).toEqual(["claude", "codex", "gemini", "omp", "opencode", "pi"]);
    expect(cold.size).toBe(files.length);
    expect(warm.size).toBe(files.length);
  });

  it("a plain v3 file in omp's agent dir is omp's in the tree, the list (cold and warm), the figures and resume", async () => {
    const s = await loadSession(made.ompPlace);
    expect(s.agent).toBe("omp");
    expect(cold.get(made.ompPlace)?.agent).toBe("omp");
    expect(warm.get(made.ompPlace)?.agent).toBe("omp");
    expect((await readSessionFigures(made.ompPlace, pricer))?.agent).toBe("omp");
    expect(resumeCommand(resumeTargetOf(cold.get(made.ompPlace)!))?.agent).toBe("omp");
    const listed = await listSessions({ paths: [join(base, "home", ".omp", "agent")], all: true, cacheDir: join(base, "cache-omp") });
    expect(listed.filter((r) => r.agent === "omp").map((r) => r.path)).toEqual([made.ompPlace]);
  });

  it("a slot-less file whose header has omp's title is omp's, and resumed with omp", async () => {
    const s = await loadSession(made.headerTitle);
    expect(s.agent).toBe("omp");
    for (const r of [cold.get(made.headerTitle)!, warm.get(made.headerTitle)!]) expect([r.agent, r.name]).toEqual(["omp", s.name]);
    expect(((await resumePrinted(made.headerTitle)) as { agent: string }).agent).toBe("omp");
  });

  it("this project is one list cold or warm: a session with no cwd is no project's", async () => {
    const cacheDir = join(base, "cache-scope");
    const here = process.cwd();
    const first = await listSessions({ paths: files, cwd: here, cacheDir });
    const again = await listSessions({ paths: files, cwd: here, cacheDir });
    expect(first.map((r) => r.path)).toEqual(again.map((r) => r.path));
    expect(first.map((r) => r.path)).toEqual([]); // no fixture's cwd is this checkout
    expect((await listSessions({ paths: files, cwd: here, cache: false })).map((r) => r.path)).toEqual(first.map((r) => r.path));
    // stats --json covers the same list: none of these sessions is this project's, cold (an empty cache) or warm.
    const saved = process.env.OMP_SESSIONS_CACHE_DIR;
    process.env.OMP_SESSIONS_CACHE_DIR = join(base, "cache-stats");
    try {
      const coldStats = await printed(statsCommand, ["--json", "--cwd", here, ...files]);
      const warmStats = await printed(statsCommand, ["--json", "--cwd", here, ...files]);
      expect(coldStats).toEqual([]);
      expect(warmStats).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.OMP_SESSIONS_CACHE_DIR;
      else process.env.OMP_SESSIONS_CACHE_DIR = saved;
    }
  });

  it("every session: the tree, the list row cold and warm, the figures, the search index, the export and resume agree", { timeout: 600_000 }, async () => {
    const problems: string[] = [];
    const say = (file: string, what: string, got: unknown, want: unknown): void => {
      if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${file.replace(FIXTURES, "fixtures").replace(base, "tmp")}: ${what} ${JSON.stringify(got)}, tree ${JSON.stringify(want)}`);
    };
    const exports = join(base, "exports");
    mkdirSync(exports);
    let n = 0;
    let compared = 0;
    for (const file of files) {
      const row = cold.get(file)!;
      let s: Session | null = null;
      try {
        s = await loadSession(file);
      } catch {
        s = null;
      }
      say(file, "row valid", row.valid, s !== null);
      say(file, "warm row valid", warm.get(file)?.valid, s !== null);
      if (!s || !row.valid) continue;
      compared++;
      const want = treeFacts(s);
      // A line whose JSON is broken past its head by a printable byte (a bit flip, the text `\u0000` outside a
      // string) is counted by the list's scan, which reads only entry heads, and skipped by the tree, which parses
      // it: those two kinds of mutant are compared on the rest. (A raw NUL, bad UTF-8 or an out-of-range version
      // gets one answer: the scan parses such a line, pi/entry-head.ts cleanLine and headerVersion.)
      const counted = (f: ReturnType<typeof treeFacts>) => (mutants.has(file) && /-(bit-flips|nul)-\d+\.jsonl$/.test(file) ? { ...f, entryCount: 0, branchCount: 0 } : f);
      say(file, "cold row", counted(rowFacts(row)), counted(want));
      say(file, "warm row", counted(rowFacts(warm.get(file)!)), counted(want));

      const figures = await readSessionFigures(file, pricer);
      if (figures) {
        say(file, "figures", { agent: figures.agent, cwd: figures.cwd }, { agent: want.agent, cwd: want.cwd });
        if (figures.branches.length > 0) say(file, "figures' leaf", figures.branches[0].leafId, s.leafId);
      }
      const tapped = taps.figured.get(file);
      if (tapped) say(file, "listing's figures", { agent: tapped.figures.agent, cwd: tapped.figures.cwd }, { agent: want.agent, cwd: want.cwd });

      const indexed = db.prepare("SELECT fid, cwd FROM files WHERE path = ?").get(file) as { fid: number; cwd: string } | undefined;
      if (indexed) {
        say(file, "search cwd", indexed.cwd, want.cwd);
        const eids = (db.prepare("SELECT DISTINCT eid FROM entries WHERE fid = ?").all(indexed.fid) as { eid: string }[]).map((r) => r.eid);
        say(
          file,
          "search ids not in the tree",
          eids.filter((id) => !s.byId.has(id)),
          [],
        );
      }

      const target = resumeCommand(resumeTargetOf(s));
      say(file, "resume from the list", resumeCommand(resumeTargetOf(row)), target);
      say(file, "resume --print", await resumePrinted(file), target);

      if (s.leafId === null) continue;
      const out = join(exports, `e${++n}.jsonl`);
      writeFileSync(out, await collect(jsonlExport(s)));
      const copy = await loadSession(out);
      say(file, "export: agent", copy.agent, s.agent === "omp" ? "omp" : "pi");
      say(file, "export: name", copy.name, s.name);
      say(file, "export: cwd", copy.header.cwd ?? "", want.cwd);
      say(file, "export: leaf", copy.leafId, s.leafId);
      say(file, "export: path", pathTo(copy, copy.leafId!), pathTo(s, s.leafId));
      say(file, "export: context", (await buildContext(copy)).messages, (await buildContext(s)).messages);
    }
    expect(compared).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
