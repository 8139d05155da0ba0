// Bundles the CLI into dist/ with esbuild. Runs on `npm ci` (prepare), before
// `npm test`, `npm start` and `npm run bench`. The hook gets its own entry so
// its start-up never touches the UI or any heavy module.
import { build } from "esbuild";
import { writeFileSync, mkdirSync } from "node:fs";

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
});
mkdirSync("dist", { recursive: true });
writeFileSync("dist/meta.json", JSON.stringify(result.metafile));
