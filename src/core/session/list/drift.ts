// What `omp-sessions doctor` reports: over every session a listing finds (the
// same discovery as `ls --all`), the shapes each agent's reader did not know
// (DialectFacts.unknown: a newer release's record types, tables, …) per agent
// and version, with the files that hold them, and the sessions that could not
// be read at all. pi and omp files are read by the generic tree, which keeps
// every entry type as it is; the other agents' readers say what they did not
// recognise. Sessions the list leaves out (no message, no name: listed.ts)
// are read too, and named.
import { homedir } from "node:os";
import { AGENT_IDS, agentOf, type AgentId } from "../agents.js";
import { mapLimit } from "../../map-limit.js";
import { loadSession } from "../tree/load.js";
import { listSessions, type ListOptions } from "./list.js";
import { shownInList } from "./listed.js";
import { agentsNotRead, type NotReadPlace } from "./not-read.js";

export interface DriftShape {
  shape: string;
  files: string[];
}

export interface DriftGroup {
  agent: AgentId;
  /** The agent's version as its sessions say ("" when they do not). */
  version: string;
  shapes: DriftShape[];
}

export interface DriftReport {
  /** Sessions looked at, per agent. */
  sessions: Partial<Record<AgentId, number>>;
  groups: DriftGroup[];
  unreadable: { agent: AgentId; file: string; error: string }[];
  /**
   * Sessions read with lines left out (not JSON, cut short, …): each file's
   * warnings, so a damaged file that lists as valid is not silent. The tree
   * shows the same warnings; pi's and omp's files are not read here.
   */
  skipped: { agent: AgentId; file: string; warnings: { line: number; message: string }[] }[];
  /** Files with no message and no name, which the list leaves out as their agent's own list does (listed.ts); read here like the rest. */
  unlisted: { agent: AgentId; file: string }[];
  /**
   * Other agents' data found in the default places that no reader here reads
   * (Antigravity's, not-read.ts), with its conversations counted: looked for
   * when no paths or agent dirs are given.
   */
  notRead: NotReadPlace[];
}

export async function findDrift(opts: ListOptions = {}, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): Promise<DriftReport> {
  const rows = await listSessions({ ...opts, all: true, empty: true });
  const defaults = !(opts.paths && opts.paths.length > 0) && opts.agentDirs === undefined;
  const report: DriftReport = { sessions: {}, groups: [], unreadable: [], skipped: [], unlisted: [], notRead: defaults ? agentsNotRead(env, home) : [] };
  const groups = new Map<string, { agent: AgentId; version: string; shapes: Map<string, string[]> }>();
  for (const r of rows) {
    const agent = agentOf(r);
    report.sessions[agent] = (report.sessions[agent] ?? 0) + 1;
    if (!r.valid) report.unreadable.push({ agent, file: r.path, error: r.error ?? "not a session" });
    if (!shownInList(r)) report.unlisted.push({ agent, file: r.path });
  }
  const others = rows.filter((r) => r.valid && agentOf(r) !== "pi" && agentOf(r) !== "omp");
  await mapLimit(others, 4, async (r) => {
    const agent = agentOf(r);
    let s;
    try {
      s = await loadSession(r.path);
    } catch (err) {
      report.unreadable.push({ agent, file: r.path, error: err instanceof Error ? err.message : String(err) });
      return;
    }
    if (s.warnings.length > 0) report.skipped.push({ agent, file: r.path, warnings: s.warnings.map((w) => ({ line: w.line, message: w.message })) });
    if (!s.unknownShapes?.length) return;
    const version = typeof s.header.agentVersion === "string" ? s.header.agentVersion : "";
    const key = `${agent}\u0000${version}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { agent, version, shapes: new Map() }));
    for (const shape of s.unknownShapes) {
      const files = g.shapes.get(shape) ?? [];
      files.push(r.path);
      g.shapes.set(shape, files);
    }
  });
  report.groups = [...groups.values()]
    .sort((a, b) => AGENT_IDS.indexOf(a.agent) - AGENT_IDS.indexOf(b.agent) || (a.version < b.version ? 1 : a.version > b.version ? -1 : 0))
    .map((g) => ({ agent: g.agent, version: g.version, shapes: [...g.shapes].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([shape, files]) => ({ shape, files: files.sort() })) }));
  report.unreadable.sort((a, b) => AGENT_IDS.indexOf(a.agent) - AGENT_IDS.indexOf(b.agent) || (a.file < b.file ? -1 : 1));
  report.unlisted.sort((a, b) => AGENT_IDS.indexOf(a.agent) - AGENT_IDS.indexOf(b.agent) || (a.file < b.file ? -1 : 1));
  report.skipped.sort((a, b) => AGENT_IDS.indexOf(a.agent) - AGENT_IDS.indexOf(b.agent) || (a.file < b.file ? -1 : 1));
  return report;
}
