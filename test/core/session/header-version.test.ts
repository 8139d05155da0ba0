// A header's version is read by one rule on every route (issue 22): a number
// out of range (1e400 parses as Infinity) is version 1, a linear file, for the
// tree and for the list alike (pi/entry-head.ts headerVersion).
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { summarizeSession } from "../../../src/core/session/list/summary.js";

const dir = mkdtempSync(join(tmpdir(), "header-version-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (id: string, parentId: string | null): string =>
  JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:00.000Z", message: { role: "assistant", content: [{ type: "text", text: "hello" }], timestamp: 1767225600000 } });

describe("a header's version, on the tree's and the list's routes", () => {
  it("a version out of a number's range is version 1: the three entries are one chain on both", async () => {
    const file = join(dir, "s.jsonl");
    const header = '{"type":"session","version":1e400,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
    writeFileSync(file, [header, entry("a1", null), entry("a2", null), entry("a3", "a1")].join("\n") + "\n");
    const s = await loadSession(file);
    const row = await summarizeSession(file);
    expect(s.version).toBe(1);
    const leaves = s.entries.filter((e) => !s.entries.some((c) => c.parentId === e.id)).length;
    expect({ entries: s.entries.length, leaves }).toEqual({ entries: 3, leaves: 1 });
    expect({ entries: row.entryCount, leaves: row.branchCount }).toEqual({ entries: 3, leaves: 1 });
  });
});
