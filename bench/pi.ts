// The comparison side: pi's own published session manager, installed on
// demand into bench/.data/pi (never a dependency of the project), driven by a
// plain-Node child script so its numbers carry no tsx overhead.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The newest release: pi 1.6.0, published as @earendil-works/pi-coding-agent
 * (0.73.1 was the last @mariozechner/pi-coding-agent). Its engines field asks
 * for Node 22, but its session manager loads and runs on Node 20; it is
 * installed with --ignore-scripts. Its session totals (AgentSession, which
 * loads undici 8 and so needs Node 22) run under bun instead (verify:agents).
 */
export const PI_PACKAGE = "@earendil-works/pi-coding-agent";
export const PI_VERSION = "1.6.0";

export interface PiInstall {
  version: string;
  /** The child script: `node <script> tree FILE`, `node <script> view FILE` or `node <script> ls` (with PI_CODING_AGENT_DIR set). */
  script: string;
}

// Imports the session manager module directly (not the package index, which
// loads the whole agent and TUI and would add ~2 s of start-up to every run).
// SessionManager.open() only rewrites a file when it migrates an old version
// or finds no header; callers hand it copies or generated v3 sessions.
// `stats` loads pi's AgentSession for its own totals (getSessionStats): run
// that mode under bun (pi's agent imports need Node 22).
const CHILD = `import { pathToFileURL } from "node:url";
const [mode, file, arg] = process.argv.slice(2);
const smPath = process.env.BENCH_PI_SM;
const { SessionManager, buildSessionContext } = await import(pathToFileURL(smPath).href);
const t0 = performance.now();
let out;
if (mode === "tree") {
  const sm = SessionManager.open(file);
  const tree = sm.getTree();
  const ctx = sm.buildSessionContext();
  let nodes = 0;
  const stack = [...tree];
  while (stack.length) { const n = stack.pop(); nodes++; for (const c of n.children) stack.push(c); }
  out = { nodes, roots: tree.length, messages: ctx.messages.length };
} else if (mode === "view") {
  // What pi's own manager sees (npm run verify:agents): name, leaf, labels, header, entries, path.
  const sm = SessionManager.open(file);
  const labels = {};
  for (const e of sm.getEntries()) { const l = sm.getLabel(e.id); if (l) labels[e.id] = l; }
  out = { name: sm.getSessionName() ?? null, leaf: sm.getLeafId(), header: sm.getHeader(), labels,
    ids: sm.getEntries().map((e) => e.id), types: sm.getEntries().map((e) => e.type), branch: sm.getBranch().map((e) => e.id) };
} else if (mode === "contexts") {
  // pi's own context rule at each leaf named (comma-separated ids).
  const entries = SessionManager.open(file).getEntries();
  out = arg.split(",").map((leaf) => ({ leaf, ...buildSessionContext(entries, leaf) }));
} else if (mode === "stats") {
  // pi's own session totals: AgentSession.getSessionStats over this file's entries.
  const { AgentSession } = await import(pathToFileURL(smPath.replace(/session-manager\\.js$/, "agent-session.js")).href);
  const sm = SessionManager.open(file);
  const self = { sessionManager: sm, sessionFile: file, sessionId: sm.getSessionId(), getContextUsage: () => undefined };
  const st = AgentSession.prototype.getSessionStats.call(self);
  out = { tokens: st.tokens, cost: st.cost };
} else if (mode === "ls") {
  // listAll() finds sessions under $PI_CODING_AGENT_DIR/sessions/*/*.jsonl.
  const list = await SessionManager.listAll();
  out = { sessions: list.length };
} else {
  console.error("usage: pi-child tree FILE | view FILE | contexts FILE ID,… | stats FILE | ls");
  process.exit(2);
}
out.opMs = Math.round(performance.now() - t0);
process.stdout.write(JSON.stringify(out) + "\\n", () => process.exit(0));
`;

/** The version of `name` installed under `prefix`, or null. */
export function installedVersion(prefix: string, name = PI_PACKAGE): string | null {
  const pkg = join(prefix, "node_modules", name, "package.json");
  if (!existsSync(pkg)) return null;
  try {
    return (JSON.parse(readFileSync(pkg, "utf8")) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

/** Installs pi into `prefix` (once) and writes the child script next to it. */
export function ensurePi(prefix: string, log: (s: string) => void = () => {}): PiInstall {
  mkdirSync(prefix, { recursive: true });
  if (installedVersion(prefix) !== PI_VERSION) {
    log(`installing ${PI_PACKAGE}@${PI_VERSION} into ${prefix} …`);
    // A package.json of its own keeps npm from walking up into the project's.
    if (!existsSync(join(prefix, "package.json"))) writeFileSync(join(prefix, "package.json"), '{ "name": "pi-bench-cache", "private": true }\n');
    // --ignore-scripts: nothing of it needs building; --engine-strict off (the default) lets Node 20 install it.
    const r = spawnSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error", `${PI_PACKAGE}@${PI_VERSION}`], { stdio: ["ignore", "inherit", "inherit"] });
    if (r.status !== 0 || installedVersion(prefix) !== PI_VERSION) throw new Error(`npm install of ${PI_PACKAGE}@${PI_VERSION} failed`);
  }
  const script = join(prefix, "pi-child.mjs");
  if (!existsSync(script) || readFileSync(script, "utf8") !== CHILD) writeFileSync(script, CHILD);
  return { version: PI_VERSION, script };
}

/** Environment for the child: where the session manager is, and which agent dir listAll() scans. */
export function piEnv(prefix: string, agentDir?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { BENCH_PI_SM: join(prefix, "node_modules", PI_PACKAGE, "dist", "core", "session-manager.js") };
  if (agentDir) env.PI_CODING_AGENT_DIR = agentDir;
  return env;
}
