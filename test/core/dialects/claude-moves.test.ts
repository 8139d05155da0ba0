// Claude Code 2.1.332's records that change what a session is, read for their
// meaning (docs/agents.md): `relocated` (the session moved folder: Claude Code
// moved its file to that folder's project and resumes it there),
// `continued-in` (the conversation was handed to a background session),
// `content-replacement` (a tool result sent to the model as a shorter text),
// and a fork subagent's `fork-context-ref` and `<fork-boilerplate>` prompt.
// The files are made here, in the shapes 2.1.332 writes.
import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runCli } from "../../helpers/run-cli.js";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { listSessions } from "../../../src/core/session/list/list.js";
import { buildContext } from "../../../src/core/session/tree/context.js";
import { describeEntry } from "../../../src/core/session/tree/describe.js";
import { readEntries } from "../../../src/core/session/read/entry.js";
import { createStores, disposeStores } from "../../../src/ui/state/stores.js";
import { headerMoves } from "../../../src/ui/format/header-moves.js";

const home = mkdtempSync(join(tmpdir(), "omps-claude-moves-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const ID = "5e551011-0000-4000-8000-000000000001";
const NEXT = "5e551011-0000-4000-8000-000000000002";
const FROM = "/home/dev/app";
const TO = "/home/dev/app/.claude/worktrees/fix-cache";
const SAVED = "<persisted-output>\nOutput too large (40.1KB). Full output saved to: /tmp/t1.txt\n\nPreview (first 2KB):\nline 1\n</persisted-output>";

let clock = Date.parse("2026-12-01T09:00:00.000Z");
const line = (sessionId: string, type: string, uuid: string, parentUuid: string | null, body: object) => ({
  parentUuid,
  isSidechain: false,
  userType: "external",
  cwd: FROM,
  sessionId,
  version: "2.1.332",
  gitBranch: "main",
  type,
  ...body,
  uuid,
  timestamp: new Date((clock += 1000)).toISOString(),
});
const prompt = (sid: string, uuid: string, parent: string | null, text: string) => line(sid, "user", uuid, parent, { message: { role: "user", content: text } });
const reply = (sid: string, uuid: string, parent: string, msgId: string, content: object[], stop: string | null = "end_turn") =>
  line(sid, "assistant", uuid, parent, { message: { model: "claude-sonnet-4-5", id: msgId, type: "message", role: "assistant", content, stop_reason: stop, usage: { input_tokens: 10, output_tokens: 5 } }, requestId: `req-${msgId}` });

function write(path: string, lines: object[]): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return path;
}

/** A session that ran a command whose output was over the budget, moved into a worktree, and was handed to a background session. */
function moved(extra: object[] = []): string {
  return write(join(home, "projects", "-home-dev-app--claude-worktrees-fix-cache", `${ID}.jsonl`), [
    prompt(ID, "u1", null, "Run the test suite"),
    reply(ID, "a1", "u1", "m1", [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "npm test" } }], "tool_use"),
    line(ID, "user", "u2", "a1", { message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "line 1\n".repeat(5000) }] } }),
    { type: "content-replacement", sessionId: ID, replacements: [{ kind: "tool-result", toolUseId: "t1", replacement: SAVED }] },
    reply(ID, "a2", "u2", "m2", [{ type: "text", text: "All tests pass." }]),
    { type: "relocated", sessionId: ID, relocatedCwd: "/home/dev/app/.claude/worktrees/first" },
    { type: "relocated", sessionId: ID, relocatedCwd: TO },
    { type: "continued-in", timestamp: "2026-12-01T10:00:00.000Z", sessionId: ID, continuedInSessionId: NEXT },
    ...extra,
  ]);
}

describe("a Claude Code session moved to another folder (relocated)", () => {
  it("is where it moved to, on every route: its row, its tree, resume; the cwd it started in stays in the header", async () => {
    const file = moved();
    const [row] = JSON.parse((await runCli(["ls", "--all", "--json", file])).stdout) as { cwd: string }[];
    expect(row.cwd).toBe(TO);
    const tree = JSON.parse((await runCli(["tree", file, "--json"])).stdout) as { header: Record<string, unknown> };
    expect(tree.header).toMatchObject({ cwd: TO, originalCwd: FROM });
    expect((await runCli(["resume", file, "--print"])).stdout).toBe(`cd ${TO} && claude --resume ${ID}\n`);
    expect(headerMoves(tree.header)).toContain(`moved from ${FROM}`);
  });

  it("is listed in the project it moved to, not the one it left, with the catalog (cold and warm) and without", async () => {
    const file = moved();
    const listed = async (cwd: string, cache: boolean) => (await listSessions({ paths: [dirname(file)], cwd, cacheDir: join(home, "cache-scope"), cache })).map((r) => r.path);
    for (const cache of [true, true, false]) {
      expect(await listed(TO, cache)).toEqual([file]);
      expect(await listed(FROM, cache)).toEqual([]);
    }
  });

  it("a session that never moved has no original cwd", async () => {
    const file = write(join(home, "projects", "-home-dev-app", "5e551011-0000-4000-8000-000000000003.jsonl"), [prompt("x", "u1", null, "hi"), reply("x", "a1", "u1", "m1", [{ type: "text", text: "hello" }])]);
    const s = await loadSession(file);
    expect([s.header.cwd, s.header.originalCwd, s.header.continuedIn]).toEqual([FROM, undefined, undefined]);
    expect(headerMoves(s.header)).toBe("");
  });
});

describe("a Claude Code session handed on to a background session (continued-in)", () => {
  it("names the session it went on in: the row, the tree's header, the browser's header; resume says so and resumes this one, as claude --resume does", async () => {
    const file = moved();
    const [row] = JSON.parse((await runCli(["ls", "--all", "--json", file])).stdout) as { continuedIn?: string }[];
    expect(row.continuedIn).toBe(NEXT);
    const s = await loadSession(file);
    expect(s.header.continuedIn).toBe(NEXT);
    expect(headerMoves(s.header)).toContain(`went on in ${NEXT}`);
    const r = await runCli(["resume", file, "--print"]);
    expect(r.stdout).toBe(`cd ${TO} && claude --resume ${ID}\n`);
    expect(r.stderr).toContain(`went on in session ${NEXT}`);
  });

  it("a turn after the hand-off takes it back: the conversation went on here", async () => {
    const file = moved([prompt(ID, "u3", "a2", "One more thing"), reply(ID, "a3", "u3", "m3", [{ type: "text", text: "Done." }])]);
    const s = await loadSession(file);
    expect(s.header.continuedIn).toBeUndefined();
    const [row] = JSON.parse((await runCli(["ls", "--all", "--json", file])).stdout) as { continuedIn?: string }[];
    expect(row.continuedIn).toBeUndefined();
    expect((await runCli(["resume", file, "--print"])).stderr).not.toContain("went on in");
  });
});

describe("a Claude Code tool result sent shortened (content-replacement)", () => {
  it("the context holds the text the model was sent; the tree keeps the whole output", async () => {
    const file = moved();
    const s = await loadSession(file);
    const ctx = await buildContext(s);
    const result = ctx.messages.find((m) => m.role === "toolResult")!;
    expect(result.content).toEqual([{ type: "text", text: SAVED }]);
    const [entry] = await readEntries(s, [s.byId.get("u2")!]);
    expect(JSON.stringify(entry.message)).toContain("line 1\\nline 1");
    // the same through the command, and through a JSONL export of it (the header carries the replacements)
    const printed = JSON.parse((await runCli(["context", file, "--json"])).stdout) as { messages: { role: string; content: unknown }[] };
    expect(printed.messages.find((m) => m.role === "toolResult")!.content).toEqual([{ type: "text", text: SAVED }]);
    const out = join(home, "export.jsonl");
    expect((await runCli(["export", file, "-o", out])).code).toBe(0);
    expect((await buildContext(await loadSession(out))).messages).toEqual(ctx.messages);
  });
});

describe("a Claude Code fork subagent", () => {
  const PARENT = "5e551011-0000-4000-8000-00000000000f";
  const parentFile = join(home, "projects", "-home-dev-app", `${PARENT}.jsonl`);
  const forkFile = join(home, "projects", "-home-dev-app", PARENT, "subagents", "agent-af0c0000000000001.jsonl");
  const boilerplate = "<fork-boilerplate>\nYou are a worker fork. Execute ONE directive, then stop.\n</fork-boilerplate>\n\nYour directive: Check the cache keys in src/cache.ts";
  write(parentFile, [
    prompt(PARENT, "p1", null, "Look into the cache"),
    reply(PARENT, "p2", "p1", "pm1", [{ type: "text", text: "Forking a worker." }], null),
    reply(PARENT, "p3", "p2", "pm1", [{ type: "tool_use", id: "tf", name: "Agent", input: { subagent_type: "fork", prompt: "Check the cache keys in src/cache.ts" } }], "tool_use"),
    line(PARENT, "user", "p4", "p3", { message: { role: "user", content: [{ type: "tool_result", tool_use_id: "tf", content: "Keys are fine." }] } }),
    reply(PARENT, "p5", "p4", "pm2", [{ type: "text", text: "The fork found the keys fine." }]),
  ]);
  const fork = { ...line(PARENT, "user", "f1", null, {}), isSidechain: true, agentId: "af0c0000000000001" };
  write(forkFile, [
    { type: "fork-context-ref", agentId: "af0c0000000000001", parentSessionId: PARENT, parentLastUuid: "p3", contextLength: 3 },
    {
      ...fork,
      message: {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "tf", content: "Fork started — that fork is you." },
          { type: "text", text: boilerplate },
        ],
      },
    },
    { ...reply(PARENT, "f2", "f1", "fm1", [{ type: "text", text: "Keys are fine." }]), isSidechain: true, agentId: "af0c0000000000001" },
  ]);

  it("is called by its directive, its row says it is a fork's; the model still got Claude Code's rules for forks", async () => {
    const s = await loadSession(forkFile);
    expect(s.firstMessage).toBe("Check the cache keys in src/cache.ts");
    const [row] = JSON.parse((await runCli(["ls", "--all", "--json", forkFile])).stdout) as { firstMessage: string }[];
    expect(row.firstMessage).toBe("Check the cache keys in src/cache.ts");
    const [entry] = await readEntries(s, [s.byId.get("f1")!]);
    expect(describeEntry(entry).summary).toBe("user: Check the cache keys in src/cache.ts [fork]");
    const ctx = await buildContext(s);
    expect(JSON.stringify(ctx.messages)).toContain("<fork-boilerplate>");
  });

  it("its context is the parent's chain to parentLastUuid, then its own rows (what Claude Code sends it); its tree only its own", async () => {
    const s = await loadSession(forkFile);
    expect(s.entries.every((e) => e.id.startsWith("f"))).toBe(true);
    const ctx = await buildContext(s);
    const said = ctx.messages.map((m) => `${String(m.role)}: ${JSON.stringify(m.content).slice(0, 60)}`);
    // the parent's prompt and its message up to the fork's call (p2 and p3 are one streamed message), not what came after (p4, p5)
    expect(said[0]).toBe('user: "Look into the cache"');
    expect(said[1]).toContain("Forking a worker.");
    expect(JSON.stringify(ctx.messages[1].content)).toContain('"id":"tf"');
    expect(JSON.stringify(ctx.messages)).not.toContain("The fork found the keys fine.");
    // then the fork's own: the call's placeholder result, the directive, the reply
    expect(JSON.stringify(ctx.messages.slice(2))).toContain("Fork started");
    expect(JSON.stringify(ctx.messages.at(-1))).toContain("Keys are fine.");
    expect(ctx.messages.at(-1)!.role).toBe("assistant");
    // the CLI's context is the same core function's
    const out = JSON.parse((await runCli(["context", forkFile, "--json"])).stdout) as { messages: unknown[] };
    expect(out.messages).toEqual(JSON.parse(JSON.stringify(ctx.messages)));
  });

  it("hangs from the parent entry its history runs to (parentLastUuid), and p in the browser goes there", async () => {
    const s = await loadSession(forkFile);
    expect(s.header.parentSession).toBe(parentFile);
    expect(s.header.parentEntryId).toBe("p3");
    const ui = createStores({ cwd: home, list: { paths: [] } });
    try {
      expect(await ui.app.getState().openAt(parentFile, "p3")).toBe(true);
      const st = ui.app.getState();
      // p3 is the second streamed copy of the parent's message: the entry is its first copy's (not the leaf, p5)
      expect(st.rows!.row(st.cursor).id).toBe("p2");
      expect(st.session!.leafId).toBe("p5");
    } finally {
      disposeStores(ui);
    }
  });
});
