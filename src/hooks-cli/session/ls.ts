// `ls`: the session list, as a table for people or JSON for scripts.
import { homedir } from "node:os";
import { resolve } from "node:path";
import type { Command } from "../command.js";
import { parseArgs, bool, str } from "../args.js";
import { listScope } from "./list-scope.js";
import { listSessions, listSessionsJsonParts } from "../../core/session/list/list.js";
import { writeParts, stdout } from "../stdout.js";
import type { SessionSummary } from "../../core/session/list/summary.js";
import { oneLine, safeText } from "../../core/session/text/safe-text.js";
import { previewCell } from "./ls-preview.js";
import { displayWidth, fitWidth } from "../../core/session/text/width.js";
import { printCatalogStats } from "./catalog-stats.js";

/** "now", "5m", "3h", "12d", else the date: short enough for a narrow column. */
export function age(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return "?";
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return "now";
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86400) return `${Math.floor(s / 3600)}h`;
  if (s < 86400 * 30) return `${Math.floor(s / 86400)}d`;
  return iso.slice(0, 10);
}

function tilde(p: string, home: string): string {
  if (home && (p === home || p.startsWith(home + "/"))) return "~" + p.slice(home.length);
  return p;
}

interface TableOptions {
  width: number;
  color: boolean;
  now?: number;
  home?: string;
}

interface Cells {
  age: string;
  msgs: string;
  br: string;
  lbl: string;
  /** The session's name or first message; an invalid file's whole cell text. */
  text: string;
  where: string;
  valid: boolean;
}

/** The human listing: one aligned row per session, every string made terminal-safe. */
export function formatTable(rows: SessionSummary[], opts: TableOptions): string[] {
  const home = opts.home ?? homedir();
  const head: Cells = { age: "MODIFIED", msgs: "MSGS", br: "BR", lbl: "LBL", text: "NAME / FIRST MESSAGE", where: "CWD", valid: true };
  let wAge = head.age.length;
  let wMsgs = head.msgs.length;
  let wBr = head.br.length;
  let wLbl = head.lbl.length;
  let longestWhere = head.where.length;
  // Thousands of sessions share a few dozen cwds: each is made safe and measured once.
  const whereOf = new Map<string, { text: string; width: number }>();
  const cells = rows.map((s): Cells => {
    const dir = s.valid ? s.cwd : s.path;
    let w = whereOf.get(dir);
    if (w === undefined) {
      const text = safeText(tilde(dir, home));
      whereOf.set(dir, (w = { text, width: displayWidth(text) }));
    }
    const where = w.text;
    const text = s.valid ? (s.name ?? (s.firstMessage || "(no messages)")) : `✗ invalid: ${oneLine(s.error ?? "not a session file", 400)}`;
    const c = { age: age(s.modified, opts.now), msgs: String(s.messageCount), br: String(s.branchCount), lbl: String(s.labelCount), text, where, valid: s.valid };
    wAge = Math.max(wAge, c.age.length);
    wMsgs = Math.max(wMsgs, c.msgs.length);
    wBr = Math.max(wBr, c.br.length);
    wLbl = Math.max(wLbl, c.lbl.length);
    longestWhere = Math.max(longestWhere, w.width);
    return c;
  });
  const fixed = wAge + wMsgs + wBr + wLbl + 4 * 2;
  const rest = Math.max(20, opts.width - fixed - 2);
  const wWhere = Math.min(longestWhere, Math.max(12, Math.floor(rest * 0.4)));
  const wText = Math.max(8, rest - wWhere);
  const fittedWhere = new Map<string, string>();
  const fitWhere = (where: string): string => {
    let f = fittedWhere.get(where);
    if (f === undefined) fittedWhere.set(where, (f = fitWidth(where, wWhere)));
    return f;
  };
  const line = (c: Cells) =>
    (
      c.age.padEnd(wAge) +
      "  " +
      c.msgs.padStart(wMsgs) +
      "  " +
      c.br.padStart(wBr) +
      "  " +
      c.lbl.padStart(wLbl) +
      "  " +
      (c.valid ? previewCell(c.text, 400, wText) : fitWidth(c.text, wText, true)) +
      "  " +
      fitWhere(c.where)
    ).trimEnd();
  const out = [line(head)];
  for (const c of cells) {
    const l = line(c);
    out.push(!c.valid && opts.color ? `\x1b[2m${l}\x1b[22m` : l);
  }
  return out;
}

export const lsCommand: Command = {
  name: "ls",
  summary: "list sessions, newest activity first (this project's, --all, or --cwd DIR)",
  usage: `Usage: omp-sessions ls [--cwd DIR | --all] [--search Q] [--json] [--no-cache] [--agent-dir DIR]... [PATH...]

Lists agent sessions, newest activity first. By default only the sessions
whose cwd is the current directory; --cwd DIR another project's; --all every
session. --search Q keeps sessions whose name, first message, cwd or id
contains Q (case-insensitive).

Sessions are looked for in every omp and pi agent dir that exists
($PI_CODING_AGENT_DIR, $OMP_CODING_AGENT_DIR, ~/.omp/agent, ~/.pi/agent,
~/.omp/profiles/*/agent), or only in the --agent-dir DIRs given. PATHs (session
files or dirs holding them) are listed instead, all of them unless --cwd.

Columns: MODIFIED (age of the newest message), MSGS, BR (branches: leaves of
the tree), LBL (labels), the session name or its first message, and CWD.
Files that are not session files are listed dimmed, marked ✗ with the reason.
--json prints an array of {path, id, cwd, name, firstMessage, messageCount,
entryCount, branchCount, labelCount, created, modified, size, parentSession,
dialect, valid, error?}.

Rows are cached in $OMP_SESSIONS_CACHE_DIR (else $XDG_CACHE_HOME/omp-sessions,
else ~/.cache/omp-sessions): a file is read again only from where it grew.
--no-cache reads every file. OMP_SESSIONS_STATS=1 prints the bytes read.

Exit status: 0 done, 2 bad usage, 3 a PATH does not exist (the others are listed).`,
  async run(argv) {
    const args = parseArgs(argv, {
      bools: ["--all", "--json", "--no-color", "--no-cache"],
      values: ["--cwd", "--search"],
      repeat: ["--agent-dir"],
    });
    const scope = listScope(args, "ls");
    if (scope === 3) return 3;
    const { agentDirs, paths, cwd, all: listAll, done } = scope;
    const listOpts = { agentDirs, paths, cwd, all: listAll, search: str(args, "--search"), cache: !bool(args, "--no-cache") };
    const json = bool(args, "--json");
    // --json takes the rows the catalog holds as stored text (list.ts).
    const listed = json ? await listSessionsJsonParts(listOpts) : await listSessions(listOpts);
    if (process.env.OMP_SESSIONS_STATS === "1") printCatalogStats();

    if (json) {
      // The rows as stored, not joined into one copy first (stdout.ts).
      writeParts([...(listed as Uint8Array[]), NEWLINE]);
      return done;
    }
    const sessions = listed as Awaited<ReturnType<typeof listSessions>>;
    if (sessions.length === 0) {
      stdout().write(nothingFound(paths.length > 0 ? paths.map((p) => resolve(p)) : agentDirs, listAll ? null : cwd, str(args, "--search")));
      return done;
    }
    const color = !bool(args, "--no-color") && !process.env.NO_COLOR && stdout().isTTY === true;
    const width = stdout().columns || Number(process.env.COLUMNS) || 120;
    const lines = formatTable(sessions, { width, color });
    lines.push(""); // the final newline, without copying the table to append it
    stdout().write(lines.join("\n"));
    return done;
  },
};

const NEWLINE = Buffer.from("\n");

function nothingFound(looked: string[], cwd: string | null, search: string | undefined): string {
  const what = `No sessions${cwd !== null ? ` for ${safeText(cwd)}` : ""}${search ? ` matching "${safeText(search)}"` : ""}.`;
  const where =
    looked.length > 0
      ? `Looked in:\n${looked.map((d) => `  ${safeText(d)}`).join("\n")}`
      : "No agent dir exists (looked for $PI_CODING_AGENT_DIR, $OMP_CODING_AGENT_DIR, ~/.omp/agent, ~/.pi/agent, ~/.omp/profiles/*/agent).";
  const hint = cwd !== null && looked.length > 0 ? "\n--all lists the sessions of every project." : "";
  return `${what}\n${where}${hint}\n`;
}
