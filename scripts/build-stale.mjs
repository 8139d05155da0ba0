// Whether the build in dist/ is older than what it is built from: `npm start`
// (build.mjs --if-stale) rebuilds only then, so starting the browser after an
// edit runs the edit, and starting it again does not wait for a build.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** What a build reads: the sources, the build script itself, the package's manifests. */
export const BUILD_INPUTS = ["src", "scripts/build.mjs", "scripts/build-stale.mjs", "package.json", "package-lock.json"];
/** What every build writes; meta-cjs.json is written last, so a build cut short leaves it old. */
export const BUILD_OUTPUTS = ["dist/cli.js", "dist/hook.cjs", "dist/meta.json", "dist/meta-cjs.json"];

function newestUnder(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs; // a file removed or renamed changes its folder
  for (const name of readdirSync(path)) newest = Math.max(newest, newestUnder(join(path, name)));
  return newest;
}

/** The reason to rebuild `root`, or null when dist/ is newer than every input. */
export function staleReason(root) {
  let oldestOutput = Infinity;
  for (const out of BUILD_OUTPUTS) {
    try {
      oldestOutput = Math.min(oldestOutput, statSync(join(root, out)).mtimeMs);
    } catch {
      return `${out} is missing`;
    }
  }
  for (const input of BUILD_INPUTS) {
    if (newestUnder(join(root, input)) > oldestOutput) return `${input} changed since the last build`;
  }
  return null;
}
