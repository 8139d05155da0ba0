// `o` on the feedback and digests screens opens the captured session whatever
// its agent, at the turn: a candidate the Claude Code hook captured opens its
// transcript (or the file found by its session id) on the tree, the cursor on
// that prompt. The Claude Code reader lives in its own lane, so the session
// is read here by a stub loader given through attachReview's options (the
// pi reader, naming the session Claude Code's); it is asked for exactly the
// Claude Code path.
import { afterEach, describe, expect, it } from "vitest";
import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { KEYS, type Mounted } from "./harness.js";
import { cursorLine, mountOn, reviewHub, writePiSession } from "./review-helpers.js";
import { send } from "../capture/ingest-helper.js";
import { loadSession } from "../../src/core/session/tree/load.js";
import type { Session } from "../../src/core/session/model.js";
import type { SessionAccess } from "../../src/ui/state/session-access.js";
import { agentOf } from "../../src/core/agents/agent-id.js";

let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
  delete process.env.OMP_SESSIONS_NOW;
});

const SID = "5f0c2a4e-8d1b-4c7e-9a3f-2b6d8e1c0a97";
const PROMPTS = ["read the parser first", "no, that is the wrong file; use config.json instead", "now run the tests"];

/**
 * A session where Claude Code keeps its transcripts, holding the conversation
 * in pi's shape (what the Claude Code dialect turns a transcript into): the
 * stub loader reads it with the pi reader and names it Claude Code's, so the
 * entries it re-reads (the turn's text) come from that very path.
 */
function claudeSession(home: string, projectDir: string): { transcript: string; userIds: string[] } {
  const { file, userIds } = writePiSession(join(home, ".claude", "projects", projectDir), SID, PROMPTS);
  const transcript = join(home, ".claude", "projects", projectDir, `${SID}.jsonl`);
  renameSync(file, transcript);
  return { transcript, userIds };
}

function stubLoader(expected: string, asked: string[]): SessionAccess["load"] {
  return async (source) => {
    asked.push(source);
    if (source !== expected) throw new Error(`not a session: ${source}`);
    return { ...(await loadSession(source)), agent: "claude", writable: false } as Session;
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
