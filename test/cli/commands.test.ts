// The dispatcher's list agrees with the commands it loads, and every command answers --help.
import { describe, it, expect } from "vitest";
import { commands } from "../../src/hooks-cli/registry.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";

describe("commands", () => {
  it("each entry's name and summary are the loaded command's", async () => {
    for (const entry of commands) {
      const cmd = await entry.load();
      expect({ name: cmd.name, summary: cmd.summary }).toEqual({ name: entry.name, summary: entry.summary });
    }
  });

  it("every command prints its usage for --help and exits 0", async () => {
    for (const c of commands) {
      // the hook has an entry of its own (dist/hook.cjs), not the shared dispatch
      const r = c.name === "hook" ? await runBin([c.name, "--help"]) : await runCli([c.name, "--help"]);
      expect(r.code, c.name).toBe(0);
      expect(r.stdout, c.name).toMatch(/usage/i);
    }
  });

  it("no --help points to a document that is not in the repo (tree's named cli.md, a spec kept elsewhere)", async () => {
    for (const c of commands) {
      const { stdout } = await runCli([c.name, "--help"]);
      // A bare document name ("cli.md", "README.md"); paths into a hub ("…/raw/notes/<date>-….md", "log.md") are store files.
      for (const [, doc] of stdout.matchAll(/(?<![\w<>/.-])([A-Za-z][\w-]*\.md)\b/g)) {
        if (doc === "log.md") continue;
        expect(existsSync(join(ROOT, doc)), `${c.name} --help names ${doc}`).toBe(true);
      }
    }
  });

  // The spawn smoke test of every bundle: each command's own and the full CLI. One test per command, so that each
  // pair of spawns has the whole test timeout to itself on a loaded machine (40-odd node starts in one test did not).
  const viaCli = (args: string[]) => runBin(args, { bin: join(ROOT, "dist", "cli.js") });
  it.each(commands.map((c) => [c.name]))("the bin runs %s from its own bundle, which answers --help as the full CLI does", async (name) => {
    const own = join(ROOT, "dist", name === "hook" ? "hook.cjs" : join("cmd", `${name}.cjs`));
    expect(existsSync(own), own).toBe(true);
    if (name === "hook") return; // the hook's entry never prints usage: it always records and exits 0
    const both = await Promise.all([runBin([name, "--help"]), viaCli([name, "--help"])]);
    expect(both[0].code, name).toBe(0);
    expect(both[0].stdout, name).toBe(both[1].stdout);
  });

  // A usage error and a failure: same words and status through either.
  it.each([[["search"]], [["tree", "/no/such/file.jsonl"]], [["--no-color", "ls", "--all", "--cwd", "/x"]]])("`%j` fails with the same words and status through its bundle as through the full CLI", async (args) => {
    const both = (await Promise.all([runBin(args), viaCli(args)])).map((r) => ({ code: r.code, stderr: r.stderr }));
    expect(both[0], args.join(" ")).toEqual(both[1]);
    expect(both[0].code, args.join(" ")).toBeGreaterThan(0);
  });

  it("a headless command loads no ES module and none of the other commands' code", async () => {
    const { code, stdout, stderr } = await runBin(["search", "--help"], { nodeArgs: ["--require", join(ROOT, "test", "cli", "loaded-probe.cjs")] });
    expect(code).toBe(0);
    expect(stdout).toMatch(/usage/i);
    const loaded = JSON.parse(/LOADED (.*)/.exec(stderr)![1]) as { esm: boolean; files: string[] };
    expect(loaded.esm).toBe(false);
    expect(loaded.files.filter((f) => f.includes(`${join("dist", "cmd")}`))).toEqual([join(ROOT, "dist", "cmd", "search.cjs")]);
    expect(loaded.files.some((f) => f.endsWith(join("dist", "cli.js")))).toBe(false);
  });

  it("an unknown command is a usage error (exit 2), not the browser", async () => {
    expect((await runBin(["frobnicate"])).code).toBe(2);
  });
});
