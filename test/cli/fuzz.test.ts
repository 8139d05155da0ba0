// Fuzzed session files through the built binary (issue 14): truncations, bit
// flips, parent cycles, huge numbers, deep nesting, invalid UTF-8 and NUL
// bytes, mutated from the fixtures with a fixed seed so every run tries the
// same files. `tree`, `context`, `show` and `ls` must exit 0 or 3, print valid
// JSON with --json, and finish. They run in this process (runCli, as the other
// headless commands' tests do); the deeply nested mutants also go through the
// built binary, whose stack is a process's own (the per-run cap there is a
// safety net for a hang, not a speed check).
import { beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";
import { MUTATORS, PER_FIXTURE, SOURCES, makeMutants } from "../helpers/mutants.js";
import { ensureBuilt } from "../capture/helpers.js";

const RUN_CAP_MS = 120_000;

interface Mutant {
  name: string;
  file: string;
  /** An entry id of the original, for `show` (the mutation may have removed it: exit 3). */
  id: string;
}

// In a process of its own: a hang is killed at the cap and reported, not a stuck test worker.
const spawned = (args: string[], env: NodeJS.ProcessEnv) => runBin(args, { env, timeoutMs: RUN_CAP_MS });
interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  killed?: boolean;
}
const run = (args: string[], env: NodeJS.ProcessEnv): Promise<Ran> => runCli(args, { env });

/** Runs jobs, `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

let base: string;
let env: NodeJS.ProcessEnv;
const mutants: Mutant[] = [];

beforeAll(() => {
  ensureBuilt();
  base = mkdtempSync(join(tmpdir(), "omp-fuzz-"));
  const dir = join(base, "files");
  mkdirSync(dir, { recursive: true });
  mkdirSync(join(base, "home"), { recursive: true });
  env = { ...process.env, HOME: join(base, "home"), OMP_SESSIONS_CACHE_DIR: join(base, "cache"), NO_COLOR: "1" };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "OMP_PROFILE", "PI_PROFILE"]) delete env[k];
  for (const m of makeMutants()) {
    const file = join(dir, m.name);
    writeFileSync(file, m.bytes);
    mutants.push({ name: m.name, file, id: m.id });
  }
});

const ok = (code: number | null): boolean => code === 0 || code === 3;

describe("fuzzed session files (issue 14)", () => {
  it(`${SOURCES.length * Object.keys(MUTATORS).length * PER_FIXTURE} mutants: tree, context, show exit 0 or 3, valid JSON, no hang`, { timeout: 1_800_000 }, async () => {
    const jobs = mutants.flatMap((m) => [
      { m, args: ["tree", m.file], json: false },
      { m, args: ["tree", m.file, "--json"], json: true },
      { m, args: ["context", m.file, "--json"], json: true },
      { m, args: ["show", m.file, m.id, "--json"], json: true },
      { m, args: ["show", m.file, m.id], json: false },
    ]);
    const results: { j: (typeof jobs)[number]; r: Ran }[] = await pool(jobs, 1, async (j) => ({ j, r: await run(j.args, env) }));
    const deep = mutants.filter((m) => m.name.includes("deep-nesting"));
    expect(deep.length).toBeGreaterThan(0);
    results.push(...(await pool(deep, 2, async (m) => ({ j: { m, args: ["tree", m.file, "--json"], json: true }, r: await spawned(["tree", m.file, "--json"], env) }))));
    const failures: string[] = [];
    for (const { j, r } of results) {
      const what = `${j.args[0]} ${j.m.name}${j.json ? " --json" : ""}`;
      if (r.killed) failures.push(`${what}: still running after ${RUN_CAP_MS} ms`);
      else if (!ok(r.code)) failures.push(`${what}: exit ${r.code}: ${r.stderr.slice(0, 200)}`);
      else if (j.json && r.code === 0) {
        try {
          JSON.parse(r.stdout);
        } catch (e) {
          failures.push(`${what}: not JSON (${(e as Error).message})`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("ls over every mutant (table and --json, cached and fresh): exit 0, valid JSON, every file listed", { timeout: 600_000 }, async () => {
    for (const pass of [1, 2]) {
      const r = await run(["ls", join(base, "files"), "--json"], env);
      expect(r.code, `pass ${pass}: ${r.stderr}`).toBe(0);
      const rows = JSON.parse(r.stdout) as { path: string }[];
      expect(rows.length).toBe(mutants.length);
      const t = await run(["ls", join(base, "files")], env);
      expect(t.code, t.stderr).toBe(0);
    }
  });
});
