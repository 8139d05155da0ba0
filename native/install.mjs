// The package's install step: builds native/scan.c (the tree's line scanner,
// docs/performance.md "A native line scanner") with the node-gyp npm carries.
// It never fails the install: without a compiler, Node's headers or node-gyp,
// on Windows, or with OMP_SESSIONS_NATIVE=0, it says so in one line and the
// JavaScript reader is used (src/core/session/read/native-scan.ts).
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const skip = (why) => {
  process.stderr.write(`omp-sessions: native line scanner not built (${why}); the JavaScript reader is used\n`);
  process.exit(0);
};

try {
  if (process.platform === "win32") skip("not built on Windows");
  if (process.env.OMP_SESSIONS_NATIVE === "0") skip("OMP_SESSIONS_NATIVE=0");
  // npm tells its scripts where its node-gyp is; else the one beside the npm running this Node.
  const candidates = [process.env.npm_config_node_gyp, join(dirname(process.execPath), "..", "lib", "node_modules", "npm", "node_modules", "node-gyp", "bin", "node-gyp.js")];
  const gyp = candidates.find((p) => p && existsSync(p));
  if (!gyp) skip("node-gyp not found");
  // Node's own headers when this Node has them and npm names none (node-gyp would download them).
  const prefix = join(dirname(process.execPath), "..");
  const local = !process.env.npm_config_nodedir && existsSync(join(prefix, "include", "node", "node_api.h"));
  const r = spawnSync(process.execPath, [gyp, "rebuild", ...(local ? [`--nodedir=${prefix}`] : [])], { cwd: root, stdio: ["ignore", "pipe", "pipe"], timeout: 300_000, encoding: "utf8" });
  if (r.status !== 0) {
    // Nothing half-built left behind.
    rmSync(join(root, "build"), { recursive: true, force: true });
    const last = `${r.stderr ?? ""}`.split("\n").filter((l) => /error/i.test(l))[0] ?? r.error?.message ?? `node-gyp exited with ${r.status}`;
    skip(last.trim().slice(0, 200));
  }
} catch (err) {
  skip(String(err?.message ?? err));
}
