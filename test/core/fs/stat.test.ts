import { describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stampAll, stampOf, stampsInto } from "../../../src/core/fs/stat.js";

function setup(): { dir: string; paths: string[] } {
  const dir = mkdtempSync(join(tmpdir(), "omp-stat-"));
  const a = join(dir, "a.jsonl");
  writeFileSync(a, "x".repeat(1234));
  // A modification time with a fraction of a millisecond, as real files have.
  utimesSync(a, 1_700_000_000.123456, 1_700_000_000.987654);
  const b = join(dir, "b.jsonl");
  writeFileSync(b, "");
  const link = join(dir, "link.jsonl");
  symlinkSync(a, link);
  mkdirSync(join(dir, "sub"));
  return { dir, paths: [a, b, link, join(dir, "sub"), join(dir, "gone.jsonl")] };
}

const expected = (p: string) => {
  const st = statSync(p, { throwIfNoEntry: false });
  return st ? { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, isFile: st.isFile() } : null;
};

describe("file stamps", () => {
  it("match statSync exactly: identity, size, fractional mtime, type, missing files", () => {
    const { dir, paths } = setup();
    try {
      for (const p of paths) expect(stampOf(p)).toEqual(expected(p));
      const packed = new Float64Array(paths.length * 4);
      stampsInto(paths, packed);
      paths.forEach((p, i) => {
        const e = expected(p);
        expect([...packed.subarray(i * 4, i * 4 + 4)]).toEqual(e ? [e.dev, e.ino, e.size, e.mtimeMs] : [0, 0, -1, 0]);
      });
      // A file that grows: the next stamp sees it.
      const before = stampOf(paths[0])!;
      appendFileSync(paths[0], "more");
      expect(stampOf(paths[0])!.size).toBe(before.size + 4);
      expect(before.size).toBe(1234);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("throw as statSync does for errors other than a missing file", () => {
    const { dir } = setup();
    try {
      // A path through a file: ENOTDIR, which statSync throws even with throwIfNoEntry: false.
      const through = join(dir, "a.jsonl", "x");
      expect(() => statSync(through, { throwIfNoEntry: false })).toThrow(/ENOTDIR/);
      expect(() => stampOf(through)).toThrow(/ENOTDIR/);
      expect(() => stampsInto([through], new Float64Array(4))).toThrow(/ENOTDIR/);
      // stampAll counts it as missing and goes on with the rest.
      const all = stampAll([through, join(dir, "a.jsonl")]);
      expect([...all.packed.subarray(0, 4)]).toEqual([0, 0, -1, 0]);
      expect(all.packed[6]).toBe(1234);
      expect([...all.regular]).toEqual([0, 1]);
      expect(() => stampOf("bad\0path")).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
