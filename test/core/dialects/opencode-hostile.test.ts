// Issue 27: a crafted opencode.db — views where tables belong, a FIFO, a link
// to /dev/zero — becomes one row saying why, never a hang.
import Database from "better-sqlite3";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createOpencodeDialect } from "../../../src/core/session/read/dialects/opencode/index.js";

process.env.SQLITE_USE_URI = "1";

function dbWith(sql: string): string {
  const dir = mkdtempSync(join(tmpdir(), "opencode-hostile-"));
  const file = join(dir, "opencode.db");
  const db = new Database(file);
  db.exec(sql);
  db.close();
  return dir;
}

const TABLES = {
  session: "CREATE TABLE session (id TEXT PRIMARY KEY, title TEXT, directory TEXT, time_created INTEGER, time_updated INTEGER);",
  message: "CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER, time_updated INTEGER, data TEXT);",
  part: "CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT, session_id TEXT, time_created INTEGER, time_updated INTEGER, data TEXT);",
};

async function listed(dir: string): Promise<{ rows: string[]; warnings: string[] }> {
  const warnings: string[] = [];
  const d = createOpencodeDialect({ busyTimeoutMs: 50, warn: (m) => warnings.push(m) });
  return { rows: await d.sources(dir), warnings };
}

describe("a crafted OpenCode database (issue 27)", () => {
  it("a view named session over an endless recursive query: one row with the reason", async () => {
    const dir = dbWith(
      `${TABLES.message}${TABLES.part}
       CREATE VIEW session AS WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT 'ses_' || i AS id, i AS time_created, 't' AS title, '/' AS directory, i AS time_updated FROM r;`,
    );
    const { rows, warnings } = await listed(dir);
    expect(rows).toEqual([`${join(dir, "opencode.db")}#database`]);
    expect(warnings[0]).toMatch(/"session" is a view, not a table: not read/);
  });

  it("part as a cartesian product: one row with the reason, the session never read", async () => {
    const dir = dbWith(
      `${TABLES.session}${TABLES.message}
       INSERT INTO session VALUES ('ses_a', 't', '/', 1, 1);
       INSERT INTO message VALUES ('msg_a', 'ses_a', 1, 1, '{"role":"user"}');
       CREATE TABLE p0 (id TEXT, message_id TEXT, session_id TEXT, data TEXT);
       WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 200) INSERT INTO p0 SELECT 'prt_' || i, 'msg_a', 'ses_a', '{"type":"text","text":"x"}' FROM r;
       CREATE VIEW part AS SELECT a.id || b.id || c.id || d.id AS id, a.message_id, a.session_id, 1 AS time_created, 1 AS time_updated, a.data FROM p0 a, p0 b, p0 c, p0 d;`,
    );
    const { rows, warnings } = await listed(dir);
    expect(rows).toEqual([`${join(dir, "opencode.db")}#database`]);
    expect(warnings[0]).toMatch(/"part" is a view, not a table/);
  });

  it("a generated column or a missing table is refused the same way", async () => {
    const gen = dbWith(`${TABLES.session}${TABLES.part} CREATE TABLE message (id TEXT, session_id TEXT, time_created INTEGER, data TEXT GENERATED ALWAYS AS (printf('%.*c', 100000000, 'x')) VIRTUAL);`);
    expect((await listed(gen)).warnings[0]).toMatch(/"message" has columns computed on read \(data\)/);
    const none = dbWith(`${TABLES.session}${TABLES.message}`);
    expect((await listed(none)).warnings[0]).toMatch(/no part table: not an OpenCode database/);
  });

  it("opencode.db as a FIFO, or a link to /dev/zero or /dev/urandom: one row saying it is not a regular file", async () => {
    for (const kind of ["fifo", "zero", "urandom"]) {
      const dir = mkdtempSync(join(tmpdir(), "opencode-special-"));
      mkdirSync(dir, { recursive: true });
      const file = join(dir, "opencode.db");
      if (kind === "fifo") execFileSync("mkfifo", [file]);
      else symlinkSync(`/dev/${kind}`, file);
      const { rows, warnings } = await listed(dir);
      expect(rows, kind).toEqual([`${file}#database`]);
      expect(warnings[0], kind).toMatch(/not a regular file/);
    }
  });
});
