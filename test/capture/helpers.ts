// Shared test scaffolding for the capture store: a private HOME and HUB per
// test, the real bin for hook processes, in-process runs for other commands.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { withLockSync } from "../../src/core/fs/lock.js";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));
export const BIN = join(REPO, "bin", "omp-sessions");
export const NOW = "2026-06-13T18:10:00Z";

/** Rebuilds dist/ when any source is newer (one builder at a time across test workers). */
export function ensureBuilt(): void {
  const newest = (dir: string): number => {
    let m = 0;
    for (const f of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, f.name);
      m = Math.max(m, f.isDirectory() ? newest(p) : statSync(p).mtimeMs);
    }
    return m;
  };
  const stale = (): boolean => !existsSync(join(REPO, "dist", "hook.cjs")) || newest(join(REPO, "src")) > statSync(join(REPO, "dist", "hook.cjs")).mtimeMs;
  if (!stale()) return;
  withLockSync(join(REPO, "dist", ".capture-test-build"), { waitMs: 60_000 }, () => {
    if (stale()) execFileSync(process.execPath, [join(REPO, "scripts", "build.mjs")], { cwd: REPO, stdio: "ignore" });
  });
}

export interface Sandbox {
  home: string;
  hub: string;
  root: string;
  env: NodeJS.ProcessEnv;
}

/** A fresh HOME and HUB; also installs them in this process's env for in-process calls. */
export function sandbox(now = NOW): Sandbox {
  const base = mkdtempSync(join(tmpdir(), "omp-cap-"));
  const home = join(base, "home");
  const hub = join(base, "hub");
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    TZ: "UTC",
    OMP_SESSIONS_NOW: now,
    OMP_SESSIONS_HUB: hub,
  };
  for (const k of ["OMP_SESSIONS_HARNESS", "LLM_WIKI_HARNESS", "PLUGIN_ROOT", "CLAUDE_PLUGIN_ROOT", "CLAUDE_PROJECT_DIR", "CLAUDE_CODE_ENTRYPOINT", "OMP_SESSIONS_LOCK_WAIT_MS", "OMP_SESSIONS_DEBUG"]) delete process.env[k];
  Object.assign(process.env, env);
  return { home, hub, root: join(hub, ".sessions"), env };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `./bin/omp-sessions hook …` with `input` on stdin. */
export function hook(args: string[], input: string | Buffer | null, env: NodeJS.ProcessEnv, cwd = REPO): Promise<RunResult> {
  return run(["hook", ...args], input, env, cwd);
}

/** Runs the bin (test/helpers/run-bin.ts) with `input` on stdin. */
export async function run(args: string[], input: string | Buffer | null, env: NodeJS.ProcessEnv, cwd = REPO): Promise<RunResult> {
  const { code, stdout, stderr } = await runBin(args, { input, env, cwd });
  return { code, stdout, stderr };
}

/** Runs a capture command in this process, as the bin would (test/helpers/run-cli.ts). */
export const cli = (args: string[]): Promise<RunResult> => runCli(args);

/** Every file under `dir` (relative path → size), sorted. */
export function listing(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (d: string): void => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names.sort()) {
      const p = join(d, n);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else out[relative(dir, p)] = st.size;
    }
  };
  walk(dir);
  return out;
}

/** All files under dir with their contents (for whole-store greps). */
export function allFiles(dir: string): { path: string; text: string }[] {
  return Object.keys(listing(dir)).map((r) => ({ path: join(dir, r), text: readFileSync(join(dir, r), "utf8") }));
}

export const readJson = (p: string): any => JSON.parse(readFileSync(p, "utf8"));
export const readLines = (p: string): any[] =>
  existsSync(p)
    ? readFileSync(p, "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l))
    : [];

export const payload = (o: Record<string, unknown>): string => JSON.stringify(o);
