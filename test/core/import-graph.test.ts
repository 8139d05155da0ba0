// The direction rule: core imports neither the UI, the CLI, React nor Ink.
import { describe, it, expect } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "../helpers/fixtures.js";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]);

describe("import direction", () => {
  const core = sources(join(ROOT, "src", "core"));

  it("finds the core sources", () => {
    expect(core.length).toBeGreaterThan(5);
  });

  it("core imports nothing from src/ui, src/hooks-cli, react, ink or zustand", () => {
    const bad: string[] = [];
    for (const f of core) {
      for (const spec of importsOf(f)) {
        if (/(^|\/)(ui|hooks-cli)\//.test(spec) || /^(react|ink|zustand)(\/|$)|^ink-/.test(spec)) bad.push(`${relative(ROOT, f)} → ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("hooks-cli imports nothing from src/ui", () => {
    const bad = sources(join(ROOT, "src", "hooks-cli")).flatMap((f) => importsOf(f).filter((s) => /(^|\/)ui\//.test(s)).map((s) => `${relative(ROOT, f)} → ${s}`));
    expect(bad).toEqual([]);
  });
});
