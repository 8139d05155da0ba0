// omp-sessions resume: the command it prints, the agent it starts (a stub on
// PATH that records its arguments and cwd), and what it says when it cannot.
import { afterAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";
import { fixtureNames, tempDir } from "../core/write/helpers.js";
import { agentStub, readRecord, sessionIn } from "../helpers/agent-stub.js";
import { runCli } from "../helpers/run-cli.js";
import { sessionHeader, userLine } from "../helpers/session-lines.js";

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

function setup() {
  const t = tempDir();
  cleanups.push(t.done);
  const dir = realpathSync(t.dir);
  return { dir, project: join(dir, "project") };
}

const run = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(["resume", ...args], { env: { ...process.env, ...env } });
// Starting the agent hands it the terminal (stdio inherited): that needs a process of its own.
const runProcess = (args: string[], env: NodeJS.ProcessEnv = {}) => runBin(["resume", ...args], { env: { ...process.env, ...env } });

describe("omp-sessions resume", () => {
  it("--print gives one shell line per dialect; --json its parts", async () => {
    const { dir, project } = setup();
    const pi = sessionIn(fixtureNames("pi-2026")[0], join(dir, "pi.jsonl"), project);
    const omp = sessionIn(fixtureNames("omp-")[0], join(dir, "omp.jsonl"), project);
    expect((await run([pi, "--print"])).stdout).toBe(`cd ${project} && pi --session ${pi}\n`);
    expect((await run([omp, "--print"])).stdout).toBe(`cd ${project} && omp --resume ${omp}\n`);
    expect(JSON.parse((await run([omp, "--print", "--json"])).stdout)).toEqual({ agent: "omp", bin: "omp", args: ["--resume", omp], cwd: project });
  });

  it("starts the agent on the file in the session's cwd, shows the command first and passes its status on", async () => {
    const { dir, project } = setup();
    const file = sessionIn(fixtureNames("pi-2026")[0], join(dir, "s.jsonl"), project);
    const stub = agentStub(dir, "pi", 5);
    const r = await runProcess([file], { PATH: `${stub.bin}:${process.env.PATH}` });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(`omp-sessions: resuming with cd ${project} && pi --session ${file}\n`);
    expect(r.stdout).toBe("stub pi ran\n");
    expect(readRecord(stub)).toMatchObject({ args: ["--session", file], cwd: project });
  });

  it("a missing agent or folder: exit 1 with the reason and the command to run by hand; nothing starts", async () => {
    const { dir, project } = setup();
    const file = sessionIn(fixtureNames("omp-")[0], join(dir, "s.jsonl"), project);
    const noOmp = await run([file], { PATH: "/nonexistent" });
    expect(noOmp.code).toBe(1);
    expect(noOmp.stderr).toBe(`omp-sessions resume: omp is not on PATH (is omp installed?); to resume by hand: cd ${project} && omp --resume ${file}\n`);
    const stub = agentStub(dir, "pi");
    const gone = await run([join(FIXTURES, "sessions", fixtureNames("pi-2026")[0])], { PATH: stub.bin });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/the session's folder is missing: \/.*; to resume by hand: cd .* && pi --session /);
    expect(readRecord(stub)).toBeNull();
  });

  it("a session made on Windows, here: --print gives the agent's command with where it was made (no cd); resume refuses, exit 1", async () => {
    const { dir } = setup();
    const file = join(dir, "win.jsonl");
    writeFileSync(file, sessionHeader("0199-win", "E:\\work\\app") + userLine("u1", null, "hello"));
    expect((await run([file, "--print"])).stdout).toBe(`pi --session ${file}  # made on Windows in E:\\work\\app (no such folder here)\n`);
    expect(JSON.parse((await run([file, "--print", "--json"])).stdout)).toEqual({ agent: "pi", bin: "pi", args: ["--session", file], cwd: "", windowsCwd: "E:\\work\\app" });
    const stub = agentStub(dir, "pi");
    const r = await run([file], { PATH: stub.bin });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`omp-sessions resume: the session was made on Windows, in E:\\work\\app: that folder is not on this machine; to resume by hand: pi --session ${file}  # made on Windows in E:\\work\\app (no such folder here)\n`);
    expect(readRecord(stub)).toBeNull();
  });

  it("not a session file: exit 3; bad usage: exit 2", async () => {
    const { dir } = setup();
    expect((await run([join(dir, "none.jsonl")])).code).toBe(3);
    expect((await run([])).code).toBe(2);
    expect((await run([join(dir, "a"), "--json"])).code).toBe(2);
  });

  it("a missing file, a folder, a FIFO, an empty or binary file: one line naming the path as given, as tree says it, exit 3", async () => {
    const { dir } = setup();
    mkdirSync(join(dir, "folder.jsonl"));
    writeFileSync(join(dir, "empty.jsonl"), "");
    writeFileSync(join(dir, "binary.jsonl"), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3, 0xff, 0xfe]));
    const fifo = process.platform === "win32" ? null : join(dir, "fifo.jsonl");
    if (fifo) execFileSync("mkfifo", [fifo]);
    const cases: [string, string][] = [
      ["none.jsonl", "no such file"],
      ["folder.jsonl", "not a file"],
      ["empty.jsonl", "not a session file"],
      ["binary.jsonl", "not a session file"],
      ...(fifo ? ([["fifo.jsonl", "not a file"]] as [string, string][]) : []),
    ];
    for (const [name, why] of cases) {
      const r = await runCli(["resume", name], { cwd: dir });
      const t = await runCli(["tree", name], { cwd: dir });
      expect(r.code, name).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr, name).toMatch(new RegExp(`^omp-sessions: ${name.replace(".", "\\.")}: ${why}[^\\n]*\\n$`));
      // the same words as the tree's (the row of an empty or binary file words its reason as the list does)
      if (why !== "not a session file") expect(r.stderr, name).toBe(t.stderr);
    }
  });
});
