// ccusage (npm `ccusage`), installed on demand into bench/.data/ccusage like
// the agents (never a dependency of the project), as the other opinion on
// tokens and cost: `npm run verify:agents` runs it `--offline --json` on the
// same session files as our `stats --json` and compares, session by session.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve as resolvePath } from "node:path";
import { installedVersion } from "./pi.js";

export const CCUSAGE_PACKAGE = "ccusage";
// 20.0.26, the newest, was published without its linux-x64 binary (still
// missing on 2026-12-04: @ccusage/ccusage-linux-x64 stops at 20.0.24); 20.0.24 has them all.
export const CCUSAGE_VERSION = "20.0.24";
/** Why not a newer ccusage (printed by verify:agents). */
export const CCUSAGE_NEWER_NOTE = "ccusage 20.0.26 has no linux-x64 binary: 20.0.24 is the newest that runs here";

export interface CcusageInstall {
  version: string;
  bin: string;
}

export function ensureCcusage(prefix: string, log: (s: string) => void = () => {}): CcusageInstall {
  mkdirSync(prefix, { recursive: true });
  if (installedVersion(prefix, CCUSAGE_PACKAGE) !== CCUSAGE_VERSION) {
    log(`installing ${CCUSAGE_PACKAGE}@${CCUSAGE_VERSION} into ${prefix} …`);
    if (!existsSync(join(prefix, "package.json"))) writeFileSync(join(prefix, "package.json"), '{ "name": "ccusage-verify-cache", "private": true }\n');
    // Its native binary comes as an optional dependency: they must be installed.
    const r = spawnSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--include=optional", "--loglevel=error", `${CCUSAGE_PACKAGE}@${CCUSAGE_VERSION}`], { stdio: ["ignore", "inherit", "inherit"] });
    if (r.status !== 0 || installedVersion(prefix, CCUSAGE_PACKAGE) !== CCUSAGE_VERSION) throw new Error(`npm install of ${CCUSAGE_PACKAGE}@${CCUSAGE_VERSION} failed`);
  }
  return { version: CCUSAGE_VERSION, bin: join(prefix, "node_modules", ".bin", "ccusage") };
}

/** One session's figures, from either side. */
export interface Figures {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** null: not priced. */
  cost: number | null;
  /** Calls left unpriced (ours); their cost is compared only when there are none. */
  unpriced?: number;
}

type Obj = Record<string, unknown>;
const n = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** Runs ccusage; its sessions by session id. */
export function ccusageSessions(install: CcusageInstall, agent: string, args: string[], env: NodeJS.ProcessEnv): Map<string, Figures> {
  const r = spawnSync(install.bin, [agent, "session", "--json", "--offline", ...args], { env: { ...process.env, ...env, NO_COLOR: "1" }, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`ccusage ${agent} session ${args.join(" ")} failed (${r.status ?? r.signal}): ${r.stderr.slice(0, 600)}`);
  const out = new Map<string, Figures>();
  const data = JSON.parse(r.stdout) as { sessions?: Obj[] };
  for (const s of data.sessions ?? []) {
    const id = String(s.sessionId ?? "");
    const prev = out.get(id);
    const f: Figures = { input: n(s.inputTokens), output: n(s.outputTokens), cacheRead: n(s.cacheReadTokens), cacheWrite: n(s.cacheCreationTokens), cost: typeof s.totalCost === "number" ? s.totalCost : null };
    out.set(id, prev ? add(prev, f) : f);
  }
  return out;
}

/** How ccusage names a session: its file's name without .jsonl, after the last "_" (pi's <time>_<id>.jsonl). */
export const ccusageKey = (file: string): string =>
  basename(file)
    .replace(/\.jsonl$/, "")
    .split("_")
    .at(-1)!;

/**
 * Our `stats --json --by session` rows by session id (copies of one session
 * summed: both sides count each call once across copies, not always in the
 * same copy), and each file's ccusage name → that session id.
 */
export function oursSessions(bin: string, paths: string[], env: NodeJS.ProcessEnv, agent?: string): { byId: Map<string, Figures>; idOf: Map<string, string>; files: Map<string, string[]> } {
  const r = spawnSync(bin, ["stats", "--json", "--by", "session", "--no-cache", ...(agent ? ["--agent", agent] : []), ...paths], { env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`omp-sessions stats failed (${r.status}): ${r.stderr.slice(0, 600)}`);
  const out = new Map<string, Figures>();
  const idOf = new Map<string, string>();
  const files = new Map<string, string[]>();
  for (const row of JSON.parse(r.stdout) as Obj[]) {
    const id = String(row.id ?? "");
    idOf.set(ccusageKey(String(row.session)), id);
    files.set(id, [...(files.get(id) ?? []), String(row.session)]);
    const f: Figures = {
      input: n(row.inputTokens),
      output: n(row.outputTokens),
      cacheRead: n(row.cacheReadTokens),
      cacheWrite: n(row.cacheWriteTokens),
      cost: typeof row.cost === "number" ? row.cost : null,
      unpriced: n((row.unpriced as Obj | undefined)?.messages),
    };
    const prev = out.get(id);
    out.set(id, prev ? add(prev, f) : f);
  }
  return { byId: out, idOf, files };
}

/**
 * Sessions we count under another (a subagent's or an old-style sidechain's
 * file, named by its `parentSession` in `ls --json`): their ccusage names map
 * to the parent's session id, so that ccusage's row for the child is added to
 * the parent's before comparing (issue 16: a subagent counts under its parent).
 */
export function foldChildren(bin: string, paths: string[], env: NodeJS.ProcessEnv, idOf: Map<string, string>): void {
  const r = spawnSync(bin, ["ls", "--all", "--json", "--no-cache", ...paths], { env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) return;
  for (const row of JSON.parse(r.stdout) as Obj[]) {
    const parent = typeof row.parentSession === "string" ? row.parentSession : "";
    const id = parent ? (idOf.get(ccusageKey(parent)) ?? idOf.get(ccusageKey(resolvePath(dirname(String(row.path)), parent)))) : undefined;
    if (id && !idOf.has(ccusageKey(String(row.path)))) idOf.set(ccusageKey(String(row.path)), id);
  }
}

/** ccusage's sessions (by its file names) summed by our session ids. */
export function bySessionId(theirs: Map<string, Figures>, idOf: Map<string, string>): Map<string, Figures> {
  const out = new Map<string, Figures>();
  for (const [k, f] of theirs) {
    // Codex's ccusage names a rollout by its path under the sessions dir ("2026/11/30/rollout-…").
    const id = idOf.get(k) ?? idOf.get(ccusageKey(k)) ?? k;
    const prev = out.get(id);
    out.set(id, prev ? add(prev, f) : f);
  }
  return out;
}

export const sum = (a: Figures, b: Figures): Figures => add(a, b);

function add(a: Figures, b: Figures): Figures {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    cost: a.cost === null || b.cost === null ? (a.cost ?? b.cost) : a.cost + b.cost,
    unpriced: (a.unpriced ?? 0) + (b.unpriced ?? 0),
  };
}

/** Differences between the two sides for one session: tokens exactly, cost within 2% where both price it. */
export function compare(ours: Figures | undefined, theirs: Figures | undefined): string[] {
  if (!ours) return ["ccusage counts it, we have no row"];
  // A session without a counted token (a fork that made no call yet): ccusage lists no row for it.
  if (!theirs) return ours.input + ours.output + ours.cacheRead + ours.cacheWrite === 0 ? [] : ["we count it, ccusage has no row"];
  const d: string[] = [];
  for (const k of ["input", "output", "cacheRead", "cacheWrite"] as const) if (ours[k] !== theirs[k]) d.push(`${k}: ours ${ours[k]}, ccusage ${theirs[k]}`);
  // Where we leave calls unpriced (ccusage counts them as $0), the costs are not comparable.
  if (ours.cost !== null && theirs.cost !== null && theirs.cost > 0 && !ours.unpriced) {
    const off = Math.abs(ours.cost - theirs.cost) / theirs.cost;
    if (off > 0.02) d.push(`cost: ours $${ours.cost.toFixed(4)}, ccusage $${theirs.cost.toFixed(4)} (${(off * 100).toFixed(1)}% apart)`);
  }
  return d;
}

/** Every file under dir (recursively) whose path matches. */
export function filesUnder(dir: string, match: (rel: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (match(relative(dir, p))) out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** The fixture dirs in an agent's layout: Claude Code's `…/projects/<dir>/*.jsonl`, Codex's `…/sessions/YYYY/MM/DD/rollout-*.jsonl`. */
export function agentRoots(fixtures: string): { claude: string[]; codex: string[] } {
  const claude = new Set<string>();
  const codex = new Set<string>();
  for (const f of filesUnder(fixtures, (rel) => rel.endsWith(".jsonl"))) {
    const parts = f.split("/");
    const p = parts.lastIndexOf("projects");
    if (p > 0 && p === parts.length - 3) claude.add(parts.slice(0, p).join("/"));
    const s = parts.lastIndexOf("sessions");
    if (s > 0 && s === parts.length - 5 && /^rollout-.*\.jsonl$/.test(basename(f))) codex.add(parts.slice(0, s).join("/"));
  }
  return { claude: [...claude].sort(), codex: [...codex].sort() };
}

/** Copies files into `dir/<project>/` (ccusage's pi reader wants a sessions dir of project folders). */
export function asPiSessionsDir(files: string[], dir: string): string {
  const proj = join(dir, "fixtures");
  mkdirSync(proj, { recursive: true });
  for (const f of files) cpSync(f, join(proj, basename(f)));
  return dir;
}
