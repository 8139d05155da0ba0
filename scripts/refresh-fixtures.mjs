// Copies the project workspace's fixtures (default ../shared/fixtures, or the
// folder given) into test/fixtures, so the tests read copies inside the repo
// and a plain clone runs `npm test` with nothing beside it. Every folder of
// the source replaces the folder of the same name here (files gone from the
// source go here too); folders only the repo has (stats/, agents/) and the
// repo's other files stay. Run it after the workspace's fixtures change, then
// commit the result.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const from = resolve(process.argv[2] ?? join(root, "..", "shared", "fixtures"));
const to = join(root, "test", "fixtures");

if (!existsSync(from) || !statSync(from).isDirectory()) {
  console.error(`refresh-fixtures: no fixtures folder at ${from} (give its path: node scripts/refresh-fixtures.mjs DIR)`);
  process.exit(2);
}

for (const name of readdirSync(from).sort()) {
  const src = join(from, name);
  const dst = join(to, name);
  if (statSync(src).isDirectory()) rmSync(dst, { recursive: true, force: true });
  cpSync(src, dst, { recursive: true, preserveTimestamps: true });
  console.log(`${name}${statSync(src).isDirectory() ? "/" : ""} → test/fixtures/${name}`);
}
