// `omp-sessions compare`: the built binary (its own bundle) on the compare
// fixtures, both argument forms, and its errors.
import { describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { runBin } from "../helpers/run-bin.js";

const DIR = resolve("test/fixtures/compare");
const env = { ...process.env, NO_COLOR: "1" };

describe("omp-sessions compare", () => {
  it("FILE ID1 ID2 --json: the branch point and both sides", async () => {
    const r = await runBin(["compare", `${DIR}/pi-compare.jsonl`, "a4", "a6", "--json"], { env });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout);
    expect(c.common).toEqual({ kind: "branch", id: "a2" });
    expect(c.a.messages.map((m: { id: string }) => m.id)).toEqual(["u2", "a3", "a4"]);
    expect(c.b.commands).toEqual(["npm test", "git diff --stat"]);
  });

  it("FILE1 FILE2#ID: a fork and its source at an entry, as text", async () => {
    const r = await runBin(["compare", `${DIR}/pi-compare-fork.jsonl`, `${DIR}/pi-compare.jsonl#a4`], { env });
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("common point: a2 (the fork point: the fork copied its source's path up to it)");
    expect(r.stdout).toContain("last answer (a7):\n    Third way done.");
    expect(r.stdout).toContain("= src/parse.ts");
  });

  it("errors: a missing argument is usage (2), an unknown entry or file is not found (3)", async () => {
    const usage = await runBin(["compare", `${DIR}/pi-compare.jsonl`], { env });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/FILE ID1 ID2/);
    const entry = await runBin(["compare", `${DIR}/pi-compare.jsonl`, "a4", "zz"], { env });
    expect(entry.code).toBe(3);
    expect(entry.stderr).toMatch(/no entry zz/);
    const file = await runBin(["compare", "/no/such.jsonl", `${DIR}/pi-compare.jsonl`], { env });
    expect(file.code).toBe(3);
  });
});
