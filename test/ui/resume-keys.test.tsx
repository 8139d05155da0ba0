// r in the browser, driven by keys: on the leaf it asks the shell to give way
// to the agent at once; off the leaf it first runs continue-from-here (the
// choice, the preview, the yes) and asks only once that is written; a
// cancelled move asks nothing and writes nothing.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";
import { fixtureNames, tempDir } from "../core/write/helpers.js";
import { agentStub, sessionIn } from "../helpers/agent-stub.js";
import { sessionHeader, userLine } from "../helpers/session-lines.js";

let m: Mounted | null = null;
const cleanups: (() => void)[] = [];
const path0 = process.env.PATH;
afterEach(() => {
  m?.unmount();
  m = null;
  cleanups.splice(0).forEach((c) => c());
  process.env.PATH = path0;
});

async function open(opts: { tree: boolean }): Promise<{ file: string; project: string }> {
  const t = tempDir();
  cleanups.push(t.done);
  const dir = realpathSync(t.dir);
  const project = join(dir, "project");
  const file = sessionIn(fixtureNames("pi-2026")[0], join(dir, "s.jsonl"), project);
  process.env.PATH = `${agentStub(dir, "pi").bin}:${path0}`;
  m = await mount(opts.tree ? { file, paths: [file], height: 40, width: 140 } : { paths: [file], height: 40, width: 140 });
  return { file, project };
}

const request = () => m!.stores.resume.getState().request;

describe("r: resume", () => {
  it("on the session list: ^r asks for the agent on the session under the cursor", async () => {
    const { file, project } = await open({ tree: false });
    await m!.waitFor((f) => f.includes("^r resume"), "the list with its keys");
    await m!.press(KEYS.ctrl("r"));
    expect(request()).toEqual({ cmd: { agent: "pi", bin: "pi", args: ["--session", file], cwd: project }, problem: null });
  });

  it("in the tree on the leaf: asks at once, nothing written", async () => {
    const { file } = await open({ tree: true });
    const before = readFileSync(file);
    await m!.waitFor((f) => f.includes("← leaf"), "the tree");
    await m!.press(".", "r");
    expect(request()?.cmd.args).toEqual(["--session", file]);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("in the tree off the leaf: continue from here first; Esc cancels it all, a yes resumes on the new position", async () => {
    const { file } = await open({ tree: true });
    const before = readFileSync(file);
    await m!.waitFor((f) => f.includes("← leaf"), "the tree");
    await m!.press("g", "j", "r");
    await m!.waitFor((f) => f.includes("Continue from") && f.includes("the position moves here first, then pi starts"), "the summary choice");
    expect(request()).toBeNull();
    await m!.press(KEYS.escape);
    await m!.waitFor((f) => f.includes("cancelled: nothing written"), "cancelled");
    expect(request()).toBeNull();
    expect(readFileSync(file).equals(before)).toBe(true);

    await m!.press("r", "n");
    await m!.waitFor((f) => f.includes("Write this?"), "the preview");
    expect(request()).toBeNull();
    await m!.press("y");
    await m!.waitFor(() => request() !== null, "the resume request");
    expect(readFileSync(file).length).toBeGreaterThan(before.length);
    expect(request()?.problem).toBeNull();
  });

  it("a session made on Windows, here: the request carries resume's own refusal, and the command has no cd", async () => {
    const t = tempDir();
    cleanups.push(t.done);
    const file = join(realpathSync(t.dir), "win.jsonl");
    writeFileSync(file, sessionHeader("0199-win", "E:\\work\\app") + userLine("u1", null, "hello"));
    m = await mount({ paths: [file], height: 40, width: 140 });
    await m.waitFor((f) => f.includes("^r resume"), "the list with its keys");
    await m.press(KEYS.ctrl("r"));
    expect(request()?.cmd).toEqual({ agent: "pi", bin: "pi", args: ["--session", file], cwd: "", windowsCwd: "E:\\work\\app" });
    expect(request()?.problem).toBe(`the session was made on Windows, in E:\\work\\app: that folder is not on this machine; to resume by hand: pi --session ${file}  # made on Windows in E:\\work\\app (no such folder here)`);
  });

  it("an agent that cannot start: the request carries why, and the tree writes nothing for it", async () => {
    const { file } = await open({ tree: true });
    process.env.PATH = "/nonexistent";
    const before = readFileSync(file);
    await m!.waitFor((f) => f.includes("← leaf"), "the tree");
    await m!.press("g", "j", "r");
    expect(request()?.problem).toMatch(/^pi is not on PATH .*; to resume by hand: cd .* && pi --session /);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
