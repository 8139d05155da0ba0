// Finding a captured session's source by what the capture store knows: the
// transcript path when it exists, else the agent's own places by session id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findSessionSource } from "../../../src/core/agents/find-session.js";
import { claudeProjectDir } from "../../../src/core/session/read/dialects/claude/find.js";

let home: string;
const put = (path: string, text = "{}\n"): string => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
};

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "omp-find-"));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const find = (harness: string, nativeId: string, more: { transcriptPath?: string | null; cwd?: string } = {}, env: NodeJS.ProcessEnv = {}) =>
  findSessionSource({ harness, nativeId, ...more }, { home, env, agentDirs: [join(home, ".pi", "agent")] });

describe("a captured session's source", () => {
  it("is the transcript path the hook recorded, when it still exists", async () => {
    const t = put(join(home, "anywhere", "t.jsonl"));
    expect(await find("claude", "whatever", { transcriptPath: t })).toBe(t);
    expect(await find("claude", "nothing-here", { transcriptPath: join(home, "gone.jsonl") })).toBeNull();
  });

  it("Claude Code: <projects>/<cwd as dashes>/<id>.jsonl, the cwd's folder first, else any project; $CLAUDE_CONFIG_DIR (a comma list) replaces the defaults", async () => {
    expect(claudeProjectDir("/home/dev/my.app")).toBe("-home-dev-my-app");
    const mine = put(join(home, ".claude", "projects", "-work-app", "c-1.jsonl"));
    put(join(home, ".claude", "projects", "-other", "c-1.jsonl"));
    expect(await find("claude", "c-1", { cwd: "/work/app" })).toBe(mine);
    const moved = put(join(home, ".config", "claude", "projects", "-moved", "c-2.jsonl"));
    expect(await find("claude", "c-2", { cwd: "/work/app" })).toBe(moved);
    const custom = put(join(home, "cfg", "projects", "-p", "c-3.jsonl"));
    expect(await find("claude", "c-3", {}, { CLAUDE_CONFIG_DIR: join(home, "cfg") })).toBe(custom);
    expect(await find("claude", "c-1", {}, { CLAUDE_CONFIG_DIR: join(home, "cfg") })).toBeNull();
    // the places the Claude Code dialect lists: a comma list with ~ in it, or $XDG_CONFIG_HOME/claude
    expect(await find("claude", "c-3", {}, { CLAUDE_CONFIG_DIR: `${join(home, "nowhere")}, ~/cfg` })).toBe(custom);
    const xdg = put(join(home, "xdg", "claude", "projects", "-p", "c-4.jsonl"));
    expect(await find("claude", "c-4", {}, { XDG_CONFIG_HOME: join(home, "xdg") })).toBe(xdg);
  });

  it("Codex: a rollout named with the id under $CODEX_HOME/sessions/YYYY/MM/DD, or archived_sessions", async () => {
    const id = "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
    const live = put(join(home, ".codex", "sessions", "2026", "06", "01", `rollout-2026-06-01T10-00-00-${id}.jsonl`));
    expect(await find("codex", id)).toBe(live);
    const old = put(join(home, "ch", "archived_sessions", `rollout-2026-05-01T10-00-00-${id}.jsonl`));
    expect(await find("codex", id, {}, { CODEX_HOME: join(home, "ch") })).toBe(old);
    expect(await find("codex", id, {}, { CODEX_HOME: "~/ch" })).toBe(old);
    expect(await find("codex", "0199a1b2-0000-0000-0000-000000000000")).toBeNull();
  });

  it("Gemini CLI: a chats file named with the id's first 8 characters that holds the whole id, in the project's hash dir first", async () => {
    const id = "a1b2c3d4-e5f6-4789-8abc-def012345678";
    const hash = createHash("sha256").update("/work/app").digest("hex");
    put(join(home, ".gemini", "tmp", "zzz", "chats", "session-2026-06-01T10-00-a1b2c3d4.json"), JSON.stringify({ sessionId: "a1b2c3d4-0000-other" }));
    const hit = put(join(home, ".gemini", "tmp", hash, "chats", "session-2026-06-01T10-00-a1b2c3d4.json"), JSON.stringify({ sessionId: id, messages: [] }));
    expect(await find("gemini", id, { cwd: "/work/app" })).toBe(hit);
    const jsonl = put(join(home, ".gemini", "tmp", "proj", "chats", "session-2026-06-02T10-00-ffff0000.jsonl"), JSON.stringify({ sessionId: "ffff0000-1111" }) + "\n");
    expect(await find("gemini", "ffff0000-1111", { cwd: "/elsewhere" })).toBe(jsonl);
    expect(await find("gemini", "a1b2c3d4-0000-missing", { cwd: "/work/app" })).toBeNull();
  });

  it("Gemini CLI: a chat copied from the project's hash dir to its short-name dir is found as the short-name dir's copy (the one listed)", async () => {
    const id = "c0c0c0c0-e5f6-4789-8abc-def012345678";
    const hash = createHash("sha256").update("/work/moved").digest("hex");
    const head = { sessionId: id, projectHash: hash, startTime: "2026-06-03T10:00:00.000Z", messages: [] };
    const name = "session-2026-06-03T10-00-c0c0c0c0.json";
    const old = put(join(home, ".gemini", "tmp", hash, "chats", name), JSON.stringify(head));
    const moved = put(join(home, ".gemini", "tmp", "moved", "chats", name), JSON.stringify(head));
    expect(await find("gemini", id, { cwd: "/work/moved" })).toBe(moved);
    // Another start: not a copy, so the hash dir's own chat.
    writeFileSync(moved, JSON.stringify({ ...head, startTime: "2026-06-03T10:00:07.000Z" }));
    expect(await find("gemini", id, { cwd: "/work/moved" })).toBe(old);
  });

  it("OpenCode: the database (named db#id) when it exists, else the legacy storage file", async () => {
    const legacy = put(join(home, "xdg", "opencode", "storage", "session", "proj1", "ses_abc.json"));
    expect(await find("opencode", "ses_abc", {}, { XDG_DATA_HOME: join(home, "xdg") })).toBe(legacy);
    const db = put(join(home, ".local", "share", "opencode", "opencode.db"), "");
    expect(await find("opencode", "ses_abc")).toBe(`${db}#ses_abc`);
  });

  it("pi and omp: <agent dir>/sessions/<dir>/<time>_<id>.jsonl", async () => {
    const f = put(join(home, ".pi", "agent", "sessions", "--work-app--", "2026-06-01T10-00-00-000Z_019b-1.jsonl"));
    expect(await find("pi", "019b-1")).toBe(f);
  });

  it("finds nothing for an unknown harness or an id no agent wrote (redacted, derived, path-like)", async () => {
    expect(await find("cursor", "c-1")).toBeNull();
    expect(await find("claude", "redacted-0123abcd")).toBeNull();
    expect(await find("claude", "derived-0123456789abcdef")).toBeNull();
    expect(await find("claude", "../../etc/passwd")).toBeNull();
  });
});
