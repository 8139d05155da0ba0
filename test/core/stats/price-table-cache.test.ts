// The price table's bundle runs from the V8 code cache the build wrote beside
// it when the cache names the bundle's build (core/code-cache.ts); with no
// cache, or one of another build, it is required as before; a cache V8
// refuses (another Node, damaged bytes) is compiled from source, the same
// exports either way.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Script } from "node:vm";
import Module from "node:module";
import { afterAll, describe, expect, it } from "vitest";
import { requireFromCodeCache } from "../../../src/core/code-cache.js";
import { loadCalcPrice } from "../../../src/core/stats/prices.js";

const dir = mkdtempSync(join(tmpdir(), "omp-code-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = 'exports.twice = (n) => 2 * n;\nexports.path = require("node:path").sep;\n// omp-build b1\n';

function bundle(name: string, cache: Buffer | null): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  if (cache) writeFileSync(file + ".cache", cache);
  return file;
}

const v8Cache = (): Buffer => new Script(Module.wrap(source)).createCachedData();

describe("a bundle with a code cache", () => {
  it("runs from a cache of its build", () => {
    const file = bundle("ok.cjs", Buffer.concat([Buffer.from("omp-sessions code cache b1\n"), v8Cache()]));
    const got = requireFromCodeCache(file) as { twice(n: number): number; path: string };
    expect(got.twice(21)).toBe(42);
    expect(got.path).toBe("/");
  });

  it("runs from source when V8 refuses the cache's bytes, with the same exports", () => {
    const file = bundle("damaged.cjs", Buffer.from("omp-sessions code cache b1\nnot a V8 cache"));
    expect((requireFromCodeCache(file) as { twice(n: number): number }).twice(4)).toBe(8);
  });

  it("is required as usual (null here) without a cache, or with one of another build", () => {
    expect(requireFromCodeCache(bundle("none.cjs", null))).toBeNull();
    expect(requireFromCodeCache(bundle("other.cjs", Buffer.concat([Buffer.from("omp-sessions code cache b2\n"), v8Cache()])))).toBeNull();
  });
});

describe("the built price table", () => {
  it("prices the same from its code cache as from the package", async () => {
    const file = join(import.meta.dirname, "../../../dist/chunks/genai-prices.cjs");
    let cached: { calcPrice: Awaited<ReturnType<typeof loadCalcPrice>> } | null = null;
    try {
      readFileSync(file + ".cache");
      cached = requireFromCodeCache(file) as typeof cached;
    } catch {
      return; // not built here
    }
    expect(cached).not.toBeNull();
    const pkg = await loadCalcPrice(undefined);
    const usage = { input_tokens: 1200, output_tokens: 80, cache_read_tokens: 900, cache_write_tokens: 30 };
    for (const model of ["claude-sonnet-4-5-20250929", "claude-opus-4-1", "gpt-4o"]) expect(cached!.calcPrice(usage, model)?.total_price).toBe(pkg(usage, model)?.total_price);
  });
});
