// `npm run test:unit` is the fast lane: every suite but those that drive the
// built browser in tmux; `npm test` still runs all of them.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "../helpers/fixtures.js";
import { tmuxSuites } from "../../vitest.unit.config.js";

// Built in two parts so that this file does not match itself.
const STARTS_TMUX = new RegExp('tmux\\("new-' + 'session"');

/** Suites that start tmux sessions, found by what they run, not by what they import. */
function drivesTmux(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath ?? e.path, e.name).slice(ROOT.length + 1))
    .filter((p) => STARTS_TMUX.test(readFileSync(join(ROOT, p), "utf8")))
    .sort();
}

function listed(config: string): string[] {
  const r = spawnSync(process.execPath, [join(ROOT, "node_modules/vitest/vitest.mjs"), "list", "--filesOnly", "--config", config], { cwd: ROOT, encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /\.test\.tsx?$/.test(l));
}

describe("test lanes", () => {
  it("test:unit leaves out every suite that starts tmux, and only those", () => {
    const tmux = drivesTmux("test").filter((p) => !p.startsWith("test/package/"));
    expect(tmux.length).toBeGreaterThan(3);
    const unit = listed("vitest.unit.config.ts");
    for (const p of tmux) expect(unit, p).not.toContain(p);
    expect(unit).toContain("test/ui/feedback.test.tsx");
    expect(unit).toContain("test/e2e/large-files.test.ts");
    expect(tmuxSuites(join(ROOT, "test")).map((p) => p.slice(ROOT.length + 1))).toEqual(expect.arrayContaining(tmux));
    const all = listed("vitest.config.ts");
    for (const p of tmux) expect(all, p).toContain(p);
    expect(all.length - unit.length).toBe(tmux.length);
  });

  it("npm run test:unit runs that lane; npm test runs the full config", () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts["test:unit"]).toBe("vitest run --config vitest.unit.config.ts");
    expect(scripts.test).toMatch(/&& vitest run &&/);
  });
});
