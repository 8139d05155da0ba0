// Scaffolding for the review screens' tests: a private hub built through the
// capture core (the hook's in-process pipeline, import-session), a topic wiki
// with raw/notes and log.md, and the browser mounted on that hub.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readJson, sandbox, type Sandbox } from "../capture/helpers.js";
import { send } from "../capture/ingest-helper.js";
import { mount, type Mounted, type MountOptions } from "./harness.js";
import type { SessionAccess } from "../../src/ui/state/session-access.js";

export interface ReviewHub extends Sandbox {
  /** topics/demo: raw/notes and log.md exist. */
  demoNotes: string;
  demoLog: string;
}

export function reviewHub(): ReviewHub {
  const sb = sandbox();
  const demo = join(sb.hub, "topics", "demo");
  mkdirSync(join(demo, "raw", "notes"), { recursive: true });
  writeFileSync(join(demo, "log.md"), "# Log\n");
  return { ...sb, demoNotes: join(demo, "raw", "notes"), demoLog: join(demo, "log.md") };
}

/** One user prompt through the hook's pipeline; returns the candidate id (or undefined). */
export function userPrompt(root: string, sid: string, text: string, turn: string, ts?: string): string {
  if (ts) process.env.OMP_SESSIONS_NOW = ts;
  const r = send(root, { session_id: sid, hook_event_name: "UserPromptSubmit", cwd: "/work/app", turn_id: turn, prompt: text }, "codex");
  return r.candidate?.id as string;
}

/** A codex session with a stop checkpoint (a digest); returns the digest's path. */
export function codexDigest(root: string, sid: string, cwd: string, ts: string): string {
  process.env.OMP_SESSIONS_NOW = ts;
  send(root, { session_id: sid, hook_event_name: "PostToolUse", cwd, tool_name: "Bash", tool_input: { command: "ls" } }, "codex");
  send(root, { session_id: sid, hook_event_name: "Stop", cwd }, "codex");
  process.env.OMP_SESSIONS_NOW = "2026-06-13T18:10:00Z";
  return readJson(join(root, "state", "codex", `${sid}.json`)).last_digest_path as string;
}

/** A pi session file: a header, then user/assistant turns; returns the path and the user entries' ids. */
export function writePiSession(dir: string, id: string, userTexts: string[]): { file: string; userIds: string[] } {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `2026-06-01T10-00-00-000Z_${id}.jsonl`);
  const lines = [JSON.stringify({ type: "session", version: 3, id, timestamp: "2026-06-01T10:00:00.000Z", cwd: "/work/app" })];
  let parent: string | null = null;
  const userIds: string[] = [];
  userTexts.forEach((text, i) => {
    const u = `u${String(i).padStart(7, "0")}`;
    const a = `a${String(i).padStart(7, "0")}`;
    const t = (k: number) => `2026-06-01T10:${String(i).padStart(2, "0")}:0${k}.000Z`;
    lines.push(JSON.stringify({ type: "message", id: u, parentId: parent, timestamp: t(1), message: { role: "user", content: text } }));
    lines.push(
      JSON.stringify({
        type: "message",
        id: a,
        parentId: u,
        timestamp: t(2),
        message: { role: "assistant", content: [{ type: "text", text: `reply ${i}` }], provider: "anthropic", model: "claude-sonnet-4-5", stopReason: "stop" },
      }),
    );
    userIds.push(u);
    parent = a;
  });
  writeFileSync(file, lines.join("\n") + "\n");
  return { file, userIds };
}

/** The browser on this hub, switched to a screen by its key ("3" feedback, "4" digests). */
export async function mountOn(sb: Sandbox, key: "3" | "4", opts: Omit<MountOptions, "review" | "paths"> & { sessions?: SessionAccess } = {}): Promise<Mounted> {
  const { sessions, ...rest } = opts;
  // Sessions are looked for under the sandbox's home only, never the machine's.
  const m = await mount({ ...rest, paths: [], width: opts.width ?? 120, height: opts.height ?? 34, review: { hub: { hub: sb.hub }, cwd: "/work/app", sessions: sessions ?? { find: { home: sb.home, env: {}, agentDirs: [] } } } });
  if (!opts.file) {
    await m.press(key);
    // The capture store is read when the screen opens, its indexes refreshed just after, and the
    // digests screen reads its files after the first frame: wait until all of that is done.
    const ready = () => {
      const r = m.stores.review.getState();
      return r.loaded && !r.indexing && m.stores.digestFiles.getState().pending === 0;
    };
    await m.waitFor((f) => f.includes(key === "3" ? "[3 feedback]" : "[4 digests]") && !f.includes("reading the digest") && ready(), "the review screen");
  }
  return m;
}

/** The list row under the cursor ("› …"), without the cursor mark. */
export const cursorLine = (frame: string): string =>
  frame
    .split("\n")
    .find((l) => l.startsWith("› "))
    ?.slice(2) ?? "";
/** Rows of the queue (lines with a state mark after the gutter). */
export const queueRows = (frame: string): string[] => frame.split("\n").filter((l) => /^[› ] [◉ ] [·✓✗] /.test(l));
