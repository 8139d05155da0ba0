// core/fs/guard.ts resolves every path it checks through core/fs/plain-path.ts:
// the store's plain paths (absolute, no "." or ".." parts, no doubled "/") as
// they are, any other normalised by splitting at "/", and the directories
// below a tree split off at each "/", all without node:path on POSIX, whose
// character loop the hook ran often enough for V8 to optimize it on a worker
// thread (~3 ms of its CPU). However a path is spelled, the same links are
// refused and the same directories made.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

// node:path, counted: the plain paths must not reach it
const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock("node:path", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:path")>();
  const counted =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): R => {
      calls.n++;
      return f(...a);
    };
  const wrapped = { ...real, join: counted(real.join), resolve: counted(real.resolve), relative: counted(real.relative), dirname: counted(real.dirname), normalize: counted(real.normalize) };
  return { ...wrapped, default: wrapped };
});

const { checkWritePath, ensureDirGuarded, guardTree, LinkRefusedError, treeOf } = await import("../../../src/core/fs/guard.js");
const { dirtyDir, queuePath, sessionQueuePath, statePath } = await import("../../../src/core/capture/paths.js");
const { createEnv, useEnv } = await import("../../../src/core/env.js");

const posix = process.platform !== "win32";
let base: string;
let restore: () => void;

beforeEach(() => {
  restore = useEnv(createEnv());
  base = realpathSync(mkdtempSync(join(tmpdir(), "omp-guard-plain-")));
});
afterEach(() => {
  restore();
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!posix)("guard.ts on plain and other paths", () => {
  it("a plain path under a tree: no node:path call to register, find, check or create it", () => {
    const root = join(base, "hub", ".sessions");
    calls.n = 0;
    guardTree(root, { staging: true });
    const state = statePath(root, "claude", "0b5c7a52-3f0e-4c39-9a57-5b8d2f0e7c11");
    expect(state).toBe(`${root}/state/claude/0b5c7a52-3f0e-4c39-9a57-5b8d2f0e7c11.json`);
    expect(queuePath(root, "2026-12-07T10:00:00Z")).toBe(`${root}/queue/2026-12-07.jsonl`);
    expect(sessionQueuePath(root, "claude", "s1")).toBe(`${root}/queue/sessions/claude/s1.jsonl`);
    expect(treeOf(state)?.top).toBe(root);
    ensureDirGuarded(`${root}/state/claude`);
    checkWritePath(state);
    ensureDirGuarded(dirtyDir(root));
    expect(calls.n).toBe(0);
    expect(lstatSync(join(root, "state", "claude")).isDirectory()).toBe(true);
    expect(lstatSync(dirtyDir(root)).isDirectory()).toBe(true);
  });

  it("the same links refused and the same directories made, the path given plain or not", () => {
    const outside = join(base, "outside");
    mkdirSync(outside);
    const spellings = (root: string, rest: string) => [
      `${root}/${rest}`,
      `${root}/./${rest}`,
      `${root}//${rest}/`,
      `${root}/x/../${rest}`,
      // out of the tree and back in, from the file system's root twice, relative to the working directory
      `${root}/../${root.slice(root.lastIndexOf("/") + 1)}/${rest}`,
      `/${root}/${rest}`,
      `${relative(process.cwd(), root)}/${rest}`,
      `${root}/x/./y/../../${rest}//`,
    ];
    // node:path calls made inside the guard (the test's own joins are not counted)
    let inGuard = 0;
    const g = <T>(f: () => T): T => {
      const n0 = calls.n;
      try {
        return f();
      } finally {
        inGuard += calls.n - n0;
      }
    };
    for (const [i, spell] of [0, 1, 2, 3, 4, 5, 6, 7].entries()) {
      const root = join(base, `t${i}`);
      g(() => guardTree(root, { staging: true }));
      // a link in the middle of the way: refused, nothing made through it
      mkdirSync(join(root, "a"), { recursive: true });
      symlinkSync(outside, join(root, "a", "b"));
      const through = spellings(root, "a/b/c/d")[spell];
      const fileThrough = spellings(root, "a/b/c/file.json")[spell];
      expect(() => g(() => ensureDirGuarded(through)), through).toThrow(LinkRefusedError);
      expect(() => g(() => checkWritePath(fileThrough)), through).toThrow(LinkRefusedError);
      expect(existsSync(join(outside, "c"))).toBe(false);
      // no link: every directory made, each a real directory
      const dir = spellings(root, "p/q/r")[spell];
      g(() => ensureDirGuarded(dir));
      for (const d of ["p", "p/q", "p/q/r"]) expect(lstatSync(join(root, d)).isDirectory()).toBe(true);
      const file = spellings(root, "p/q/r/file.json")[spell];
      expect(() => g(() => checkWritePath(file))).not.toThrow();
      // the tree's own top may be a link (a hub on another disk)
      const near = spellings(root, "p/q/file.json")[spell];
      expect(g(() => treeOf(near))?.top).toBe(root);
      // and out of the tree by "..": not in it, nothing checked
      const away = spellings(root, "a/../../elsewhere/file.json")[spell];
      expect(g(() => treeOf(away))).toBeNull();
      const back = spellings(root, "a/b/../../../outside/file.json")[spell];
      expect(() => g(() => checkWritePath(back))).not.toThrow();
    }
    // one normaliser for every spelling: none of them reached node:path
    expect(inGuard).toBe(0);
  });

  it("a path outside every tree, or the tree's top itself, is left alone", () => {
    const root = join(base, "hub");
    guardTree(root);
    expect(treeOf(join(base, "hubby", "x"))).toBeNull();
    expect(treeOf(root)).toBeNull();
    const free = join(base, "elsewhere", "deep");
    ensureDirGuarded(free);
    expect(lstatSync(free).isDirectory()).toBe(true);
  });
});
