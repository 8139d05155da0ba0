// enable / disable / status
import { UsageError } from "../command.js";
import { str, bool } from "../args.js";
import { MODES, type Mode } from "../../core/capture/config.js";
import { enableCapture, disableCapture, storeStatus, unknownHarnesses } from "../../core/capture/settings.js";
import { intFlag, storeCommand } from "./common.js";
import { safeText } from "../../core/session/index.js";
import { hookWiring, type Wiring } from "../../core/hooks-install/wiring.js";

/** One harness in `status`: where it is wired, and its last hook call. */
function wiringLine(w: Wiring): string {
  const where = w.wired.length ? w.wired.map((x) => `${x.scope}${x.by === "hand" ? " (by hand)" : ""}: ${x.file}`).join("; ") : "omp-sessions install-hooks " + w.harness;
  const problems = w.problems.length ? ` · unreadable: ${w.problems.join("; ")}` : "";
  return `  ${w.harness.padEnd(8)} ${(w.wired.length ? "wired" : "not wired").padEnd(9)}  last call: ${w.lastCall ?? "never"} · ${where}${problems}`;
}

export const enableCommand = storeCommand({
  name: "enable",
  summary: "turn capture on (or set its mode) in the hub's .sessions/config.json",
  usage: `Usage: omp-sessions enable [--mode off|capture-only|balanced|aggressive] [--tool-events N] [--force] [--hub DIR | --local]

Writes HUB/.sessions/config.json for the mode (default balanced). Without --force,
feedback.* and unknown keys are kept; --force writes the preset alone.
--tool-events N sets how many tool events trigger a checkpoint digest (0 = never).`,
  flags: { values: ["--mode", "--tool-events"], bools: ["--force"] },
  run(p, ctx) {
    const mode = (str(p, "--mode") ?? "balanced") as Mode;
    if (!MODES.includes(mode)) throw new UsageError(`--mode must be one of ${MODES.join(", ")}`);
    const toolEvents = str(p, "--tool-events") === undefined ? undefined : intFlag(p, "--tool-events", 50);
    const { config, corruptCopy } = enableCapture(ctx.root, { mode, toolEvents, force: bool(p, "--force") });
    if (corruptCopy) ctx.warn(`config.json was invalid; kept a copy at ${corruptCopy}`);
    ctx.out(`mode: ${config.mode}\nenabled: ${config.enabled}\nsessions root: ${ctx.root}`);
    return 0;
  },
});

export const disableCommand = storeCommand({
  name: "disable",
  summary: "turn capture off (hooks run with --if-enabled then do nothing)",
  usage: `Usage: omp-sessions disable [--hub DIR | --local]

Sets enabled: false and mode: "off" in HUB/.sessions/config.json; everything else is kept.`,
  flags: {},
  run(_p, ctx) {
    const { corruptCopy } = disableCapture(ctx.root);
    if (corruptCopy) ctx.warn(`config.json was invalid; kept a copy at ${corruptCopy}`);
    ctx.out(`mode: off\nenabled: false\nsessions root: ${ctx.root}`);
    return 0;
  },
});

export const statusCommand = storeCommand({
  name: "status",
  summary: "show where the capture store is, whether capture is on, and hook errors",
  usage: `Usage: omp-sessions status [--json] [--hub DIR | --local]

The hub, whether capture is on, hook errors, and for each harness whether its
hook is wired (your settings and this project's) and when it last called it.`,
  flags: { bools: ["--json"] },
  run(p, ctx) {
    const s = storeStatus(ctx.hub, ctx.root);
    const hooks = hookWiring(ctx.root, process.cwd());
    if (bool(p, "--json")) {
      ctx.json({ ...s, hooks });
      return 0;
    }
    const errs =
      Object.entries(s.errors)
        .map(([k, n]) => `${k} ${n}`)
        .join(", ") || "none";
    const unknown = unknownHarnesses(ctx.root);
    ctx.out(
      [
        `hub: ${s.hub}`,
        `sessions root: ${s.sessions_root}`,
        `enabled: ${s.enabled}`,
        `mode: ${s.mode}`,
        `sessions: ${s.session_count}`,
        `config error: ${s.config_error ?? "none"}`,
        `hook errors: ${errs}`,
        ...(Object.keys(unknown).length
          ? [
              `unknown harnesses (check the hook configs): ${Object.entries(unknown)
                .map(([h, n]) => `${safeText(h)} ${n}`)
                .join(", ")}`,
            ]
          : []),
        "hooks (install-hooks wires them):",
        ...hooks.map(wiringLine),
      ].join("\n"),
    );
    return 0;
  },
});
