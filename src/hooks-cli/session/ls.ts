// `ls`: the session list, as a table for people or JSON for scripts.
import { homedir } from "node:os";
import { resolve } from "node:path";
import { UsageError, type Command } from "../command.js";
import { parseArgs, bool, list, str } from "../args.js";
import { listScope, scanParallel } from "./list-scope.js";
import { agentsNotRead, otherAgentPlaces, type NotReadPlace } from "../../core/session/index.js";
import { listSessions, listSessionsJsonParts } from "../../core/session/index.js";
import { summaryJson } from "../../core/session/index.js";
import { writeParts, stdout } from "../stdout.js";
import type { SessionSummary } from "../../core/session/index.js";
import { oneLine, safeText } from "../../core/session/index.js";
import { previewCell } from "./ls-preview.js";
import { displayWidth, fitWidth } from "../../core/session/index.js";
import { printCatalogStats } from "./catalog-stats.js";
import { AGENT_IDS, agentOf, parseAgentList, type AgentId } from "../../core/session/index.js";
import { age } from "../../core/format/age.js";
import { tildePath } from "../../core/fs/home-path.js";
import { sessionTitle } from "../../core/session/index.js";
import { hostsInUse, type RowHost } from "./ls-hosts.js";
import { hostOf, keepConfigOrOff } from "../../core/keep/config.js";

interface TableOptions {
  width: number;
  color: boolean;
  now?: number;
  home?: string;
  /** With the archive in use (keep): each row's host, for a HOST column; archived rows are marked. */
  hostOf?: (path: string) => RowHost;
}

interface Cells {
  age: string;
  msgs: string;
  br: string;
  lbl: string;
  agent: string;
  host: string;
  /** The session's name or first message; an invalid file's whole cell text. */
  text: string;
  where: string;
  valid: boolean;
}

/** The human listing: one aligned row per session, every string made terminal-safe. */
export function formatTable(rows: SessionSummary[], opts: TableOptions): string[] {
  const home = opts.home ?? homedir();
  const head: Cells = { age: "MODIFIED", msgs: "MSGS", br: "BR", lbl: "LBL", agent: "AGENT", host: opts.hostOf ? "HOST" : "", text: "NAME / FIRST MESSAGE", where: "CWD", valid: true };
  let wHost = head.host.length;
  let wAge = head.age.length;
  let wAgent = head.agent.length;
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
      const text = safeText(tildePath(dir, home));
      whereOf.set(dir, (w = { text, width: displayWidth(text) }));
    }
    const where = w.text;
    const h = opts.hostOf?.(s.path);
    const named = sessionTitle(s);
    const text = s.valid ? (h?.archived ? `[archived] ${named}` : named) : `✗ invalid: ${oneLine(s.error ?? "not a session file", 400)}`;
    const c = { age: age(s.modified, opts.now, "table"), msgs: String(s.messageCount), br: String(s.branchCount), lbl: String(s.labelCount), agent: agentOf(s), host: h ? safeText(h.host) : "", text, where, valid: s.valid };
    wHost = Math.max(wHost, c.host.length);
    wAge = Math.max(wAge, c.age.length);
    wMsgs = Math.max(wMsgs, c.msgs.length);
    wBr = Math.max(wBr, c.br.length);
    wLbl = Math.max(wLbl, c.lbl.length);
    wAgent = Math.max(wAgent, c.agent.length);
    longestWhere = Math.max(longestWhere, w.width);
    return c;
  });
  const fixed = wAge + wMsgs + wBr + wLbl + wAgent + 5 * 2 + (wHost ? wHost + 2 : 0);
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
      c.agent.padEnd(wAgent) +
      "  " +
      (wHost ? c.host.padEnd(wHost) + "  " : "") +
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
  usage: `Usage: omp-sessions ls [--cwd DIR | --all] [--search Q] [--agent A]... [--host H] [--json] [--no-cache] [--agent-dir DIR]... [PATH...]

Lists agent sessions, newest activity first. By default only the sessions
whose cwd is the current directory; --cwd DIR another project's; --all every
session. --search Q keeps sessions whose name, first message, cwd or id
contains Q (case-insensitive). --agent A keeps the sessions of agent A, one of
${AGENT_IDS.join(", ")} (repeat it or give a comma list
for several).

Sessions are looked for in every omp and pi agent dir that exists
($PI_CODING_AGENT_DIR, $OMP_CODING_AGENT_DIR, ~/.omp/agent, ~/.pi/agent,
~/.omp/profiles/*/agent), or only in the --agent-dir DIRs given. PATHs (session
files or dirs holding them, or an OpenCode session as DB#ID, the path ls prints
for it) are listed instead, all of them unless --cwd.

Columns: MODIFIED (age of the newest message), MSGS, BR (branches: leaves of
the tree, and the active path when a rewind left the leaf inside it), LBL (labels), AGENT, the session name or its first message, and CWD.
With the archive in use (omp-sessions keep), a HOST column names each row's
machine, sessions read from the archive are marked [archived] (JSON: archived,
host), and --host H keeps one machine's sessions.
Files that are not session files are listed dimmed, marked ✗ with the reason.
A file with no message and no name is left out where its agent's own list
leaves it out (Claude Code, Codex, Gemini CLI: a transcript of nothing but
file snapshots, say), unless it is named as a PATH; \`doctor\` names them.
--json prints an array of {path, id, cwd, name, firstMessage, messageCount,
entryCount, branchCount, labelCount, created, modified, size, parentSession,
dialect, agent, valid, error?}.

Rows are cached in $OMP_SESSIONS_CACHE_DIR (else $XDG_CACHE_HOME/omp-sessions,
else ~/.cache/omp-sessions): a file is read again only from where it grew.
--no-cache reads every file. OMP_SESSIONS_STATS=1 prints the bytes read.
A cold cache with many files to read is filled by two threads;
OMP_SESSIONS_SCAN_WORKER=off reads in one.

Exit status: 0 done, 2 bad usage, 3 a PATH does not exist (the others are listed).`,
  async run(argv) {
    const args = parseArgs(argv, {
      bools: ["--all", "--json", "--no-color", "--no-cache"],
      values: ["--cwd", "--search", "--host"],
      repeat: ["--agent-dir", "--agent"],
    });
    const agents = agentsArg(list(args, "--agent"));
    const scope = await listScope(args, "ls");
    if (scope === 3) return 3;
    const { agentDirs, looked, paths, cwd, all: listAll, done } = scope;
    // Only --agent-dir narrows the listing to those dirs; without it the other agents' default places are listed too.
    const listOpts = { agentDirs, paths, cwd, all: listAll, search: str(args, "--search"), cache: !bool(args, "--no-cache"), parallel: scanParallel() };
    const json = bool(args, "--json");
    // Archived sessions (keep) and other machines' get a host; --host keeps one machine's.
    const hosts = hostsInUse();
    const onlyHost = str(args, "--host");
    // --json takes the rows the catalog holds as stored text (list.ts), unless rows are picked by agent or host.
    const raw = json && agents === null && hosts === null && onlyHost === undefined;
    const listed = raw ? await listSessionsJsonParts(listOpts) : await listSessions(listOpts);
    if (process.env.OMP_SESSIONS_STATS === "1") printCatalogStats();

    if (raw) {
      // The rows as stored, not joined into one copy first (stdout.ts).
      writeParts([...(listed as Uint8Array[]), NEWLINE]);
      return done;
    }
    let sessions = listed as SessionSummary[];
    if (agents !== null) sessions = sessions.filter((s) => agents.includes(agentOf(s)));
    if (onlyHost !== undefined) {
      const me = hostOf(keepConfigOrOff());
      sessions = sessions.filter((s) => (hosts ? hosts.of(s.path).host : me) === onlyHost);
    }
    if (json) {
      const rows = sessions.map((s) => (hosts ? { ...summaryJson(s), ...hosts.of(s.path) } : summaryJson(s)));
      stdout().write(JSON.stringify(rows) + "\n");
      return done;
    }
    if (sessions.length === 0) {
      // Without dirs given, every agent's default places were looked in: each is named (missing ones too).
      const others = paths.length === 0 && !agentDirs ? otherAgentPlaces() : [];
      const notRead = paths.length === 0 && !agentDirs ? agentsNotRead(process.env, homedir()) : [];
      stdout().write(nothingFound(paths.length > 0 ? paths.map((p) => resolve(p)) : looked, listAll ? null : cwd, str(args, "--search"), agents, others, notRead));
      return done;
    }
    const color = !bool(args, "--no-color") && !process.env.NO_COLOR && stdout().isTTY === true;
    const width = stdout().columns || Number(process.env.COLUMNS) || 120;
    const lines = formatTable(sessions, { width, color, hostOf: hosts ? (p) => hosts.of(p) : undefined });
    lines.push(""); // the final newline, without copying the table to append it
    stdout().write(lines.join("\n"));
    return done;
  },
};

const NEWLINE = Buffer.from("\n");

/** `--agent` values as agents (null: not given); an unknown one is a usage error naming the valid ones. */
function agentsArg(values: string[]): AgentId[] | null {
  if (values.length === 0) return null;
  const r = parseAgentList(values);
  if ("bad" in r) throw new UsageError(`unknown agent "${safeText(r.bad)}" for --agent: one of ${AGENT_IDS.join(", ")}`);
  return r.agents;
}

function nothingFound(looked: string[], cwd: string | null, search: string | undefined, agents: AgentId[] | null = null, others: { label: string; dir: string; exists: boolean }[] = [], notRead: NotReadPlace[] = []): string {
  const of = agents ? ` of ${agents.join(", ")}` : "";
  const what = `No sessions${of}${cwd !== null ? ` for ${safeText(cwd)}` : ""}${search ? ` matching "${safeText(search)}"` : ""}.`;
  const piOmp = looked.length > 0 ? looked.map((d) => `  ${safeText(d)}`) : ["  pi, omp: No agent dir exists (looked for $PI_CODING_AGENT_DIR, $OMP_CODING_AGENT_DIR, ~/.omp/agent, ~/.pi/agent, ~/.omp/profiles/*/agent)"];
  const rest = others.map((o) => `  ${safeText(o.label)}: ${safeText(tildePath(o.dir, homedir()))}${o.exists ? "" : " (not there)"}`);
  const where = `Looked in:\n${[...piOmp, ...rest].join("\n")}`;
  // Another agent's data found beside them that nothing here reads: said, so an empty list has its reason.
  const other = notRead.map((p) => `\nFound and not read: ${safeText(p.label)}: ${safeText(tildePath(p.dir, homedir()))} (${p.conversations} conversation${p.conversations === 1 ? "" : "s"}; omp-sessions has no reader for it)`).join("");
  const hint = cwd !== null && (looked.length > 0 || others.some((o) => o.exists)) ? "\n--all lists the sessions of every project." : "";
  // The first-run hint: history an agent's cleanup deletes is gone unless kept.
  const keep = keepConfigOrOff().enabled ? "" : "\n`omp-sessions keep --enable` keeps a copy of every session, also after its agent deletes it.";
  return `${what}\n${where}${other}${hint}${keep}\n`;
}
