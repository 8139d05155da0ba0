import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { parseArgs, bool, str, list } from "../args.js";
import { printJson } from "./session-arg.js";
import { stdout } from "../stdout.js";
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { hostOf, loadKeepConfig, saveKeepConfig } from "../../core/keep/config.js";
import { keepRun } from "../../core/keep/run.js";
import { keepStatus } from "../../core/keep/status.js";
import { archiveDir, keepConfigPath } from "../../core/keep/paths.js";
import { safeText } from "../../core/session/index.js";
import { shortCount } from "../../core/stats/format.js";

export const keepCommand: Command = {
  name: "keep",
  summary: "keep every session: mirror every agent's session files into an archive (opt-in; --enable, --status, --now)",
  usage: `Usage: omp-sessions keep --enable | --disable | --status [--json] | --now
       omp-sessions keep --host NAME | --add-source DIR | --remove-source DIR

Keeps a copy of every agent's session files, so that history survives the
agent's own cleanup (Claude Code deletes transcripts older than
cleanupPeriodDays, 30 days by default). Off until --enable.

The archive is <data dir>/archive/<host>/ ($OMP_SESSIONS_DATA_DIR, else
$XDG_DATA_HOME/omp-sessions, else ~/.local/share/omp-sessions): only new bytes
are appended, gzip-compressed, never rewritten; a file its agent rewrote is
kept as a new version beside the old one. It holds raw transcripts, secrets
included: the folder is private (0700, files 0600).

It runs from the capture hook when a session ends (SessionEnd / Stop; work
past the hook's time budget is queued for the next run) and on --now. The
browser, ls, search, stats and export read archived sessions whose original
is gone (marked archived), and prefer the original while it exists.

  --enable / --disable   turn it on or off (keep.json in the config dir)
  --status [--json]      on or off, host, files and bytes kept, last run, pending
  --now                  archive every agent's session files now
  --host NAME            file this machine's copies under NAME (default: the host name)
  --add-source DIR       also list another machine's synced archive folder
  --remove-source DIR    stop listing it`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--enable", "--disable", "--status", "--now", "--json"], values: ["--host"], repeat: ["--add-source", "--remove-source"] });
    const adds = list(args, "--add-source");
    const removes = list(args, "--remove-source");
    const host = str(args, "--host");
    const acts = ["--enable", "--disable", "--status", "--now"].filter((f) => bool(args, f));
    if (args.positional.length) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    if (acts.length === 0 && !adds.length && !removes.length && host === undefined) throw new UsageError("say what to do: --enable, --disable, --status or --now");
    if (bool(args, "--enable") && bool(args, "--disable")) throw new UsageError("--enable and --disable together");
    const out = stdout();
    const config = loadKeepConfig();
    let changed = false;
    if (bool(args, "--enable") || bool(args, "--disable")) {
      config.enabled = bool(args, "--enable");
      changed = true;
    }
    if (host !== undefined) {
      config.host = host.trim() || null;
      changed = true;
    }
    for (const dir of adds) {
      const abs = resolve(dir);
      if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new UsageError(`--add-source ${dir}: no such folder`);
      if (!config.sources.includes(abs)) config.sources.push(abs);
      changed = true;
    }
    for (const dir of removes) {
      config.sources = config.sources.filter((s) => s !== resolve(dir));
      changed = true;
    }
    if (changed) {
      saveKeepConfig(config);
      out.write(safeText(`keep is ${config.enabled ? "on" : "off"} (${keepConfigPath()}); host ${hostOf(config)}; archive ${archiveDir()}${config.sources.length ? `; other sources: ${config.sources.join(", ")}` : ""}`) + "\n");
      if (bool(args, "--enable")) out.write("It runs from the capture hook when a session ends (omp-sessions hooks install wires it) and on `keep --now`.\n");
    }
    if (bool(args, "--now")) {
      const r = await keepRun({ config });
      out.write(
        safeText(
          `kept ${r.archived} file${r.archived === 1 ? "" : "s"} with new bytes: ${shortCount(r.taken)} bytes as ${shortCount(r.written)} compressed${r.versions ? `; ${r.versions} rewritten (kept as new versions)` : ""}${r.pending ? `; ${r.pending} left for the next run` : ""} → ${r.hostDir}`,
        ) + "\n",
      );
    }
    if (bool(args, "--status")) {
      const s = keepStatus(config);
      if (bool(args, "--json")) printJson(s);
      else {
        out.write(safeText(`keep is ${s.enabled ? "on" : "off"} · host ${s.host} · ${s.archive}`) + "\n");
        for (const h of s.hosts)
          out.write(safeText(`  ${h.host}${h.own ? " (this machine)" : ""}: ${h.files} files, ${shortCount(h.bytes)} bytes on disk, last run ${h.lastRun ?? "never"}${h.pending ? `, ${h.pending} pending` : ""} · ${h.dir}`) + "\n");
        if (s.hosts.length === 0) out.write("  nothing archived yet\n");
      }
    }
    return 0;
  },
};
