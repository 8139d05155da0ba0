// A subagent's parent entry is found by scanning its parent's transcript for
// the spawning call (parent-link.ts); a fork subagent names it on its first
// line (`fork-context-ref`'s parentLastUuid), so its parent is not scanned.
import { afterAll, describe, expect, it, vi } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

vi.mock("../../../src/core/session/read/dialects/claude/parent-link.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/core/session/read/dialects/claude/parent-link.js")>();
  return { ...real, findSpawnEntry: vi.fn(real.findSpawnEntry) };
});

const { findSpawnEntry } = await import("../../../src/core/session/read/dialects/claude/parent-link.js");
const { loadSession } = await import("../../../src/core/session/tree/load.js");
const { buildContext } = await import("../../../src/core/session/tree/context.js");
const { runCli } = await import("../../helpers/run-cli.js");
const { contextLines } = await import("../../../src/ui/format/context-lines.js");

const home = mkdtempSync(join(tmpdir(), "omps-claude-fork-link-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const PARENT = "5e551011-0000-4000-8000-0000000000aa";
const project = join(home, "projects", "-home-dev-app");
const at = (n: number): string => `2026-12-01T09:00:0${n}.000Z`;
const row = (type: string, uuid: string, parentUuid: string | null, n: number, body: object, side = false) => ({
  parentUuid,
  isSidechain: side,
  sessionId: PARENT,
  cwd: "/home/dev/app",
  version: "2.1.332",
  type,
  uuid,
  timestamp: at(n),
  ...body,
});

function write(path: string, lines: object[]): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return path;
}

const call = (id: string, type: string) => ({ type: "tool_use", id, name: "Agent", input: { subagent_type: type, prompt: "Check the keys" } });
const parentLines = (prompt: string): object[] => [
  row("user", "p1", null, 1, { message: { role: "user", content: prompt } }),
  row("assistant", "p2", "p1", 2, { requestId: "r1", message: { id: "m1", role: "assistant", model: "claude-sonnet-4-5", content: [call("tf", "fork"), call("tg", "general-purpose")], stop_reason: "tool_use" } }),
];
const parentFile = write(join(project, `${PARENT}.jsonl`), parentLines("Look into the cache"));
const sub = (agent: string, lines: object[], toolUseId: string): string => {
  const file = write(join(project, PARENT, "subagents", `agent-${agent}.jsonl`), lines);
  writeFileSync(file.replace(/\.jsonl$/, ".meta.json"), JSON.stringify({ agentType: "x", toolUseId }));
  return file;
};
const forkFile = sub(
  "af0c0000000000002",
  [
    { type: "fork-context-ref", agentId: "af0c0000000000002", parentSessionId: PARENT, parentLastUuid: "p2", contextLength: 2 },
    row("user", "f1", null, 3, { agentId: "af0c0000000000002", message: { role: "user", content: "Your directive: Check the keys" } }, true),
  ],
  "tf",
);
const plainFile = sub("a9000000000000003", [row("user", "g1", null, 4, { agentId: "a9000000000000003", message: { role: "user", content: "Check the keys" } }, true)], "tg");

describe("a Claude Code subagent's parent entry", () => {
  it("of a fork is the entry its fork-context-ref names, without scanning the parent", async () => {
    vi.mocked(findSpawnEntry).mockClear();
    const s = await loadSession(forkFile);
    expect(s.header.parentEntryId).toBe("p2");
    expect(findSpawnEntry).not.toHaveBeenCalled();
  });

  it("a fork's context reads its parent as the file now is (a changed parent is read again)", async () => {
    const s = await loadSession(forkFile);
    expect((await buildContext(s)).messages[0]).toMatchObject({ role: "user", content: "Look into the cache" });
    expect((await buildContext(s)).messages[0]).toMatchObject({ role: "user", content: "Look into the cache" });
    write(parentFile, parentLines("Look into the queue, then the cache"));
    expect((await buildContext(s)).messages[0]).toMatchObject({ role: "user", content: "Look into the queue, then the cache" });
  });

  it("of any other subagent is found in the parent, by its spawning call", async () => {
    vi.mocked(findSpawnEntry).mockClear();
    const s = await loadSession(plainFile);
    expect(s.header.parentEntryId).toBe("p2");
    expect(findSpawnEntry).toHaveBeenCalledTimes(1);
  });
});

describe("a fork whose parent session cannot be given", () => {
  // A fork subagent's context goes on from its parent's chain: a parent that is gone, cannot be read or lacks the entry is
  // said, not silently left out (the context is then the fork's own rows).
  const ID = "5e551011-0000-4000-8000-0000000000bb";
  const proj = join(home, "projects", "-home-dev-other");
  const fork = (parentLast: string): string => {
    const file = write(join(proj, ID, "subagents", "agent-af0c0000000000009.jsonl"), [
      { type: "fork-context-ref", agentId: "af0c0000000000009", parentSessionId: ID, parentLastUuid: parentLast, contextLength: 2 },
      { ...row("user", "f9", null, 5, { agentId: "af0c0000000000009", message: { role: "user", content: "Your directive: Count the keys" } }, true), sessionId: ID },
    ]);
    writeFileSync(file.replace(/\.jsonl$/, ".meta.json"), JSON.stringify({ agentType: "fork", toolUseId: "tf" }));
    return file;
  };
  const parentPath = join(proj, `${ID}.jsonl`);

  it("says so: a warning in the context, on context's stderr and in the view; the fork's own messages stay", async () => {
    const file = fork("p2");
    // the parent's path is a folder: it cannot be read
    mkdirSync(parentPath, { recursive: true });
    const s = await loadSession(file);
    expect(s.header.parentSession).toBe(parentPath);
    const ctx = await buildContext(s);
    expect(ctx.messages).toEqual([expect.objectContaining({ role: "user" })]);
    expect(ctx.warnings).toEqual([expect.stringMatching(new RegExp(`parent session .*${ID}\\.jsonl \\(cannot be read: `))]);
    expect(contextLines(ctx).some((l) => l.tone === "error" && l.text.includes("cannot be read"))).toBe(true);
    const out = await runCli(["context", "--json", file], { cwd: home, env: { ...process.env, HOME: home, CLAUDE_CONFIG_DIR: home } });
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout).messages).toHaveLength(1);
    expect(out.stderr).toMatch(/^warning: the context goes on from its parent session .* \(cannot be read: /);
    rmSync(parentPath, { recursive: true });
  });

  it("a parent without the entry the fork names, or gone, is said too", async () => {
    write(parentPath, parentLines("Look into the cache"));
    expect((await buildContext(await loadSession(fork("p2")))).warnings).toBeUndefined();
    expect((await buildContext(await loadSession(fork("nope")))).warnings).toEqual([expect.stringContaining("(no entry nope in it)")]);
    const s = await loadSession(fork("p2"));
    rmSync(parentPath);
    const warnings = (await buildContext(s)).warnings ?? [];
    expect(warnings).toEqual([expect.stringContaining("(no such file)")]);
  });
});
