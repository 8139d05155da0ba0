// `npm start` runs `build.mjs --if-stale`: it builds when a source, the build
// script or package.json is newer than dist/, and leaves dist/ alone otherwise.
// Times are set with utimes, so nothing here waits for a clock.
import { describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ROOT } from "../helpers/fixtures.js";
// @ts-expect-error: a plain .mjs script without types
import { BUILD_OUTPUTS, staleReason } from "../../scripts/build-stale.mjs";

const reason = staleReason as (root: string) => string | null;
const outputs = BUILD_OUTPUTS as string[];

/** Sets a file's mtime `secondsAgo` seconds before now. */
function age(path: string, secondsAgo: number): void {
  const t = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, t, t);
}

/** Ages a file, or a folder and everything in it. */
function ageTree(path: string, secondsAgo: number): void {
  if (statSync(path).isDirectory()) for (const name of readdirSync(path)) ageTree(join(path, name), secondsAgo);
  age(path, secondsAgo);
}

function fakeTree(): string {
  const root = mkdtempSync(join(tmpdir(), "omp-stale-"));
  for (const f of ["src/ui/app.tsx", "src/core/a.ts", "scripts/build.mjs", "scripts/build-stale.mjs", "package.json", "package-lock.json", ...outputs]) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), "x");
  }
  for (const f of ["src/ui/app.tsx", "src/core/a.ts", "src/ui", "src/core", "src", "scripts/build.mjs", "scripts/build-stale.mjs", "package.json", "package-lock.json"]) age(join(root, f), 100);
  for (const f of outputs) age(join(root, f), 50);
  return root;
}

describe("build --if-stale", () => {
  it("is fresh while every output is newer than every input", () => {
    expect(reason(fakeTree())).toBeNull();
  });

  it("is stale once a source, the build script or package.json is touched, or an output is missing", () => {
    for (const input of ["src/core/a.ts", "scripts/build.mjs", "package.json"]) {
      const root = fakeTree();
      age(join(root, input), 0);
      expect(reason(root), input).toMatch(/changed since the last build/);
    }
    const added = fakeTree();
    writeFileSync(join(added, "src/ui/new-screen.tsx"), "x");
    expect(reason(added)).toMatch(/^src changed/);
    for (const out of outputs) {
      const root = fakeTree();
      age(join(root, out), 200); // one output older than the sources: a build cut short
      expect(reason(root), out).not.toBeNull();
    }
  });

  // Two real builds of the whole project: on a 2-core machine under a load of 20 they took more than the default 60 s.
  // The budget is a guard against a hang, not a measure: nothing here is timed.
  it("builds a copy of the project when stale, and not again until a source is touched", { timeout: 300_000 }, () => {
    const root = mkdtempSync(join(tmpdir(), "omp-stale-build-"));
    for (const p of ["src", "scripts", "package.json", "package-lock.json"]) cpSync(join(ROOT, p), join(root, p), { recursive: true });
    symlinkSync(join(ROOT, "node_modules"), join(root, "node_modules"));
    const build = () => spawnSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: root, encoding: "utf8" });
    const stamp = () => statSync(join(root, "dist/meta-cjs.json")).mtimeMs;

    expect(build().status).toBe(0);
    for (const out of outputs) age(join(root, out), 50);
    for (const f of ["src", "scripts", "package.json", "package-lock.json"]) ageTree(join(root, f), 100);
    const built = stamp();

    expect(build().status).toBe(0);
    expect(stamp()).toBe(built);

    age(join(root, "src/cli.ts"), 0);
    expect(build().status).toBe(0);
    expect(stamp()).toBeGreaterThan(built);
  });
});
