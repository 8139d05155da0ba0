// Runs a command as a child process and reports its wall time, CPU time and
// peak RSS. Those come from GNU time (`/usr/bin/time -f "%M %U %S"`) when it
// is installed and works; otherwise Node children get a preloaded module that
// writes `process.resourceUsage()` at exit, and other commands report none.
// CPU time (user + sys) is shown because wall time suffers most when the
// machine is busy with other work.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Measurement {
  ok: boolean;
  code: number | null;
  wallMs: number;
  /** Peak resident set size in KiB; null when it could not be measured. */
  rssKiB: number | null;
  /** User + system CPU time in ms; null when it could not be measured. */
  cpuMs: number | null;
  /** First lines of stderr (for "n/a" explanations). */
  stderr: string;
  /** stdout, when captured (`captureStdout`); otherwise it went to /dev/null. */
  stdout?: string;
}

export interface RunSpec {
  cmd: string;
  args: string[];
  /** Added to this process's environment; a key set to undefined is removed. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Keep stdout (small outputs only); by default it goes to /dev/null. */
  captureStdout?: boolean;
  /** The command is a Node script: in fallback mode it gets the RSS reporter preloaded. */
  isNode?: boolean;
}

let gnuTime: boolean | undefined;

/** True when /usr/bin/time is GNU time and reports %M. */
export function hasGnuTime(): boolean {
  if (gnuTime !== undefined) return gnuTime;
  gnuTime = false;
  // BENCH_NO_GNU_TIME=1 exercises the fallback on machines that do have it.
  if (existsSync("/usr/bin/time") && !process.env.BENCH_NO_GNU_TIME) {
    const dir = mkdtempSync(join(tmpdir(), "bench-time-"));
    const out = join(dir, "m");
    const r = spawnSync("/usr/bin/time", ["-f", "%M %U %S", "-o", out, "true"], { stdio: "ignore" });
    gnuTime = r.status === 0 && existsSync(out) && /^\d+ [\d.]+ [\d.]+\s*$/.test(readFileSync(out, "utf8"));
    rmSync(dir, { recursive: true, force: true });
  }
  return gnuTime;
}

export function rssMethod(): string {
  return hasGnuTime() ? "GNU time (%M max RSS, %U+%S CPU of the child)" : "process.resourceUsage() reported at exit (Node children only)";
}

const REPORTER = `import { writeFileSync } from "node:fs";
process.on("exit", () => { try { const u = process.resourceUsage(); writeFileSync(process.env.BENCH_RSS_FILE, u.maxRSS + " " + u.userCPUTime / 1e6 + " " + u.systemCPUTime / 1e6); } catch {} });
`;

/**
 * Variables of this machine rather than of a user's shell that change what
 * every node start costs: NODE_EXTRA_CA_CERTS (set here for a proxy's CA)
 * makes node read and parse a CA bundle before any script runs, +40 ms a
 * start on this machine kind (65 → 109 ms for `node -e 0`), to ours, pi's and
 * the `node -e 0` floor alike. Every timed run goes without them (the hook
 * bench's own environment never had them); BENCH_KEEP_ENV=1 keeps them.
 */
export const MACHINE_ONLY_ENV = ["NODE_EXTRA_CA_CERTS"];

/** Removes MACHINE_ONLY_ENV from `env` unless BENCH_KEEP_ENV=1. */
export function withoutMachineEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (process.env.BENCH_KEEP_ENV !== "1") for (const k of MACHINE_ONLY_ENV) delete env[k];
  return env;
}

/** One timed run. The clock covers spawn to exit, as a user would see it. */
export async function measure(spec: RunSpec): Promise<Measurement> {
  const dir = mkdtempSync(join(tmpdir(), "bench-run-"));
  const rssFile = join(dir, "rss");
  let cmd = spec.cmd;
  let args = spec.args;
  const env: NodeJS.ProcessEnv = { ...process.env, ...spec.env };
  // An undefined value in spec.env removes the variable.
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  withoutMachineEnv(env);
  if (hasGnuTime()) {
    args = ["-f", "%M %U %S", "-o", rssFile, cmd, ...args];
    cmd = "/usr/bin/time";
  } else if (spec.isNode) {
    const reporter = join(dir, "rss.mjs");
    writeFileSync(reporter, REPORTER);
    env.BENCH_RSS_FILE = rssFile;
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --import=${reporter}`.trim();
  }
  const devnull = spec.captureStdout ? "pipe" : openSync("/dev/null", "w");
  const start = performance.now();
  const res = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = spawn(cmd, args, { env, cwd: spec.cwd, stdio: ["ignore", devnull, "pipe"] });
    let stderr = "";
    let stdout = "";
    child.stderr?.on("data", (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    child.stdout?.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.on("error", (e) => resolve({ code: null, stderr: String(e), stdout }));
    child.on("close", (code) => resolve({ code, stderr, stdout }));
  });
  const wallMs = performance.now() - start;
  if (typeof devnull === "number") closeSync(devnull);
  let rssKiB: number | null = null;
  let cpuMs: number | null = null;
  try {
    // "RSS USER SYS"; GNU time puts "Command exited with non-zero status N" on a line before it when the child fails.
    const [rss, user, sys] = (readFileSync(rssFile, "utf8").trim().split("\n").pop() ?? "").split(" ").map(Number);
    if (Number.isFinite(rss)) rssKiB = rss;
    if (Number.isFinite(user) && Number.isFinite(sys)) cpuMs = (user + sys) * 1000;
  } catch {}
  rmSync(dir, { recursive: true, force: true });
  return { ok: res.code === 0, code: res.code, wallMs, rssKiB, cpuMs, stderr: res.stderr.trim(), ...(spec.captureStdout ? { stdout: res.stdout } : {}) };
}

export interface Summary {
  ok: boolean;
  runs: number;
  wallMs: number;
  rssKiB: number | null;
  cpuMs: number | null;
  error?: string;
  stdout?: string;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Median of `runs` runs (wall time and RSS taken separately); stops at the
 * first failure. A function spec is called before each run (a fresh HOME …).
 */
export async function measureMedian(spec: RunSpec | (() => RunSpec), runs: number): Promise<Summary> {
  const ms: Measurement[] = [];
  for (let i = 0; i < runs; i++) {
    const m = await measure(typeof spec === "function" ? spec() : spec);
    if (!m.ok) {
      // Node prints the throwing source line first; the "XxxError: …" line says more.
      const lines = m.stderr
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
      const why = lines.find((l) => /^[A-Za-z]*Error\b/.test(l)) ?? lines[0] ?? "";
      return { ok: false, runs: i + 1, wallMs: m.wallMs, rssKiB: m.rssKiB, cpuMs: m.cpuMs, error: `exit ${m.code}${why ? `: ${why.slice(0, 120)}` : ""}` };
    }
    ms.push(m);
  }
  const rss = ms.map((m) => m.rssKiB).filter((x): x is number => x !== null);
  const cpu = ms.map((m) => m.cpuMs).filter((x): x is number => x !== null);
  return { ok: true, runs, wallMs: median(ms.map((m) => m.wallMs)), rssKiB: rss.length ? median(rss) : null, cpuMs: cpu.length ? median(cpu) : null, stdout: ms[ms.length - 1].stdout };
}
