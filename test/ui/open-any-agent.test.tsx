// `o` on the feedback and digests screens opens the captured session whatever
// its agent, at the turn: a candidate the Claude Code hook captured opens its
// transcript (or the file found by its session id) on the tree, the cursor on
// that prompt. The transcript is a Claude Code file read by the Claude Code
// dialect; the loader given through the review options notes which path it
// was asked for (exactly the Claude Code path).
import { afterEach, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { KEYS, type Mounted } from "./harness.js";
import { cursorLine, mountOn, reviewHub } from "./review-helpers.js";
import { send } from "../capture/ingest-helper.js";
import { loadSession } from "../../src/core/session/tree/load.js";
import type { SessionAccess } from "../../src/ui/state/session-access.js";
import { agentOf } from "../../src/core/session/agents.js";

let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
  delete process.env.OMP_SESSIONS_NOW;
});

const SID = "5f0c2a4e-8d1b-4c7e-9a3f-2b6d8e1c0a97";
const PROMPTS = ["read the parser first", "no, that is the wrong file; use config.json instead", "now run the tests"];

/**
 * A Claude Code transcript where Claude Code keeps them: a user line and a
 * streamed assistant reply (two copies of one message) per prompt, as Claude
 * Code writes them. The browser reads it with the Claude Code dialect.
 */
function claudeSession(home: string, projectDir: string): { transcript: string; userIds: string[] } {
  const dir = join(home, ".claude", "projects", projectDir);
  mkdirSync(dir, { recursive: true });
  const transcript = join(dir, `${SID}.jsonl`);
  const lines: string[] = [];
  const userIds: string[] = [];
  let parent: string | null = null;
  const base = { sessionId: SID, cwd: "/work/app", version: "2.1.0", userType: "external", isSidechain: false };
  PROMPTS.forEach((text, i) => {
    const t = (k: number) => `2026-06-01T10:${String(i).padStart(2, "0")}:0${k}.000Z`;
    const u = `0000000${i}-1111-4111-8111-000000000001`;
    lines.push(JSON.stringify({ ...base, type: "user", uuid: u, parentUuid: parent, timestamp: t(1), message: { role: "user", content: text } }));
    userIds.push(u);
    const msg = { id: `msg_${i}`, type: "message", role: "assistant", model: "claude-sonnet-4-5" };
    const a1 = `0000000${i}-2222-4222-8222-000000000001`;
    const a2 = `0000000${i}-2222-4222-8222-000000000002`;
    const usage = (out: number) => ({ input_tokens: 10, output_tokens: out, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
    lines.push(
      JSON.stringify({ ...base, type: "assistant", uuid: a1, parentUuid: u, requestId: `req_${i}`, timestamp: t(2), message: { ...msg, content: [{ type: "thinking", thinking: "…", signature: "x" }], stop_reason: null, usage: usage(1) } }),
    );
    lines.push(
      JSON.stringify({ ...base, type: "assistant", uuid: a2, parentUuid: a1, requestId: `req_${i}`, timestamp: t(3), message: { ...msg, content: [{ type: "text", text: `reply ${i}` }], stop_reason: "end_turn", usage: usage(12) } }),
    );
    parent = a2;
  });
  writeFileSync(transcript, lines.join("\n") + "\n");
  return { transcript, userIds };
}

/** The real loader, noting what it was asked to read. */
function stubLoader(expected: string, asked: string[]): SessionAccess["load"] {
  return async (source) => {
    asked.push(source);
    if (source !== expected) throw new Error(`not a session: ${source}`);
    const s = await loadSession(source);
    expect(s.agent).toBe("claude");
    return s;
  };
}

/** The Claude Code hook's UserPromptSubmit, as Claude Code sends it (no turn id). */
function claudePrompt(root: string, text: string, transcript: string | null, ts: string): void {
  process.env.OMP_SESSIONS_NOW = ts;
  send(root, { session_id: SID, transcript_path: transcript, cwd: "/work/app", hook_event_name: "UserPromptSubmit", permission_mode: "default", prompt: text }, "claude");
}

describe("o opens a Claude Code session at the turn", () => {
  it("from the feedback queue: the transcript path the hook recorded, the cursor on the candidate's prompt; Esc goes back", async () => {
    const hub = reviewHub();
    const { transcript, userIds } = claudeSession(hub.home, "-work-app");
    claudePrompt(hub.root, PROMPTS[1], transcript, "2026-06-01T10:01:01Z");
    const asked: string[] = [];
    m = await mountOn(hub, "3", { height: 50, sessions: { find: { home: hub.home, env: {}, agentDirs: [] }, load: stubLoader(transcript, asked) } });
    // The pane reads the session too: the turns around the candidate.
    await m.waitFor((f) => f.includes(`› user: ${PROMPTS[1]}`), "the turns around the candidate");
    await m.press("o");
    const t = await m.waitFor((f) => f.includes("[2 tree]"), "the tree");
    expect(asked.every((p) => p === transcript)).toBe(true);
    const st = m.store.getState();
    expect(st.session!.file).toBe(transcript);
    expect(agentOf(st.session!)).toBe("claude");
    expect(st.rows!.row(st.cursor).id).toBe(userIds[1]);
    expect(cursorLine(t)).toContain(PROMPTS[1]);
    await m.press(KEYS.escape);
    await m.waitFor((f) => f.includes("[3 feedback]"), "back to the queue");
  });

  it("without a usable transcript path: found by the session id under ~/.claude/projects; a prompt stored otherwise is placed by its time", async () => {
    const hub = reviewHub();
    const { transcript, userIds } = claudeSession(hub.home, "-elsewhere-app");
    // The hook recorded a path that is gone now, and its prompt text differs from the transcript's (so its hash finds nothing).
    claudePrompt(hub.root, "no, that is the wrong file (pasted with an attachment)", join(hub.home, "gone.jsonl"), "2026-06-01T10:01:03Z");
    const asked: string[] = [];
    m = await mountOn(hub, "3", { sessions: { find: { home: hub.home, env: {}, agentDirs: [] }, load: stubLoader(transcript, asked) } });
    await m.press("o");
    await m.waitFor((f) => f.includes("[2 tree]"), "the tree");
    expect(asked).toContain(transcript);
    const st = m.store.getState();
    expect(st.session!.file).toBe(transcript);
    expect(st.rows!.row(st.cursor).id).toBe(userIds[1]);
  });

  it("from the digests screen, and says why when the session is not on this machine", async () => {
    const hub = reviewHub();
    const { transcript } = claudeSession(hub.home, "-work-app");
    claudePrompt(hub.root, PROMPTS[0], transcript, "2026-06-01T10:00:01Z");
    process.env.OMP_SESSIONS_NOW = "2026-06-01T10:05:00Z";
    send(hub.root, { session_id: SID, transcript_path: transcript, cwd: "/work/app", hook_event_name: "Stop", stop_hook_active: false }, "claude");
    const asked: string[] = [];
    m = await mountOn(hub, "4", { sessions: { find: { home: hub.home, env: {}, agentDirs: [] }, load: stubLoader(transcript, asked) } });
    await m.waitFor((f) => f.includes("claude"), "the digest row");
    await m.press("o");
    await m.waitFor((f) => f.includes("[2 tree]"), "the tree");
    expect(m.store.getState().session!.file).toBe(transcript);
    m.unmount();

    rmSync(join(hub.home, ".claude"), { recursive: true });
    m = await mountOn(hub, "4", { sessions: { find: { home: hub.home, env: {}, agentDirs: [] }, load: stubLoader(transcript, asked) } });
    await m.waitFor((f) => f.includes("claude"), "the digest row");
    await m.press("o");
    await m.waitFor((f) => f.includes(`claude:${SID}: its session is not on this machine`), "why not");
    expect(m.frame()).toContain("[4 digests]");
  });
});
