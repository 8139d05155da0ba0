// Fuzzed session files through the built binary (issue 14): truncations, bit
// flips, parent cycles, huge numbers, deep nesting, invalid UTF-8 and NUL
// bytes, mutated from the fixtures with a fixed seed so every run tries the
// same files. `tree`, `context`, `show` and `ls` must exit 0 or 3, print valid
// JSON with --json, and finish (the per-run cap is a safety net for a hang,
// not a speed check).
import { beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN } from "../helpers/fixtures.js";
import { MUTATORS, PER_FIXTURE, SOURCES, makeMutants } from "../helpers/mutants.js";
import { ensureBuilt } from "../capture/helpers.js";

const RUN_CAP_MS = 120_000;

interface Mutant {
  name: string;
  file: string;
  /** An entry id of the original, for `show` (the mutation may have removed it: exit 3). */
  id: string;
}

const run = (args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | string | null; stdout: string; stderr: string; killed: boolean }> =>
  new Promise((resolve) => {
    execFile(BIN, args, { env, timeout: RUN_CAP_MS, maxBuffer: 1 << 28 }, (err, stdout, stderr) => {
      const e = err as (Error & { code?: number | string; killed?: boolean }) | null;
      resolve({ code: e ? (e.code ?? null) : 0, stdout, stderr, killed: !!e?.killed });
    });
  });

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

const ok = (code: number | string | null): boolean => code === 0 || code === 3;

describe("fuzzed session files (issue 14)", () => {
  it(`${SOURCES.length * Object.keys(MUTATORS).length * PER_FIXTURE} mutants: tree, context, show exit 0 or 3, valid JSON, no hang`, { timeout: 1_800_000 }, async () => {
    const jobs = mutants.flatMap((m) => [
      { m, args: ["tree", m.file], json: false },
      { m, args: ["tree", m.file, "--json"], json: true },
      { m, args: ["context", m.file, "--json"], json: true },
      { m, args: ["show", m.file, m.id, "--json"], json: true },
      { m, args: ["show", m.file, m.id], json: false },
    ]);
    const results = await pool(jobs, 3, async (j) => ({ j, r: await run(j.args, env) }));
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
