// Big sessions open through the real binary: no stack overflow, no string-length
// error, memory bounded by what the tree keeps (not by the file size).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { makeLinearSession, makeLongLineSession, makeHugeSession } from "../../bench/gen.js";
import { BIN } from "../helpers/fixtures.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omps-large-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `tree FILE --json`, parsing stdout as a stream of bytes we only count and sample. */
function treeJson(file: string): Promise<{ code: number; stderr: string; head: string; tail: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ["tree", file, "--json"], { stdio: ["ignore", "pipe", "pipe"] });
    let head = "";
    let tail = "";
    let bytes = 0;
    let stderr = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d: string) => {
      bytes += d.length;
      if (head.length < 4096) head += d.slice(0, 4096);
      tail = (tail + d).slice(-4096);
    });
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stderr, head, tail, bytes }));
  });
}

describe("large sessions open", () => {
  it("a 200,000-entry linear session", async () => {
    const file = join(dir, "linear.jsonl");
    const made = makeLinearSession(file, 200_000);
    const r = await treeJson(file);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.head).toMatch(/^\{"file":/);
    expect(r.tail).toMatch(/\],"warnings":\[\]\}\n$/);
    expect(made.entries).toBeGreaterThanOrEqual(200_000);
  }, 180_000);

  it("a session with one 50 MB line", async () => {
    const file = join(dir, "long-line.jsonl");
    makeLongLineSession(file, 50 * 1024 * 1024);
    const r = await treeJson(file);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.tail).toMatch(/"warnings":\[\]\}\n$/);
  }, 180_000);

  it("a 700 MB session", async () => {
    const file = join(dir, "huge.jsonl");
    makeHugeSession(file, 700 * 1024 * 1024);
    expect(statSync(file).size).toBeGreaterThanOrEqual(700 * 1024 * 1024);
    const r = await treeJson(file);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.tail).toMatch(/"warnings":\[\]\}\n$/);
    rmSync(file);
  }, 600_000);
});
