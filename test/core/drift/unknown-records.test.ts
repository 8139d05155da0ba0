// Nothing new is dropped silently: a record a reader does not know is kept as
// an entry marked unknown (the tree says so), and the reader names its shape
// (DialectFacts.unknown, which `doctor` lists).
import { describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";

const write = (path: string, lines: object[]): string => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return path;
};

describe("records a reader does not know", () => {
  it("Codex: a new line type, response item and event are kept, marked, and named", async () => {
    const home = mkdtempSync(join(tmpdir(), "drift-codex-"));
    const ts = "2026-12-03T10:00:00.000Z";
    const f = write(join(home, "sessions", "2026", "12", "03", "rollout-2026-12-03T10-00-00-0199a1b2-0000-7000-8000-00000000dead.jsonl"), [
      { timestamp: ts, type: "session_meta", payload: { id: "0199a1b2-0000-7000-8000-00000000dead", timestamp: ts, cwd: "/w", cli_version: "0.999.0" } },
      { timestamp: ts, type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] } },
      { timestamp: ts, type: "warp_core", payload: { level: 9 } },
      { timestamp: ts, type: "response_item", payload: { type: "teleport_call", id: "x" } },
      { timestamp: ts, type: "event_msg", payload: { type: "tachyon_burst" } },
      { timestamp: ts, type: "event_msg", payload: { type: "agent_message", message: "an echo, left out" } },
    ]);
    const s = await loadSession(f);
    expect(s.unknownShapes).toEqual(['record type "warp_core"', 'response_item "teleport_call"', 'event_msg "tachyon_burst"']);
    expect(s.entries.map((e) => e.type)).toEqual(["message", "codex_warp_core", "codex_teleport_call", "codex_event_tachyon_burst"]);
    expect(s.entries.slice(1).every((e) => e.summary.startsWith("[unknown: "))).toBe(true);
  });

  it("Gemini CLI: a record of an unknown shape and a new message type are kept in place, marked, and named", async () => {
    const home = mkdtempSync(join(tmpdir(), "drift-gemini-"));
    const f = write(join(home, "tmp", "proj", "chats", "session-2026-12-03T10-00-abcd1234.jsonl"), [
      { sessionId: "abcd1234-0000-4000-8000-000000000000", projectHash: "h", startTime: "2026-12-03T10:00:00.000Z" },
      { id: "m1", timestamp: "2026-12-03T10:00:01.000Z", type: "user", content: [{ text: "hi" }] },
      { $teleport: { to: "m1" } },
      { id: "m2", timestamp: "2026-12-03T10:00:02.000Z", type: "hologram", content: "beep" },
      { id: "m3", timestamp: "2026-12-03T10:00:03.000Z", type: "gemini", content: "hello" },
    ]);
    const s = await loadSession(f);
    expect(s.unknownShapes).toEqual(["record {$teleport}", 'message type "hologram"']);
    expect(s.entries.map((e) => [e.type, e.parentId])).toEqual([
      ["message", null],
      ["gemini_record", "m1"],
      ["gemini_hologram", "line:3"],
      ["message", "m2"],
    ]);
    expect(s.warnings).toEqual([]);
  });
});
