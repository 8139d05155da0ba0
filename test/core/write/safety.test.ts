// The safety rules of docs/session-format.md §7: re-read the tail and hang from the
// real leaf, a partial last line never swallows ours, refusals (live, shrunk,
// replaced, rewritten, .jsonl.gz, version 1) leave the file byte-identical.
import { describe, expect, it } from "vitest";
import { appendFileSync, mkdirSync, readFileSync, renameSync, symlinkSync, truncateSync, writeFileSync, copyFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { applyWrite, checkLive } from "../../../src/core/session/write/index.js";
import { rewriteInPlace, statStamp } from "../../../src/core/session/write/append.js";
import { activePath } from "../../../src/core/session/tree/path.js";
import { age, appendedLines, copyFixture, fixtureNames, tempDir, treeDiff, warningLines } from "./helpers.js";

const PI = fixtureNames("pi-2026")[0];
const OMP = fixtureNames("omp-")[0];

async function withCopy(name: string, fn: (file: string, dir: string) => Promise<void>): Promise<void> {
  const { dir, done } = tempDir();
  try {
    await fn(copyFixture(name, dir), dir);
  } finally {
    done();
  }
}

describe("re-reading the tail", () => {
  it("hangs a label from the real current leaf when an agent appended after the load", () =>
    withCopy(PI, async (file) => {
      const s = await loadSession(file);
      const extra = { type: "custom", id: "feedf00d", parentId: s.leafId, timestamp: new Date().toISOString(), customType: "agent-wrote-this" };
      appendFileSync(file, JSON.stringify(extra) + "\n");
      age(file);
      const r = await applyWrite(s, { op: "label", targetId: activePath(s)[0], label: "x" });
      expect(r.appended[0].parentId).toBe("feedf00d");
      expect(r.session.byId.has("feedf00d")).toBe(true);
      expect(r.session.leafId).toBe(r.appended[0].id);
    }));

  it("starts with a newline when the file does not end with one, and the last entry survives", () =>
    withCopy(PI, async (file) => {
      const text = readFileSync(file, "utf8");
      writeFileSync(file, text.replace(/\n$/, ""));
      age(file);
      const before = await loadSession(file);
      const bytes = readFileSync(file);
      const r = await applyWrite(before, { op: "label", targetId: before.leafId!, label: "end" });
      expect(r.newlineAdded).toBe(true);
      expect(readFileSync(file)[bytes.length]).toBe(0x0a);
      const lines = appendedLines(bytes, file);
      expect(lines).toEqual(r.appended);
      const after = await loadSession(file);
      expect(warningLines(after)).toEqual(warningLines(before));
      expect(treeDiff(before, after, [lines[0].id as string], { [before.leafId!]: "end" })).toEqual([]);
    }));

  it("never glues its line to a torn last line left by a crashed writer", () =>
    withCopy(PI, async (file) => {
      appendFileSync(file, '{"type":"message","id":"dead","parentId"');
      age(file);
      const before = await loadSession(file);
      const r = await applyWrite(before, { op: "label", targetId: before.leafId!, label: "after crash" });
      const last = readFileSync(file, "utf8").trimEnd().split("\n").slice(-2);
      expect(last[0]).toBe('{"type":"message","id":"dead","parentId"');
      expect(JSON.parse(last[1])).toEqual(r.appended[0]);
      const after = await loadSession(file);
      expect(after.labels.get(before.leafId!)).toBe("after crash");
      expect(after.warnings.map((w) => w.line)).toEqual(before.warnings.map((w) => w.line));
    }));
});

describe("refusals leave the file byte-identical", () => {
  it("a session modified in the last seconds is refused with exit status 4, unless forced", () =>
    withCopy(PI, async (file) => {
      const s = await loadSession(file);
      appendFileSync(file, ""); // no change in bytes
      const now = new Date();
      const { utimesSync } = await import("node:fs");
      utimesSync(file, now, now);
      const bytes = readFileSync(file);
      await expect(applyWrite(s, { op: "label", targetId: s.leafId!, label: "x" })).rejects.toMatchObject({ exitCode: 4, message: expect.stringMatching(/looks live.*--force/) });
      expect(readFileSync(file).equals(bytes)).toBe(true);
      await applyWrite(s, { op: "label", targetId: s.leafId!, label: "x" }, { force: true });
      expect(readFileSync(file).length).toBeGreaterThan(bytes.length);
    }));

  it("a file another process holds open counts as live (Linux /proc)", () =>
    withCopy(PI, async (file, dir) => {
      const proc = join(dir, "proc");
      mkdirSync(join(proc, "4242", "fd"), { recursive: true });
      writeFileSync(join(proc, "4242", "comm"), "omp\n");
      symlinkSync(file, join(proc, "4242", "fd", "7"));
      const st = checkLive(file, { procRoot: proc });
      expect(st.live).toBe(true);
      expect(st.reasons).toContain("open in process 4242 (omp)");
      expect(checkLive(file, { procRoot: join(dir, "none") }).live).toBe(false);
    }));

  it("a file that shrank since it was read is refused", () =>
    withCopy(PI, async (file) => {
      const s = await loadSession(file);
      truncateSync(file, s.size - 10);
      age(file);
      const bytes = readFileSync(file);
      await expect(applyWrite(s, { op: "label", targetId: s.leafId!, label: "x" })).rejects.toMatchObject({ exitCode: 4, message: expect.stringMatching(/shrank/) });
      expect(readFileSync(file).equals(bytes)).toBe(true);
    }));

  it("a file rewritten in place since it was read is refused", () =>
    withCopy(PI, async (file) => {
      const s = await loadSession(file);
      const last = s.entries[s.entries.length - 1];
      const text = readFileSync(file, "utf8");
      const start = Buffer.from(text).subarray(0, last.offset).toString("utf8");
      writeFileSync(file, start + JSON.stringify({ type: "custom", id: "other000", parentId: null, timestamp: "2020-01-01T00:00:00.000Z", customType: "x".repeat(last.length) }) + "\n");
      age(file);
      const bytes = readFileSync(file);
      await expect(applyWrite(s, { op: "label", targetId: s.leafId!, label: "x" })).rejects.toMatchObject({ exitCode: 4 });
      expect(readFileSync(file).equals(bytes)).toBe(true);
    }));

  it("a file replaced by another one (new inode) is refused by the low-level append", () =>
    withCopy(PI, async (file, dir) => {
      const stamp = statStamp(file);
      const other = join(dir, "other.jsonl");
      copyFileSync(file, other);
      renameSync(other, file);
      const bytes = readFileSync(file);
      const { appendLines } = await import("../../../src/core/session/write/append.js");
      expect(() => appendLines(file, ["{}"], stamp)).toThrow(/replaced/);
      expect(readFileSync(file).equals(bytes)).toBe(true);
    }));

  it("a title slot that changed since it was planned is not overwritten", () =>
    withCopy(OMP, async (file) => {
      const bytes = readFileSync(file);
      const slot = bytes.subarray(0, 256);
      const wrong = Buffer.from(slot);
      wrong[20] = wrong[20] === 0x41 ? 0x42 : 0x41;
      expect(rewriteInPlace(file, 0, wrong, Buffer.alloc(256, 0x20), statStamp(file))).toEqual({ kind: "moved" });
      expect(readFileSync(file).equals(bytes)).toBe(true);
    }));

  it(".jsonl.gz sessions are read-only", () =>
    withCopy(PI, async (file, dir) => {
      const gz = join(dir, "archived.jsonl.gz");
      writeFileSync(gz, gzipSync(readFileSync(file)));
      age(gz);
      const bytes = readFileSync(gz);
      const s = await loadSession(gz);
      for (const req of [
        { op: "label" as const, targetId: s.leafId!, label: "x" },
        { op: "rename" as const, name: "n" },
        { op: "continue" as const, targetId: s.leafId!, summary: { kind: "none" as const } },
      ]) {
        await expect(applyWrite(s, req, { force: true })).rejects.toMatchObject({ exitCode: 4, message: expect.stringMatching(/read-only/) });
      }
      expect(readFileSync(gz).equals(bytes)).toBe(true);
    }));

  it("version 1 sessions (no entry ids) are refused; forking them is the way out", () =>
    withCopy(fixtureNames("pi-v1-")[0], async (file) => {
      const s = await loadSession(file);
      const bytes = readFileSync(file);
      await expect(applyWrite(s, { op: "label", targetId: s.leafId!, label: "x" }, { force: true })).rejects.toMatchObject({ exitCode: 4, message: expect.stringMatching(/version 1.*fork/) });
      expect(readFileSync(file).equals(bytes)).toBe(true);
    }));
});

describe("ids", () => {
  it("never collide with ids already in the file", () =>
    withCopy(PI, async (file) => {
      let s = await loadSession(file);
      const seen = new Set(s.byId.keys());
      for (let i = 0; i < 20; i++) {
        const r = await applyWrite(s, { op: "label", targetId: s.entries[i].id, label: `l${i}` }, { force: true });
        const id = r.appended[0].id as string;
        expect(id).toMatch(/^[0-9a-f]{8}$/);
        expect(seen.has(id)).toBe(false);
        seen.add(id);
        s = r.session;
      }
      expect((await loadSession(file)).warnings).toEqual(s.warnings);
    }));
});
