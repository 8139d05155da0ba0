// r in a real terminal: the built binary in a tmux pane, a pi fixture session
// whose cwd exists, and a stub `pi` first on PATH that records how it was
// started. The browser must have given the terminal back (canonical mode and
// echo on) before the agent runs, in the session's cwd, on the session's file.
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadSession } from "../../src/core/session/tree/load.js";
import { flattenTree, foldRows } from "../../src/core/session/tree/rows.js";
import { fixtureNames, tempDir } from "../core/write/helpers.js";
import { agentStub, readRecord, sessionIn, type Stub } from "../helpers/agent-stub.js";
import { hasTmux, keys, sleep, tmux, waitFor } from "../helpers/tmux.js";

const BIN = resolve("bin/omp-sessions");
const panes: string[] = [];
const cleanups: (() => void)[] = [];

function start(dir: string, path: string, target: string): string {
  const name = `omp-e2e-resume-${process.pid}-${panes.length}`;
  panes.push(name);
  const cmd = `cd ${JSON.stringify(dir)} && env PATH=${JSON.stringify(path)} NO_COLOR=1 ${BIN} ${JSON.stringify(target)}; rc=$?; echo "EXIT=$rc"; sleep 30`;
  tmux("new-session", "-d", "-s", name, "-x", "140", "-y", "40", cmd);
  return name;
}

/** The browser takes keys (raw mode is on once the first frame's effects ran): ? opens the help and ? closes it. */
async function keysWork(t: string): Promise<void> {
  await keys(t, "?");
  await waitFor(t, (s) => s.includes("Everywhere"), "the help overlay");
  await keys(t, "?");
  await waitFor(t, (s) => !s.includes("Everywhere"), "the help closed");
}

async function recorded(stub: Stub) {
  // until the stub agent wrote its record (a 45 s safety net: a loaded machine starts processes slowly)
  const end = Date.now() + 45_000;
  while (!readRecord(stub)?.tty.length && Date.now() < end) await sleep(100);
  return readRecord(stub);
}

afterAll(() => {
  for (const p of panes) spawnSync("tmux", ["kill-session", "-t", p]);
  for (const c of cleanups) c();
});

describe.skipIf(!hasTmux || !existsSync("dist/cli.js"))("r: resume in the agent (tmux)", () => {
  it("on screen 1 (^r): the stub pi runs with the session's file in the session's cwd, after the terminal was restored", async () => {
    const t0 = tempDir();
    cleanups.push(t0.done);
    const dir = realpathSync(t0.dir);
    const file = sessionIn(fixtureNames("pi-2026")[0], join(dir, "s.jsonl"), join(dir, "project"));
    const stub = agentStub(dir, "pi", 7);
    const t = start(dir, `${stub.bin}:${process.env.PATH}`, dir);
    await waitFor(t, (s) => s.includes("› ") && s.includes("^r resume"), "the session list");
    await keysWork(t);
    await keys(t, "C-r");
    const s = (await waitFor(t, (x) => x.includes("EXIT="), "the agent to run and the browser to end")).replace(/\n/g, "");
    const rec = await recorded(stub);
    expect(rec).not.toBeNull();
    expect(rec!.args).toEqual(["--session", file]);
    expect(rec!.cwd).toBe(join(dir, "project"));
    // Raw mode off: the line discipline is canonical and echoes again.
    expect(rec!.tty).toEqual(expect.arrayContaining(["icanon", "echo"]));
    // The command was shown before it ran; the stub's status is ours; no browser frame is left.
    expect(s).toContain(`resuming with cd ${join(dir, "project")} && pi --session ${file}`);
    expect(s).toContain("stub pi ran");
    expect(s).toContain("EXIT=7");
    expect(s).not.toContain("r resume");
  }, 60_000);

  it("in the tree, off the leaf: continue from here (preview, yes), then the agent starts on the moved position", async () => {
    const t0 = tempDir();
    cleanups.push(t0.done);
    const dir = realpathSync(t0.dir);
    const file = sessionIn(fixtureNames("pi-2026")[0], join(dir, "s.jsonl"), join(dir, "project"));
    const before = readFileSync(file);
    const s0 = await loadSession(file);
    const rows = foldRows(flattenTree(s0, { filter: "default", search: "" }));
    const target = rows.row(1).id;
    expect(target).not.toBe(s0.leafId);
    const stub = agentStub(dir, "pi");
    const t = start(dir, `${stub.bin}:${process.env.PATH}`, file);
    await waitFor(t, (s) => s.includes("← leaf"), "the tree");
    await keysWork(t);
    await keys(t, "g", "j", "r");
    await waitFor(t, (s) => s.includes(`Continue from ${target}`), "the summary choice");
    expect(readRecord(stub)).toBeNull();
    await keys(t, "n");
    await waitFor(t, (s) => s.includes("Write this?"), "the preview");
    await keys(t, "y");
    await waitFor(t, (s) => s.includes("EXIT=0"), "the agent to run");
    const rec = await recorded(stub);
    expect(rec!.args).toEqual(["--session", file]);
    expect(rec!.cwd).toBe(join(dir, "project"));
    // One branch_summary appended under the target: the agent resumes there.
    const after = readFileSync(file);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    const added = after.subarray(before.length).toString("utf8").trim().split("\n");
    expect(added).toHaveLength(1);
    expect(JSON.parse(added[0])).toMatchObject({ type: "branch_summary", parentId: target });
  }, 60_000);

  it("an agent not on PATH: the browser ends with the reason and the command to run by hand; nothing runs", async () => {
    const t0 = tempDir();
    cleanups.push(t0.done);
    const dir = realpathSync(t0.dir);
    const file = sessionIn(fixtureNames("pi-2026")[0], join(dir, "s.jsonl"), join(dir, "project"));
    const node = process.execPath.replace(/\/node$/, "");
    const t = start(dir, `${node}:/usr/bin:/bin`, dir);
    await waitFor(t, (s) => s.includes("› ") && s.includes("^r resume"), "the session list");
    await keysWork(t);
    await keys(t, "C-r");
    // The message wraps at the pane's width.
    const s = (await waitFor(t, (x) => x.includes("EXIT="), "the browser to end")).replace(/\n/g, "");
    expect(s).toContain("pi is not on PATH");
    expect(s).toContain(`to resume by hand: cd ${join(dir, "project")} && pi --session ${file}`);
    expect(s).toContain("EXIT=1");
  }, 60_000);
});
