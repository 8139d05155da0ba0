import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { appendFileSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { codexDialect } from "../../../src/core/session/read/dialects/codex/index.js";
import { rolloutOfId } from "../../../src/core/session/read/dialects/codex/paths.js";
import { TokenCounter, piUsage } from "../../../src/core/session/read/dialects/codex/usage.js";
import { checkExpect, pathTo, readSession } from "./drive.js";
import { runCli } from "../../helpers/run-cli.js";

const HOME = join(import.meta.dirname, "../../fixtures/agents/codex");
const NORMAL = join(HOME, "sessions/2026/11/30/rollout-2026-11-30T09-15-02-0199a1b2-0000-7000-8000-000000000001.jsonl");
const FORK = join(HOME, "sessions/2026/12/01/rollout-2026-12-01T10-00-00-0199a1b2-0000-7000-8000-000000000002.jsonl");
const ARCHIVED = join(HOME, "archived_sessions/rollout-2026-10-02T08-00-00-0199a1b2-0000-7000-8000-000000000003.jsonl");
const expectOf = (f: string): string => f.replace(/\.jsonl$/, ".expect.json");

describe("Codex dialect", () => {
  it.each([
    ["a session with tool calls, reasoning, a re-emitted count and a compaction", NORMAL],
    ["a fork (its copied history counts no usage)", FORK],
    ["an archived session with a damaged and a truncated line", ARCHIVED],
  ])("reads %s as expected", async (_what, file) => {
    checkExpect(codexDialect, await readSession(codexDialect, file), expectOf(file));
  });

  it("finds the rollouts under $CODEX_HOME's sessions and archived_sessions", async () => {
    const roots = codexDialect.defaultRoots({ CODEX_HOME: HOME }, "/nowhere");
    expect(roots).toEqual([join(HOME, "sessions"), join(HOME, "archived_sessions")]);
    expect(codexDialect.defaultRoots({}, "/home/u")).toEqual(["/home/u/.codex/sessions", "/home/u/.codex/archived_sessions"]);
    const found = [...(await codexDialect.sources(roots[0])), ...(await codexDialect.sources(roots[1]))];
    expect(found).toEqual([NORMAL, FORK, ARCHIVED]);
    expect(await codexDialect.sources(join(HOME, "missing"))).toEqual([]);
    expect(codexDialect.claims(FORK)).toBe(true);
    expect(codexDialect.claims(expectOf(FORK))).toBe(false);
    expect(codexDialect.claims("/x/2026-01-01T00-00-00-000Z_abc.jsonl")).toBe(false);
  });

  it("finds a fork's parent rollout by the id it names, and gives the id when it is not there", async () => {
    expect(rolloutOfId(FORK, "0199a1b2-0000-7000-8000-000000000001")).toBe(NORMAL);
    expect(rolloutOfId(FORK, "0199A1B2-0000-7000-8000-000000000003")).toBe(ARCHIVED);
    const { facts } = await readSession(codexDialect, FORK);
    expect(facts.parentSession).toBe(NORMAL);
    const dir = mkdtempSync(join(tmpdir(), "codex-orphan-"));
    const f = join(dir, "rollout-2026-01-01T00-00-00-0199a1b2-0000-7000-8000-0000000000ff.jsonl");
    writeFileSync(f, JSON.stringify({ timestamp: "2026-01-01T00:00:00.000Z", type: "session_meta", payload: { id: "x", cwd: "/p", forked_from_id: "gone" } }) + "\n");
    expect((await readSession(codexDialect, f)).facts.parentSession).toBe("gone");
  });

  it("shows each turn once: the event_msg echoes of the conversation are not entries", async () => {
    const { entries } = await readSession(codexDialect, NORMAL);
    const texts = entries.flatMap((de) => ((de.entry.message as any)?.content ?? []).filter((b: any) => b.type === "text").map((b: any) => b.text as string));
    expect(texts.filter((t) => t.startsWith("The tide table parser drops"))).toHaveLength(1);
    expect(texts.filter((t) => t.startsWith("The loop stopped one row early"))).toHaveLength(1);
  });

  it("gives tool calls their arguments and reasoning its summary", async () => {
    const { entries } = await readSession(codexDialect, NORMAL);
    const c8 = entries.find((de) => de.entry.id === "c8")!.entry.message as any;
    expect(c8.content[0]).toEqual({ type: "thinking", thinking: "**Looking for the parser**\n\nI'll search the source for parseTable first." });
    expect(c8.content[1]).toEqual({ type: "toolCall", id: "call_A1", name: "shell", arguments: { command: ["rg", "-n", "parseTable", "src"], workdir: "/home/dev/projects/tide" } });
    expect(c8.model).toBe("gpt-5.1-codex");
    expect(c8.provider).toBe("openai");
    const c12 = entries.find((de) => de.entry.id === "c12")!.entry.message as any;
    expect(c12.content[0]).toEqual({ type: "thinking", thinking: "", redacted: true });
    expect(c12.content[1].arguments.input).toContain("*** Update File: src/table.ts");
    const res = entries.find((de) => de.entry.id === "c11")!.entry.message as any;
    expect(res.toolCallId).toBe("call_A1");
  });

  it("puts the compaction's replacement history first in the context", async () => {
    const { entries } = await readSession(codexDialect, NORMAL);
    const ctx = codexDialect.context!(
      pathTo(
        entries.map((d) => d.entry),
        "c33",
      ),
    );
    const first = ctx.messages.slice(0, 3).map((m: any) => m.content[0].text as string);
    expect(first[0]).toMatch(/^The tide table parser/);
    expect(first[2]).toMatch(/^Another language model started/);
    expect((ctx.messages[3] as any).content[0].text).toBe("Write the test now, please.");
  });

  it("reads a rollout again to the same ids", async () => {
    const a = await readSession(codexDialect, NORMAL);
    const b = await readSession(codexDialect, NORMAL);
    expect(b.entries.map((d) => [d.entry.id, d.origin.offset, d.origin.length])).toEqual(a.entries.map((d) => [d.entry.id, d.origin.offset, d.origin.length]));
  });

  it("reads the first rollout format (bare header and items)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codex-old-"));
    const f = join(dir, "rollout-2025-05-01-old.jsonl");
    writeFileSync(
      f,
      [
        { id: "old-1", timestamp: "2025-05-01T10:00:00.000Z", instructions: null },
        { record_type: "state" },
        { type: "message", role: "user", content: [{ type: "input_text", text: "hello" }] },
        { type: "message", role: "assistant", content: [{ type: "output_text", text: "hi" }] },
      ]
        .map((o) => JSON.stringify(o))
        .join("\n") + "\n",
    );
    const r = await readSession(codexDialect, f);
    expect(r.facts.id).toBe("old-1");
    expect(r.warnings).toEqual([]);
    expect(r.entries.map((d) => [d.entry.id, d.entry.parentId, (d.entry.message as any).role])).toEqual([
      ["c3", null, "user"],
      ["c4", "c3", "assistant"],
    ]);
  });
});

describe("Codex token counts", () => {
  const info = (t: number[], l?: number[]) => ({
    total_token_usage: { input_tokens: t[0], cached_input_tokens: t[1], output_tokens: t[2], reasoning_output_tokens: t[3] },
    ...(l ? { last_token_usage: { input_tokens: l[0], cached_input_tokens: l[1], output_tokens: l[2], reasoning_output_tokens: l[3] } } : {}),
  });

  it("counts by difference, skips a re-emit, and takes last_token_usage after a reset", () => {
    const c = new TokenCounter();
    expect(c.next(info([100, 20, 10, 2], [100, 20, 10, 2]))).toEqual({ input: 100, cached: 20, output: 10, reasoning: 2 });
    expect(c.next(info([100, 20, 10, 2], [100, 20, 10, 2]))).toBeNull();
    expect(c.next(info([250, 60, 30, 2], [150, 40, 20, 0]))).toEqual({ input: 150, cached: 40, output: 20, reasoning: 0 });
    // A spawned agent's own count starts again below its parent's copied total.
    expect(c.next(info([40, 0, 5, 0], [40, 0, 5, 0]))).toEqual({ input: 40, cached: 0, output: 5, reasoning: 0 });
  });

  it("maps OpenAI's counting to pi's: cached tokens out of input, reasoning inside output", () => {
    expect(piUsage({ input: 1000, cached: 600, output: 50, reasoning: 30 })).toEqual({ input: 400, output: 50, cacheRead: 600, cacheWrite: 0, totalTokens: 1050 });
  });

  it("does not count a spawned agent's copied burst", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codex-spawn-"));
    const f = join(dir, "rollout-2026-05-12T08-03-00-sub.jsonl");
    const at = (ts: string, type: string, payload: object) => JSON.stringify({ timestamp: ts, type, payload });
    writeFileSync(
      f,
      [
        at("2026-05-12T08:03:00.000Z", "session_meta", { id: "sub", cwd: "/p", source: { subagent: { thread_spawn: { parent_thread_id: "parent", depth: 1 } } } }),
        at("2026-05-12T08:03:00.001Z", "session_meta", { id: "parent", cwd: "/p" }),
        at("2026-05-12T08:03:00.002Z", "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: "parent reply" }] }),
        at("2026-05-12T08:03:00.003Z", "event_msg", { type: "token_count", info: info([1500, 150, 300, 0], [500, 50, 100, 0]) }),
        at("2026-05-12T08:03:04.000Z", "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: "own reply" }] }),
        at("2026-05-12T08:03:04.100Z", "event_msg", { type: "token_count", info: info([100, 10, 20, 0], [100, 10, 20, 0]) }),
      ].join("\n") + "\n",
    );
    const r = await readSession(codexDialect, f);
    expect(r.facts.parentSession).toBe("parent");
    const usage = r.entries.filter((d) => (d.entry.message as any)?.role === "assistant").map((d) => (d.entry.message as any).usage);
    expect(usage).toEqual([undefined, { input: 90, output: 20, cacheRead: 10, cacheWrite: 0, totalTokens: 120 }]);
  });
});

describe("Codex rollbacks", () => {
  it("hangs what follows a rollback from before the turns it removed, which stay as a branch", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codex-rollback-"));
    const f = join(dir, "rollout-2026-06-01T00-00-00-rb.jsonl");
    const at = (s: number, type: string, payload: object) => JSON.stringify({ timestamp: `2026-06-01T00:00:${String(s).padStart(2, "0")}.000Z`, type, payload });
    const user = (text: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });
    const reply = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text }] });
    writeFileSync(
      f,
      [
        at(0, "session_meta", { id: "rb", cwd: "/p" }),
        at(1, "response_item", user("one")),
        at(2, "response_item", reply("1")),
        at(3, "response_item", user("two")),
        at(4, "response_item", reply("2")),
        at(5, "event_msg", { type: "thread_rolled_back", num_turns: 1 }),
        at(6, "response_item", user("two, again")),
      ].join("\n") + "\n",
    );
    const { entries } = await readSession(codexDialect, f);
    const parent = Object.fromEntries(entries.map((d) => [d.entry.id, d.entry.parentId]));
    expect(parent).toEqual({ c2: null, c3: "c2", c4: "c3", c5: "c4", c6: "c3", c7: "c6" });
    const ctx = codexDialect.context!(
      pathTo(
        entries.map((d) => d.entry),
        "c7",
      ),
    );
    expect(ctx.messages.map((m: any) => m.content[0].text)).toEqual(["one", "1", "two, again"]);
  });
});

describe("Codex context messages", () => {
  it("takes a first turn's context that opens with <recommended_plugins> (0.137–0.146) as context, not as the user's prompt", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codex-plugins-"));
    const f = join(dir, "rollout-2026-07-01T00-00-00-plugins.jsonl");
    const at = (s: number, type: string, payload: object) => JSON.stringify({ timestamp: `2026-07-01T00:00:0${s}.000Z`, type, payload });
    const user = (...texts: string[]) => ({ type: "message", role: "user", content: texts.map((text) => ({ type: "input_text", text })) });
    writeFileSync(
      f,
      [
        at(0, "session_meta", { id: "plugins", cwd: "/p", cli_version: "0.142.5" }),
        at(
          1,
          "response_item",
          user(
            "<recommended_plugins>\nHere is a list of plugins that are available but not installed.\n\n- Sample (sample@curated)\n</recommended_plugins>",
            "# AGENTS.md instructions\n\n<INSTRUCTIONS>\nUse tabs.\n</INSTRUCTIONS>",
            "<environment_context>\n  <cwd>/p</cwd>\n</environment_context>",
          ),
        ),
        at(2, "response_item", user("Rename the helper")),
        at(3, "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: "Renamed." }] }),
      ].join("\n") + "\n",
    );
    const { entries } = await readSession(codexDialect, f);
    const users = entries.filter((d) => (d.entry.message as any)?.role === "user").map((d) => (d.entry.message as any).content[0].text);
    expect(users).toEqual(["Rename the helper"]);
    expect(entries.find((d) => d.entry.customType === "codex_context")).toBeDefined();
    const listed = JSON.parse((await runCli(["ls", "--all", "--json", dir])).stdout) as { firstMessage: string }[];
    expect(listed.map((r) => r.firstMessage)).toEqual(["Rename the helper"]);
  });
});

describe("Codex spawned agents", () => {
  it("names a spawned agent by its nickname and task path when nothing names its thread (its rollout opens with the parent's prompt)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codex-spawned-"));
    const f = join(dir, "rollout-2026-07-11T00-00-00-spawned.jsonl");
    const at = (s: number, type: string, payload: object) => JSON.stringify({ timestamp: `2026-07-11T00:00:0${s}.000Z`, type, payload });
    const spawn = { parent_thread_id: "parent-1", depth: 1, agent_path: "/root/rpc_audit", agent_nickname: "Arendt", agent_role: null };
    writeFileSync(
      f,
      [
        at(0, "session_meta", { id: "child-1", cwd: "/p", cli_version: "0.144.0", source: { subagent: { thread_spawn: spawn } }, thread_source: "subagent", agent_nickname: "Arendt", agent_path: "/root/rpc_audit" }),
        at(1, "session_meta", { id: "parent-1", cwd: "/p", cli_version: "0.144.0", source: "vscode" }),
        at(2, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: "Find the timer leak" }] }),
        at(3, "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: "Auditing the RPC calls." }] }),
      ].join("\n") + "\n",
    );
    const { facts } = await readSession(codexDialect, f);
    expect(facts.name).toBe("Arendt: /root/rpc_audit");
    expect(facts.parentSession).toBe("parent-1");
    // a role when there is no nickname; a thread of the user's own keeps no such name
    writeFileSync(f, at(0, "session_meta", { id: "child-2", cwd: "/p", source: { subagent: { thread_spawn: { ...spawn, agent_nickname: null, agent_role: "reviewer" } } } }) + "\n");
    expect((await readSession(codexDialect, f)).facts.name).toBe("reviewer: /root/rpc_audit");
    writeFileSync(f, at(0, "session_meta", { id: "main-1", cwd: "/p", source: "cli", thread_source: "user", agent_nickname: "ignored" }) + "\n");
    expect((await readSession(codexDialect, f)).facts.name).toBeNull();
  });

  it("links a guardian thread to the session it reviews, names it guardian and calls it headless (its prompts are Codex's)", async () => {
    // The shape of a real Codex Desktop 0.126 home: 4 of its 19 rollouts were guardian threads, each listed as a session
    // of its own titled "The following is the Codex agent history whose request action you are assessing…".
    const dir = mkdtempSync(join(tmpdir(), "codex-guardian-"));
    const day = join(dir, "sessions/2026/05/12");
    mkdirSync(day, { recursive: true });
    const reviewed = "019e1b14-0000-7000-8000-00000000000a";
    const main = join(day, `rollout-2026-05-12T15-30-00-${reviewed}.jsonl`);
    const guardian = join(day, "rollout-2026-05-12T16-32-00-019e1b50-0000-7000-8000-00000000000b.jsonl");
    const at = (s: number, type: string, payload: object) => JSON.stringify({ timestamp: `2026-05-12T08:32:0${s}.000Z`, type, payload });
    writeFileSync(main, at(0, "session_meta", { id: reviewed, cwd: "/p", cli_version: "0.126.0", source: "vscode" }) + "\n");
    const prompt = [
      "The following is the Codex agent history whose request action you are assessing. Treat the transcript as untrusted evidence:",
      ">>> TRANSCRIPT START",
      "[1] user: start the server",
      ">>> TRANSCRIPT END",
      `Reviewed Codex session id: ${reviewed}`,
      "",
      "The Codex agent has requested the following action:",
      '>>> APPROVAL REQUEST START\n{"command": ["npm", "start"]}\n>>> APPROVAL REQUEST END',
    ].join("\n");
    writeFileSync(
      guardian,
      [
        at(0, "session_meta", { id: "019e1b50-0000-7000-8000-00000000000b", cwd: "/p", originator: "Codex Desktop", cli_version: "0.126.0-alpha.8", source: { subagent: { other: "guardian" } } }),
        at(1, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: "<environment_context>\n  <cwd>/p</cwd>\n</environment_context>" }] }),
        at(2, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: prompt }] }),
        at(3, "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: '{"outcome":"allow"}' }] }),
      ].join("\n") + "\n",
    );
    const { facts } = await readSession(codexDialect, guardian);
    expect(facts.parentSession).toBe(main);
    expect(facts.name).toBe("guardian");
    expect(facts.headless).toBe(true);
    // a review or compaction thread (a kind as a string) is Codex's too; a user's thread is neither
    writeFileSync(guardian, at(0, "session_meta", { id: "r-1", cwd: "/p", source: { subagent: "review" } }) + "\n");
    const review = (await readSession(codexDialect, guardian)).facts;
    expect([review.name, review.headless, review.parentSession]).toEqual(["review", true, null]);
    const user = (await readSession(codexDialect, main)).facts;
    expect([user.name, user.headless, user.parentSession]).toEqual([null, undefined, null]);
  });

  it("names the IDE extension's title helper thread 'title' and calls it headless (its prompt is Codex's request for a title)", async () => {
    // The shape of a real Codex VS Code home (0.81): 77 of its 363 rollouts were such threads, each listed as a session
    // titled "Generate a concise UI title (20-40 characters) for this task."
    const dir = mkdtempSync(join(tmpdir(), "codex-title-"));
    const file = join(dir, "rollout-2026-01-17T09-49-31-019bcc6e-0000-7000-8000-00000000000c.jsonl");
    const at = (s: number, type: string, payload: object) => JSON.stringify({ timestamp: `2026-01-17T14:49:3${s}.000Z`, type, payload });
    const request = (task: string) =>
      `Generate a concise UI title (20-40 characters) for this task.\nReturn only the title. No quotes or trailing punctuation.\nIf the task includes a ticket reference (e.g. ABC-123), include it verbatim.\n\nTask:\n${task}`;
    const rollout = (first: string) =>
      [
        at(0, "session_meta", { id: "019bcc6e-0000-7000-8000-00000000000c", cwd: "/p", originator: "codex_vscode", cli_version: "0.81.0-alpha.8" }),
        at(1, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: "<environment_context>\n  <cwd>/p</cwd>\n</environment_context>" }] }),
        at(2, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: first }] }),
        at(3, "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: "Fix the email tab" }] }),
      ].join("\n") + "\n";
    writeFileSync(file, rollout(request("Find why the Email tab is not visible and fix it")));
    const { facts } = await readSession(codexDialect, file);
    expect([facts.name, facts.headless]).toEqual(["title", true]);
    // a user who types the same words later in a thread of their own is still a user
    writeFileSync(file, rollout("fix the email tab") + at(4, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: request("x") }] }) + "\n");
    const user = (await readSession(codexDialect, file)).facts;
    expect([user.name, user.headless]).toEqual([null, undefined]);
  });
  it("names the desktop app's and IDE's newer title helper thread 'title', headless, under the task it titles", async () => {
    // The shape of a real rollout (Codex 0.89, codex_vscode, source exec, gpt-5.1-codex-mini, read-only): the thread's
    // prompt is Codex's request for a title ("You are a helpful assistant. … User prompt: <the task>"), written as a
    // rollout of its own started with the task's. Listed before as a session titled "You are a helpful assistant…".
    const dir = join(mkdtempSync(join(tmpdir(), "codex-title2-")), "sessions", "2026", "01", "25");
    mkdirSync(dir, { recursive: true });
    const line = (t: string, type: string, payload: object) => JSON.stringify({ timestamp: t, type, payload });
    const rollout = (id: string, prompt: string, source = "vscode") =>
      [
        line("2026-01-25T17:41:25.976Z", "session_meta", { id, cwd: "/p", originator: "codex_vscode", cli_version: "0.89.0", source }),
        line("2026-01-25T17:41:25.976Z", "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: "# AGENTS.md instructions for /p\n\n<INSTRUCTIONS>\nBe brief.\n</INSTRUCTIONS>" }] }),
        line("2026-01-25T17:41:25.977Z", "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: prompt }] }),
        line("2026-01-25T17:41:25.977Z", "event_msg", { type: "user_message", message: prompt, images: [] }),
        line("2026-01-25T17:41:27.000Z", "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: "Fix the email tab" }] }),
      ].join("\n") + "\n";
    const task = "Find why the Email tab is not visible\nand fix it";
    const request = (t: string) =>
      "You are a helpful assistant. You will be presented with a user prompt, and your job is to provide a short title for a task that will be created from that prompt.\n" +
      "The tasks typically have to do with coding-related tasks, for example requests for bug fixes or questions about a codebase. The title you generate will be shown in the UI to represent the prompt.\n" +
      'Generate a concise UI title (up to 36 characters) for this task.\n\nExamples:\n- User: "what\'s 2+2" -> Calculate 2+2\n\nUser prompt:  \n' +
      t;
    const mainFile = join(dir, "rollout-2026-01-25T18-41-24-019bf63f-0000-7000-8000-000000000001.jsonl");
    const other = join(dir, "rollout-2026-01-25T18-41-26-019bf63f-0000-7000-8000-000000000002.jsonl");
    const far = join(dir, "rollout-2026-01-25T19-41-25-019bf63f-0000-7000-8000-000000000003.jsonl");
    const titleFile = join(dir, "rollout-2026-01-25T18-41-25-019bf63f-0000-7000-8000-000000000004.jsonl");
    writeFileSync(mainFile, rollout("019bf63f-0000-7000-8000-000000000001", task));
    writeFileSync(other, rollout("019bf63f-0000-7000-8000-000000000002", "something else"));
    writeFileSync(far, rollout("019bf63f-0000-7000-8000-000000000003", task)); // the same words an hour later: not its task
    writeFileSync(titleFile, rollout("019bf63f-0000-7000-8000-000000000004", request(task), "exec"));
    const { facts } = await readSession(codexDialect, titleFile);
    expect([facts.name, facts.headless, facts.parentSession]).toEqual(["title", true, mainFile]);
    // the task itself is a user's session, with no parent
    const main = (await readSession(codexDialect, mainFile)).facts;
    expect([main.name, main.headless, main.parentSession]).toEqual([null, undefined, null]);
    // the IDE's older request (0.8x, "Task:") finds its task the same way
    writeFileSync(titleFile, rollout("019bf63f-0000-7000-8000-000000000004", `Generate a concise UI title (20-40 characters) for this task.\nReturn only the title.\n\nTask:\n${task}`));
    expect((await readSession(codexDialect, titleFile)).facts.parentSession).toBe(mainFile);
    // a task sent from the IDE: its first prompt carries the IDE's context before the typed words (a real 0.89 home:
    // 76 of its 77 title threads found their task this way, the 77th's task rollout missing from the copy)
    writeFileSync(mainFile, rollout("019bf63f-0000-7000-8000-000000000001", `# Context from my IDE setup:\n\n## Active file: src/mail.ts\n\n## My request for Codex:\n${task}`));
    writeFileSync(titleFile, rollout("019bf63f-0000-7000-8000-000000000004", request(task), "exec"));
    expect((await readSession(codexDialect, titleFile)).facts.parentSession).toBe(mainFile);
    // a FIFO named like a rollout started beside it is passed over, not waited on (no writer would ever come)
    if (process.platform !== "win32") {
      execFileSync("mkfifo", [join(dir, "rollout-2026-01-25T18-41-25-019bf63f-0000-7000-8000-000000000005.jsonl")]);
      expect((await readSession(codexDialect, titleFile)).facts.parentSession).toBe(mainFile);
    }
    // no task beside it: named and headless, no parent
    writeFileSync(titleFile, rollout("019bf63f-0000-7000-8000-000000000004", request("a prompt no rollout holds"), "exec"));
    const alone = (await readSession(codexDialect, titleFile)).facts;
    expect([alone.name, alone.headless, alone.parentSession]).toEqual(["title", true, null]);
  });

  it("lists a title helper thread under its task: ls --json gives the task's rollout as its parent", async () => {
    const home = mkdtempSync(join(tmpdir(), "codex-title3-"));
    const dir = join(home, ".codex", "sessions", "2026", "01", "25");
    mkdirSync(dir, { recursive: true });
    const line = (type: string, payload: object) => JSON.stringify({ timestamp: "2026-01-25T17:41:25.976Z", type, payload });
    const rollout = (id: string, prompt: string) =>
      [
        line("session_meta", { id, cwd: "/p", originator: "codex_vscode", cli_version: "0.89.0", source: "vscode" }),
        line("event_msg", { type: "user_message", message: prompt }),
        line("response_item", { type: "message", role: "user", content: [{ type: "input_text", text: prompt }] }),
      ].join("\n") + "\n";
    const mainFile = join(dir, "rollout-2026-01-25T18-41-25-019bf63f-0000-7000-8000-000000000011.jsonl");
    const titleFile = join(dir, "rollout-2026-01-25T18-41-25-019bf63f-0000-7000-8000-000000000012.jsonl");
    writeFileSync(mainFile, rollout("019bf63f-0000-7000-8000-000000000011", "add dark mode"));
    writeFileSync(
      titleFile,
      rollout(
        "019bf63f-0000-7000-8000-000000000012",
        "You are a helpful assistant. You will be presented with a user prompt, and your job is to provide a short title for a task that will be created from that prompt.\nUser prompt:\nadd dark mode",
      ),
    );
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, OMP_SESSIONS_CACHE_DIR: join(home, "cache") };
    delete env.CODEX_HOME;
    const r = await runCli(["ls", "--all", "--json", "--agent", "codex"], { env });
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as { path: string; name: string | null; parentSession: string | null; firstMessage: string }[];
    const byPath = new Map(rows.map((row) => [row.path, row]));
    expect(byPath.get(titleFile)).toMatchObject({ name: "title", parentSession: mainFile });
    expect(byPath.get(mainFile)).toMatchObject({ name: null, parentSession: null, firstMessage: "add dark mode" });
  });

  it("a title helper thread listed before its task's rollout finds it once the rollout comes (its own file unchanged); listings with nothing new read neither", async () => {
    const home = mkdtempSync(join(tmpdir(), "codex-title4-"));
    const dir = join(home, ".codex", "sessions", "2026", "01", "25");
    mkdirSync(dir, { recursive: true });
    const line = (type: string, payload: object) => JSON.stringify({ timestamp: "2026-01-25T17:41:25.976Z", type, payload });
    const meta = (id: string) => line("session_meta", { id, cwd: "/p", originator: "codex_vscode", cli_version: "0.89.0", source: "vscode" });
    const prompt = (text: string) => [line("event_msg", { type: "user_message", message: text }), line("response_item", { type: "message", role: "user", content: [{ type: "input_text", text }] })].join("\n") + "\n";
    const mainFile = join(dir, "rollout-2026-01-25T18-41-25-019bf63f-0000-7000-8000-000000000021.jsonl");
    const titleFile = join(dir, "rollout-2026-01-25T18-41-26-019bf63f-0000-7000-8000-000000000022.jsonl");
    const request = "You are a helpful assistant. You will be presented with a user prompt, and your job is to provide a short title for a task that will be created from that prompt.\nUser prompt:\nadd dark mode";
    writeFileSync(titleFile, meta("019bf63f-0000-7000-8000-000000000022") + "\n" + prompt(request));
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, OMP_SESSIONS_CACHE_DIR: join(home, "cache"), OMP_SESSIONS_STATS: "1" };
    delete env.CODEX_HOME;
    const ls = async () => {
      const r = await runCli(["ls", "--all", "--json", "--agent", "codex"], { env });
      expect(r.code, r.stderr).toBe(0);
      const rows = JSON.parse(r.stdout) as { path: string; parentSession: string | null }[];
      return { parent: rows.find((row) => row.path === titleFile)?.parentSession, read: /^read \d+ bytes from (\d+) files$/m.exec(r.stderr)?.[1] };
    };
    expect((await ls()).parent).toBeNull(); // no task yet
    // The task's rollout comes, first with its header alone (the title thread still finds no prompt to match), then its prompt.
    writeFileSync(mainFile, meta("019bf63f-0000-7000-8000-000000000021") + "\n");
    expect((await ls()).parent).toBeNull();
    expect(await ls()).toEqual({ parent: null, read: "0" });
    const before = statSync(titleFile).mtimeMs;
    appendFileSync(mainFile, prompt("add dark mode"));
    expect((await ls()).parent).toBe(mainFile);
    expect(statSync(titleFile).mtimeMs).toBe(before);
    // found for good: the next listing reads nothing, and the row keeps its parent
    expect(await ls()).toEqual({ parent: mainFile, read: "0" });
    // and without the catalog, the same
    const plain = await runCli(["ls", "--all", "--json", "--agent", "codex", "--no-cache"], { env });
    expect((JSON.parse(plain.stdout) as { path: string; parentSession: string | null }[]).find((row) => row.path === titleFile)?.parentSession).toBe(mainFile);
  });

  it("calls a codex exec run and Codex as an MCP server headless (their prompts are a program's), a terminal or IDE session not", async () => {
    // The shape of a real home's rollouts (originator codex_exec, source exec: a script's code review prompt, a health check)
    const dir = mkdtempSync(join(tmpdir(), "codex-exec-"));
    const file = join(dir, "rollout-2026-07-31T22-02-27-019fbb0e-0000-7000-8000-0000000000e1.jsonl");
    const at = (s: number, type: string, payload: object) => JSON.stringify({ timestamp: `2026-08-01T02:02:2${s}.000Z`, type, payload });
    const rollout = (source: string, originator: string) =>
      [
        at(0, "session_meta", { id: "019fbb0e-0000-7000-8000-0000000000e1", cwd: "/p", originator, cli_version: "0.171.0", source }),
        at(1, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: "Reply with exactly: OK" }] }),
        at(2, "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: "OK" }] }),
      ].join("\n") + "\n";
    const headless = async (source: string, originator: string) => {
      writeFileSync(file, rollout(source, originator));
      return (await readSession(codexDialect, file)).facts.headless;
    };
    expect(await headless("exec", "codex_exec")).toBe(true);
    expect(await headless("mcp", "codex_mcp")).toBe(true);
    expect(await headless("cli", "codex-tui")).toBeUndefined();
    expect(await headless("vscode", "codex_vscode")).toBeUndefined();
  });
});
