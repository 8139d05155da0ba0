// core/fs/plain-path.ts resolves and joins the write guard's and the capture
// store's paths (core/fs/guard.ts, core/capture/paths.ts) without node:path on
// POSIX: one normaliser for every path, plain or not, which must give exactly
// what node:path gives, for odd spellings too ("..", "//", ".", a trailing
// "/", backslashes and drive letters, which POSIX reads as name characters).
import { describe, expect, it } from "vitest";
import path from "node:path";
import { joinPath, resolvePath } from "../../../src/core/fs/plain-path.js";
import { prng } from "../../helpers/mutants.js";

const posix = process.platform !== "win32";

const ODD = [
  "",
  ".",
  "..",
  "/",
  "//",
  "///a//b//",
  "/..",
  "/../..",
  "/a/../../b",
  "/a/./b/.",
  "/a/b/..",
  "/a/b/../",
  "a",
  "a/",
  "./a/./b/..",
  "../a",
  "../../a/..",
  "a/../..",
  "a/../../b/",
  "...",
  "/a/.../b",
  "/a/..b/c.",
  ".hidden/..",
  "C:\\Users\\dev\\hub",
  "C:/Users/dev/hub",
  "c:",
  "\\\\server\\share\\x",
  "//server/share/x",
  "a\\..\\b",
  "/tmp/a\\..\\b/../c",
  "/home/u/.sessions/state/claude/x.json",
  "/sp ace/日本/#id",
];

describe.skipIf(!posix)("the one normaliser gives node:path's answers (POSIX)", () => {
  it("resolvePath is path.resolve on odd spellings, Windows-looking ones included", () => {
    for (const p of ODD) expect(resolvePath(p), JSON.stringify(p)).toBe(path.resolve(p));
  });

  it("joinPath is path.join, for a root and any parts", () => {
    for (const a of ODD) {
      expect(joinPath(a), JSON.stringify(a)).toBe(path.join(a));
      for (const b of ["x", "", ".", "..", "x/", "/x", "x/../..", "a\\b", "C:"]) expect(joinPath(a, b), JSON.stringify([a, b])).toBe(path.join(a, b));
      expect(joinPath(a, "state", "claude", "s.json")).toBe(path.join(a, "state", "claude", "s.json"));
    }
  });

  it("and on random paths made of names, dots, separators and backslashes", () => {
    const r = prng(0x9a7e);
    const parts = ["a", "b", ".", "..", "", "...", ".x", "..y", "c:", "\\", "d\\..", "sp ace"];
    const some = (): string => {
      const n = Math.floor(r() * 7);
      return (r() < 0.6 ? "/" : "") + Array.from({ length: n }, () => parts[Math.floor(r() * parts.length)]).join(r() < 0.1 ? "//" : "/") + (r() < 0.2 ? "/" : "");
    };
    for (let i = 0; i < 20_000; i++) {
      const p = some();
      expect(resolvePath(p), JSON.stringify(p)).toBe(path.resolve(p));
      const q = some();
      expect(joinPath(p, q), JSON.stringify([p, q])).toBe(path.join(p, q));
    }
  });
});
