// Fuzzed session files through the built binary (issue 14): truncations, bit
// flips, parent cycles, huge numbers, deep nesting, invalid UTF-8 and NUL
// bytes, mutated from the fixtures with a fixed seed so every run tries the
// same files. `tree`, `context`, `show` and `ls` must exit 0 or 3, print valid
// JSON with --json, and finish (the per-run cap is a safety net for a hang,
// not a speed check).
import { beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";
import { ensureBuilt } from "../capture/helpers.js";

const SEED = 0x14f022;
const PER_FIXTURE = 2; // mutants of each kind per fixture
const RUN_CAP_MS = 120_000;

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Mutator = (b: Buffer, r: () => number) => Buffer;
const int = (r: () => number, n: number): number => Math.floor(r() * n);

const lines = (b: Buffer): string[] => b.toString("utf8").split("\n");
const join_ = (ls: string[]): Buffer => Buffer.from(ls.join("\n"));

const MUTATORS: Record<string, Mutator> = {
  truncate: (b, r) => b.subarray(0, int(r, b.length)),
  "bit-flips": (b, r) => {
    const out = Buffer.from(b);
    for (let i = 0, n = 1 + int(r, 24); i < n; i++) out[int(r, out.length)] ^= 1 << int(r, 8);
    return out;
  },
  cycle: (b, r) => {
    // point entries' parents at later entries: loops, self-parents, dangling ids
    const ls = lines(b);
    const ids = ls.map((l) => /"id":"([^"]+)"/.exec(l)?.[1]).filter((x): x is string => !!x);
    for (let i = 0, n = 1 + int(r, 4); i < n && ids.length > 1; i++) {
      const k = 1 + int(r, ls.length - 1);
      const target = int(r, 3) === 0 ? (/"id":"([^"]+)"/.exec(ls[k])?.[1] ?? ids[0]) : ids[int(r, ids.length)];
      ls[k] = ls[k].replace(/"parentId":(null|"[^"]*")/, `"parentId":"${target}"`);
    }
    return join_(ls);
  },
  "huge-numbers": (b, r) => {
    const huge = ["1e308", "-1e308", "9e15", "8640000000000001", "1e400", "-0", "123456789012345678901234567890", "4.9e-324"];
    return Buffer.from(b.toString("utf8").replace(/(?<=[:[,])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?(?=[,}\]])/g, (m) => (r() < 0.3 ? huge[int(r, huge.length)] : m)));
  },
  "deep-nesting": (b, r) => {
    const ls = lines(b);
    const n = 1000 + int(r, 5000);
    for (let i = 0, k = 1 + int(r, 3); i < k; i++) {
      const at = 1 + int(r, Math.max(1, ls.length - 2));
      const wrap = r() < 0.5 ? ["[".repeat(n), "]".repeat(n)] : ['{"a":'.repeat(n), "}".repeat(n)];
      // nest an existing value (the first string value after a key) n levels deep
      ls[at] = ls[at].replace(/:("[^"\\]*")/, (_m, v: string) => `:${wrap[0]}${v}${wrap[1]}`);
    }
    return join_(ls);
  },
  "invalid-utf8": (b, r) => {
    const bad = [Buffer.from([0xff]), Buffer.from([0xc3]), Buffer.from([0x80, 0x80]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]), Buffer.from([0xe2, 0x82])];
    const parts: Buffer[] = [];
    let last = 0;
    for (let i = 0, n = 1 + int(r, 10); i < n; i++) {
      const at = last + int(r, Math.max(1, b.length - last));
      if (at >= b.length) break;
      parts.push(b.subarray(last, at), bad[int(r, bad.length)]);
      last = at;
    }
    parts.push(b.subarray(last));
    return Buffer.concat(parts);
  },
  nul: (b, r) => {
    const parts: Buffer[] = [];
    let last = 0;
    for (let i = 0, n = 1 + int(r, 8); i < n; i++) {
      const at = last + int(r, Math.max(1, b.length - last));
      if (at >= b.length) break;
      parts.push(b.subarray(last, at), r() < 0.5 ? Buffer.from([0]) : Buffer.from("\\u0000"));
      last = at;
    }
    parts.push(b.subarray(last));
    return Buffer.concat(parts);
  },
};

const SOURCES = [
  "sessions/pi-2026-01-05T15-19-54-343Z_019b8ebe-4ae7-711d-9003-9ff9c065347c.jsonl",
  "sessions/omp-2026-03-09T16-06-27-419Z_01a22f82-2592-7000-923d-921dc4a3e79f.jsonl",
  "sessions/v2-seed1-4.jsonl",
  "sessions-edge/edge-labels.jsonl",
];

interface Mutant {
  name: string;
  file: string;
  /** An entry id of the original, for `show` (the mutation may have removed it: exit 3). */
  id: string;
}

// Each run in a process of its own: a hang is killed at the cap and reported, not a stuck test worker.
const run = (args: string[], env: NodeJS.ProcessEnv) => runBin(args, { env, timeoutMs: RUN_CAP_MS });

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
  const r = prng(SEED);
  for (const src of SOURCES) {
    const original = readFileSync(join(FIXTURES, src));
    const ids = [...original.toString("utf8").matchAll(/"id":"([^"]+)"/g)].map((m) => m[1]).slice(1);
    for (const [kind, mutate] of Object.entries(MUTATORS)) {
      for (let k = 0; k < PER_FIXTURE; k++) {
        const name = `${src.split("/").pop()!.slice(0, 24)}-${kind}-${k}.jsonl`;
        const file = join(dir, name);
        writeFileSync(file, mutate(original, r));
        mutants.push({ name, file, id: ids[int(r, ids.length)] ?? "none" });
      }
    }
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
