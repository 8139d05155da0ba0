// OpenCode 2.x keeps sessions in `session_v2` and `session_message` (its
// migration 20260804233008_loose_psylocke). Databases built here in that
// schema: a 2.x-only one, one upgraded from 1.x (the old tables beside the new:
// each session once, the new rows win) and a release channel's database.
import Database from "better-sqlite3";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { opencodeDialect } from "../../../src/core/session/read/dialects/opencode/index.js";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { buildContext } from "../../../src/core/session/tree/context.js";
import { findSessionSource } from "../../../src/core/agents/find-session.js";
// @ts-expect-error a plain script (no types): it builds the 1.x fixture database
import { makeDb, PARENT, CHILD } from "../../fixtures/agents/opencode/make-db.mjs";

process.env.SQLITE_USE_URI = "1";

const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
type Obj = Record<string, any>;

/** The 2.x tables as OpenCode creates them, with the columns later migrations add (time_idle, time_viewed, idle_outcome) put first, so only names can find the rest. */
function addV2Schema(db: Database.Database, withProject: boolean): void {
  if (withProject) db.exec("CREATE TABLE project (id text PRIMARY KEY, worktree text NOT NULL, time_created integer NOT NULL, time_updated integer NOT NULL)");
  db.exec(`CREATE TABLE session_v2 (
    id text PRIMARY KEY, time_idle integer, time_viewed integer, idle_outcome text,
    project_id text NOT NULL, workspace_id text, parent_id text, fork_session_id text, fork_boundary text, slug text NOT NULL,
    directory text NOT NULL, path text, title text, version text NOT NULL, share_url text, metadata text,
    cost real DEFAULT 0 NOT NULL, tokens_input integer DEFAULT 0 NOT NULL, tokens_output integer DEFAULT 0 NOT NULL,
    revert text, permission text, agent text, model text, time_created integer NOT NULL, time_updated integer NOT NULL,
    time_compacting integer, time_archived integer, time_suspended integer)`);
  db.exec(`CREATE TABLE session_message (id text PRIMARY KEY, session_id text NOT NULL, type text NOT NULL, seq integer NOT NULL,
    time_created integer NOT NULL, time_updated integer NOT NULL, data text NOT NULL)`);
}

function addV2Session(db: Database.Database, id: string, title: string, at: number, messages: { type: string; data: Obj }[]): void {
  db.prepare("INSERT INTO session_v2 (id, project_id, slug, directory, title, version, model, time_created, time_updated, time_idle, idle_outcome) VALUES (?, 'prj', ?, '/home/dev/app', ?, '2.0.14', ?, ?, ?, ?, 'done')").run(
    id,
    id.slice(-6),
    title,
    JSON.stringify({ id: "claude-opus-4-5", providerID: "anthropic" }),
    at,
    at + 100,
    at + 200,
  );
  const add = db.prepare("INSERT INTO session_message (id, session_id, type, seq, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?, ?)");
  messages.forEach((m, i) => add.run(`${id}_m${i}`, id, m.type, i + 1, at + i, at + i, JSON.stringify({ ...m.data, time: { created: at + i } })));
}

const conversation = (question: string): { type: string; data: Obj }[] => [
  { type: "user", data: { text: question } },
  {
    type: "assistant",
    data: {
      agent: "build",
      model: { id: "claude-opus-4-5", providerID: "anthropic" },
      content: [
        { type: "reasoning", id: "r1", text: "A listing answers it." },
        { type: "tool", id: "call_1", name: "bash", state: { status: "completed", input: { command: "ls" }, content: [{ type: "text", text: "a.ts\nb.ts" }], structured: {} }, time: { created: T0 } },
      ],
      finish: "tool-calls",
      tokens: { input: 100, output: 20, reasoning: 5, cache: { read: 1000, write: 0 } },
      cost: 0.01,
    },
  },
  { type: "assistant", data: { agent: "build", model: { id: "claude-opus-4-5", providerID: "anthropic" }, content: [{ type: "text", id: "t1", text: "Two files." }], finish: "stop" } },
  { type: "checkpoint-note", data: { text: "a type this reader does not know" } },
];

const ids = async (dir: string): Promise<string[]> => (await opencodeDialect.sources(dir)).map((p) => p.slice(p.lastIndexOf("/") + 1));

describe("OpenCode 2.x databases", () => {
  it("a 2.x-only database lists its sessions and reads them (columns by name; an unknown message type kept)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "oc2-"));
    const db = new Database(join(dir, "opencode.db"));
    addV2Schema(db, true);
    addV2Session(db, "ses_v2a", "List the files", T0, conversation("What is in src?"));
    addV2Session(db, "ses_v2b", "Second", T0 + 5000, conversation("And in test?"));
    db.close();
    expect(await ids(dir)).toEqual(["opencode.db#ses_v2a", "opencode.db#ses_v2b"]);
    const s = await loadSession(join(dir, "opencode.db#ses_v2a"));
    expect(s.name).toBe("List the files");
    expect(s.header.agentVersion).toBe("2.0.14");
    expect(s.header.model).toBe("anthropic/claude-opus-4-5");
    const ctx = await buildContext(s);
    expect((ctx.messages as Obj[]).map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
    expect((ctx.messages as Obj[])[2].content[0].text).toBe("a.ts\nb.ts");
    expect((ctx.messages as Obj[])[1].usage.totalTokens).toBe(1125);
    const unknown = s.entries.find((e) => e.type === "opencode_checkpoint_note");
    expect(unknown?.summary).toMatch(/unknown/);
  });

  it("a database upgraded from 1.x: 1.x's and 2.x's sessions each once, a session in both read from its 2.x rows", async () => {
    const dir = mkdtempSync(join(tmpdir(), "oc12-"));
    const file = makeDb(dir) as string;
    const db = new Database(file);
    addV2Schema(db, false);
    addV2Session(db, PARENT, "Renamed in 2.x", T0, conversation("Asked again in 2.x"));
    addV2Session(db, "ses_v2only", "New in 2.x", T0 + 9000, conversation("Only here"));
    db.close();
    const listed = await ids(dir);
    expect(listed.sort()).toEqual([`opencode.db#${CHILD}`, `opencode.db#${PARENT}`, "opencode.db#ses_v2only"].sort());
    const both = await loadSession(`${file}#${PARENT}`);
    expect(both.name).toBe("Renamed in 2.x");
    const ctx = await buildContext(both);
    expect(((ctx.messages as Obj[])[0].content as Obj[])[0].text).toBe("Asked again in 2.x");
    // A session only in 1.x's tables still reads from them.
    expect((await loadSession(`${file}#${CHILD}`)).entries.length).toBeGreaterThan(0);
  });

  it("1.17: a 1.x history with only a model switch in session_message reads the 1.x messages, the switch in time order", async () => {
    const dir = mkdtempSync(join(tmpdir(), "oc117-"));
    const file = makeDb(dir) as string;
    const before = await loadSession(`${file}#${PARENT}`);
    const db = new Database(file);
    db.exec(`CREATE TABLE session_message (id text PRIMARY KEY, session_id text NOT NULL, type text NOT NULL, time_created integer NOT NULL,
      time_updated integer NOT NULL, data text NOT NULL, seq integer NOT NULL)`);
    const times = (db.prepare("SELECT time_created FROM message WHERE session_id = ? ORDER BY time_created, id").raw().all(PARENT) as [number][]).map((r) => r[0]);
    expect(times.length).toBeGreaterThan(2);
    const at = times[2];
    db.prepare("INSERT INTO session_message VALUES ('evt1', ?, 'model-switched', ?, ?, ?, 16)").run(PARENT, at, at, JSON.stringify({ time: { created: at }, model: { id: "kimi-k2.6", providerID: "opencode" } }));
    db.close();
    const after = await loadSession(`${file}#${PARENT}`);
    const switches = after.entries.filter((e) => e.type === "model_change");
    expect(switches.length).toBe(before.entries.filter((e) => e.type === "model_change").length + 1);
    expect(after.entries.filter((e) => e.type === "message").map((e) => e.id)).toEqual(before.entries.filter((e) => e.type === "message").map((e) => e.id));
    const ctx = await buildContext(after);
    expect((ctx.messages as Obj[]).length).toBe(((await buildContext(before)).messages as Obj[]).length);
  });

  it("a release channel's database (opencode-<channel>.db) is listed, and find-session names it", async () => {
    const home = mkdtempSync(join(tmpdir(), "oc-channel-"));
    const dir = join(home, ".local", "share", "opencode");
    mkdirSync(dir, { recursive: true });
    const main = new Database(join(dir, "opencode.db"));
    addV2Schema(main, true);
    addV2Session(main, "ses_main", "Main", T0, conversation("main"));
    main.close();
    const beta = new Database(join(dir, "opencode-beta.db"));
    addV2Schema(beta, true);
    addV2Session(beta, "ses_beta", "Beta", T0, conversation("beta"));
    beta.close();
    expect(await ids(dir)).toEqual(["opencode.db#ses_main", "opencode-beta.db#ses_beta"]);
    expect(await findSessionSource({ harness: "opencode", nativeId: "ses_beta" }, { home, env: {}, agentDirs: [] })).toBe(join(dir, "opencode-beta.db#ses_beta"));
    expect((await loadSession(join(dir, "opencode-beta.db#ses_beta"))).name).toBe("Beta");
  });
});
