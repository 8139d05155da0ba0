// install-hooks: wire (or unwire) the capture hook into each harness.
import { existsSync, realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { bool, parseArgs, str } from "../args.js";
import { findBinary } from "../../core/agents/find-binary.js";
import { applyChanges, planInstall, BAK, type Change } from "../../core/hooks-install/install.js";
import { HARNESSES, type HarnessName } from "../../core/hooks-install/targets.js";
import { safeText } from "../../core/session/index.js";
import { stdout } from "../stdout.js";

const real = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
};

/**
 * How the installed hooks start omp-sessions: plain `omp-sessions` when that
 * is this very install on PATH (npm i -g), else this install's bin by its
 * full path (a checkout, a local install).
 */
export function selfBase(argv1: string | undefined = process.argv[1], env: NodeJS.ProcessEnv = process.env): { base: string[]; warning: string | null } {
  let self = argv1 ? resolve(argv1) : null;
  // Run as dist/cli.js or a command bundle: the bin is beside dist/.
  if (self && basename(self) !== "omp-sessions") {
    const near = [join(dirname(self), "..", "bin", "omp-sessions"), join(dirname(self), "..", "..", "bin", "omp-sessions")].find((p) => existsSync(p));
    self = near ? resolve(near) : null;
  }
  const onPath = findBinary("omp-sessions", env);
  if (!self || (onPath && real(onPath) === real(self))) return { base: ["omp-sessions"], warning: null };
  const warning = /[\\/]_npx[\\/]/.test(self) ? "this omp-sessions runs from npx's cache, which npm may clear: the hooks would then stop recording. Install it (npm i -g omp-sessions) and run install-hooks again, or pass --command" : null;
  return { base: [self], warning };
}

const VERB: Record<Change["action"], string> = { create: "create", update: "update", remove: "remove", unchanged: "unchanged", skip: "skip", error: "error" };

function describe(changes: Change[], dry: boolean): string {
  const out: string[] = [];
  for (const c of changes) {
    const verb = dry && ["create", "update", "remove"].includes(c.action) ? `would ${VERB[c.action]}` : VERB[c.action];
    out.push(`${c.harness.padEnd(8)} ${verb}: ${c.file}`);
    for (const d of c.detail) out.push(`           ${d}`);
    if (c.keep?.some((k) => k.path === c.file + BAK)) out.push(`           backup: ${c.file + BAK}`);
  }
  return safeText(out.join("\n"), true);
}

export const installHooksCommand: Command = {
  name: "install-hooks",
  summary: "wire the capture hook into claude, codex, gemini, opencode, pi, omp (or --uninstall it)",
  usage: `Usage: omp-sessions install-hooks claude|codex|gemini|opencode|pi|omp|all [--project] [--uninstall] [--dry-run] [--command CMD]

Merges the capture hook (omp-sessions hook --harness H --if-enabled) into each
harness's settings, or writes its extension / plugin file:

  claude    ~/.claude/settings.json       (--project: .claude/settings.json)
  codex     ~/.codex/hooks.json           (--project: .codex/hooks.json)
  gemini    ~/.gemini/settings.json       (--project: .gemini/settings.json)
  opencode  ~/.config/opencode/plugins/omp-sessions-capture.js  (.opencode/plugins/)
  pi        ~/.pi/agent/extensions/omp-sessions-capture.ts      (.pi/extensions/)
  omp       ~/.omp/agent/extensions/omp-sessions-capture.ts     (.omp/extensions/)

Running it again changes nothing. Every entry it adds is tagged
(--managed-by=install-hooks), so --uninstall removes exactly those: a file
left as it was before is put back byte for byte, a file it created is
removed. Hook lines written by hand are kept and count as wired. Before a
settings file changes, its bytes go to FILE.omp-sessions.bak. A settings file
that is not valid JSON is left alone (exit 1). \`all\` skips harnesses whose
folder does not exist; name one to install it anyway. \`status\` shows what
is wired.

  --project     the project's files (under the current directory) instead of yours
  --uninstall   remove what install-hooks added
  --dry-run     print the changes, write nothing
  --command CMD how hooks start omp-sessions (default: omp-sessions when it is
                this install on PATH, else this install's full path); words
                split on spaces

Exit status: 0 done, 1 a file left alone (the others are done), 2 bad usage.`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--project", "--uninstall", "--dry-run"], values: ["--command"] });
    const names = args.positional;
    if (names.length === 0) throw new UsageError("name a harness, or all");
    const all = names.includes("all");
    for (const n of names) if (n !== "all" && !(HARNESSES as readonly string[]).includes(n)) throw new UsageError(`unknown harness '${n}' (one of ${HARNESSES.join(", ")}, all)`);
    const harnesses = all ? [...HARNESSES] : [...new Set(names as HarnessName[])];
    const given = str(args, "--command");
    if (given !== undefined && given.trim() === "") throw new UsageError("--command needs a command");
    const self = given !== undefined ? { base: given.trim().split(/\s+/), warning: null } : selfBase();
    const dry = bool(args, "--dry-run");
    const uninstall = bool(args, "--uninstall");
    const changes = planInstall({ harnesses, explicit: !all, scope: bool(args, "--project") ? "project" : "user", cwd: process.cwd(), uninstall, base: self.base });
    if (!dry) applyChanges(changes);
    stdout().write(describe(changes, dry) + "\n");
    if (self.warning && !uninstall && changes.some((c) => c.action === "create" || c.action === "update")) process.stderr.write(`omp-sessions install-hooks: ${safeText(self.warning)}\n`);
    if (!dry && !uninstall && changes.some((c) => c.harness === "codex" && (c.action === "create" || c.action === "update"))) {
      stdout().write("note: older Codex versions run hooks only with `[features] codex_hooks = true` in ~/.codex/config.toml\n");
    }
    return changes.some((c) => c.action === "error") ? 1 : 0;
  },
};
