// The fuzz test's mutants (issue 14), made from the fixtures with a fixed
// seed: the built binary runs on them (test/cli/fuzz.test.ts) and the reader's
// fast paths are compared with a full parse on them (test/core/session/fast-path.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "./fixtures.js";

export const SEED = 0x14f022;
export const PER_FIXTURE = 2; // mutants of each kind per fixture

/** mulberry32: a small deterministic PRNG. */
export function prng(seed: number): () => number {
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

export const MUTATORS: Record<string, Mutator> = {
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

export const SOURCES = [
  "sessions/pi-2026-01-05T15-19-54-343Z_019b8ebe-4ae7-711d-9003-9ff9c065347c.jsonl",
  "sessions/omp-2026-03-09T16-06-27-419Z_01a22f82-2592-7000-923d-921dc4a3e79f.jsonl",
  "sessions/v2-seed1-4.jsonl",
  "sessions-edge/edge-labels.jsonl",
];

export interface MutantBytes {
  name: string;
  bytes: Buffer;
  /** An entry id of the original, for `show` (the mutation may have removed it). */
  id: string;
}

/** Every mutant, in the same order and with the same bytes on every run. */
export function makeMutants(): MutantBytes[] {
  const out: MutantBytes[] = [];
  const r = prng(SEED);
  for (const src of SOURCES) {
    const original = readFileSync(join(FIXTURES, src));
    const ids = [...original.toString("utf8").matchAll(/"id":"([^"]+)"/g)].map((m) => m[1]).slice(1);
    for (const [kind, mutate] of Object.entries(MUTATORS)) {
      for (let k = 0; k < PER_FIXTURE; k++) {
        const name = `${src.split("/").pop()!.slice(0, 24)}-${kind}-${k}.jsonl`;
        const bytes = mutate(original, r);
        out.push({ name, bytes, id: ids[int(r, ids.length)] ?? "none" });
      }
    }
  }
  return out;
}
