// `npm run verify:agents`: our writes, read back by the agents themselves.
// On copies of the fixtures, runs our `label`, `continue`, `rename` and `fork`
// (the built CLI), then asks pi's and omp's own published session managers
// what they see — labels, leaf, name, the fork's path and header — and
// compares with what we meant to write. For omp it also runs omp's own fork
// and rename on copies of the same files and compares the title slot, header
// and title_change with ours. It compares our contexts with pi's and omp's
// own context builders, our `stats` with pi's own session totals and with
// ccusage. Not part of `npm test`: it installs the agents' newest installable
// releases into bench/.data/ (pi on Node, its totals and omp under the `bun`
// npm package) and prints the versions it ran.
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildContext } from "../src/core/session/tree/context.js";
import { readEntries } from "../src/core/session/read/entry.js";
import { loadSession } from "../src/core/session/tree/load.js";
import { pathTo } from "../src/core/session/tree/path.js";
import type { Session } from "../src/core/session/model.js";
import { ensurePi, piEnv, PI_PACKAGE } from "./pi.js";
import { ensureOmp, OMP_NEWER_NOTE, OMP_PACKAGE } from "./omp.js";
import { agentRoots, asPiSessionsDir, bySessionId, ccusageSessions, compare, ensureCcusage, foldChildren, filesUnder, oursSessions, sum, CCUSAGE_NEWER_NOTE, CCUSAGE_PACKAGE, type Figures } from "./ccusage.js";

type Obj = Record<string, unknown>;

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH, "..");
const DATA = join(BENCH, ".data");
const BIN = join(ROOT, "bin", "omp-sessions");
const FIX = join(ROOT, "test", "fixtures");

const log = (s: string) => process.stdout.write(s + "\n");
const progress = (s: string) => process.stderr.write(s + "\n");

const pi = ensurePi(join(DATA, "pi"), progress);
const omp = ensureOmp(join(DATA, "omp"), progress);
const ccusage = ensureCcusage(join(DATA, "ccusage"), progress);
const work = mkdtempSync(join(DATA, "verify-"));
const home = join(work, "home");
mkdirSync(join(home, ".omp", "agent"), { recursive: true });
mkdirSync(join(home, ".pi", "agent"), { recursive: true });

/** What an agent's session manager reports about a file. */
interface View {
  name: string | null;
  leaf: string | null;
  header: Obj;
  labels: Record<string, string>;
  ids: string[];
  types: string[];
  branch: string[];
}

let passed = 0;
let failed = 0;

function check(agent: string, what: string, file: string, diffs: string[]): void {
  if (diffs.length === 0) passed++;
  else failed++;
  log(`${diffs.length ? "✗" : "✓"} ${agent.padEnd(3)} ${what.padEnd(48)} ${basename(file)}`);
  for (const d of diffs) log(`      ${d}`);
}

const eq = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
function diff(diffs: string[], field: string, got: unknown, want: unknown): void {
  if (!eq(got, want)) diffs.push(`${field}: the agent sees ${JSON.stringify(got)?.slice(0, 300)}, we wrote ${JSON.stringify(want)?.slice(0, 300)}`);
}

/** A file's copy in a dir of its own, so an agent that migrates or locks it cannot touch ours. */
function agentCopy(file: string): string {
  const dir = mkdtempSync(join(work, "view-"));
  const to = join(dir, basename(file));
  copyFileSync(file, to);
  return to;
}

/** Runs the agent's child script; pi's `stats` mode under bun (pi's AgentSession needs Node 22's modules). */
function child(agent: "pi" | "omp", args: string[], agentDir?: string): Obj | Obj[] {
  const env = { ...process.env, HOME: home, PI_CODING_AGENT_DIR: agentDir ?? join(home, agent === "omp" ? ".omp" : ".pi", "agent") };
  const r =
    agent === "pi"
      ? spawnSync(args[0] === "stats" ? omp.bun : process.execPath, [pi.script, ...args], { env: { ...env, ...piEnv(join(DATA, "pi")) }, encoding: "utf8", maxBuffer: 1 << 28 })
      : spawnSync(omp.bun, [omp.script, ...args], { env: { ...env, ...omp.env }, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${agent} ${args.join(" ")} failed (${r.status ?? r.signal}): ${r.stderr.slice(0, 800)}`);
  const last = r.stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last) as Obj | Obj[];
}

const view = (agent: "pi" | "omp", file: string): View => child(agent, ["view", agentCopy(file)]) as unknown as View;
const childObj = (agent: "pi" | "omp", args: string[]): Obj => child(agent, args) as Obj;

/** Our CLI, on a file aged first (our writes refuse a file that looks live; these copies are ours alone). */
function ours(args: string[]): Obj {
  const file = args[1];
  const old = new Date(Date.now() - 3600_000);
  utimesSync(file, old, old);
  const r = spawnSync(BIN, [...args, "--json"], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`omp-sessions ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as Obj;
}

const labelsOf = (s: Session) => Object.fromEntries([...s.labels].sort(([a], [b]) => (a < b ? -1 : 1)));
const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));

/** The agent sees the labels, leaf and name our loader reads from the file we wrote. */
async function sameState(agent: "pi" | "omp", what: string, file: string, extra?: (v: View, s: Session, d: string[]) => void): Promise<void> {
  const s = await loadSession(file);
  const v = view(agent, file);
  const d: string[] = [];
  diff(d, "leaf", v.leaf, s.leafId);
  diff(d, "labels", sorted(v.labels), labelsOf(s));
  diff(d, "name", v.name, s.name);
  extra?.(v, s, d);
  check(agent, what, file, d);
}

/** A message on the active path, `frac` of the way down. */
function onPath(s: Session, frac: number, skip: Set<string> = new Set()): string {
  const ids = pathTo(s, s.leafId!).filter((id) => s.byId.get(id)!.type === "message" && !skip.has(id));
  return ids[Math.min(ids.length - 1, Math.floor(ids.length * frac))];
}

/**
 * A fixture's working copy. Its header's cwd is moved to a folder that exists
 * here: omp opens a session in its recorded cwd only when that folder exists
 * (else in the launch dir, and its fork would record that instead).
 */
function workCopy(from: string, dirName: string): string {
  const dir = join(work, dirName);
  mkdirSync(dir, { recursive: true });
  const to = join(dir, basename(from));
  const text = readFileSync(from, "utf8").split("\n");
  const i = text.findIndex((l) => l.includes('"type":"session"'));
  const header = JSON.parse(text[i]) as Obj;
  const cwd = join(work, "cwd", basename(String(header.cwd)));
  mkdirSync(cwd, { recursive: true });
  header.cwd = cwd;
  text[i] = JSON.stringify(header);
  writeFileSync(to, text.join("\n"));
  return to;
}

/** label set, label clear, continue, rename — each read back by the agent. */
async function appendOps(agent: "pi" | "omp", file: string, name: string): Promise<void> {
  let s = await loadSession(file);
  const x = onPath(s, 0.5);
  ours(["label", file, x, "verified", "by", agent]);
  await sameState(agent, `label ${x}`, file, (v, _s, d) => diff(d, `label of ${x}`, v.labels[x], `verified by ${agent}`));
  s = await loadSession(file);
  const labelled = [...s.labels.keys()].find((id) => id !== x) ?? x;
  ours(["label", file, labelled]);
  await sameState(agent, `label cleared on ${labelled}`, file, (v, _s, d) => diff(d, `label of ${labelled}`, v.labels[labelled], undefined));
  s = await loadSession(file);
  const back = onPath(s, 0.3);
  const r = ours(["continue", file, back, "--summary", "verify: back to an earlier point"]);
  const bs = (r.appended as Obj[])[0].id as string;
  await sameState(agent, `continue from ${back}`, file, (v, s2, d) => {
    diff(d, "leaf", v.leaf, bs);
    diff(d, "path", v.branch, pathTo(s2, bs));
  });
  ours(["rename", file, name, "--yes"]);
  await sameState(agent, "rename", file, (v, _s, d) => diff(d, "name", v.name, name));
}

/** Our fork at `at`: the agent sees the path, labels, leaf, parentSession (and, for omp, the name). */
async function forkOps(agent: "pi" | "omp", file: string, at: string): Promise<string> {
  const src = await loadSession(file);
  const r = ours(["fork", file, at]);
  const forked = r.file as string;
  await sameState(agent, `fork at ${at}`, forked, (v, f, d) => {
    diff(d, "parentSession", v.header.parentSession, file);
    const want = pathTo(src, at).filter((id) => src.byId.get(id)!.type !== "label");
    diff(
      d,
      "fork path (entries, labels left out)",
      v.ids.filter((_id, i) => v.types[i] !== "label"),
      want,
    );
    const onPathSet = new Set(want);
    diff(d, "labels carried", sorted(v.labels), Object.fromEntries([...src.labels].filter(([id]) => onPathSet.has(id)).sort(([a], [b]) => (a < b ? -1 : 1))));
    if (agent === "omp") diff(d, "name", v.name, ompName(src));
    diff(d, "leaf", v.leaf, f.leafId);
  });
  return forked;
}

/** The name omp gives a session: its slot's title (empty: none), else its header's. */
function ompName(s: Session): string | null {
  const t = s.titleSlot ? s.titleSlot.title : s.header.title;
  return typeof t === "string" && t !== "" ? t : null;
}

const lines = (file: string): Obj[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Obj);
const without = (o: Obj, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

/** Our fork and omp's own fork of the same file at the same entry: the same slot, header and entries (ids, times aside). */
function sameAsOmpFork(source: string, at: string, oursFile: string): void {
  const theirs = childObj("omp", ["fork", agentCopy(source), at]).file as string;
  const d: string[] = [];
  const [os, ...orest] = lines(oursFile);
  const [ts, ...trest] = lines(theirs);
  diff(d, "title slot (updatedAt, pad aside)", without(os, ["updatedAt", "pad"]), without(ts, ["updatedAt", "pad"]));
  const oh = orest[0];
  const th = trest[0];
  diff(d, "header (id, timestamp, parentSession path aside)", without(oh, ["id", "timestamp", "parentSession"]), without(th, ["id", "timestamp", "parentSession"]));
  diff(d, "header parentSession names the source", basename(String(oh.parentSession)), basename(String(th.parentSession)));
  const ids = (ls: Obj[]) =>
    ls
      .slice(1)
      .filter((e) => e.type !== "label")
      .map((e) => e.id);
  diff(d, "entries copied", ids(orest), ids(trest));
  const labels = (ls: Obj[]) => ls.filter((e) => e.type === "label").map((e) => [e.targetId, e.label]);
  diff(d, "labels re-added", labels(orest), labels(trest));
  check("omp", `our fork = omp's own fork at ${at}`, oursFile, d);
}

/** Our rename of a slot-less file and omp's own: the same slot, header and title_change (ids, times aside). */
function sameAsOmpRename(original: string, name: string, oursFile: string): void {
  const copy = agentCopy(original);
  child("omp", ["rename", copy, name]);
  const d: string[] = [];
  const o = lines(oursFile);
  const t = lines(copy);
  diff(d, "title slot (updatedAt, pad aside)", without(o[0], ["updatedAt", "pad"]), without(t[0], ["updatedAt", "pad"]));
  diff(d, "header title and titleSource", [o[1].title, o[1].titleSource], [t[1].title, t[1].titleSource]);
  const tc = (ls: Obj[]) => without(ls.filter((e) => e.type === "title_change").at(-1) ?? {}, ["id", "timestamp", "parentId"]);
  diff(d, "title_change", tc(o), tc(t));
  diff(d, "title_change hangs from the leaf", (o.filter((e) => e.type === "title_change").at(-1) ?? {}).parentId, (t.filter((e) => e.type === "title_change").at(-1) ?? {}).parentId);
  check("omp", "our rename = omp's own rename (slot-less)", oursFile, d);
}

/**
 * omp's own context builder against ours, on the omp fixtures where they lie
 * (an agent dir with its blob store, and slot-less files outside one), at
 * every leaf the fixtures' expectations name plus every fifth entry. omp here
 * is 18.2.3: where 18.3.4 reads a compaction differently (§6b: the snapshot
 * form's kept entries, and the summary's time for a natively replayed one),
 * we follow 18.3.4, and such a context is reported as a known difference.
 */
async function contextsAgainstOmp(): Promise<void> {
  const agentCopyDir = join(work, "ctx-agent");
  cpSync(join(FIX, "sessions-rich", "omp", "agent"), agentCopyDir, { recursive: true });
  const dirs = [join(agentCopyDir, "sessions", "--home-dev-omp-rich--"), join(FIX, "sessions-rich", "omp", "legacy"), join(FIX, "sessions")];
  for (const dir of dirs) {
    for (const n of readdirSync(dir)
      .filter((f) => f.endsWith(".jsonl") && (dir !== join(FIX, "sessions") || f.startsWith("omp-")))
      .sort()) {
      const file = join(dir, n);
      const s = await loadSession(file);
      await noteNativeCompactions(s);
      const leaves = [...new Set([...s.entries.filter((_e, i) => i % 5 === 0).map((e) => e.id), ...(s.leafId ? [s.leafId] : [])])];
      const inAgent = dir.startsWith(agentCopyDir);
      const copy = inAgent ? file : agentCopy(file);
      const theirs = child("omp", ["contexts", copy, leaves.join(",")], inAgent ? agentCopyDir : undefined) as Obj[];
      const d: string[] = [];
      let known = 0;
      for (const t of theirs) {
        const c = await buildContext(s, String(t.leaf));
        const mine = JSON.parse(JSON.stringify({ messages: c.messages, thinkingLevel: c.thinkingLevel, models: c.models, mode: c.mode, modeData: c.modeData, injectedTtsrRules: c.injectedTtsrRules })) as Obj;
        const them = JSON.parse(JSON.stringify(without(t, ["leaf"]))) as Obj;
        if (eq(mine, them)) continue;
        if (nativeCompactionAt(s, String(t.leaf))) {
          known++;
          continue;
        }
        for (const k of Object.keys(them)) if (!eq(mine[k], them[k])) d.push(`at ${String(t.leaf)}: ${k} differs (omp ${JSON.stringify(them[k])?.slice(0, 160)}, ours ${JSON.stringify(mine[k])?.slice(0, 160)})`);
      }
      check("omp", `context at ${theirs.length} leaves = omp's own${known ? ` (${known} known 18.3.4 differences)` : ""}`, file, d.slice(0, 6));
    }
  }
}

/** The pi sessions of the fixtures in file format v3 (v1 ids are invented at each load, so leaves cannot be named across readers). */
async function piV3Fixtures(): Promise<string[]> {
  const dirs = [join(FIX, "sessions"), join(FIX, "sessions-rich", "pi"), join(FIX, "sessions-pi16")];
  const out: string[] = [];
  for (const dir of dirs)
    for (const n of readdirSync(dir)
      .filter((f) => f.endsWith(".jsonl"))
      .sort()) {
      let s: Session;
      try {
        s = await loadSession(join(dir, n));
      } catch {
        continue;
      }
      if (s.agent === "pi" && s.header.version === 3) out.push(join(dir, n));
    }
  return out;
}

/**
 * pi's own buildSessionContext against ours on every v3 pi fixture (0.73.1's
 * files and 1.6.0's), at every leaf the file has, the session's leaf and
 * every fifth entry (in a long session, about forty entries).
 */
async function contextsAgainstPi(files: string[]): Promise<void> {
  for (const file of files) {
    const s = await loadSession(file);
    const parents = new Set(s.entries.map((e) => e.parentId));
    // Every fifth entry; in a long session about forty of them.
    const step = Math.max(5, Math.floor(s.entries.length / 40));
    const leaves = [...new Set([...s.entries.filter((e, i) => i % step === 0 || !parents.has(e.id)).map((e) => e.id), ...(s.leafId ? [s.leafId] : [])])];
    const theirs = child("pi", ["contexts", agentCopy(file), leaves.join(",")]) as Obj[];
    const d: string[] = [];
    for (const t of theirs) {
      const c = await buildContext(s, String(t.leaf));
      const mine = JSON.parse(JSON.stringify({ messages: c.messages, thinkingLevel: c.thinkingLevel, model: c.model })) as Obj;
      const them = JSON.parse(JSON.stringify(without(t, ["leaf"]))) as Obj;
      for (const k of Object.keys(them)) if (!eq(mine[k], them[k])) d.push(`at ${String(t.leaf)}: ${k} differs (pi ${JSON.stringify(them[k])?.slice(0, 160)}, ours ${JSON.stringify(mine[k])?.slice(0, 160)})`);
    }
    check("pi", `context at ${theirs.length} leaves = pi's own`, file, d.slice(0, 6));
  }
}

/**
 * Our `stats --json` of each v3 pi fixture against pi's own session totals
 * (AgentSession.getSessionStats: assistant messages, tool results, `usage`
 * entries, compactions and branch summaries). Each file is read alone, in a
 * dir of its own: a fork whose parent we find counts its copied calls in the
 * parent, where pi counts every entry of the file.
 */
function statsAgainstPi(files: string[]): void {
  const env = { ...process.env, HOME: home, OMP_SESSIONS_CACHE_DIR: join(work, "cache-pi") };
  const d: string[] = [];
  let forks = 0;
  for (const file of files) {
    const copy = agentCopy(file);
    const theirs = child("pi", ["stats", copy]) as Obj;
    const r = spawnSync(BIN, ["stats", "--json", "--no-cache", copy], { env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`omp-sessions stats ${copy} failed (${r.status}): ${r.stderr}`);
    const row = (JSON.parse(r.stdout) as Obj[])[0] ?? {};
    const t = theirs.tokens as Record<string, number>;
    const mine = { input: row.inputTokens ?? 0, output: row.outputTokens ?? 0, cacheRead: row.cacheReadTokens ?? 0, cacheWrite: row.cacheWriteTokens ?? 0 };
    const them = { input: t.input, output: t.output, cacheRead: t.cacheRead, cacheWrite: t.cacheWrite };
    const cost = typeof row.cost === "number" ? row.cost : 0;
    const costOff = Math.abs(cost - Number(theirs.cost)) > 1e-9;
    if (eq(mine, them) && !costOff) continue;
    const parent = (JSON.parse(readFileSync(file, "utf8").split("\n")[0]) as Obj).parentSession;
    if (typeof parent === "string" && existsSync(parent)) {
      forks++;
      continue;
    }
    d.push(`${basename(file)}: tokens ours ${JSON.stringify(mine)}, pi ${JSON.stringify(them)}; cost ours ${cost}, pi ${String(theirs.cost)}`);
  }
  check("pi", `stats = pi's own totals: ${files.length} sessions${forks ? ` (${forks} forks whose parent counts the copied calls)` : ""}`, join(FIX, "pi fixtures (v3)"), d.slice(0, 8));
}

/** The leaf's path ends under an Anthropic-native compaction, which 18.3.4 reads differently from 18.2.3. */
function nativeCompactionAt(s: Session, leaf: string): boolean {
  return pathTo(s, leaf).some((id) => s.byId.get(id)!.type === "compaction" && compactionsNative.has(`${s.file}\0${id}`));
}
const compactionsNative = new Set<string>();
async function noteNativeCompactions(s: Session): Promise<void> {
  const comps = s.entries.filter((e) => e.type === "compaction");
  for (const e of await readEntries(s, comps)) {
    const p = (e.preserveData as Obj | undefined)?.anthropicCompaction;
    if (p) compactionsNative.add(`${s.file}\0${String(e.id)}`);
  }
}

/**
 * Our `stats --json` against ccusage on the same files: every pi fixture
 * (ccusage's \`pi\` reader; it has none for omp), and every fixture dir in
 * Claude Code's or Codex's layout that test/fixtures holds. Tokens must agree
 * exactly, cost within 2% where both price it. Sessions are compared by
 * session id: copies of one session (an older version's file beside the
 * migrated one) are summed on both sides, as each counts a call once across
 * copies but not always in the same copy.
 */
/** The tokens of assistant entries that repeat an earlier one's time and usage (other entries, other ids), in these files. */
function sameTimeAndUsage(files: string[]): Figures {
  const out: Figures = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0 };
  for (const f of files) {
    const seen = new Set<string>();
    const entries = readFileSync(f, "utf8")
      .split("\n")
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as Obj];
        } catch {
          return []; // a damaged line (the fixtures hold some) counts on neither side
        }
      });
    for (const e of entries) {
      const m = e.message as Obj | undefined;
      if (e.type !== "message" || m?.role !== "assistant" || !m.usage) continue;
      const k = `${String(e.timestamp)} ${JSON.stringify(m.usage)}`;
      if (!seen.has(k)) {
        seen.add(k);
        continue;
      }
      const u = m.usage as Record<string, number>;
      out.input += u.input ?? 0;
      out.output += u.output ?? 0;
      out.cacheRead += u.cacheRead ?? 0;
      out.cacheWrite += u.cacheWrite ?? 0;
    }
  }
  return out;
}

/** The tokens pi 1.6.0 records outside assistant messages (usage entries, tool results, compactions, branch summaries), in these files. */
function beyondAssistant(files: string[]): Figures {
  const out: Figures = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0 };
  for (const f of files)
    for (const l of readFileSync(f, "utf8").split("\n")) {
      let e: Obj;
      try {
        e = JSON.parse(l) as Obj;
      } catch {
        continue;
      }
      const m = e.message as Obj | undefined;
      const u = (e.type === "message" ? (m?.role === "toolResult" ? m.usage : undefined) : ["usage", "compaction", "branch_summary"].includes(String(e.type)) ? e.usage : undefined) as Record<string, number> | undefined;
      if (!u) continue;
      out.input += u.input ?? 0;
      out.output += u.output ?? 0;
      out.cacheRead += u.cacheRead ?? 0;
      out.cacheWrite += u.cacheWrite ?? 0;
    }
  return out;
}

/**
 * The usage of calls in `files` that also stand in another session's files:
 * a pi fork's copied history (the same entry ids as in its parent's file), or
 * a Claude Code session copied with its calls (the same message id and
 * request id). ccusage counts such a call once per file for pi and once over
 * every file for Claude Code; we count it in the session it was made in.
 */
function callsHeldElsewhere(agent: string, files: string[], others: string[]): Figures {
  const keyed = (f: string): Map<string, Figures> => {
    const out = new Map<string, Figures>();
    for (const l of readFileSync(f, "utf8").split("\n")) {
      let e: Obj;
      try {
        e = JSON.parse(l.replace(/^\0+/, "")) as Obj;
      } catch {
        continue;
      }
      const m = e.message as Obj | undefined;
      const u = m?.usage as Record<string, number> | undefined;
      if (!m || m.role !== "assistant" || !u) continue;
      const key = agent === "claude" ? `${String(m.id)}:${String(e.requestId)}` : String(e.id);
      if (out.has(key)) continue;
      out.set(
        key,
        agent === "claude"
          ? { input: u.input_tokens ?? 0, output: u.output_tokens ?? 0, cacheRead: u.cache_read_input_tokens ?? 0, cacheWrite: u.cache_creation_input_tokens ?? 0, cost: 0 }
          : { input: u.input ?? 0, output: u.output ?? 0, cacheRead: u.cacheRead ?? 0, cacheWrite: u.cacheWrite ?? 0, cost: 0 },
      );
    }
    return out;
  };
  const elsewhere = new Set(others.flatMap((f) => [...keyed(f).keys()]));
  const out: Figures = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0 };
  for (const f of files) for (const [k, u] of keyed(f)) if (elsewhere.has(k)) for (const x of ["input", "output", "cacheRead", "cacheWrite"] as const) out[x] += u[x];
  return out;
}

const minus = (a: Figures | undefined, b: Figures): Figures | undefined => a && { ...a, input: a.input - b.input, output: a.output - b.output, cacheRead: a.cacheRead - b.cacheRead, cacheWrite: a.cacheWrite - b.cacheWrite, cost: null };

/**
 * ccusage's figures for the history a Codex fork copied from its parent: the
 * rollout cut after its copied lines (those stamped in the fork header's
 * second, after the header), read by ccusage alone. undefined when the file
 * is no fork.
 */
function codexCopiedHistory(file: string, codexHome: string): Figures | undefined {
  const text = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  let head: Obj;
  try {
    head = JSON.parse(text[0]) as Obj;
  } catch {
    return undefined;
  }
  const payload = head.payload as Obj | undefined;
  if (head.type !== "session_meta" || typeof payload?.forked_from_id !== "string") return undefined;
  const second = String(head.timestamp).slice(0, 19);
  let n = 1;
  while (n < text.length) {
    let t = "";
    try {
      t = String((JSON.parse(text[n]) as Obj).timestamp).slice(0, 19);
    } catch {
      break;
    }
    if (t !== second) break;
    n++;
  }
  const rel = relative(join(codexHome, "sessions"), file);
  if (rel.startsWith("..")) return undefined;
  const cut = join(work, "codex-copied", String(payload.id));
  mkdirSync(dirname(join(cut, "sessions", rel)), { recursive: true });
  writeFileSync(join(cut, "sessions", rel), text.slice(0, n).join("\n") + "\n");
  const rows = [...ccusageSessions(ccusage, "codex", [], { HOME: home, CODEX_HOME: cut }).values()];
  return rows.reduce<Figures>((a, f) => sum(a, f), { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0 });
}

async function usageAgainstCcusage(): Promise<void> {
  const dir = join(work, "ccusage");
  const env = { HOME: home, OMP_SESSIONS_CACHE_DIR: join(work, "cache") };
  const roots = agentRoots(FIX);
  const inAgentRoot = (f: string) => [...roots.claude, ...roots.codex].some((r) => f.startsWith(r + "/"));
  const piFiles: string[] = [];
  const seen = new Set<string>();
  for (const f of filesUnder(FIX, (rel) => rel.endsWith(".jsonl")).filter((f) => !inAgentRoot(f))) {
    let s: Session;
    try {
      s = await loadSession(f);
    } catch {
      continue;
    }
    // One copy per file name: ccusage's pi reader takes a flat folder per project.
    if (s.agent === "pi" && !seen.has(basename(f))) {
      seen.add(basename(f));
      piFiles.push(f);
    }
  }
  const piDir = asPiSessionsDir(piFiles, join(dir, "pi"));
  const sides: { agent: string; ours: Map<string, Figures>; theirs: Map<string, Figures>; files: Map<string, string[]>; where: string }[] = [];
  const side = (agent: string, where: string, ourPaths: string[], theirArgs: string[], theirEnv: NodeJS.ProcessEnv) => {
    const ours = oursSessions(BIN, ourPaths, env, agent);
    foldChildren(BIN, ourPaths, env, ours.idOf);
    sides.push({ agent, ours: ours.byId, theirs: bySessionId(ccusageSessions(ccusage, agent, theirArgs, { ...env, ...theirEnv }), ours.idOf), files: ours.files, where });
  };
  side("pi", `${piFiles.length} pi fixture files`, [piDir], ["--pi-path", piDir], {});
  for (const r of roots.claude) side("claude", r, [join(r, "projects")], [], { CLAUDE_CONFIG_DIR: r });
  for (const r of roots.codex)
    side(
      "codex",
      r,
      [join(r, "sessions"), join(r, "archived_sessions")].filter((d) => existsSync(d)),
      [],
      { CODEX_HOME: r },
    );
  for (const side of sides) {
    const ids = [...new Set([...side.ours.keys(), ...side.theirs.keys()])].sort();
    const d: string[] = [];
    let copies = 0;
    let sameTime = 0;
    let forkCopies = 0;
    let piBeyond = 0;
    let heldElsewhere = 0;
    for (const id of ids) {
      const diffs = compare(side.ours.get(id), side.theirs.get(id));
      if (diffs.length === 0) continue;
      // Copies of one session (same id, the same calls): we count a call once,
      // ccusage once per file. Each copy counted alone must then match exactly.
      const files = side.files.get(id) ?? [];
      if (files.length > 1) {
        const alone = files.map((f) => oursSessions(BIN, [f], env, side.agent).byId.get(id)).reduce<Figures | undefined>((a, f) => (f === undefined ? a : a === undefined ? f : sum(a, f)), undefined);
        if (compare(alone, side.theirs.get(id)).length === 0) {
          copies++;
          continue;
        }
      }
      // A Codex fork's rollout starts with the history it copied from its parent
      // (the lines stamped in the fork's first second): ccusage counts that
      // history again, we count it in the parent only. ccusage on the copied
      // history alone must then make up the difference exactly.
      if (side.agent === "codex" && files.length === 1) {
        const copied = codexCopiedHistory(files[0], side.where);
        if (copied && compare(side.ours.get(id), minus(side.theirs.get(id), copied)).length === 0) {
          forkCopies++;
          continue;
        }
      }
      // Calls that also stand in another session's files (a pi fork's copied
      // history; a Claude Code session copied with its calls): ccusage counts
      // them again per file (pi) or once over all files (Claude Code); we count
      // each in the session that made it. Those calls must make up the difference exactly.
      if (side.agent === "pi" || side.agent === "claude") {
        const others = [...side.files].filter(([other]) => other !== id).flatMap(([, fs]) => fs);
        const shared = callsHeldElsewhere(side.agent, files, others);
        const theirs = side.theirs.get(id);
        const ok = side.agent === "pi" ? compare(side.ours.get(id), minus(theirs, shared)).length === 0 : compare(minus(side.ours.get(id), shared), theirs).length === 0;
        if (shared.input + shared.output + shared.cacheRead + shared.cacheWrite > 0 && ok) {
          heldElsewhere++;
          continue;
        }
      }
      // ccusage's pi reader takes two entries with the same time and the same usage for one (two sibling answers can be both).
      if (side.agent === "pi" && compare(minus(side.ours.get(id), sameTimeAndUsage(files)), side.theirs.get(id)).length === 0) {
        sameTime++;
        continue;
      }
      // pi 1.6.0 (and our stats, as pi's own totals do) counts usage outside assistant messages; ccusage's pi reader does not.
      if (side.agent === "pi" && compare(minus(side.ours.get(id), sum(beyondAssistant(files), sameTimeAndUsage(files))), side.theirs.get(id)).length === 0) {
        piBeyond++;
        continue;
      }
      d.push(`${id}: ${diffs.join("; ")}`);
    }
    const priced = ids.filter((id) => side.ours.get(id)?.cost != null && !side.ours.get(id)?.unpriced && side.theirs.get(id)?.cost != null).length;
    const notes = [
      ...(copies ? [`${copies} held in several files: ccusage counts each copy's calls again, each copy alone agrees`] : []),
      ...(heldElsewhere
        ? [
            `${heldElsewhere} holding calls that also stand in another session's file (a pi fork's copied history, a copied Claude Code session), which ccusage counts per file (pi) or once over all files (Claude Code): those calls make up the difference exactly`,
          ]
        : []),
      ...(sameTime ? [`${sameTime} with two answers at the same time and usage, which ccusage counts as one`] : []),
      ...(piBeyond ? [`${piBeyond} pi 1.6.0 sessions with usage outside assistant messages (usage entries, tool results, summaries), which ccusage does not count: without it they agree`] : []),
      ...(forkCopies ? [`${forkCopies} fork${forkCopies > 1 ? "s" : ""} whose copied parent history ccusage counts again: ccusage on that history alone makes up the difference exactly`] : []),
    ];
    const note = notes.length ? ` (${notes.join("; ")})` : "";
    check(side.agent, `stats = ccusage: ${ids.length} sessions, cost compared on ${priced}${note}`, side.where, d.slice(0, 8));
  }
}

async function main(): Promise<void> {
  log(
    `# verify:agents — our writes read back by ${PI_PACKAGE}@${pi.version} (node ${process.version}; its totals under bun ${omp.bunVersion}) and ${OMP_PACKAGE}@${omp.version} (bun ${omp.bunVersion}); usage against ${CCUSAGE_PACKAGE}@${ccusage.version}`,
  );
  log(`#   (${OMP_NEWER_NOTE}; ${CCUSAGE_NEWER_NOTE})`);
  log("");

  // pi: two sessions with branches, labels and compactions.
  const piFiles = [
    join(
      FIX,
      "sessions",
      readdirSync(join(FIX, "sessions")).find((f) => f.startsWith("pi-2026-01-05T14-00") && f.endsWith(".jsonl"))!,
    ),
    ...readdirSync(join(FIX, "sessions-rich", "pi"))
      .filter((f) => f.endsWith(".jsonl"))
      .sort()
      .slice(0, 2)
      .map((f) => join(FIX, "sessions-rich", "pi", f)),
  ];
  for (const f of piFiles) {
    const file = workCopy(f, "pi");
    await appendOps("pi", file, "Verified by pi's own manager");
    const s = await loadSession(file);
    await forkOps("pi", file, onPath(s, 0.7));
  }

  // omp with a title slot: a named session and an unnamed one from the agent dir.
  const agentDir = join(FIX, "sessions-rich", "omp", "agent", "sessions", "--home-dev-omp-rich--");
  const ompFiles = readdirSync(agentDir)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => join(agentDir, f));
  const slotTitle = (f: string) => (JSON.parse(readFileSync(f).subarray(0, 255).toString("utf8")) as Obj).title;
  const named = ompFiles.find((f) => slotTitle(f) !== "")!;
  const unnamed = ompFiles.find((f) => slotTitle(f) === "");
  const firstOmp = readdirSync(join(FIX, "sessions")).find((n) => n.startsWith("omp-") && n.endsWith(".jsonl"))!;
  for (const f of [named, ...(unnamed ? [unnamed] : []), join(FIX, "sessions", firstOmp)]) {
    const file = workCopy(f, "omp");
    // A fork of the session as it is (named or not), compared with omp's own.
    const s0 = await loadSession(file);
    const at0 = onPath(s0, 0.6);
    const fork0 = await forkOps("omp", file, at0);
    sameAsOmpFork(file, at0, fork0);
    await appendOps("omp", file, "Verified by omp's own manager");
    const s = await loadSession(file);
    const at = onPath(s, 0.7);
    const forked = await forkOps("omp", file, at);
    sameAsOmpFork(file, at, forked);
  }

  // omp without a title slot (older omp; one also v2): rename rewrites it with a slot.
  const legacy = join(FIX, "sessions-rich", "omp", "legacy");
  for (const n of readdirSync(legacy)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()) {
    const file = workCopy(join(legacy, n), "omp-legacy");
    const original = agentCopy(file);
    const name = "Renamed without a slot";
    const r = ours(["rename", file, name, "--yes"]);
    await sameState("omp", "rename of a slot-less file (whole rewrite)", file, (v, _s, d) => {
      diff(d, "name", v.name, name);
      diff(d, "rewritten", r.rewritten, true);
    });
    sameAsOmpRename(original, name, file);
    const s = await loadSession(file);
    const at = onPath(s, 0.6);
    const forked = await forkOps("omp", file, at);
    sameAsOmpFork(file, at, forked);
    await appendOps("omp", file, "Renamed again, now with a slot");
  }

  await contextsAgainstOmp();

  const piV3 = await piV3Fixtures();
  await contextsAgainstPi(piV3);
  statsAgainstPi(piV3);

  await usageAgainstCcusage();

  log("");
  log(`verify:agents: ${passed + failed} checks, ${passed} passed, ${failed} failed`);
}

try {
  await main();
} finally {
  if (!process.env.VERIFY_KEEP) rmSync(work, { recursive: true, force: true });
  else progress(`kept ${work}`);
}
process.exit(failed === 0 ? 0 : 1);
