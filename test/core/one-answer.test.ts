// One answer everywhere (issue 22): for every fixture session of every agent
// (test/fixtures, any ../shared/fixtures file the in-repo copies do not hold
// as is, the fuzz mutants, OpenCode's database, and three made cases: a plain
// v3 file in an omp agent dir, a slot-less file whose header carries omp's
// `title`, a file with no cwd, a Claude Code session that moved folder, had a
// tool result replaced and was handed on, and a fork subagent of it), every
// route answers as the tree does:
//
// - the list row, cold, warm and as `ls --json` copies it: agent, id, name, title, first message, cwd,
//   parent, the session it went on in, entry, message, branch and label counts (a row has no leaf);
// - the figures, on each of their routes (the tree's, the listing's taps,
//   stats' own scan, stats' cache): agent, id, cwd, parent, entry count (every
//   entry is on one branch), branch count and leaf; and the sums (calls,
//   tokens, cost, models) the same as the tree's route. Figures hold no name:
//   stats shows a session by its file and id;
// - the search index, with and without tool output: cwd; its entries are
//   exactly the tree's messages with searchable text (docOf), each with its
//   role; its labels are the tree's.
//   Agent and name are no index fact: a hit is shown with its list row;
// - the JSONL export read back: agent, name, cwd, leaf, the path (so its entry
//   count), the labels on it, and only labels and a name beside it; the context;
// - resume: the tree, the list row, `resume --print`, ^r on the list and r in
//   the tree (the browser's own key handlers) give the same command;
//
// and "this project" is the same list cold and warm.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { join, relative } from "node:path";
import { loadSession } from "../../src/core/session/tree/load.js";
import { listSessions, listSessionsJson } from "../../src/core/session/list/list.js";
import { pathTo } from "../../src/core/session/tree/path.js";
import { buildContext } from "../../src/core/session/tree/context.js";
import { readEntries } from "../../src/core/session/read/entry.js";
import { sessionTitle } from "../../src/core/session/title.js";
import { oneLine } from "../../src/core/session/text/safe-text.js";
import { jsonlExport } from "../../src/core/export/jsonl.js";
import { readSessionFigures } from "../../src/core/stats/read-session.js";
import { FiguresTaps } from "../../src/core/stats/figures-scan.js";
import { collectFigures } from "../../src/core/stats/collect.js";
import type { SessionFigures } from "../../src/core/stats/figures.js";
import { makePricer, type Pricer } from "../../src/core/stats/prices.js";
import type { PriceOverrides } from "../../src/core/stats/price-overrides.js";
import { updateIndex } from "../../src/core/search/indexer.js";
import { docOf } from "../../src/core/search/extract.js";
import type { SearchDb } from "../../src/core/search/db.js";
import { resumeCommand } from "../../src/core/agents/resume-command.js";
import { resumeTargetOf } from "../../src/core/agents/resume-target.js";
import { resumeCommandCli } from "../../src/hooks-cli/session/resume.js";
import { statsCommand } from "../../src/hooks-cli/session/stats.js";
import type { Command } from "../../src/hooks-cli/command.js";
import type { Session, SessionSummary } from "../../src/core/session/model.js";
import { createStores, disposeStores, type Stores } from "../../src/ui/state/stores.js";
import { sessionsScreen } from "../../src/ui/screens/sessions-screen.js";
import { treeScreen } from "../../src/ui/screens/tree-screen.js";
import { FIXTURES, ROOT } from "../helpers/fixtures.js";
import { makeMutants } from "../helpers/mutants.js";
import { collect } from "./export-helpers.js";
// @ts-expect-error a plain script (no types): it builds OpenCode's fixture database
import { makeDb } from "../fixtures/agents/opencode/make-db.mjs";

const noOverrides: PriceOverrides = { rates: new Map(), stamp: "none", error: null, path: "" };
/** The project workspace's fixtures, when the repo sits beside it (a plain clone has only the copies in test/fixtures). */
const SHARED = join(ROOT, "..", "shared", "fixtures");

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

/** The workspace's sources the in-repo copies do not hold byte for byte (none once scripts/refresh-fixtures.mjs ran). */
function sharedOnly(): string[] {
  if (!existsSync(SHARED)) return [];
  return sourcesUnder(SHARED).filter((p) => {
    const copy = join(FIXTURES, relative(SHARED, p));
    return !existsSync(copy) || !readFileSync(copy).equals(readFileSync(p));
  });
}

let base: string;
/** What the listings are given: files, and OpenCode's data dir. */
let roots: string[];
/** Every session source: the files given and the database's sessions. */
let files: string[];
const mutants = new Set<string>();
const made: Record<"ompPlace" | "headerTitle" | "noCwd" | "claudeMoved" | "claudeFork", string> = { ompPlace: "", headerTitle: "", noCwd: "", claudeMoved: "", claudeFork: "" };
const cold = new Map<string, SessionSummary>();
const warm = new Map<string, SessionSummary>();
/** `ls --json`'s rows, warm: the catalog's stored rows copied as they are. */
const lsJson = new Map<string, SessionSummary>();
let taps: FiguresTaps;
/** The figures by route, by file. */
const figures = new Map<string, Map<string, SessionFigures>>();
/** The search index, and the one with tool output. */
let db: SearchDb;
let toolsDb: SearchDb;
let pricer: Pricer;
let ui: Stores;

const PLAIN = join(FIXTURES, "sessions", "pi-2026-01-05T09-00-00-000Z_019b8d62-7a80-7445-a791-54e9f828ce1d.jsonl");

/** Lines of Claude Code 2.1.332 (made up): a session that moved into a worktree, had a tool result replaced and was handed to a background session, and a fork subagent of it. */
function madeClaude(dir: string): { session: string; fork: string } {
  const id = "0ae5a000-0000-4000-8000-000000000001";
  const base = { isSidechain: false, userType: "external", cwd: "/home/dev/app", sessionId: id, version: "2.1.332", gitBranch: "main" };
  const t = (n: number) => `2026-12-01T09:00:0${n}.000Z`;
  const reply = (uuid: string, parentUuid: string, content: object[], stop: string) => ({
    ...base,
    parentUuid,
    type: "assistant",
    uuid,
    timestamp: t(2),
    requestId: `r-${uuid}`,
    message: { model: "claude-sonnet-4-5", id: `m-${uuid}`, type: "message", role: "assistant", content, stop_reason: stop, usage: { input_tokens: 10, output_tokens: 5 } },
  });
  const session = join(dir, `${id}.jsonl`);
  const fork = join(dir, id, "subagents", "agent-af0c0000000000001.jsonl");
  const lines = (ls: object[]) => ls.map((l) => JSON.stringify(l) + "\n").join("");
  mkdirSync(join(fork, ".."), { recursive: true });
  writeFileSync(
    session,
    lines([
      { ...base, parentUuid: null, type: "user", uuid: "u1", timestamp: t(1), message: { role: "user", content: "Run the tests" } },
      reply("a1", "u1", [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "npm test" } }], "tool_use"),
      { ...base, parentUuid: "a1", type: "user", uuid: "u2", timestamp: t(3), message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "ok\n".repeat(100) }] } },
      { type: "content-replacement", sessionId: id, replacements: [{ kind: "tool-result", toolUseId: "t1", replacement: "<persisted-output>saved to /tmp/t1.txt</persisted-output>" }] },
      reply("a2", "u2", [{ type: "text", text: "Passing." }], "end_turn"),
      { type: "relocated", sessionId: id, relocatedCwd: "/home/dev/app/.claude/worktrees/w" },
      { type: "continued-in", sessionId: id, continuedInSessionId: "0ae5a000-0000-4000-8000-000000000002" },
    ]),
  );
  const own = { ...base, isSidechain: true, agentId: "af0c0000000000001" };
  writeFileSync(
    fork,
    lines([
      { type: "fork-context-ref", agentId: own.agentId, parentSessionId: id, parentLastUuid: "a1", contextLength: 2 },
      { ...own, parentUuid: null, type: "user", uuid: "f1", timestamp: t(4), message: { role: "user", content: [{ type: "text", text: "<fork-boilerplate>\nRules.\n</fork-boilerplate>\n\nYour directive: Read the log" }] } },
      {
        ...own,
        parentUuid: "f1",
        type: "assistant",
        uuid: "f2",
        timestamp: t(5),
        requestId: "r-f2",
        message: { model: "claude-sonnet-4-5", id: "m-f2", role: "assistant", content: [{ type: "text", text: "Read." }], stop_reason: "end_turn", usage: { input_tokens: 3, output_tokens: 1 } },
      },
    ]),
  );
  return { session, fork };
}

/** A copy of the plain pi fixture at `to`, its header changed by `edit`. */
function madeFrom(to: string, edit: (header: Record<string, unknown>) => void = () => {}): string {
  const [head, ...rest] = readFileSync(PLAIN, "utf8").split("\n");
  const header = JSON.parse(head) as Record<string, unknown>;
  edit(header);
  mkdirSync(join(to, ".."), { recursive: true });
  writeFileSync(to, [JSON.stringify(header), ...rest].join("\n"));
  return to;
}

const byFile = (all: SessionFigures[]): Map<string, SessionFigures> => new Map(all.map((f) => [f.file, f]));

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
  ({ session: made.claudeMoved, fork: made.claudeFork } = madeClaude(join(base, "claude", "projects", "-home-dev-app--claude-worktrees-w")));
  mkdirSync(join(base, "mutants"));
  for (const m of makeMutants()) {
    const file = join(base, "mutants", m.name);
    writeFileSync(file, m.bytes);
    mutants.add(file);
  }
  // OpenCode's sessions in its database (`<db>#<id>`), as the listing finds them in its data dir.
  const opencode = join(base, "opencode");
  makeDb(opencode);
  roots = [...sourcesUnder(FIXTURES), ...sharedOnly(), made.ompPlace, made.headerTitle, made.noCwd, made.claudeMoved, made.claudeFork, ...mutants, opencode];

  const cacheDir = join(base, "cache");
  taps = new FiguresTaps(noOverrides);
  for (const s of await listSessions({ paths: roots, all: true, cacheDir, taps })) cold.set(s.path, s);
  for (const s of await listSessions({ paths: roots, all: true, cacheDir })) warm.set(s.path, s);
  for (const s of JSON.parse((await listSessionsJson({ paths: roots, all: true, cacheDir })).toString("utf8")) as SessionSummary[]) lsJson.set(s.path, s);
  // Every file given, and the sessions in OpenCode's database (`<db>#<id>`) the listing found in its data dir.
  files = [...roots.slice(0, -1), ...[...cold.keys()].filter((p) => p.startsWith(opencode)).sort()];
  db = (await updateIndex({ paths: roots, cacheDir: join(base, "search") })).db;
  toolsDb = (await updateIndex({ paths: roots, cacheDir: join(base, "search"), tools: true })).db;
  pricer = await makePricer(noOverrides);

  const statsCache = join(base, "cache-figures");
  figures.set("listing's taps", new Map([...taps.figured].map(([file, f]) => [file, f.figures])));
  figures.set("stats after the listing", byFile((await collectFigures(files, { cacheDir: statsCache, taps, overrides: noOverrides })).figures));
  figures.set("stats from its cache", byFile((await collectFigures(files, { cacheDir: statsCache, overrides: noOverrides })).figures));
  figures.set("stats on its own", byFile((await collectFigures(files, { cache: false, overrides: noOverrides })).figures));

  ui = createStores({ cwd: base, list: { paths: roots }, statsCacheDir: join(base, "cache-ui") });
  ui.app.getState().setSessions([...cold.values()]);
}, 600_000);

afterAll(() => {
  if (ui) disposeStores(ui);
  db?.close();
  toolsDb?.close();
  rmSync(base, { recursive: true, force: true });
});

/** The facts every route must agree on, from the tree. */
function treeFacts(s: Session) {
  const childless = (id: string): boolean => (s.children.get(id)?.length ?? 0) === 0;
  // Branches: every leaf's, and the active path's when the session's leaf has children (a rewind left it inside the tree).
  const leaves = s.entries.filter((m) => childless(m.id)).length + (s.leafId !== null && !childless(s.leafId) ? 1 : 0);
  return {
    agent: s.agent,
    id: typeof s.header.id === "string" ? s.header.id : "",
    name: s.name,
    title: oneLine(sessionTitle(s), 100),
    cwd: typeof s.header.cwd === "string" ? s.header.cwd : "",
    firstMessage: oneLine(s.firstMessage ?? "", 100),
    parentSession: typeof s.header.parentSession === "string" ? s.header.parentSession : null,
    continuedIn: typeof s.header.continuedIn === "string" ? s.header.continuedIn : null,
    entryCount: s.entries.length,
    messageCount: s.entries.filter((m) => m.type === "message").length,
    branchCount: leaves,
    labelCount: [...s.labels.keys()].filter((id) => s.byId.has(id)).length,
  };
}

const rowFacts = (r: SessionSummary): ReturnType<typeof treeFacts> => ({
  agent: r.agent,
  id: r.id,
  name: r.name,
  title: oneLine(sessionTitle(r), 100),
  cwd: r.cwd,
  firstMessage: oneLine(r.firstMessage, 100),
  parentSession: r.parentSession,
  continuedIn: r.continuedIn ?? null,
  entryCount: r.entryCount,
  messageCount: r.messageCount,
  branchCount: r.branchCount,
  labelCount: r.labelCount,
});

/** What the figures know of the tree: every entry is on exactly one branch; the first branch ends at the session's leaf. */
const figureFacts = (f: SessionFigures) => ({
  agent: f.agent,
  id: f.id,
  cwd: f.cwd,
  parentSession: f.parentSession,
  entryCount: f.branches.reduce((n, b) => n + b.entries, 0),
  branchCount: f.branches.length,
  leaf: f.branches[0]?.leafId ?? null,
});

/** What the figures count, the same on every route (the cost to a billionth of a dollar: sums in another order). */
const figureSums = (f: SessionFigures) => ({ ...f.total, cost: Math.round(f.total.cost * 1e9), inherited: f.inherited, duplicates: f.duplicates, models: f.models });

/** A headless command run in process with `args`: the JSON it prints on stdout. */
async function printed(cmd: Command, args: string[], notes: string[] = []): Promise<unknown> {
  let out = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  });
  // what it says on stderr (resume's note on a conversation that went on elsewhere) is the caller's to check, not the test run's output
  const errSpy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    notes.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return true;
  });
  // stdout.ts writes JSON straight to fd 1 (writevSync): caught too, as run-cli.ts does.
  const savedWritev = fs.writevSync;
  fs.writevSync = ((fd: number, bufs: readonly NodeJS.ArrayBufferView[], pos?: number) => {
    if (fd !== 1) return savedWritev(fd, bufs, pos);
    let n = 0;
    for (const b of bufs) {
      out += Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("utf8");
      n += b.byteLength;
    }
    return n;
  }) as typeof fs.writevSync;
  syncBuiltinESMExports();
  try {
    expect(await cmd.run(args)).toBe(0);
  } finally {
    fs.writevSync = savedWritev;
    syncBuiltinESMExports();
    spy.mockRestore();
    errSpy.mockRestore();
  }
  return JSON.parse(out);
}

/** `omp-sessions resume FILE --print --json`, run in process: what it prints (its notes on stderr into `notes`). */
const resumePrinted = (file: string, notes?: string[]): Promise<unknown> => printed(resumeCommandCli, [file, "--print", "--json"], notes);

/** The note resume gives on stderr for a Claude Code conversation that went on in another session. */
const wentOnNote = (id: string): string => `omp-sessions resume: this conversation went on in session ${id} (claude --resume ${id} to go on there)\n`;

/** ^r on the session list with the cursor on `file`: the command the browser asks for (the key's own handler). */
function resumeFromList(file: string): unknown {
  ui.resume.setState({ request: null });
  const at = ui.app.getState().listView.findIndex((r) => r.path === file);
  if (at < 0) return "not on the list";
  ui.app.setState({ screen: "sessions", listCursor: at });
  sessionsScreen.onAction!("resume", ui);
  return ui.resume.getState().request?.cmd ?? null;
}

/** r in the tree on the session's leaf: the command the browser asks for (the key's own handler). */
function resumeFromTree(s: Session): unknown {
  ui.resume.setState({ request: null });
  ui.app.setState({ filter: "all" });
  ui.app.getState().setSession(s);
  const { rows } = ui.app.getState();
  const leaf = s.leafId === null || !rows ? -1 : rows.indexOf(s.leafId);
  if (leaf >= 0) ui.app.setState({ cursor: leaf });
  treeScreen.onAction!("resume", ui);
  return ui.resume.getState().request?.cmd ?? null;
}

/** What the search index holds of a file: its cwd, entry id → role, and target → label on entries that exist. */
function indexed(db: SearchDb, file: string, s: Session): { cwd: string; entries: Record<string, string>; labels: Record<string, string> } | null {
  const row = db.prepare("SELECT fid, cwd FROM files WHERE path = ?").get(file) as { fid: number; cwd: string } | undefined;
  if (!row) return null;
  const entries = db.prepare("SELECT eid, role FROM entries WHERE fid = ? ORDER BY eid").all(row.fid) as { eid: string; role: string }[];
  const labels = db.prepare("SELECT target, label FROM labels WHERE fid = ? ORDER BY target").all(row.fid) as { target: string; label: string }[];
  return {
    cwd: row.cwd,
    entries: Object.fromEntries(entries.map((e) => [e.eid, e.role])),
    labels: Object.fromEntries(labels.filter((l) => s.byId.has(l.target)).map((l) => [l.target, l.label])),
  };
}

/** What the index should hold, from the tree: every message entry with searchable text (docOf, with or without tool output) by its role; the labels in force. */
async function indexable(s: Session, tools: boolean): Promise<{ cwd: string; entries: Record<string, string>; labels: Record<string, string> }> {
  const metas = s.entries.filter((m) => m.type === "message");
  const objs = await readEntries(s, metas);
  const entries: [string, string][] = [];
  metas.forEach((m, i) => {
    const doc = docOf(objs[i], tools);
    if (doc) entries.push([m.id, doc.role]);
  });
  const labels = [...s.labels].filter(([id]) => s.byId.has(id));
  const sorted = <T extends [string, string]>(xs: T[]) => Object.fromEntries(xs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
  return { cwd: typeof s.header.cwd === "string" ? s.header.cwd : "", entries: sorted(entries), labels: sorted(labels) };
}

describe("one answer for every session, whatever the route", () => {
  it("the made cases, the fixtures of every agent and OpenCode's database are all there", () => {
    const agents = new Set([...cold.values()].filter((r) => r.valid).map((r) => r.agent));
    expect([...agents].sort()).toEqual(["claude", "codex", "gemini", "omp", "opencode", "pi"]);
    expect(files.filter((f) => f.includes("#")).length).toBe(2);
    expect(cold.size).toBe(files.length);
    expect(warm.size).toBe(files.length);
  });

  it("a session in OpenCode's database given by its own path (as ls prints it) is listed, and counted by stats, as in its database", async () => {
    const inDb = files.filter((f) => f.includes("#"));
    const rows = await listSessions({ paths: inDb, all: true, cacheDir: join(base, "cache-db") });
    expect(rows.map(rowFacts)).toEqual(rows.map((r) => rowFacts(cold.get(r.path)!)));
    expect(rows.map((r) => r.path).sort()).toEqual(inDb);
    const saved = process.env.OMP_SESSIONS_CACHE_DIR;
    process.env.OMP_SESSIONS_CACHE_DIR = join(base, "cache-db-stats");
    try {
      const stats = (await printed(statsCommand, ["--json", inDb[0]])) as { session: string }[];
      expect(stats.map((r) => r.session)).toEqual([inDb[0]]);
    } finally {
      if (saved === undefined) delete process.env.OMP_SESSIONS_CACHE_DIR;
      else process.env.OMP_SESSIONS_CACHE_DIR = saved;
    }
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

  it("the made Claude Code session is where it moved to and names the session it went on in, on every route; its fork is called by its directive", async () => {
    const s = await loadSession(made.claudeMoved);
    expect(s.header).toMatchObject({ cwd: "/home/dev/app/.claude/worktrees/w", originalCwd: "/home/dev/app", continuedIn: "0ae5a000-0000-4000-8000-000000000002" });
    for (const r of [cold.get(made.claudeMoved)!, warm.get(made.claudeMoved)!, lsJson.get(made.claudeMoved)!]) expect([r.cwd, r.continuedIn]).toEqual([s.header.cwd, s.header.continuedIn]);
    const notes: string[] = [];
    expect((await resumePrinted(made.claudeMoved, notes)) as { cwd: string }).toMatchObject({ cwd: "/home/dev/app/.claude/worktrees/w" });
    expect(notes).toEqual([wentOnNote("0ae5a000-0000-4000-8000-000000000002")]);
    expect((await buildContext(s)).messages.find((m) => m.role === "toolResult")?.content).toEqual([{ type: "text", text: "<persisted-output>saved to /tmp/t1.txt</persisted-output>" }]);
    const fork = await loadSession(made.claudeFork);
    expect([fork.header.parentSession, fork.header.parentEntryId, fork.firstMessage]).toEqual([made.claudeMoved, "a1", "Read the log"]);
    expect(cold.get(made.claudeFork)!.firstMessage).toBe("Read the log");
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
    const first = await listSessions({ paths: roots, cwd: here, cacheDir });
    const again = await listSessions({ paths: roots, cwd: here, cacheDir });
    expect(first.map((r) => r.path)).toEqual(again.map((r) => r.path));
    expect(first.map((r) => r.path)).toEqual([]); // no fixture's cwd is this checkout
    expect((await listSessions({ paths: roots, cwd: here, cache: false })).map((r) => r.path)).toEqual(first.map((r) => r.path));
    // stats --json covers the same list: none of these sessions is this project's, cold (an empty cache) or warm.
    const saved = process.env.OMP_SESSIONS_CACHE_DIR;
    process.env.OMP_SESSIONS_CACHE_DIR = join(base, "cache-stats");
    try {
      const coldStats = await printed(statsCommand, ["--json", "--cwd", here, ...roots]);
      const warmStats = await printed(statsCommand, ["--json", "--cwd", here, ...roots]);
      expect(coldStats).toEqual([]);
      expect(warmStats).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.OMP_SESSIONS_CACHE_DIR;
      else process.env.OMP_SESSIONS_CACHE_DIR = saved;
    }
  });

  it("resume: r in the browser gives the command resume --print gives, for a session of each agent", async () => {
    const seen = new Set<string>();
    for (const file of files) {
      const row = cold.get(file)!;
      if (!row.valid || seen.has(row.agent) || mutants.has(file)) continue;
      seen.add(row.agent);
      const s = await loadSession(file);
      const cli = await resumePrinted(file);
      expect(cli).toMatchObject({ agent: row.agent, bin: row.agent });
      expect([resumeFromList(file), resumeFromTree(s)]).toEqual([cli, cli]);
    }
    expect([...seen].sort()).toEqual(["claude", "codex", "gemini", "omp", "opencode", "pi"]);
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
      // A line whose JSON is broken past its head (a bit flip, a NUL, a bad byte outside a string) is counted by the
      // list's scan, which reads only entry heads, and skipped by the tree, which parses it; the figures' scan shares
      // the list's tree: those three kinds of mutant are compared on the rest (checking every byte for them cost the
      // cold list 9–14% of its CPU). An out-of-range header version gets one answer (pi/entry-head.ts headerVersion).
      const counted = <T extends object>(f: T): T => (mutants.has(file) && /-(bit-flips|nul|invalid-utf8)-\d+\.jsonl$/.test(file) ? { ...f, entryCount: 0, messageCount: 0, branchCount: 0, labelCount: 0, leaf: null } : f);
      say(file, "cold row", counted(rowFacts(row)), counted(want));
      say(file, "warm row", counted(rowFacts(warm.get(file)!)), counted(want));
      say(file, "ls --json row", lsJson.has(file) ? counted(rowFacts(lsJson.get(file)!)) : "not listed", counted(want));

      const wantFigures = { agent: want.agent, id: want.id, cwd: want.cwd, parentSession: want.parentSession, entryCount: want.entryCount, branchCount: want.branchCount, leaf: s.leafId };
      const treeRoute = await readSessionFigures(file, pricer);
      say(file, "figures (the tree's)", treeRoute && figureFacts(treeRoute), wantFigures);
      for (const [route, got] of figures) {
        const f = got.get(file);
        // The listing's taps leave a fork to stats (its parent settles what it copied): every other route has every session.
        if (!f && route === "listing's taps") continue;
        say(file, `figures (${route})`, f && counted(figureFacts(f)), counted(wantFigures));
        // A mutant's damaged call line: the scan reads its usage from the line's tail, the tree skips the line (as above).
        if (f && treeRoute && !mutants.has(file)) say(file, `figures' sums (${route})`, figureSums(f), figureSums(treeRoute));
      }

      say(file, "search index", indexed(db, file, s), await indexable(s, false));
      say(file, "search index with tool output", indexed(toolsDb, file, s), await indexable(s, true));

      const target = resumeCommand(resumeTargetOf(s));
      say(file, "resume from the list", resumeCommand(resumeTargetOf(row)), target);
      const notes: string[] = [];
      say(file, "resume --print", await resumePrinted(file, notes), target);
      say(file, "resume's note", notes, typeof s.header.continuedIn === "string" ? [wentOnNote(s.header.continuedIn)] : []);
      say(file, "^r on the list", resumeFromList(file), target);
      say(file, "r in the tree", resumeFromTree(s), target);

      if (s.leafId === null) continue;
      const out = join(exports, `e${++n}.jsonl`);
      writeFileSync(out, await collect(jsonlExport(s)));
      const copy = await loadSession(out);
      const path = pathTo(s, s.leafId);
      const copyPath = copy.leafId === null ? [] : pathTo(copy, copy.leafId);
      say(file, "export: agent", copy.agent, s.agent === "omp" ? "omp" : "pi");
      say(file, "export: name", copy.name, s.name);
      say(file, "export: cwd", copy.header.cwd ?? "", want.cwd);
      say(file, "export: leaf", copy.leafId, s.leafId);
      say(file, "export: path", copyPath, path);
      say(file, "export: entries on the path", copyPath.length, path.length);
      // Beside the path only what keeps its labels and name (export/jsonl.ts fixups): no other entry comes along.
      const onPath = new Set(copyPath);
      say(
        file,
        "export: entries beside the path",
        [...new Set(copy.entries.filter((m) => !onPath.has(m.id)).map((m) => m.type))].filter((t) => t !== "label" && t !== "session_info"),
        [],
      );
      const labelsOn = (x: Session, ids: string[]) => ids.filter((id) => x.labels.has(id)).map((id) => [id, x.labels.get(id)]);
      say(file, "export: labels on the path", labelsOn(copy, copyPath), labelsOn(s, path));
      say(file, "export: context", (await buildContext(copy)).messages, (await buildContext(s)).messages);
    }
    expect(compared).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
