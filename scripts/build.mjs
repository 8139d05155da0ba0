// Bundles the CLI into dist/ with esbuild. Runs on `npm ci` (prepare), before
// `npm test`, `npm start` and `npm run bench`. The hook gets its own entry so
// its start-up never touches the UI or any heavy module.
import { build } from "esbuild";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { createRequire } from "node:module";

const result = await build({
  entryPoints: { cli: "src/cli.ts", hook: "src/hooks-cli/hook-entry.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  metafile: true,
  logLevel: "warning",
  jsx: "automatic",
  chunkNames: "chunks/[name]-[hash]",
  // Where db.ts finds better-sqlite3's JavaScript in one file (built below).
  define: { OMP_SQLITE_BUNDLE: JSON.stringify("./sqlite.cjs") },
});
// better-sqlite3's JavaScript (a dozen small CommonJS files) as one file next
// to the chunks: a search loads one file instead of resolving a dozen, about
// 7 ms of a warm query's start-up here. The native addon stays where npm built it.
await build({
  entryPoints: [createRequire(import.meta.url).resolve("better-sqlite3")],
  outfile: "dist/chunks/sqlite.cjs",
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  external: ["bindings"],
  logLevel: "warning",
});
mkdirSync("dist", { recursive: true });
writeFileSync("dist/meta.json", JSON.stringify(result.metafile));

// Chunks of earlier builds (their names carry a content hash) pile up in a
// working copy. Those no build output names are removed once they are an hour
// old: a process started from the previous build may still load one lazily.
const current = new Set(Object.keys(result.metafile.outputs).map((p) => resolve(p)));
current.add(resolve("dist/chunks/sqlite.cjs"));
const hourAgo = Date.now() - 3600_000;
for (const name of readdirSync("dist/chunks")) {
  const p = resolve("dist/chunks", name);
  if (current.has(p) || current.has(p.replace(/\.map$/, ""))) continue;
  try {
    if (statSync(p).mtimeMs < hourAgo) rmSync(p);
  } catch {
    // gone already
  }
}
