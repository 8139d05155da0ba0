// Core pieces the review screens and the CLI share: the queue's selection,
// topics for the picker, a candidate's turn in its session file.
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";
import { listFeedback, reviewCounts } from "../../src/core/capture/feedback-list.js";
import { dismissCandidate } from "../../src/core/capture/review.js";
import { createTopic, listTopics } from "../../src/core/capture/topic.js";
import { locateTurn } from "../../src/core/capture/turn.js";
import { listCaptured } from "../../src/core/capture/captured.js";
import { loadSession } from "../../src/core/session/tree/load.js";

const prompt = (root: string, sid: string, text: string, turn: string | null, harness = "codex", extra: Record<string, unknown> = {}) =>
  send(root, { session_id: sid, hook_event_name: "UserPromptSubmit", cwd: "/w", ...(turn ? { turn_id: turn } : {}), prompt: text, ...extra }, harness).candidate;

describe("review core", () => {
  it("listFeedback: a state filter overrides the CLI flags; type, session and confidence narrow; counts per state", () => {
    const sb = sandbox();
    const a = prompt(sb.root, "s1", "no, the other file", "t1")!.id as string;
    const b = prompt(sb.root, "s2", "looks good", "t1")!.id as string;
    dismissCandidate(sb.root, a, "meh", false);
    expect(listFeedback(sb.root).rows.map((c) => c.id)).toEqual([b]);
    expect(listFeedback(sb.root, { state: "dismissed" }).rows.map((c) => c.id)).toEqual([a]);
    expect(listFeedback(sb.root, { includeDismissed: true, type: "correction" }).rows.map((c) => c.id)).toEqual([a]);
    expect(listFeedback(sb.root, { includeDismissed: true, sessionId: "s2" }).rows.map((c) => c.id)).toEqual([b]);
    expect(listFeedback(sb.root, { includeDismissed: true, minConfidence: "high" }).rows.map((c) => c.id)).toEqual([a]);
    const { all, status } = listFeedback(sb.root);
    expect(reviewCounts(all, status)).toEqual({ pending: 1, promoted: 0, dismissed: 1 });
  });

  it("listTopics: wikis.json entries and HUB/topics folders, marked ready when raw/notes exists; createTopic makes one ready", () => {
    const sb = sandbox();
    mkdirSync(join(sb.hub, "topics", "alpha", "raw", "notes"), { recursive: true });
    mkdirSync(join(sb.hub, "topics", "beta"), { recursive: true });
    mkdirSync(join(sb.hub, "elsewhere", "raw", "notes"), { recursive: true });
    writeFileSync(join(sb.hub, "wikis.json"), JSON.stringify({ wikis: { gamma: { path: "<HUB>/elsewhere" } } }));
    expect(listTopics(sb.hub).map((t) => [t.name, t.ready])).toEqual([
      ["alpha", true],
      ["beta", false],
      ["gamma", true],
    ]);
    expect(createTopic(sb.hub, "Beta").name).toBe("beta");
    expect(listTopics(sb.hub).find((t) => t.name === "beta")!.ready).toBe(true);
    expect(() => createTopic(sb.hub, "  ")).toThrow(/not a usable topic name/);
  });

  it("locateTurn: the turn id when it is an entry, else the user message whose text hashes to the candidate's", async () => {
    const sb = sandbox();
    mkdirSync(sb.home, { recursive: true });
    const file = join(sb.home, "s.jsonl");
    writeFileSync(
      file,
      [
        { type: "session", version: 3, id: "p1", timestamp: "2026-06-01T10:00:00.000Z", cwd: "/w" },
        { type: "message", id: "u1", parentId: null, timestamp: "2026-06-01T10:00:01.000Z", message: { role: "user", content: "hello" } },
        { type: "message", id: "u2", parentId: "u1", timestamp: "2026-06-01T10:00:02.000Z", message: { role: "user", content: [{ type: "text", text: "no,   that is\nwrong" }] } },
      ]
        .map((x) => JSON.stringify(x))
        .join("\n") + "\n",
    );
    const s = await loadSession(file);
    // a pi hook capture: no turn id in the payload, the prompt's whitespace normalized
    const c = prompt(sb.root, "p1", "no, that is wrong", null, "pi", { transcript_path: file })!;
    expect(c.turn_id).toBeNull();
    expect(await locateTurn(s, c)).toBe("u2");
    expect(await locateTurn(s, { turn_id: "u1" })).toBe("u1");
    expect(await locateTurn(s, { turn_id: "nope", text_sha256: "0".repeat(64) })).toBeNull();
  });

  it("locateTurn: a candidate keeps the hash of the words typed (not Codex's IDE context around them): its message is found by them", async () => {
    const sb = sandbox();
    mkdirSync(sb.home, { recursive: true });
    const file = join(sb.home, "s.jsonl");
    const asked = "# Context from my IDE setup:\n\n## Active file: src/app.ts\n\n## My request for Codex:\nno, that is the wrong file";
    writeFileSync(
      file,
      [
        { type: "session", version: 3, id: "c2", timestamp: "2020-06-01T10:00:00.000Z", cwd: "/w" },
        { type: "message", id: "u1", parentId: null, timestamp: "2020-06-01T10:00:01.000Z", message: { role: "user", content: "hello" } },
        { type: "message", id: "u2", parentId: "u1", timestamp: "2020-06-01T10:00:02.000Z", message: { role: "user", content: asked } },
      ]
        .map((x) => JSON.stringify(x))
        .join("\n") + "\n",
    );
    const c = prompt(sb.root, "c2", asked, null)!;
    expect(c.text_preview).toBe("no, that is the wrong file");
    // years after the message: only the hash can find it
    expect(await locateTurn(await loadSession(file), c)).toBe("u2");
  });

  it("locateTurn: a prompt the agent stored otherwise (no hash match) is the user message written nearest the candidate's time, within two minutes", async () => {
    const sb = sandbox();
    mkdirSync(sb.home, { recursive: true });
    const file = join(sb.home, "s.jsonl");
    const user = (id: string, parentId: string | null, at: string, text: string) => ({ type: "message", id, parentId, timestamp: at, message: { role: "user", content: text } });
    writeFileSync(
      file,
      [
        { type: "session", version: 3, id: "c1", timestamp: "2026-06-01T10:00:00.000Z", cwd: "/w" },
        user("u1", null, "2026-06-01T10:00:01.000Z", "<command-name>review</command-name> first"),
        user("u2", "u1", "2026-06-01T10:05:00.500Z", "[Pasted text] no, the other file"),
        user("u3", "u2", "2026-06-01T10:20:00.000Z", "later"),
      ]
        .map((x) => JSON.stringify(x))
        .join("\n") + "\n",
    );
    const s = await loadSession(file);
    const c = { text_sha256: "0".repeat(64), ts: "2026-06-01T10:05:01Z" };
    expect(await locateTurn(s, c)).toBe("u2");
    expect(await locateTurn(s, { ts: "2026-06-01T10:00:00Z" })).toBe("u1");
    expect(await locateTurn(s, { ...c, ts: "2026-06-01T10:12:00Z" })).toBeNull(); // nothing within two minutes
    expect(await locateTurn(s, { text_sha256: "0".repeat(64) })).toBeNull(); // no time: no guess
  });

  it("listCaptured: newest first, filtered by harness", () => {
    const sb = sandbox();
    process.env.OMP_SESSIONS_NOW = "2026-06-13T10:00:00Z";
    prompt(sb.root, "old", "hi there", "t");
    process.env.OMP_SESSIONS_NOW = "2026-06-13T11:00:00Z";
    prompt(sb.root, "new", "hi there", "t", "claude");
    expect(listCaptured(sb.root).map((x) => x.state.llm_wiki_session_id)).toEqual(["claude:new", "codex:old"]);
    expect(listCaptured(sb.root, { harness: "codex" }).map((x) => x.state.llm_wiki_session_id)).toEqual(["codex:old"]);
  });
});
