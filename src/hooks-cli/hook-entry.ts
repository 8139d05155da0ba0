// Entry of dist/hook.cjs: `omp-sessions hook …`. Imports only what the hook
// needs. It never throws and always exits 0: a hook must never break an agent.
import { runHook } from "./capture/hook.js";
import { commandFirst } from "../global-args.js";
import { createEnv, useEnv } from "../core/env.js";

process.exitCode = 0;
const quietExit = (): never => process.exit(0);
process.on("uncaughtException", quietExit);
process.on("unhandledRejection", quietExit);

useEnv(createEnv());
const argv = commandFirst(process.argv.slice(2));
runHook(argv[0] === "hook" ? argv.slice(1) : argv).then((line) => {
  // exit explicitly: a stdin read may still be pending after the idle deadline or a complete payload
  if (!line) return process.exit(0);
  // stdout is touched only here (setting it up costs an event with nothing to print);
  // a harness that stops reading it must not turn into a crash
  process.stdout.on("error", () => {});
  process.stdout.write(line + "\n", () => process.exit(0));
});
