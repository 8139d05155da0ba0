// The hook's V8 code cache (bin/omp-sessions, scripts/build.mjs): the build
// leaves dist/hook.cjs.cache for its own bundle, the hook starts from it, and a
// cache that does not fit (another build's, or bytes V8 refuses) only means
// compiling from source: the event is recorded the same way.
import { beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, ensureBuilt, payload, readJson, REPO, sandbox } from "./helpers.js";
import { runBin } from "../helpers/run-bin.js";

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
    expect(header).toBe(`omp-sessions code cache ${id}`);
    expect(await recordsEvent(BIN)).toBe("");
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
