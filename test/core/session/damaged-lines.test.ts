// The list's head scan and the tree's full parse give one answer on lines
// damaged past their head where that is cheap to tell (issue 22): a raw NUL
// or bad UTF-8 sends the line to the parse, and a header's version is read by
// one rule (an out-of-range number is version 1 on every route).
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanLine } from "../../../src/core/session/read/dialects/pi/entry-head.js";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { summarizeSession } from "../../../src/core/session/list/summary.js";

const dir = mkdtempSync(join(tmpdir(), "damaged-lines-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (id: string, parentId: string | null, text: string): string =>
  JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:00.000Z", message: { role: "assistant", content: [{ type: "text", text }], timestamp: 1767225600000 } });

/** `line` with `bad` put just before its last `,"timestamp"` (outside any string), or inside its text. */
const outside = (line: string, bad: Buffer): Buffer => {
  const at = line.lastIndexOf(',"timestamp"');
  return Buffer.concat([Buffer.from(line.slice(0, at)), bad, Buffer.from(line.slice(at))]);
};
const inside = (line: string, bad: Buffer): Buffer => {
  const at = line.indexOf("hello") + 2;
  return Buffer.concat([Buffer.from(line.slice(0, at)), bad, Buffer.from(line.slice(at))]);
};

async function bothRoutes(header: string, lines: Buffer[]): Promise<{ tree: number; row: number; branches: number }> {
  const file = join(dir, `s-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(file, Buffer.concat([Buffer.from(header + "\n"), ...lines.flatMap((l) => [l, Buffer.from("\n")])]));
  const s = await loadSession(file);
  const row = await summarizeSession(file);
  return { tree: s.entries.length, row: row.entryCount, branches: row.branchCount };
}

const header = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';

describe("damaged lines get one answer from the list and the tree", () => {
  it("cleanLine sends a line with a raw NUL or bad UTF-8 to the parse, and passes a clean one", () => {
    const good = entry("a1", null, "hello 日本語");
    expect(cleanLine(Buffer.from(good), 0, Buffer.byteLength(good))).toBe(true);
    for (const bad of [Buffer.from([0]), Buffer.from([0xff]), Buffer.from([0xc3])]) {
      for (const b of [outside(good, bad), inside(good, bad)]) expect(cleanLine(b, 0, b.length)).toBe(false);
    }
  });

  it("a NUL or a bad byte outside a string: both skip the line; bad UTF-8 inside a string: both keep it", async () => {
    const lines = [
      Buffer.from(entry("a1", null, "hello")),
      outside(entry("a2", "a1", "hello"), Buffer.from([0])),
      inside(entry("a3", "a1", "hello"), Buffer.from([0])),
      outside(entry("a4", "a1", "hello"), Buffer.from([0xff])),
      inside(entry("a5", "a1", "hello"), Buffer.from([0xff])),
    ];
    expect(await bothRoutes(header, lines)).toEqual({ tree: 2, row: 2, branches: 1 });
  });

  it("a header version out of a number's range is version 1 (a linear file) on both routes", async () => {
    const lines = [entry("a1", null, "hello"), entry("a2", null, "hello"), entry("a3", "a1", "hello")].map((l) => Buffer.from(l));
    // Read as version 1 the three entries are one chain (ids given by position), as the tree has them.
    expect(await bothRoutes(header.replace('"version":3', '"version":1e400'), lines)).toEqual({ tree: 3, row: 3, branches: 1 });
  });
});
