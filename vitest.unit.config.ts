// `npm run test:unit`: the fast lane, everything but the suites that drive the
// built browser in a real terminal (tmux). Those are found by what they import,
// so a new tmux suite leaves this lane without anyone listing it here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

/** Test files under `dir` that drive tmux (import test/helpers/tmux). */
export function tmuxSuites(dir = "test"): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "fixtures") out.push(...tmuxSuites(p));
    } else if (/\.test\.tsx?$/.test(e.name) && /from "(\.\.\/)+helpers\/tmux\.js"/.test(readFileSync(p, "utf8"))) out.push(p);
  }
  return out.sort();
}

export default mergeConfig(base, defineConfig({ test: { exclude: tmuxSuites() } }));
