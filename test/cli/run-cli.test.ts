// The in-process runner the command tests use answers as the bin does and
// leaves this process as it found it: env, cwd, argv, exit code, stdout.
import { describe, expect, it } from "vitest";
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";

const fixture = join(FIXTURES, "sessions");

describe("runCli", () => {
  it("gives what the bin gives: a table, JSON written straight to fd 1, a usage error, a failure", async () => {
    const home = mkdtempSync(join(tmpdir(), "omp-run-cli-"));
    const env = { ...process.env, HOME: home, NO_COLOR: "1", COLUMNS: "100" };
    for (const args of [
      ["ls", fixture],
      ["ls", "--json", fixture],
      ["tree", "--bogus"],
      ["tree", join(home, "none.jsonl")],
      ["--no-color", "ls", "--all", "--cwd", "/x"],
    ]) {
      const inProcess = await runCli(args, { env });
      const spawned = await runBin(args, { env });
      expect({ ...inProcess, killed: false }, args.join(" ")).toEqual(spawned);
    }
  });

  it("puts back env, cwd, argv, exit code and stdout after each run; runs overlap one at a time", async () => {
    const env = { ...process.env };
    const cwd = process.cwd();
    const argv = process.argv;
    const write = process.stdout.write;
    const listeners = process.stdout.listenerCount("error");
    const elsewhere = realpathSync(mkdtempSync(join(tmpdir(), "omp-run-cli-cwd-")));
    const runs = await Promise.all([runCli(["ls", "--json", fixture], { cwd: elsewhere, env: { PATH: process.env.PATH, HOME: elsewhere, ONLY_HERE: "1" } }), runCli(["tree", "--bogus"])]);
    expect(runs.map((r) => r.code)).toEqual([0, 2]);
    expect(process.env).toEqual(env);
    expect(process.cwd()).toBe(cwd);
    expect(process.argv).toBe(argv);
    expect(process.exitCode).toBeUndefined();
    expect(process.stdout.write).toBe(write);
    expect(process.stdout.listenerCount("error")).toBe(listeners);
  });

  it("refuses what is not a headless command (the browser needs the bin)", async () => {
    await expect(runCli(["/no/such.jsonl"])).rejects.toThrow(/headless commands only/);
  });
});
