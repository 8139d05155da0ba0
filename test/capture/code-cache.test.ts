// The V8 code caches (bin/omp-sessions, scripts/build.mjs): the build leaves
// dist/hook.cjs.cache (and dist/cmd/ls.cjs.cache, dist/cmd/stats.cjs.cache, dist/cmd/tree.cjs.cache)
// for its own bundle, the command starts from it, and a cache that does not
// fit (another build's, or bytes V8 refuses) only means compiling from source:
// the event is recorded the same way, the output is the same.
import { beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, ensureBuilt, payload, readJson, REPO, sandbox } from "./helpers.js";
import { runBin } from "../helpers/run-bin.js";
import { moduleScriptSource, WRAP_HEAD, WRAPPED } from "../../src/core/code-cache.js";
import { CLASSIFIER_V8_FLAGS, classifierV8Flags } from "../../src/core/capture/classifier-v8.js";
import { execFile } from "node:child_process";
import { promisify } from "node:util";

beforeAll(ensureBuilt);

const event = payload({ session_id: "cc1", hook_event_name: "PostToolUse", cwd: "/home/dev/app", tool_name: "Bash", tool_input: { command: "ls" } });

/** A package tree of its own: the bin and the hook's bundle, with `cache` (or none) beside the bundle. */
function packageWith(cache: Buffer | null): string {
  const dir = mkdtempSync(join(tmpdir(), "omp-code-cache-"));
  mkdirSync(join(dir, "bin"));
  mkdirSync(join(dir, "dist"));
  copyFileSync(BIN, join(dir, "bin", "omp-sessions"));
  copyFileSync(join(REPO, "dist", "hook.cjs"), join(dir, "dist", "hook.cjs"));
  if (cache) writeFileSync(join(dir, "dist", "hook.cjs.cache"), cache);
  return join(dir, "bin", "omp-sessions");
}

async function recordsEvent(bin: string): Promise<string> {
  const sb = sandbox();
  const r = await runBin(["hook", "--harness", "codex"], { bin, input: event, env: { ...sb.env, OMP_SESSIONS_DEBUG: "1" } });
  expect(r.code).toBe(0);
  expect(r.stdout).toBe("");
  expect(readJson(join(sb.root, "state", "codex", "cc1.json")).event_count).toBe(1);
  return r.stderr;
}

describe("the hook's code cache", () => {
  it("the build leaves one for its own bundle, and the hook runs from it (V8 accepts it: no complaint on stderr)", async () => {
    const cache = readFileSync(join(REPO, "dist", "hook.cjs.cache"));
    const header = cache.toString("latin1", 0, cache.indexOf(10));
    const id = /\n\/\/ omp-build ([0-9a-f]+)\n/.exec(readFileSync(join(REPO, "dist", "hook.cjs"), "utf8"))?.[1];
    expect(id).toBeTruthy();
    expect(header.trimEnd()).toBe(`omp-sessions code cache ${id}`);
    expect(await recordsEvent(BIN)).toBe("");
  });

  it("V8's part of the cache starts 16 bytes aligned (the header is padded: V8 copies unaligned cache data before reading it), in every cache the build writes", () => {
    for (const f of ["hook.cjs.cache", "hook-feedback.cjs.cache", "cmd/ls.cjs.cache", "chunks/genai-prices.cjs.cache"]) {
      const cache = readFileSync(join(REPO, "dist", f));
      expect((cache.indexOf(10) + 1) % 16, f).toBe(0);
      expect(cache.toString("latin1", 0, cache.indexOf(10)), f).toMatch(/^omp-sessions code cache [0-9a-f]{16} *$/);
    }
  });

  it("the hook's bundles are written already wrapped as a module function (started from the cache, the bin compiles that slice of the source, no wrapped copy); required, the function runs", async () => {
    for (const f of ["hook.cjs", "hook-feedback.cjs", "hook-keep.cjs"]) {
      const source = readFileSync(join(REPO, "dist", f), "latin1");
      expect(source.startsWith("(function (exports, require, module, __filename, __dirname) {"), f).toBe(true);
      expect(source, f).toMatch(/\n\/\/ omp-build [0-9a-f]{16}\n\}\)\.call\(this, exports, require, module, __filename, __dirname\);\n/);
    }
    // the classifier's bundle required as any module: its exports are there
    const { createRequire } = await import("node:module");
    const classifier = createRequire(import.meta.url)(join(REPO, "dist", "hook-feedback.cjs")) as { feedbackCandidate?: unknown };
    expect(typeof classifier.feedbackCandidate).toBe("function");
  });

  it("the bundle is ASCII only (the build escapes any other character: node starts faster from a one-byte string)", () => {
    expect(readFileSync(join(REPO, "dist", "hook.cjs"), "latin1")).not.toMatch(/[^\x00-\x7f]/);
  });

  it("without a cache the bundle is required as before", async () => {
    expect(await recordsEvent(packageWith(null))).toBe("");
  });

  it("another build's cache is not used", async () => {
    const cache = readFileSync(join(REPO, "dist", "hook.cjs.cache"));
    const other = Buffer.concat([Buffer.from("omp-sessions code cache 0000000000000000\n"), cache.subarray(cache.indexOf(10) + 1)]);
    expect(await recordsEvent(packageWith(other))).toMatch(/hook\.cjs\.cache is not this build's; compiling from source/);
  });

  it("this build's header over bytes V8 refuses: compiled from source", async () => {
    const cache = readFileSync(join(REPO, "dist", "hook.cjs.cache"));
    const broken = Buffer.concat([cache.subarray(0, cache.indexOf(10) + 1), Buffer.from("not a V8 code cache".repeat(50))]);
    expect(await recordsEvent(packageWith(broken))).toMatch(/V8 rejected .*hook\.cjs\.cache/);
  });
});

describe("the hook's feedback classifier, a bundle of its own (dist/hook-feedback.cjs) loaded only for user prompts", () => {
  const prompt = payload({ session_id: "fb1", hook_event_name: "UserPromptSubmit", cwd: "/home/dev/app", prompt: "no, that is wrong, use the other file instead" });
  /** A package tree with the hook's bundle and cache, and the classifier's bundle and cache as asked. */
  function hookPackage(feedback: { bundle: boolean; cache: Buffer | null }): string {
    const bin = packageWith(readFileSync(join(REPO, "dist", "hook.cjs.cache")));
    const dist = join(bin, "..", "..", "dist");
    if (feedback.bundle) copyFileSync(join(REPO, "dist", "hook-feedback.cjs"), join(dist, "hook-feedback.cjs"));
    if (feedback.cache) writeFileSync(join(dist, "hook-feedback.cjs.cache"), feedback.cache);
    return bin;
  }
  async function candidates(bin: string): Promise<{ stderr: string; types: unknown[]; events: number; errors: string[] }> {
    const sb = sandbox();
    const r = await runBin(["hook", "--harness", "claude"], { bin, input: prompt, env: { ...sb.env, OMP_SESSIONS_DEBUG: "1" } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    const lines = (f: string): Record<string, unknown>[] =>
      existsSync(f)
        ? readFileSync(f, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((l) => JSON.parse(l) as Record<string, unknown>)
        : [];
    return {
      stderr: r.stderr,
      types: lines(join(sb.root, "feedback", "candidates.jsonl")).map((c) => c.feedback_type),
      events: readJson(join(sb.root, "state", "claude", "fb1.json")).event_count as number,
      errors: lines(join(sb.root, "errors.jsonl")).map((e) => String(e.message)),
    };
  }
  const own = () => readFileSync(join(REPO, "dist", "hook-feedback.cjs.cache"));

  it("the build leaves the classifier's bundle in ASCII with a cache of this build; a prompt runs from it (V8 takes it) and yields its candidate", async () => {
    const source = readFileSync(join(REPO, "dist", "hook-feedback.cjs"), "latin1");
    expect(source).not.toMatch(/[^\x00-\x7f]/);
    const cache = own();
    expect(cache.toString("latin1", 0, cache.indexOf(10)).trimEnd()).toBe(`omp-sessions code cache ${/\n\/\/ omp-build ([0-9a-f]+)\n/.exec(source)?.[1]}`);
    expect(await candidates(hookPackage({ bundle: true, cache }))).toEqual({ stderr: "", types: ["correction"], events: 1, errors: [] });
  });

  it("the classifier's cache was written under the V8 flags the hook sets before loading it (core/capture/classifier-v8.ts): V8 takes it under them, refuses it without", async () => {
    const flags = classifierV8Flags(process.versions.node);
    // this Node is one the flags are set for (else the hook and the build both leave V8's defaults, and the test above covers it)
    expect(flags).toBe(CLASSIFIER_V8_FLAGS);
    const script = `
      const { Script } = require("node:vm"), fs = require("node:fs"), Module = require("node:module");
      const file = process.argv[1], source = fs.readFileSync(file, "utf8"), cache = fs.readFileSync(file + ".cache");
      const body = source.slice(0, source.lastIndexOf(${JSON.stringify(WRAPPED)}) + 3);
      const rejected = () => new Script(body, { filename: file, cachedData: cache.subarray(cache.indexOf(10) + 1) }).cachedDataRejected;
      const before = rejected();
      require("node:v8").setFlagsFromString(process.argv[2]);
      process.stdout.write(JSON.stringify({ before, after: rejected() }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ["-e", script, join(REPO, "dist", "hook-feedback.cjs"), String(flags)]);
    expect(JSON.parse(stdout)).toEqual({ before: true, after: false });
  });

  it("those flags only for a Node whose V8 is known to have them (V8 prints an error for a flag it does not know)", () => {
    expect(classifierV8Flags("20.20.2")).toBe("--no-regexp-tier-up");
    expect(classifierV8Flags("22.11.0")).toBe("--no-regexp-tier-up");
    expect(classifierV8Flags("24.0.0")).toBe("--no-regexp-tier-up");
    expect(classifierV8Flags("18.19.0")).toBeNull();
    expect(classifierV8Flags("26.1.0")).toBeNull();
    expect(classifierV8Flags("")).toBeNull();
  });

  it("without its cache, or with another build's, the classifier is compiled from source: the same candidate", async () => {
    expect(await candidates(hookPackage({ bundle: true, cache: null }))).toEqual({ stderr: "", types: ["correction"], events: 1, errors: [] });
    const other = Buffer.concat([Buffer.from("omp-sessions code cache 0000000000000000\n"), own().subarray(own().indexOf(10) + 1)]);
    expect(await candidates(hookPackage({ bundle: true, cache: other }))).toEqual({ stderr: "", types: ["correction"], events: 1, errors: [] });
  });

  it("a package without the classifier's bundle still records the prompt (no candidate; the failure in errors.jsonl)", async () => {
    const got = await candidates(hookPackage({ bundle: false, cache: null }));
    expect(got.types).toEqual([]);
    expect(got.events).toBe(1);
    expect(got.errors).toEqual([expect.stringMatching(/^feedback classifier not loaded: /)]);
  });
});

describe("keep's archiving, a bundle of its own (dist/hook-keep.cjs) loaded only when a session ends with keep on", () => {
  it("the hook's cache stays under glibc's 128 KiB mmap threshold (its read reuses heap memory already touched)", () => {
    expect(readFileSync(join(REPO, "dist", "hook.cjs.cache")).length).toBeLessThan(128 * 1024 - 64);
  });

  it("a package without it still records the Stop (the failure in errors.jsonl)", async () => {
    const sb = sandbox();
    const config = join(sb.home, "cfg");
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, "keep.json"), JSON.stringify({ enabled: true, host: "test", sources: [] }));
    const transcript = join(sb.home, "s.jsonl");
    writeFileSync(transcript, JSON.stringify({ type: "user", message: { role: "user", content: "hi" } }) + "\n");
    const stop = payload({ session_id: "k1", hook_event_name: "Stop", cwd: "/home/dev/app", transcript_path: transcript });
    const env = { ...sb.env, OMP_SESSIONS_CONFIG_DIR: config, OMP_SESSIONS_DATA_DIR: join(sb.home, "data"), OMP_SESSIONS_CACHE_DIR: join(sb.home, "cache") };
    const r = await runBin(["hook", "--harness", "claude"], { bin: packageWith(readFileSync(join(REPO, "dist", "hook.cjs.cache"))), input: stop, env });
    expect(r).toMatchObject({ code: 0, stdout: "" });
    expect(readJson(join(sb.root, "state", "claude", "k1.json")).event_count).toBe(1);
    const errors = readFileSync(join(sb.root, "errors.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { message: string });
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/^keep: /)]);
  });
});

describe("the code caches of ls, stats and tree (their warm start is most of their time)", () => {
  const demo = join(REPO, "demo", "sessions");
  /** A package tree with the bin and `bundle`'s file, and its cache only when `withCache`. */
  function packageOf(bundle: string, withCache: boolean): string {
    const dir = mkdtempSync(join(tmpdir(), "omp-code-cache-"));
    mkdirSync(join(dir, "bin"));
    mkdirSync(join(dir, "dist", "cmd"), { recursive: true });
    copyFileSync(BIN, join(dir, "bin", "omp-sessions"));
    copyFileSync(join(REPO, "dist", "cmd", `${bundle}.cjs`), join(dir, "dist", "cmd", `${bundle}.cjs`));
    cpSync(join(REPO, "dist", "chunks"), join(dir, "dist", "chunks"), { recursive: true }); // what the bundles import lazily (prices, SQLite)
    if (withCache) copyFileSync(join(REPO, "dist", "cmd", `${bundle}.cjs.cache`), join(dir, "dist", "cmd", `${bundle}.cjs.cache`));
    return join(dir, "bin", "omp-sessions");
  }
  it("tree: the build leaves one for its own ASCII bundle; V8 takes it and the tree is the one without it", async () => {
    const file = join(REPO, "dist", "cmd", "tree.cjs");
    const source = readFileSync(file, "latin1");
    expect(source).not.toMatch(/[^\x00-\x7f]/);
    expect(source).not.toMatch(/\bimport\("node:/);
    const cache = readFileSync(`${file}.cache`);
    expect(cache.toString("latin1", 0, cache.indexOf(10)).trimEnd()).toBe(`omp-sessions code cache ${/\n\/\/ omp-build ([0-9a-f]+)\n/.exec(source)?.[1]}`);
    const sb = sandbox();
    const env = { ...sb.env, OMP_SESSIONS_DEBUG: "1", NO_COLOR: "1", OMP_SESSIONS_CACHE_DIR: join(sb.home, "cache") };
    const session = join(demo, "--home-demo-project--", "2026-01-05T13-26-55-568Z_019b8e56-db50-75e7-b89d-24dcd8c03968.jsonl");
    for (const args of [
      ["tree", "--json", session],
      ["tree", session],
    ]) {
      const plain = await runBin(args, { bin: packageOf("tree", false), env });
      const cached = await runBin(args, { bin: packageOf("tree", true), env });
      expect(cached.code).toBe(0);
      expect(cached.stderr).toBe("");
      expect(cached.stdout).toBe(plain.stdout);
      expect(cached.stdout.length).toBeGreaterThan(100);
    }
  });

  for (const bundle of ["ls", "stats"]) {
    it(`${bundle}: the build leaves one for its own ASCII bundle; V8 takes it and the output is the one without it`, async () => {
      const file = join(REPO, "dist", "cmd", `${bundle}.cjs`);
      const source = readFileSync(file, "latin1");
      expect(source).not.toMatch(/[^\x00-\x7f]/);
      const cache = readFileSync(`${file}.cache`);
      expect(cache.toString("latin1", 0, cache.indexOf(10)).trimEnd()).toBe(`omp-sessions code cache ${/\n\/\/ omp-build ([0-9a-f]+)\n/.exec(source)?.[1]}`);
      const sb = sandbox();
      const args = [bundle, "--all", "--json", demo];
      const env = { ...sb.env, OMP_SESSIONS_DEBUG: "1", NO_COLOR: "1", OMP_SESSIONS_CACHE_DIR: join(sb.home, "cache") };
      const plain = await runBin(args, { bin: packageOf(bundle, false), env });
      const cached = await runBin(args, { bin: packageOf(bundle, true), env });
      expect(cached.code).toBe(0);
      expect(cached.stderr).toBe("");
      expect(cached.stdout).toBe(plain.stdout);
      expect(JSON.parse(cached.stdout).length).toBeGreaterThan(0);
      // Cold, with the worker thread forced on: code run from a V8 code cache cannot import() (Node 20 loses the
      // callback), so the bundle takes builtins with process.getBuiltinModule and has no import("node:…") left.
      expect(source).not.toMatch(/\bimport\("node:/);
      const coldEnv = { ...env, OMP_SESSIONS_SCAN_WORKER: "on" };
      const coldPlain = await runBin(args, { bin: packageOf(bundle, false), env: { ...coldEnv, OMP_SESSIONS_CACHE_DIR: join(sb.home, "cold-plain") } });
      const coldCached = await runBin(args, { bin: packageOf(bundle, true), env: { ...coldEnv, OMP_SESSIONS_CACHE_DIR: join(sb.home, "cold-cached") } });
      expect(coldCached.stderr).toBe("");
      expect(coldCached.code).toBe(0);
      expect(coldCached.stdout).toBe(coldPlain.stdout);
    });
  }
});

describe("the script a bundle is compiled as (core/code-cache.ts, as bin/omp-sessions and the build read it)", () => {
  const wrap = (src: string) => `(function (exports, require, module, __filename, __dirname) { ${src}\n});`;
  it("a bundle written wrapped: the function, up to its end (a source map's line may follow)", () => {
    const body = "module.exports.x = `" + WRAPPED + "`;";
    for (const rest of ["", "\n", "\n//# sourceMappingURL=hook.cjs.map\n"]) expect(moduleScriptSource(WRAP_HEAD + body + WRAPPED + rest, wrap)).toBe(WRAP_HEAD + body + "\n})");
    // the hook's own bundle holds the end's text once more, in a string of core/code-cache.ts: still cut at its real end
    const hook = readFileSync(join(REPO, "dist", "hook.cjs"), "utf8");
    expect(moduleScriptSource(hook, wrap)).toBe(hook.slice(0, hook.lastIndexOf(WRAPPED) + 3));
  });

  it("any other source is wrapped as node wraps a module, even one holding the end's text (in a string) or ending with it without the opening", () => {
    const inString = "module.exports.x = `" + WRAPPED + "`;\n// omp-build 0123456789abcdef\n";
    expect(moduleScriptSource(inString, wrap)).toBe(wrap(inString));
    const noHead = "module.exports.x = 1;" + WRAPPED;
    expect(moduleScriptSource(noHead, wrap)).toBe(wrap(noHead));
    const more = WRAP_HEAD + "module.exports.x = 1;" + WRAPPED + "\nmodule.exports.y = 2;\n";
    expect(moduleScriptSource(more, wrap)).toBe(wrap(more));
  });
});
