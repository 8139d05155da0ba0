// A file with no message and no name is left out of the list where its agent's
// own list leaves it out (Claude Code's /resume, Codex's thread list, Gemini
// CLI's session list: Dialect.hidesEmpty), on every route of the list — cold,
// warm, `ls --json` as stored — unless it is named as a path; doctor names
// them. pi lists a header-only file, and so do we.
import { beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listSessions, listSessionsJson } from "../../src/core/session/list/list.js";
import { findDrift } from "../../src/core/session/list/drift.js";
import { shownInList } from "../../src/core/session/list/listed.js";

const base = mkdtempSync(join(tmpdir(), "list-empty-"));
const claudeDir = join(base, ".claude", "projects", "-home-u-proj");
const codexDir = join(base, ".codex", "sessions", "2026", "01", "02");
const geminiDir = join(base, ".gemini", "tmp", "proj", "chats");
const piDir = join(base, "pi", "sessions", "--home-u-proj--");
const roots = [join(base, ".claude", "projects"), join(base, ".codex"), join(base, ".gemini"), join(base, "pi")];

const line = (o: object): string => JSON.stringify(o) + "\n";
const claudeUser = (sid: string, text: string) =>
  line({ parentUuid: null, isSidechain: false, cwd: "/home/u/proj", sessionId: sid, version: "2.1.87", type: "user", message: { role: "user", content: text }, uuid: `${sid.slice(0, 8)}-u1`, timestamp: "2026-01-02T00:00:00.000Z" });
const codexMeta = (id: string) => line({ timestamp: "2026-01-02T00:00:00.000Z", type: "session_meta", payload: { id, timestamp: "2026-01-02T00:00:00.000Z", cwd: "/home/u/proj", originator: "codex_cli_rs", cli_version: "0.130.0" } });
const codexUser = (text: string) => line({ timestamp: "2026-01-02T00:00:01.000Z", type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text }] } });
const geminiChat = (sessionId: string, messages: object[]) => JSON.stringify({ sessionId, projectHash: "ab".repeat(32), startTime: "2026-01-02T00:00:00.000Z", lastUpdated: "2026-01-02T00:00:00.000Z", messages });

const files = {
  claudeSnapshots: join(claudeDir, "11111111-1111-4111-8111-111111111111.jsonl"),
  claudeQueue: join(claudeDir, "22222222-2222-4222-8222-222222222222.jsonl"),
  claudeTitled: join(claudeDir, "44444444-4444-4444-8444-444444444444.jsonl"),
  claudeTalk: join(claudeDir, "33333333-3333-4333-8333-333333333333.jsonl"),
  codexMetaOnly: join(codexDir, "rollout-2026-01-02T00-00-00-0199a1b2-0000-7000-8000-00000000000a.jsonl"),
  codexTalk: join(codexDir, "rollout-2026-01-02T00-00-00-0199a1b2-0000-7000-8000-00000000000b.jsonl"),
  geminiEmpty: join(geminiDir, "session-2026-01-02T00-00-aaaaaaaa.json"),
  geminiTalk: join(geminiDir, "session-2026-01-02T00-00-bbbbbbbb.json"),
  piHeaderOnly: join(piDir, "2026-01-02T00-00-00-000Z_0199a1b2-0000-7000-8000-0000000000c1.jsonl"),
};
const hidden = [files.claudeSnapshots, files.claudeQueue, files.codexMetaOnly, files.geminiEmpty].sort();
const shown = [files.claudeTitled, files.claudeTalk, files.codexTalk, files.geminiTalk, files.piHeaderOnly].sort();

beforeAll(() => {
  for (const d of [claudeDir, codexDir, geminiDir, piDir]) mkdirSync(d, { recursive: true });
  writeFileSync(files.claudeSnapshots, line({ type: "file-history-snapshot", messageId: "m1", snapshot: { messageId: "m1", trackedFileBackups: {}, timestamp: "2026-01-01T00:00:00.000Z" }, isSnapshotUpdate: false }));
  writeFileSync(
    files.claudeQueue,
    line({ type: "queue-operation", operation: "enqueue", timestamp: "2026-01-01T00:00:00.000Z", sessionId: "22222222-2222-4222-8222-222222222222", content: "hello" }) +
      line({ type: "queue-operation", operation: "dequeue", timestamp: "2026-01-01T00:00:01.000Z", sessionId: "22222222-2222-4222-8222-222222222222" }),
  );
  // Claude Code lists a transcript with a title even with no prompt: so do we.
  writeFileSync(files.claudeTitled, line({ type: "custom-title", customTitle: "kept by its name", sessionId: "44444444-4444-4444-8444-444444444444" }));
  writeFileSync(files.claudeTalk, claudeUser("33333333-3333-4333-8333-333333333333", "fix the bug"));
  writeFileSync(files.codexMetaOnly, codexMeta("0199a1b2-0000-7000-8000-00000000000a"));
  writeFileSync(files.codexTalk, codexMeta("0199a1b2-0000-7000-8000-00000000000b") + codexUser("add a test"));
  writeFileSync(files.geminiEmpty, geminiChat("aaaaaaaa-1111-4222-8333-944455556666", []));
  writeFileSync(files.geminiTalk, geminiChat("bbbbbbbb-1111-4222-8333-944455556666", [{ id: "g1", timestamp: "2026-01-02T00:00:01.000Z", type: "user", content: "explain the parser" }]));
  writeFileSync(files.piHeaderOnly, line({ type: "session", version: 3, id: "0199a1b2-0000-7000-8000-0000000000c1", timestamp: "2026-01-02T00:00:00.000Z", cwd: "/home/u/proj" }));
});

const paths = (rows: { path: string }[]): string[] => rows.map((r) => r.path).sort();
const jsonPaths = (b: Buffer): string[] => paths(JSON.parse(b.toString("utf8")) as { path: string }[]);

describe("the list leaves out a session with no message and no name where its agent's list does", () => {
  it("cold, warm and as `ls --json` prints it, with and without the catalog", async () => {
    const cacheDir = join(base, "cache");
    expect(paths(await listSessions({ paths: roots, all: true, cacheDir }))).toEqual(shown);
    expect(paths(await listSessions({ paths: roots, all: true, cacheDir }))).toEqual(shown);
    expect(paths(await listSessions({ paths: roots, all: true, cache: false }))).toEqual(shown);
    const jsonCache = join(base, "cache-json");
    expect(jsonPaths(await listSessionsJson({ paths: roots, all: true, cacheDir: jsonCache }))).toEqual(shown);
    expect(jsonPaths(await listSessionsJson({ paths: roots, all: true, cacheDir: jsonCache }))).toEqual(shown);
    expect(jsonPaths(await listSessionsJson({ paths: roots, all: true, cacheDir }))).toEqual(shown);
  });

  it("lists every one when asked, and one named as a path", async () => {
    const cacheDir = join(base, "cache-named");
    expect(paths(await listSessions({ paths: roots, all: true, cacheDir, empty: true }))).toEqual([...hidden, ...shown].sort());
    for (let round = 0; round < 2; round++) {
      expect(paths(await listSessions({ paths: [files.claudeSnapshots], all: true, cacheDir }))).toEqual([files.claudeSnapshots]);
      expect(jsonPaths(await listSessionsJson({ paths: [files.codexMetaOnly], all: true, cacheDir }))).toEqual([files.codexMetaOnly]);
    }
    const rows = await listSessions({ paths: hidden, all: true, cacheDir });
    expect(rows.map((r) => [r.messageCount, r.name, shownInList(r)])).toEqual(hidden.map(() => [0, null, false]));
  });

  it("doctor reads them and names them", async () => {
    const report = await findDrift({ paths: roots, cacheDir: join(base, "cache-doctor") });
    expect(report.unlisted.map((u) => u.file).sort()).toEqual(hidden);
    expect(report.unlisted.map((u) => u.agent).sort()).toEqual(["claude", "claude", "codex", "gemini"]);
    expect(report.sessions).toMatchObject({ claude: 4, codex: 2, gemini: 2, pi: 1 });
  });
});
