// Burst benchmark (issue 14): 200 hook processes at once — for one session, and
// spread over 20 sessions — each fed its payload through a pipe the way a
// harness does, with and without two CPU hogs (`yes > /dev/null`) keeping both
// cores busy. Every run must end with 200 queue lines and 200 counted events.
// "counted by hooks" is what the states say when the last hook has exited
// (hooks that timed out on the lock leave their events queued); "counted" is
// after a reader (`captured`) folded the rest, which is what users see.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";

const REPO = fileURLToPath(new URL("../", import.meta.url));
const BIN = join(REPO, "bin", "omp-sessions");
const N = 200;

function hookOnce(hub: string, sid: string, n: number, env: NodeJS.ProcessEnv): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "hook", "--harness", "codex", "--if-enabled", "--hub", hub], { env, stdio: ["pipe", "ignore", "ignore"] });
    child.on("error", () => resolve(null));
    child.on("close", (code) => resolve(code));
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify({ session_id: sid, hook_event_name: "PostToolUse", cwd: "/bench/burst", tool_name: "Bash", tool_use_id: `call_${n}`, tool_input: { command: `echo ${n}` } }));
  });
}

function queued(root: string): number {
  const dir = join(root, "queue");
  let n = 0;
  for (const f of existsSync(dir) ? readdirSync(dir) : []) {
    if (!f.endsWith(".jsonl")) continue;
    n += readFileSync(join(dir, f), "utf8")
      .split("\n")
      .filter((l) => l.includes('"llm_wiki_session_id": "codex:burst-')).length;
  }
  return n;
}

function counted(root: string, sessions: number): number {
  let n = 0;
  for (let s = 0; s < sessions; s++) {
    try {
      n += (JSON.parse(readFileSync(join(root, "state", "codex", `burst-${s}.json`), "utf8")) as { event_count?: number }).event_count ?? 0;
    } catch {}
  }
  return n;
}

interface BurstRun {
  queued: number;
  countedByHooks: number;
  counted: number;
  lockTimeouts: number;
  nonZeroExits: number;
  wallMs: number;
}

async function burst(sessions: number): Promise<BurstRun> {
  const base = mkdtempSync(join(tmpdir(), "omp-bench-burst-"));
  try {
    const hub = join(base, "hub");
    const root = join(hub, ".sessions");
    const env = { PATH: process.env.PATH, HOME: join(base, "home"), TZ: "UTC" };
    const t = performance.now();
    const codes = await Promise.all(Array.from({ length: N }, (_, i) => hookOnce(hub, `burst-${i % sessions}`, i, env)));
    const wallMs = performance.now() - t;
    const countedByHooks = counted(root, sessions);
    execFileSync(process.execPath, [BIN, "captured", "--json", "--hub", hub], { env, stdio: "ignore" });
    let lockTimeouts = 0;
    try {
      lockTimeouts = readFileSync(join(root, "errors.jsonl"), "utf8")
        .split("\n")
        .filter((l) => l.includes('"lock-timeout"')).length;
    } catch {}
    return { queued: queued(root), countedByHooks, counted: counted(root, sessions), lockTimeouts, nonZeroExits: codes.filter((c) => c !== 0).length, wallMs };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

function hogs(n: number): ChildProcess[] {
  return Array.from({ length: n }, () => spawn("sh", ["-c", "exec yes > /dev/null"], { stdio: "ignore" }));
}

export async function benchBurst(): Promise<string> {
  if (!existsSync(join(REPO, "dist", "hook.cjs"))) execFileSync(process.execPath, [join(REPO, "scripts", "build.mjs")], { cwd: REPO, stdio: "ignore" });
  const runs = Math.max(1, Number(process.env.BENCH_BURST_RUNS) || 3);
  const lines = [
    `hook bursts: ${N} concurrent hook processes, ${runs} runs each (default clocks; stdin through pipes)`,
    "| case | run | queued | counted by hooks | counted | lock timeouts | exit ≠ 0 | wall ms | |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  let allOk = true;
  for (const withHogs of [false, true]) {
    for (const sessions of [1, 20]) {
      const running = withHogs ? hogs(2) : [];
      try {
        for (let r = 1; r <= runs; r++) {
          process.stderr.write(`bench: burst ${sessions} session(s)${withHogs ? " + 2 CPU hogs" : ""}, run ${r}\n`);
          const b = await burst(sessions);
          const ok = b.queued === N && b.counted === N && b.nonZeroExits === 0;
          allOk &&= ok;
          lines.push(
            `| ${sessions === 1 ? "1 session" : `${sessions} sessions`}${withHogs ? " + 2 CPU hogs" : ""} | ${r} | ${b.queued} | ${b.countedByHooks} | ${b.counted} | ${b.lockTimeouts} | ${b.nonZeroExits} | ${b.wallMs.toFixed(0)} | ${ok ? "ok" : "LOST"} |`,
          );
        }
      } finally {
        for (const h of running) h.kill("SIGKILL");
      }
    }
  }
  lines.push(allOk ? `every run: queued ${N}, counted ${N}` : "SOME RUN LOST EVENTS");
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchBurst().then((s) => console.log(s));
}
