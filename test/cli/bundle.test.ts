// What the build bundles: the browser carries its packages (Ink, React) in
// dist/ instead of loading hundreds of files from node_modules, with Ink's
// output module once, so that ink-caches.ts patches the Ink that renders.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { ROOT } from "../helpers/fixtures.js";

type Meta = {
  outputs: Record<string, { imports: { path: string; external?: boolean }[]; inputs: Record<string, unknown> }>;
  inputs: Record<string, { imports: { path: string }[] }>;
};

describe("the browser's bundle", () => {
  const meta = JSON.parse(readFileSync(join(ROOT, "dist", "meta.json"), "utf8")) as Meta;

  it("imports only Node's modules, the native SQLite module and optional add-ons from outside", () => {
    const externals = new Set(Object.values(meta.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
    // Optional, each required inside a try: Ink's devtools, and the native helpers of ws (which the devtools use).
    const optional = new Set(["react-devtools-core", "bufferutil", "utf-8-validate"]);
    for (const e of externals) {
      const ok = e.startsWith("node:") || builtinModules.includes(e) || e === "better-sqlite3" || e === "./sqlite.cjs" || optional.has(e);
      expect(ok, e).toBe(true);
    }
    const inputs = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs));
    for (const pkg of ["ink", "react", "react-reconciler", "zustand", "fuse.js"])
      expect(
        // `node_modules/…` in a checkout; `../main/node_modules/…` in a git worktree whose node_modules links to another checkout's
        inputs.some((i) => i.startsWith(`node_modules/${pkg}/`) || i.includes(`/node_modules/${pkg}/`)),
        pkg,
      ).toBe(true);
  });

  it("holds Ink's output module exactly once: the one ink-caches.ts patches is the one Ink renders with", () => {
    const holders = Object.entries(meta.outputs).filter(([, o]) => Object.keys(o.inputs).some((i) => i.endsWith("node_modules/ink/build/output.js")));
    expect(holders).toHaveLength(1);
  });

  it("gives Ink src/ui/ink-string-width.ts for string-width, and a package with a string-width of its own keeps it", () => {
    const importsOf = (file: string) =>
      Object.entries(meta.inputs)
        .find(([k]) => k.endsWith(file))?.[1]
        .imports.map((i) => i.path) ?? [];
    for (const file of ["node_modules/widest-line/index.js", "node_modules/ink/build/output.js"]) expect(importsOf(file), file).toContain("src/ui/ink-string-width.ts");
    expect(importsOf("src/ui/ink-string-width.ts").some((p) => p.endsWith("node_modules/string-width/index.js"))).toBe(true);
    expect(importsOf("node_modules/wrap-ansi/index.js").some((p) => p.endsWith("node_modules/wrap-ansi/node_modules/string-width/index.js"))).toBe(true);
  });
});
