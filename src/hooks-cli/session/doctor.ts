// `doctor`: the shapes of the user's sessions that omp-sessions did not
// recognise (core/session/list/drift.ts), in a form to paste into a bug report.
import { type Command } from "../command.js";
import { parseArgs, bool } from "../args.js";
import { listScope } from "./list-scope.js";
import { findDrift, nativeScanStatus, type DriftReport, type NativeScanStatus } from "../../core/session/index.js";
import { AGENT_IDS, agentLabel } from "../../core/session/index.js";
import { safeText } from "../../core/session/index.js";
import { stdout } from "../stdout.js";
import { VERSION } from "../../version.js";

/** Files named per shape at most (the count says how many more). */
const FILES_SHOWN = 5;

/** The native line scanner's line: informational (the JavaScript reader is complete without it). */
export function formatNativeScan(n: NativeScanStatus): string {
  const head = "Native line scanner (a faster tree --json; optional): ";
  switch (n.state) {
    case "in use":
      return `${head}in use (${safeText(n.file)})`;
    case "not built":
      return `${head}not built, the JavaScript reader is used (build it: node ${n.install === null ? "native/install.mjs in the package's folder" : safeText(n.install)})`;
    case "failed to load":
      return `${head}failed to load, the JavaScript reader is used: ${safeText(n.error)} (rebuild it: node native/install.mjs in the package's folder)`;
    case "turned off":
      return `${head}turned off by ${safeText(n.by)}, the JavaScript reader is used`;
  }
}

export function formatDrift(r: DriftReport, native: NativeScanStatus = nativeScanStatus()): string {
  const counts = AGENT_IDS.filter((a) => r.sessions[a])
    .map((a) => `${agentLabel(a)} ${r.sessions[a]}`)
    .join(", ");
  const out = [`omp-sessions ${VERSION} doctor (node ${process.version}, ${process.platform})`, formatNativeScan(native), `Sessions read: ${counts || "none"}`, ""];
  if (r.groups.length === 0) out.push("Every record of every session was recognised.");
  else {
    out.push("Shapes not recognised (kept and shown, marked unknown in the tree):");
    for (const g of r.groups) {
      out.push("", `${agentLabel(g.agent)} ${g.version || "(version not recorded)"}`);
      for (const s of g.shapes) {
        out.push(`  ${safeText(s.shape)}  (${s.files.length} file${s.files.length === 1 ? "" : "s"})`);
        for (const f of s.files.slice(0, FILES_SHOWN)) out.push(`    ${safeText(f)}`);
        if (s.files.length > FILES_SHOWN) out.push(`    … and ${s.files.length - FILES_SHOWN} more`);
      }
    }
  }
  if (r.skipped.length > 0) {
    out.push("", "Sessions read with lines left out (damaged in the file; the tree shows the same warnings):");
    for (const s of r.skipped) {
      out.push(`  ${agentLabel(s.agent)}  ${safeText(s.file)}`);
      const byMessage = new Map<string, { line: number }[]>();
      for (const w of s.warnings) byMessage.set(w.message, [...(byMessage.get(w.message) ?? []), w]);
      for (const [message, ws] of byMessage) {
        const lines = ws.map((w) => w.line).filter((n) => n > 0);
        const shown = lines.slice(0, 8).join(", ") + (lines.length > 8 ? `, … (${lines.length} lines)` : "");
        out.push(`    ${safeText(message)}${lines.length ? ` — line${lines.length === 1 ? "" : "s"} ${shown}` : ""}`);
      }
    }
  }
  if (r.unlisted.length > 0) {
    out.push("", `Files with no message and no name (or only an agent's own warm-up), left out of the list as their agent's own list leaves them out (${r.unlisted.length}; \`ls PATH\` lists one):`);
    for (const a of AGENT_IDS) {
      const files = r.unlisted.filter((u) => u.agent === a);
      if (files.length === 0) continue;
      out.push(`  ${agentLabel(a)} (${files.length})`);
      for (const u of files.slice(0, FILES_SHOWN)) out.push(`    ${safeText(u.file)}`);
      if (files.length > FILES_SHOWN) out.push(`    … and ${files.length - FILES_SHOWN} more`);
    }
  }
  if (r.notRead.length > 0) {
    out.push("", "Found and not read (another agent's data: omp-sessions has no reader for it, so its conversations are not listed):");
    for (const p of r.notRead) out.push(`  ${p.label}  ${safeText(p.dir)}  (${p.conversations} conversation${p.conversations === 1 ? "" : "s"})`);
  }
  if (r.unreadable.length > 0) {
    out.push("", "Sessions that could not be read:");
    for (const u of r.unreadable) out.push(`  ${agentLabel(u.agent)}  ${safeText(u.file)}`, `    ${safeText(u.error)}`);
  }
  return out.join("\n") + "\n";
}

export const doctorCommand: Command = {
  name: "doctor",
  summary: "list the session shapes this version does not recognise, per agent and version (for a bug report)",
  usage: `Usage: omp-sessions doctor [--json] [--no-cache] [--agent-dir DIR]... [PATH...]

Reads every session \`ls --all\` finds (or those under the PATHs given) and
lists, per agent and agent version, the shapes its reader did not recognise —
record or entry types, message types, database tables a newer release writes —
with the files that hold them, the sessions that could not be read at all, and
those read with damaged lines left out (other agents' sessions), and the
files with no message and no name that \`ls\` leaves out, as the agent's own
list does (Claude Code, Codex, Gemini CLI), and other agents' data found in
the default places that nothing here reads (Google's Antigravity CLI, app and
IDE under ~/.gemini/antigravity*/), with how many conversations each holds.
Nothing is dropped: unrecognised records are kept and shown, marked unknown in
the tree (\`show\` prints them whole). Paste the output into a bug report.
It also says whether the native line scanner (a faster \`tree --json\`) is in
use, not built, failed to load (after a Node upgrade: rebuild it with
\`node native/install.mjs\` in the package's folder) or turned off by
OMP_SESSIONS_NATIVE=0; without it the JavaScript reader does all the work.
pi and omp files are read as they are (every entry type kept).

  --json      print {sessions, groups: [{agent, version, shapes: [{shape, files}]}], unreadable,
              skipped: [{agent, file, warnings: [{line, message}]}], unlisted: [{agent, file}],
              notRead: [{agent, label, dir, conversations}],
              nativeScanner: {state: "in use" | "not built" | "failed to load" | "turned off",
              file?, install?, error?, by?}}
  --no-cache  read every file for the listing (as \`ls --no-cache\`)

Exit status: 0 done (whatever was found), 2 bad usage, 3 a PATH does not exist.`,
  async run(argv) {
    const args = parseArgs(argv, { bools: ["--json", "--no-cache"], repeat: ["--agent-dir"] });
    const scope = await listScope(args, "doctor");
    if (scope === 3) return 3;
    const report = await findDrift({ agentDirs: scope.agentDirs, paths: scope.paths, all: true, cache: !bool(args, "--no-cache") });
    const native = nativeScanStatus();
    stdout().write(bool(args, "--json") ? JSON.stringify({ ...report, nativeScanner: native }) + "\n" : formatDrift(report, native));
    return scope.done;
  },
};
