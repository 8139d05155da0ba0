// Opening a Claude Code subagent finds the parent's entry that spawned it by
// scanning the parent's bytes (parent-link.ts). Each line is searched for a
// few keys; a search must stop at the line's end. Searching on to the end of
// the read batch made the scan quadratic in the parent's lines: a 3-line
// subagent of a 4 MB parent took 1.4 s of CPU to open. The scan's answer is
// the same either way, so this counts the bytes the searches may cover.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findSpawnEntry } from "../../../src/core/session/read/dialects/claude/parent-link.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "claude-parent-scan-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const line = (v: unknown): string => JSON.stringify(v) + "\n";

/** A parent transcript: many ordinary turns, then the Agent call that spawned agent-x and its result. */
function parentFile(turns: number): string {
  const out: string[] = [];
  let parent: string | null = null;
  for (let i = 0; i < turns; i++) {
    const uuid = `u${i}`;
    const type = i % 2 === 0 ? "user" : "assistant";
    const message = type === "user" ? { role: "user", content: `question ${i} `.repeat(8) } : { id: `msg_${i}`, role: "assistant", content: [{ type: "text", text: `answer ${i} `.repeat(8) }] };
    out.push(line({ parentUuid: parent, uuid, type, sessionId: "p1", timestamp: "2026-01-01T00:00:00.000Z", message, ...(type === "assistant" ? { requestId: `req_${i}` } : {}) }));
    parent = uuid;
  }
  out.push(
    line({
      parentUuid: parent,
      uuid: "spawn",
      type: "assistant",
      sessionId: "p1",
      requestId: "req_spawn",
      message: { id: "msg_spawn", role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "Agent", input: { prompt: "look" } }] },
    }),
  );
  out.push(
    line({
      parentUuid: "spawn",
      uuid: "result",
      type: "user",
      sessionId: "p1",
      toolUseResult: { agentId: "x" },
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "done" }] },
    }),
  );
  const file = join(dir, `parent-${turns}.jsonl`);
  writeFileSync(file, out.join(""));
  return file;
}

describe("a subagent's spawn entry, found in its parent's bytes", () => {
  it("finds the spawning call by tool call id and by agent id", async () => {
    const file = parentFile(40);
    expect(await findSpawnEntry(file, "toolu_1", "x")).toBe("spawn");
    expect(await findSpawnEntry(file, null, "x")).toBe("spawn");
    expect(await findSpawnEntry(file, null, "nobody")).toBeNull();
  });

  it("searches each line, not the rest of the file from it", async () => {
    const file = parentFile(4000);
    const size = statSync(file).size;
    let covered = 0;
    const real = Buffer.prototype.indexOf;
    vi.spyOn(Buffer.prototype, "indexOf").mockImplementation(function (this: Buffer, ...args: unknown[]) {
      const [value, byteOffset] = args;
      // the bytes a search for a key (not a newline) may cover: from its offset to the end of the buffer it runs on
      if (typeof value !== "number") covered += this.length - (typeof byteOffset === "number" ? Math.max(0, byteOffset) : 0);
      return (real as (...a: unknown[]) => number).apply(this, args);
    });
    expect(await findSpawnEntry(file, "toolu_1", "x")).toBe("spawn");
    // a handful of keys per line, each over that line: a small multiple of the file (quadratic: thousands of times it)
    expect(covered).toBeLessThan(20 * size);
  });
});
