// Big sessions open through the real binary: no stack overflow, no string-length
// error, memory bounded by what the tree keeps (not by the file size).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { constants } from "node:buffer";
import { makeLinearSession, makeLongLineSession } from "../../bench/gen.js";
import { runBin } from "../helpers/run-bin.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omps-large-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `tree FILE --json` in a process of its own (its memory is the point), counting stdout's bytes and keeping only a sample. */
async function treeJson(file: string): Promise<{ code: number; stderr: string; head: string; tail: string; bytes: number }> {
  let head = "";
  let tail = "";
  let bytes = 0;
  const utf8 = new StringDecoder("utf8");
  const r = await runBin(["tree", file, "--json"], {
    onStdout: (chunk) => {
      const d = utf8.write(chunk);
      bytes += d.length;
      if (head.length < 4096) head += d.slice(0, 4096);
      tail = (tail + d).slice(-4096);
    },
  });
  return { code: r.code ?? -1, stderr: r.stderr, head, tail, bytes };
}

/**
 * A linear session of at least `bytes`: user messages of 64 KB of text each,
 * written through one buffer (the bench generator's varied entries take most
 * of this test's time to make at this size; the many-entry case is the
 * 200,000-entry test's). Returns the entry ids in order.
 */
function writeLongSession(file: string, bytes: number): string[] {
  const fd = openSync(file, "w");
  const ids: string[] = [];
  try {
    writeSync(fd, JSON.stringify({ type: "session", version: 3, id: "0199a1b2-0000-7000-8000-00000000c0de", timestamp: "2026-12-01T10:00:00.000Z", cwd: "/home/u/huge" }) + "\n");
    const text = "lorem ipsum dolor sit amet ".repeat(2427);
    let written = 0;
    for (let i = 1; written < bytes; i++) {
      const id = i.toString(16).padStart(8, "0");
      const line = JSON.stringify({ type: "message", id, parentId: ids.at(-1) ?? null, timestamp: "2026-12-01T10:00:00.000Z", message: { role: "user", content: `${i}: ${text}` } }) + "\n";
      written += writeSync(fd, line);
      ids.push(id);
    }
  } finally {
    closeSync(fd);
  }
  return ids;
}

describe("large sessions open", () => {
  it("a 200,000-entry linear session", async () => {
    const file = join(dir, "linear.jsonl");
    const made = makeLinearSession(file, 200_000);
    const r = await treeJson(file);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.head).toMatch(/^\{"file":/);
    expect(r.tail).toMatch(/\],"warnings":\[\]\}\n$/);
    expect(made.entries).toBeGreaterThanOrEqual(200_000);
  }, 180_000);

  it("a session with one 50 MB line", async () => {
    const file = join(dir, "long-line.jsonl");
    makeLongLineSession(file, 50 * 1024 * 1024);
    const r = await treeJson(file);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.tail).toMatch(/"warnings":\[\]\}\n$/);
  }, 180_000);

  // Longer than the longest string V8 makes (about 512 MiB): a reader that read it into one string would fail.
  const huge = constants.MAX_STRING_LENGTH + 32 * 1024 * 1024;
  it(`a ${Math.round(huge / 1024 / 1024)} MiB session, longer than the longest string`, async () => {
    const file = join(dir, "huge.jsonl");
    const entries = writeLongSession(file, huge);
    expect(statSync(file).size).toBeGreaterThanOrEqual(huge);
    const r = await treeJson(file);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.tail).toMatch(/"warnings":\[\]\}\n$/);
    // every entry in the tree: the last one written is the leaf, and the last in the list
    expect(r.head).toContain(`"leafId":"${entries.at(-1)}"`);
    expect(r.tail).toContain(`{"id":"${entries.at(-1)}"`);
    rmSync(file);
  }, 600_000);
});
