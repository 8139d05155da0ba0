// The entry of a command's own bundle (dist/cmd/NAME.cjs, scripts/build.mjs):
// the bin requires it for `omp-sessions NAME …`, so that a headless command
// loads only its own code, as one CommonJS file, without the ES module loader
// (about 20 ms of a warm `search` here). Arguments as the full CLI takes them.
import type { Command } from "./command.js";
import { commandFirst } from "../global-args.js";
import { finish, runCommand } from "./main.js";
import { createEnv, useEnv } from "../core/env.js";

export function commandMain(cmd: Command): void {
  useEnv(createEnv());
  const argv = commandFirst(process.argv.slice(2));
  finish(runCommand(cmd, argv[0] === cmd.name ? argv.slice(1) : argv));
}
