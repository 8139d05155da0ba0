// The Claude Code dialect against hand-computed expectations: each fixture under
// test/fixtures/agents/claude/projects/ has an *.expect.json worked out from its
// lines by hand (see write-fixtures.mjs for what each file holds).
import { describe, it, expect } from "vitest";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import type { DialectEntry, DialectFacts, PiEntry } from "../../../src/core/session/read/dialect-api.js";
import { claudeDialect } from "../../../src/core/session/read/dialects/claude/index.js";
import { claudeRoots } from "../../../src/core/session/read/dialects/claude/paths.js";
import { runCli } from "../../helpers/run-cli.js";
import { claudeTranscript } from "../../helpers/session-lines.js";

const ROOT = join(import.meta.dirname, "../../fixtures/agents/claude/projects");
const PROJECT = join(ROOT, "-home-dev-demo");

interface Read {
  entries: DialectEntry[];
  warnings: number[];
  facts: DialectFacts;
}

async function readAll(path: string): Promise<Read> {
  const source = claudeDialect.open(path);
  const reader = claudeDialect.reader(path);
  const entries: DialectEntry[] = [];
  const warnings: number[] = [];
  for await (const r of source.records()) {
    if ("warning" in r) {
      warnings.push(r.origin.line);
      continue;
    }
    const got = reader.push(r.value, r.origin);
    if (typeof got === "string") warnings.push(r.origin.line);
    else entries.push(...got);
  }
  entries.push(...reader.end());
  return { entries, warnings, facts: reader.facts() };
}

/** The tree as the generic path builds it: a child of a merged copy hangs from the merged entry. */
function shape(entries: DialectEntry[]) {
  const owner = new Map<string, string>();
  for (const d of entries) {
    owner.set(d.entry.id, d.entry.id);
    for (const a of d.aliases ?? []) owner.set(a, d.entry.id);
  }
  const parent = new Map<string, string | null>();
  const kids = new Map<string, string[]>();
  for (const d of entries) {
    const p = d.entry.parentId ? (owner.get(d.entry.parentId) ?? null) : null;
    parent.set(d.entry.id, p);
    if (p) kids.set(p, [...(kids.get(p) ?? []), d.entry.id]);
  }
  const ids = entries.map((d) => d.entry.id);
  return {
    roots: ids.filter((id) => parent.get(id) === null),
    leaves: ids.filter((id) => !kids.has(id)),
    branchPoints: ids.filter((id) => (kids.get(id)?.length ?? 0) > 1),
    pathTo(leaf: string): PiEntry[] {
      const byId = new Map(entries.map((d) => [d.entry.id, d.entry]));
      const out: PiEntry[] = [];
      for (let at: string | null = leaf; at; at = parent.get(at) ?? null) out.unshift(byId.get(at)!);
      return out;
    },
  };
}

const fixtures = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return fixtures(p);
    return name.endsWith(".expect.json") ? [p] : [];
  });

const msgOf = (e: PiEntry) => e.message as Record<string, unknown> | undefined;

describe("the Claude Code dialect on its fixtures", () => {
  for (const expectFile of fixtures(PROJECT)) {
    const file = expectFile.replace(/\.expect\.json$/, ".jsonl");
    const want = JSON.parse(readFileSync(expectFile, "utf8"));
    it(`${relative(PROJECT, file)}: ${want.about}`, async () => {
      const { entries, warnings, facts } = await readAll(file);
      const byId = new Map(entries.map((d) => [d.entry.id, d]));

      expect(warnings).toEqual(want.warnings);
      expect(
        entries.map(({ entry: e }) => {
          const row: Record<string, unknown> = { id: e.id, type: e.type };
          if (msgOf(e)) row.role = msgOf(e)!.role;
          row.parentId = e.parentId;
          return row;
        }),
      ).toEqual(want.entries.map(({ blocks: _b, lines: _l, tokensBefore: _t, fileParentId: _f, ...row }: Record<string, unknown>) => row));
      for (const w of want.entries) {
        const d = byId.get(w.id)!;
        if (w.blocks) expect((msgOf(d.entry)!.content as { type: string }[]).map((b) => b.type)).toEqual(w.blocks);
        if (w.lines) expect(d.parts!.map((p) => p.line)).toEqual(w.lines);
        if (w.tokensBefore) expect(d.entry.tokensBefore).toBe(w.tokensBefore);
        expect(d.entry.fileParentId).toBe(w.fileParentId);
      }

      const tree = shape(entries);
      expect(tree.roots).toEqual(want.roots);
      expect(tree.leaves).toEqual(want.leaves);
      expect(tree.branchPoints).toEqual(want.branchPoints);
      expect(entries[entries.length - 1].entry.id).toBe(want.activeLeaf);

      const merged = Object.fromEntries(entries.filter((d) => d.aliases?.length).map((d) => [d.entry.id, d.aliases]));
      expect(merged).toEqual(want.merged);
      expect(entries.filter((d) => d.entry.parallel === true).map((d) => d.entry.id)).toEqual(want.parallel);
      if (want.sidechain) expect(entries.every((d) => d.entry.sidechain === true)).toBe(true);

      const usage = Object.fromEntries(entries.filter((d) => msgOf(d.entry)?.usage).map((d) => [d.entry.id, msgOf(d.entry)!.usage]));
      expect(usage).toEqual(want.usage);
      for (const [id, reason] of Object.entries(want.stopReasons ?? {})) expect(msgOf(byId.get(id)!.entry)!.stopReason).toBe(reason);
      for (const [id, name] of Object.entries(want.toolNames ?? {})) expect(msgOf(byId.get(id)!.entry)!.toolName).toBe(name);
      for (const [id, kids] of Object.entries(want.children ?? {}) as [string, { path: string }[]][]) {
        expect(byId.get(id)!.entry.childSessions).toEqual(kids.map((k) => ({ ...k, path: join(PROJECT, k.path) })));
      }
      for (const [id, path] of Object.entries(want.childSession ?? {})) expect(byId.get(id)!.entry.childSession).toBe(join(PROJECT, path as string));

      const ctx = claudeDialect.context!(tree.pathTo(want.activeLeaf));
      expect(ctx.messages.map((m) => m.role)).toEqual(want.contextRoles);
      if (want.contextToolCallIds) expect(ctx.messages.filter((m) => m.role === "toolResult").map((m) => m.toolCallId)).toEqual(want.contextToolCallIds);
      if (want.compactionSummary) expect(ctx.messages[0].summary).toBe(want.compactionSummary);
      expect(ctx.model).toEqual({ provider: "anthropic", modelId: want.facts.model });

      const f = { ...want.facts };
      if (f.parentSession) f.parentSession = join(PROJECT, f.parentSession);
      expect(facts).toMatchObject(f);
      if (!f.parentSession) expect(facts.parentSession).toBeUndefined();
    });
  }

  it("the fork fixture has two branches whose leaves end different prompts", async () => {
    const { entries } = await readAll(join(PROJECT, "22222222-2222-4222-8222-222222222222.jsonl"));
    const tree = shape(entries);
    const prompts = tree.leaves.map((leaf) =>
      tree
        .pathTo(leaf)
        .filter((e) => msgOf(e)?.role === "user")
        .map((e) => msgOf(e)!.content),
    );
    expect(prompts).toEqual([
      ["Write a haiku about rivers.", "Now one about mountains."],
      ["Write a haiku about rivers.", "Now one about the desert."],
    ]);
  });

  it("keeps the first streamed copy's place, the last copy's usage and every block once", async () => {
    const { entries } = await readAll(join(PROJECT, "44444444-4444-4444-8444-444444444444.jsonl"));
    const m = msgOf(entries[1].entry)!;
    expect(m.content).toEqual([
      { type: "thinking", thinking: "List the files first.", thinkingSignature: "EqQBCkYIBxgCKkA" },
      { type: "text", text: "Let me count them." },
      { type: "toolCall", id: "toolu_04Bash", name: "Bash", arguments: { command: "git ls-files '*.ts' | wc -l", description: "Count TypeScript files" } },
    ]);
    expect(entries[1].origin.line).toBe(2);
    expect((m.usage as { output: number }).output).toBe(300); // not the first copy's 30
  });

  it("the meta caveat is kept, marked as meta, and reaches the context as the user's text", async () => {
    const file = join(PROJECT, "11111111-1111-4111-8111-111111111111.jsonl");
    const { entries } = await readAll(file);
    const meta = entries[0].entry;
    expect(meta).toMatchObject({ type: "custom_message", customType: "meta", meta: true, display: false });
    const ctx = claudeDialect.context!(shape(entries).pathTo(entries[entries.length - 1].entry.id));
    expect(String(ctx.messages[0].content)).toMatch(/^<local-command-caveat>/);
  });

  it("an Agent call re-read alone (its own lines, no result after it) still leads to its subagent", async () => {
    const file = join(PROJECT, "77777777-7777-4777-8777-777777777777.jsonl");
    const { entries } = await readAll(file);
    const call = entries[1];
    const lines = readFileSync(file, "utf8").split("\n");
    const reader = claudeDialect.reader(file);
    const again = call.parts!.flatMap((o) => reader.push(JSON.parse(lines[o.line - 1]), o) as DialectEntry[]).concat(reader.end());
    expect(again).toHaveLength(1);
    expect(again[0].entry.childSessions).toEqual([{ toolCallId: "toolu_07Agent", agentId: "a1b2c3d4e5f6a7b8c", path: join(PROJECT, "77777777-7777-4777-8777-777777777777/subagents/agent-a1b2c3d4e5f6a7b8c.jsonl") }]);
    expect(again[0].entry.message).toEqual(call.entry.message);
  });

  it("a parallel result re-read alone is the line as written: its file parent, no chain", async () => {
    const file = join(PROJECT, "55555555-5555-4555-8555-555555555555.jsonl");
    const lines = readFileSync(file, "utf8").split("\n");
    const reader = claudeDialect.reader(file);
    const got = [...(reader.push(JSON.parse(lines[6]), { line: 7, offset: 0, length: 0 }) as DialectEntry[]), ...reader.end()];
    expect(got.map((d) => [d.entry.id, d.entry.parentId, d.entry.parallel])).toEqual([["55555555-0000-4000-8000-000000000007", "55555555-0000-4000-8000-000000000004", undefined]]);
  });

  it("parallel results are chained so the one the reply hangs from comes last, whichever it is", async () => {
    const dir = mkdtempSync(join(tmpdir(), "omps-claude-"));
    mkdirSync(join(dir, "projects", "-x"), { recursive: true });
    const p = join(dir, "projects", "-x", "bbbbbbbb-0000-4000-8000-000000000000.jsonl");
    const base = { isSidechain: false, sessionId: "s", cwd: "/x", version: "2.1.0", timestamp: "2026-06-01T00:00:00.000Z" };
    const call = (uuid: string, parentUuid: string, id: string) => ({
      ...base,
      parentUuid,
      type: "assistant",
      uuid,
      requestId: "r1",
      message: { id: "m1", role: "assistant", model: "claude-opus-4-5", content: [{ type: "tool_use", id, name: "Read", input: {} }], stop_reason: null, usage: { input_tokens: 1, output_tokens: 2 } },
    });
    const res = (uuid: string, parentUuid: string, id: string) => ({ ...base, parentUuid, type: "user", uuid, message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: id }] } });
    const lines = [
      { ...base, parentUuid: null, type: "user", uuid: "u1", message: { role: "user", content: "go" } },
      call("c1", "u1", "t1"),
      call("c2", "c1", "t2"),
      res("r1", "c1", "t1"),
      res("r2", "c2", "t2"),
      { ...base, parentUuid: "r1", type: "assistant", uuid: "n1", requestId: "r2", message: { id: "m2", role: "assistant", model: "claude-opus-4-5", content: [{ type: "text", text: "done" }], stop_reason: "end_turn" } },
    ];
    writeFileSync(p, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const { entries } = await readAll(p);
    expect(entries.map((d) => [d.entry.id, d.entry.parentId, d.entry.fileParentId])).toEqual([
      ["u1", null, undefined],
      ["c1", "u1", undefined],
      ["r1", "r2", "c1"],
      ["r2", "c2", undefined],
      ["n1", "r1", undefined],
    ]);
    const tree = shape(entries);
    expect(tree.leaves).toEqual(["n1"]);
    expect(claudeDialect.context!(tree.pathTo("n1")).messages.map((m) => m.toolCallId ?? m.role)).toEqual(["user", "assistant", "t2", "t1", "assistant"]);
  });

  it("calls run as they stream (2.1.1xx): each copy hangs from the result before it, one result written before its call's copy; one turn, every result on the path", async () => {
    // The shape of a real 2.1.126 home (sweep 11): 8 false branches in one session, 2 results off the context's path.
    const dir = mkdtempSync(join(tmpdir(), "omps-claude-"));
    mkdirSync(join(dir, "projects", "-x"), { recursive: true });
    const p = join(dir, "projects", "-x", "dddddddd-0000-4000-8000-000000000000.jsonl");
    const base = { isSidechain: false, sessionId: "s", cwd: "/x", version: "2.1.126", timestamp: "2026-05-04T20:54:05.000Z" };
    const copy = (uuid: string, parentUuid: string, block: object) => ({
      ...base,
      parentUuid,
      type: "assistant",
      uuid,
      requestId: "r1",
      message: { id: "m1", role: "assistant", model: "claude-opus-4-7", content: [block], stop_reason: null, usage: { input_tokens: 1, output_tokens: 2 } },
    });
    const call = (id: string) => ({ type: "tool_use", id, name: "Read", input: {} });
    const res = (uuid: string, parentUuid: string, id: string) => ({
      ...base,
      parentUuid,
      type: "user",
      uuid,
      sourceToolAssistantUUID: parentUuid,
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: id }] },
    });
    const lines = [
      { ...base, parentUuid: null, type: "user", uuid: "u1", message: { role: "user", content: "go" } },
      copy("c0", "u1", { type: "text", text: "Reading them all." }),
      copy("c1", "c0", call("t1")),
      res("r1", "c1", "t1"),
      copy("c2", "r1", call("t2")),
      res("r2", "c2", "t2"),
      // Written before the copy that holds its call.
      res("r4", "c4", "t4"),
      copy("c3", "r2", call("t3")),
      res("r3", "c3", "t3"),
      copy("c4", "r3", call("t4")),
      { ...base, parentUuid: "r4", type: "assistant", uuid: "n1", requestId: "r2", message: { id: "m2", role: "assistant", model: "claude-opus-4-7", content: [{ type: "text", text: "done" }], stop_reason: "end_turn" } },
    ];
    writeFileSync(p, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const { entries } = await readAll(p);
    const tree = shape(entries);
    expect(tree.leaves).toEqual(["n1"]);
    expect(entries.filter((d) => d.entry.parallel === true).map((d) => d.entry.id)).toEqual(["r1", "r2", "r4", "r3"]);
    expect(claudeDialect.context!(tree.pathTo("n1")).messages.map((m) => m.toolCallId ?? m.role)).toEqual(["user", "assistant", "t1", "t2", "t3", "t4", "assistant"]);
  });

  it("holds results whose parent line never comes no longer than the entries held behind an open message, and none at the end", () => {
    // `early` (results written before the streamed copy that holds their call) keeps a result only while it waits in
    // the queue behind an open message: flushed, its parent's bucket goes. A file whose results hang from lines that
    // never come (a copy cut, a parent lost) must not grow it past the queue, itself bounded (MAX_HELD).
    const path = "/x/projects/-x/eeeeeeee-0000-4000-8000-000000000000.jsonl";
    const reader = claudeDialect.reader(path);
    const inside = reader as unknown as { early: Map<string, unknown[]>; queue: unknown[] };
    const base = { isSidechain: false, sessionId: "s", cwd: "/x", version: "2.1.126", timestamp: "2026-05-04T20:54:05.000Z" };
    const origin = (line: number) => ({ line, offset: 0, length: 0 });
    const first = reader.push({ ...base, parentUuid: null, type: "user", uuid: "u1", message: { role: "user", content: "go" } }, origin(1));
    // a streamed message left open (no stop reason, its call's copies still to come)
    const open = { id: "m1", role: "assistant", model: "claude-opus-4-7", content: [{ type: "tool_use", id: "t0", name: "Read", input: {} }], stop_reason: null };
    reader.push({ ...base, parentUuid: "u1", type: "assistant", uuid: "c0", requestId: "r1", message: open }, origin(2));
    const N = 12000;
    let most = 0;
    let out = typeof first === "string" ? 0 : first.length;
    for (let i = 0; i < N; i++) {
      const got = reader.push({ ...base, parentUuid: `never-${i}`, type: "user", uuid: `r${i}`, message: { role: "user", content: [{ type: "tool_result", tool_use_id: `t${i + 1}`, content: "x" }] } }, origin(3 + i));
      if (typeof got !== "string") out += got.length;
      const held = [...inside.early.values()].reduce((n, b) => n + b.length, 0);
      expect(held).toBeLessThanOrEqual(inside.queue.length);
      most = Math.max(most, held);
    }
    out += reader.end().length;
    // the results did wait there (the bound is met, not dodged), at most the queue's cap, and every entry came out
    expect(most).toBeGreaterThan(1000);
    expect(most).toBeLessThanOrEqual(5001);
    expect(inside.early.size).toBe(0);
    expect(out).toBe(N + 2);
  });

  it("a compact summary with no boundary before it (older versions) is the first user message of the context", async () => {
    const dir = mkdtempSync(join(tmpdir(), "omps-claude-"));
    mkdirSync(join(dir, "projects", "-x"), { recursive: true });
    const p = join(dir, "projects", "-x", "cccccccc-0000-4000-8000-000000000000.jsonl");
    const base = { isSidechain: false, sessionId: "s", cwd: "/x", version: "1.0.30", timestamp: "2025-05-01T00:00:00.000Z" };
    const lines = [
      { ...base, parentUuid: null, type: "user", uuid: "s1", isCompactSummary: true, message: { role: "user", content: "Summary: we fixed the build." } },
      { ...base, parentUuid: "s1", type: "user", uuid: "u1", message: { role: "user", content: "Now the tests." } },
      { ...base, parentUuid: "u1", type: "assistant", uuid: "a1", requestId: "r1", message: { id: "m1", role: "assistant", model: "claude-sonnet-4-20250514", content: [{ type: "text", text: "On it." }], stop_reason: "end_turn" } },
    ];
    writeFileSync(p, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const { entries } = await readAll(p);
    const ctx = claudeDialect.context!(shape(entries).pathTo("a1"));
    expect(ctx.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "Summary: we fixed the build."],
      ["user", "Now the tests."],
      ["assistant", [{ type: "text", text: "On it." }]],
    ]);
  });

  it("a user line with several tool results gives one chained entry per result, the last keeping the uuid", async () => {
    const dir = mkdtempSync(join(tmpdir(), "omps-claude-"));
    const p = join(dir, "projects", "-x", "aaaaaaaa-0000-4000-8000-000000000000.jsonl");
    mkdirSync(join(dir, "projects", "-x"), { recursive: true });
    const base = { isSidechain: false, sessionId: "s", cwd: "/x", version: "1.0.40", timestamp: "2025-06-01T00:00:00.000Z" };
    const lines = [
      { ...base, parentUuid: null, type: "user", uuid: "u1", message: { role: "user", content: "go" } },
      {
        ...base,
        parentUuid: "u1",
        type: "assistant",
        uuid: "a1",
        requestId: "r1",
        message: {
          id: "m1",
          role: "assistant",
          model: "claude-opus-4-20250514",
          content: [
            { type: "tool_use", id: "t1", name: "Read", input: {} },
            { type: "tool_use", id: "t2", name: "Grep", input: {} },
          ],
          stop_reason: "tool_use",
          usage: { input_tokens: 1, output_tokens: 2 },
        },
      },
      {
        ...base,
        parentUuid: "a1",
        type: "user",
        uuid: "u2",
        message: {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "t1", content: "one" },
            { type: "tool_result", tool_use_id: "t2", content: "two", is_error: true },
            { type: "text", text: "[Request interrupted by user]" },
          ],
        },
      },
    ];
    writeFileSync(p, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const { entries } = await readAll(p);
    expect(entries.map((d) => [d.entry.id, d.entry.parentId, msgOf(d.entry)!.role, msgOf(d.entry)!.toolName])).toEqual([
      ["u1", null, "user", undefined],
      ["a1", "u1", "assistant", undefined],
      ["u2#0", "a1", "toolResult", "Read"],
      ["u2#1", "u2#0", "toolResult", "Grep"],
      ["u2", "u2#1", "user", undefined],
    ]);
    expect(msgOf(entries[3].entry)!.isError).toBe(true);
  });
});

describe("the leaf of a Claude Code session", () => {
  // Claude Code writes system lines (turn_duration, …) after a turn; a transcript copied or cut may lose such a
  // line's parent. Its loader resumes at a row whose chain reaches a user or assistant message, so an orphan
  // line at the end is no leaf: the context is the conversation's, not empty (seen on real transcripts).
  const base = { isSidechain: false, sessionId: "0c4091f0-0000-4000-8000-000000000000", cwd: "/x", version: "2.1.300", timestamp: "2026-06-01T00:00:00.000Z" };
  const lines = [
    { ...base, parentUuid: null, type: "user", uuid: "u1", message: { role: "user", content: "Deploy it." } },
    { ...base, parentUuid: "u1", type: "assistant", uuid: "a1", requestId: "r1", message: { id: "m1", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: "Deployed." }], stop_reason: "end_turn" } },
    { ...base, parentUuid: "a1", type: "system", subtype: "turn_duration", uuid: "s1", durationMs: 1200 },
    { ...base, parentUuid: "not-in-this-file", type: "system", subtype: "turn_duration", uuid: "s2", durationMs: 900 },
  ];
  const write = (name: string, ls: object[]): string => claudeTranscript(name, ls).file;
  it("is not an orphan line at the end: the newest entry whose chain reaches a message", async () => {
    const p = write("0c4091f0-0000-4000-8000-000000000000.jsonl", lines);
    expect((await readAll(p)).facts.leafId).toBe("s1");
    const ctx = JSON.parse((await runCli(["context", p, "--json"])).stdout) as { leafId: string; messages: { role: string }[] };
    expect(ctx.leafId).toBe("s1");
    expect(ctx.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });
  it("a transcript with no line naming its session (empty, or only snapshots and summaries) has the id its name gives", async () => {
    const snapshot = { type: "file-history-snapshot", messageId: "m0", snapshot: { messageId: "m0", trackedFileBackups: {}, timestamp: base.timestamp }, isSnapshotUpdate: false };
    expect((await readAll(write("876a915a-1cc4-472d-bf2d-24162d44e042.jsonl", [snapshot]))).facts.id).toBe("876a915a-1cc4-472d-bf2d-24162d44e042");
    expect((await readAll(write("876a915b-1cc4-472d-bf2d-24162d44e042.jsonl", []))).facts.id).toBe("876a915b-1cc4-472d-bf2d-24162d44e042");
    expect((await readAll(write("not-a-uuid.jsonl", [snapshot]))).facts.id).toBe("");
    const resume = await runCli(["resume", write("876a915c-1cc4-472d-bf2d-24162d44e042.jsonl", [snapshot]), "--print"]);
    expect(resume.stdout).toBe("claude --resume 876a915c-1cc4-472d-bf2d-24162d44e042\n");
  });
  it("a resumed session's transcript has its own name's id, not the one of the history it copied", async () => {
    // Claude Code writes a resumed (or forked) session to a new file named by its new id; the history it copied
    // keeps the old id in its lines. `claude --resume` finds a session by its file's name.
    const old = "6e0a1b2c-0000-4000-8000-000000000001";
    const own = "6e0a1b2c-0000-4000-8000-000000000002";
    const copied = lines.slice(0, 2).map((l) => ({ ...l, sessionId: old }));
    const next = [
      { ...base, sessionId: own, parentUuid: "a1", type: "user", uuid: "u2", message: { role: "user", content: "And roll it back." } },
      {
        ...base,
        sessionId: own,
        parentUuid: "u2",
        type: "assistant",
        uuid: "a2",
        requestId: "r2",
        message: { id: "m2", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: "Rolled back." }], stop_reason: "end_turn" },
      },
    ];
    const p = write(`${own}.jsonl`, [...copied, ...next]);
    expect((await readAll(p)).facts.id).toBe(own);
    expect((await runCli(["resume", p, "--print"])).stdout).toBe(`cd /x && claude --resume ${own}\n`);
    // a file not named by a session id still has the id its lines give
    expect((await readAll(write("copied-by-hand.jsonl", [...copied, ...next]))).facts.id).toBe(old);
  });
  it("a later copy of a message with an empty usage (a gateway to other models) keeps the usage an earlier copy had", async () => {
    const copy = (uuid: string, parentUuid: string, block: object, usage: object) => ({
      ...base,
      parentUuid,
      type: "assistant",
      uuid,
      message: { id: "m9", role: "assistant", model: "longcat-flash", content: [block], usage, stop_reason: null },
    });
    const p = write("0c4091f5-0000-4000-8000-000000000000.jsonl", [
      lines[0],
      copy("c1", "u1", { type: "thinking", thinking: "look first" }, {}),
      copy("c2", "c1", { type: "text", text: "Looking." }, { input_tokens: 52792, output_tokens: 427, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 }),
      copy("c3", "c2", { type: "tool_use", id: "t1", name: "Read", input: { file_path: "a.ts" } }, {}),
    ]);
    const calls = (await readAll(p)).entries.map((e) => msgOf(e.entry)).filter((m) => m?.role === "assistant");
    expect(calls.map((m) => m!.usage)).toEqual([{ input: 52792, output: 427, cacheRead: 0, cacheWrite: 0, totalTokens: 53219 }]);
    const stats = JSON.parse((await runCli(["stats", p, "--json"])).stdout) as { inputTokens: number; outputTokens: number }[];
    expect(stats.map((r) => [r.inputTokens, r.outputTokens])).toEqual([[52792, 427]]);
  });
  it("a summary of another transcript (2.0, 2.1.1 write them at the top of a new file) does not name this one", async () => {
    // The summary's leafUuid is the other transcript's last message: it is that session's title in Claude Code's list.
    const other = { type: "summary", summary: "Title of the session before", leafUuid: "elsewhere-last" };
    const own = { type: "summary", summary: "Deploying the service", leafUuid: "a1" };
    expect((await readAll(write("0c4091f1-0000-4000-8000-000000000000.jsonl", [other, ...lines]))).facts.name).toBeNull();
    expect((await readAll(write("0c4091f2-0000-4000-8000-000000000000.jsonl", [other, own, ...lines]))).facts.name).toBe("Deploying the service");
    expect((await readAll(write("0c4091f3-0000-4000-8000-000000000000.jsonl", [own, other, ...lines]))).facts.name).toBe("Deploying the service");
    // A file of nothing but other sessions' summaries has no message and no name: the list leaves it out, as Claude Code's does.
    const summaryOnly = write("0c4091f4-0000-4000-8000-000000000000.jsonl", [other]);
    const named = write("0c4091f2-0000-4000-8000-000000000000.jsonl", [other, own, ...lines]);
    const listed = JSON.parse((await runCli(["ls", "--all", "--json", dirname(summaryOnly), dirname(named)])).stdout) as { id: string }[];
    expect(listed.map((r) => r.id)).not.toContain("0c4091f4-0000-4000-8000-000000000000");
    expect(listed.map((r) => r.id)).toContain("0c4091f2-0000-4000-8000-000000000000");
  });
  it("a summary that is an API error notice (the summary call failed) does not name the session: its first prompt does", async () => {
    // Seen on real 2.1.2x transcripts: the first reply is Claude Code's synthetic error message, and the summary
    // record written for the session carries that notice ("Invalid API key · Please run /login", "API Error: …").
    const notice = (text: string) => [
      { ...base, parentUuid: null, type: "user", uuid: "u1", message: { role: "user", content: "say hello" } },
      {
        ...base,
        parentUuid: "u1",
        type: "assistant",
        uuid: "a1",
        isApiErrorMessage: true,
        message: { id: "e1", role: "assistant", model: "<synthetic>", content: [{ type: "text", text }], stop_reason: "stop_sequence" },
      },
      { type: "summary", summary: text, leafUuid: "a1" },
    ];
    const login = write("0c4091e1-0000-4000-8000-000000000000.jsonl", notice("Invalid API key · Please run /login"));
    expect((await readAll(login)).facts.name).toBeNull();
    // a notice of the message's own text, whatever its words
    expect((await readAll(write("0c4091e2-0000-4000-8000-000000000000.jsonl", notice("You've hit your limit · resets 3pm")))).facts.name).toBeNull();
    // the summary call's own failure, with no such message in the file
    const failed = [...lines.slice(0, 2), { type: "summary", summary: "API Error: 503 No available tokens in pool\n", leafUuid: "a1" }];
    expect((await readAll(write("0c4091e3-0000-4000-8000-000000000000.jsonl", failed))).facts.name).toBeNull();
    // a title that only speaks of errors is a title
    const titled = [...lines.slice(0, 2), { type: "summary", summary: "API Error Handling in the Fetch Client", leafUuid: "a1" }];
    expect((await readAll(write("0c4091e4-0000-4000-8000-000000000000.jsonl", titled))).facts.name).toBe("API Error Handling in the Fetch Client");
    const row = (JSON.parse((await runCli(["ls", "--all", "--json", dirname(login)])).stdout) as { id: string; name: string | null; firstMessage: string }[]).find((r) => r.id === "0c4091e1-0000-4000-8000-000000000000");
    expect(row).toMatchObject({ name: null, firstMessage: "say hello" });
  });
  it("a teleported-from record (2.1.8x) is bookkeeping: no entry, nothing unknown, even in a file holding nothing else", async () => {
    const teleported = { type: "teleported-from", remoteSessionId: "session_01VTbXvvfTJP4zM7sQA7UupG", branch: "claude/explain-claude-md-W4jAl", messageCount: 0 };
    const only = await readAll(write("7a0e9731-0000-4000-8000-000000000001.jsonl", [teleported]));
    expect(only.entries).toEqual([]);
    expect(only.facts.unknown).toBeUndefined();
    expect(only.facts.id).toBe("7a0e9731-0000-4000-8000-000000000001");
    const withTurns = await readAll(write("0c4091f0-0000-4000-8000-000000000000.jsonl", [teleported, ...lines.slice(0, 2)]));
    expect(withTurns.entries.map((e) => e.entry.type)).toEqual(["message", "message"]);
    expect(withTurns.facts.unknown).toBeUndefined();
  });
  it("the 2.1.2xx records bridge-session, file-history-delta, frame-link and fork-context-ref are bookkeeping: no entry, nothing unknown, the leaf unmoved", async () => {
    const id = "0c4091f0-0000-4000-8000-000000000000";
    const bookkeeping = [
      { type: "bridge-session", sessionId: id, bridgeSessionId: "cse_0000000000000000000000", lastSequenceNum: 3 },
      { type: "file-history-delta", messageId: "a1", snapshotMessageId: "u1", trackingPath: "/x/notes.md", backup: "…", timestamp: "2026-06-01T00:00:01.000Z" },
      { type: "frame-link", sessionId: id, path: "/tmp/x/scratchpad/chart.html", frameUrl: "https://example.invalid/artifact/1", title: "Chart", timestamp: "2026-06-01T00:00:02.000Z" },
      { type: "fork-context-ref", agentId: "afork-0000", parentSessionId: id, parentLastUuid: "a1", contextLength: 2 },
    ];
    const r = await readAll(write(`${id}.jsonl`, [...lines.slice(0, 2), ...bookkeeping]));
    expect(r.entries.map((e) => e.entry.id)).toEqual(["u1", "a1"]);
    expect(r.facts.unknown).toBeUndefined();
    expect(r.facts.leafId ?? r.entries.at(-1)!.entry.id).toBe("a1");
  });
  it("the metadata records 2.1.332 writes beside the chain are bookkeeping, even with a uuid: no entry, nothing unknown, the leaf unmoved", async () => {
    const id = "0c4091f2-0000-4000-8000-000000000000";
    const bookkeeping = [
      { type: "session-owner", kind: "cli", sessionId: id },
      { type: "tools-used", tools: ["Bash"], sessionId: id, uuid: "tu-1" },
      { type: "relocated", relocatedCwd: "/elsewhere", sessionId: id },
      { type: "memory-mode", mode: "on", afterUuid: "a1", timestamp: "2026-06-01T00:00:03.000Z" },
      { type: "ended-by-model", timestamp: "2026-06-01T00:00:04.000Z", sessionId: id },
      { type: "continued-in", timestamp: "2026-06-01T00:00:05.000Z", sessionId: id, continuedInSessionId: "0c4091f3-0000-4000-8000-000000000000" },
      { type: "content-replacement", sessionId: id, replacements: [] },
      { type: "api-request", sessionId: id },
      { type: "repl-mode", replMode: "off" },
      { type: "host-row", sessionId: id, agentId: "a-1", timestamp: "2026-06-01T00:00:06.000Z", ranByToolUseId: "toolu_1" },
    ];
    const r = await readAll(write(`${id}.jsonl`, [...lines.slice(0, 2), ...bookkeeping]));
    expect(r.entries.map((e) => e.entry.id)).toEqual(["u1", "a1"]);
    expect(r.facts.unknown).toBeUndefined();
    expect(r.facts.leafId ?? r.entries.at(-1)!.entry.id).toBe("a1");
    // a kind no release is known to write is still kept and reported
    const odd = await readAll(write("0c4091f4-0000-4000-8000-000000000000.jsonl", [...lines.slice(0, 2), { type: "brand-new-kind", sessionId: id }]));
    expect(odd.facts.unknown).toEqual(['record type "brand-new-kind"']);
    expect(odd.entries).toHaveLength(3);
  });
  it("the metadata records new in 2.1.337's table (api-request-route, denial-counts) are bookkeeping: no entry, nothing unknown, the leaf unmoved", async () => {
    const id = "0c4091f5-0000-4000-8000-000000000000";
    const bookkeeping = [
      { type: "api-request-route", provider: "firstParty", credential: "login", sessionId: id },
      { type: "denial-counts", sessionId: id, consecutive: 1, total: 2 },
      { type: "api-request-route", provider: "other", credential: "key", sessionId: id },
      { type: "denial-counts", sessionId: id, consecutive: 0, total: 2 },
    ];
    const r = await readAll(write(`${id}.jsonl`, [lines[0], bookkeeping[0], lines[1], ...bookkeeping.slice(1)]));
    expect(r.entries.map((e) => e.entry.id)).toEqual(["u1", "a1"]);
    expect(r.facts.unknown).toBeUndefined();
    expect(r.facts.leafId ?? r.entries.at(-1)!.entry.id).toBe("a1");
  });
  it("is the newest entry when its chain reaches a message, or when no chain does", async () => {
    expect((await readAll(write("0c4091f1-0000-4000-8000-000000000000.jsonl", lines.slice(0, 3)))).facts.leafId).toBeUndefined();
    const orphans = [lines[3], { ...lines[3], uuid: "s3", parentUuid: "s2" }];
    expect((await readAll(write("0c4091f2-0000-4000-8000-000000000000.jsonl", orphans))).facts.leafId).toBeUndefined();
  });
});

describe("Claude Code discovery", () => {
  it("lists sessions, subagents and old-style sidechains under a projects dir, nothing else", async () => {
    const got = (await claudeDialect.sources(ROOT)).map((p) => relative(PROJECT, p));
    expect(got).toEqual([
      "11111111-1111-4111-8111-111111111111.jsonl",
      "22222222-2222-4222-8222-222222222222.jsonl",
      "33333333-3333-4333-8333-333333333333.jsonl",
      "44444444-4444-4444-8444-444444444444.jsonl",
      "55555555-5555-4555-8555-555555555555.jsonl",
      "66666666-6666-4666-8666-666666666666.jsonl",
      "77777777-7777-4777-8777-777777777777.jsonl",
      "77777777-7777-4777-8777-777777777777/subagents/agent-a1b2c3d4e5f6a7b8c.jsonl",
      "88888888-8888-4888-8888-888888888888.jsonl",
      "99999999-9999-4999-8999-999999999999.jsonl",
      "agent-0f1e2d3c.jsonl",
    ]);
    for (const p of await claudeDialect.sources(ROOT)) expect(claudeDialect.claims(p)).toBe(true);
  });

  it("claims Claude Code's places by name, not pi's or other files", () => {
    expect(claudeDialect.claims("/h/.claude/projects/-h-p/0b1c2d3e-0000-4000-8000-000000000000.jsonl")).toBe(true);
    expect(claudeDialect.claims("/h/.claude/projects/-h-p/0b1c2d3e-0000-4000-8000-000000000000/subagents/workflows/wf_1/agent-a1.jsonl")).toBe(true);
    expect(claudeDialect.claims("/h/.pi/agent/sessions/--h-p--/2026-01-01T00-00-00-000Z_0b1c2d3e.jsonl")).toBe(false);
    expect(claudeDialect.claims("/h/.claude/projects/-h-p/notes.jsonl")).toBe(false);
    expect(claudeDialect.claims("/h/.claude/projects/-h-p/0b1c2d3e-0000-4000-8000-000000000000.json")).toBe(false);
  });

  it("roots: CLAUDE_CONFIG_DIR (a comma list) replaces the defaults; every place is named, the ones that exist are scanned", () => {
    const home = mkdtempSync(join(tmpdir(), "omps-claude-home-"));
    for (const d of [".claude/projects", ".config/claude/projects", "a/projects", "b/projects"]) mkdirSync(join(home, d), { recursive: true });
    expect(claudeDialect.defaultRoots({}, home)).toEqual([join(home, ".config/claude/projects"), join(home, ".claude/projects")]);
    const list = { CLAUDE_CONFIG_DIR: `${join(home, "a")}, ${join(home, "missing")},${join(home, "b/projects")}` };
    expect(claudeDialect.defaultRoots(list, home)).toEqual([join(home, "a/projects"), join(home, "missing/projects"), join(home, "b/projects")]);
    expect(claudeRoots(list, home)).toEqual([join(home, "a/projects"), join(home, "b/projects")]);
    expect(claudeDialect.defaultRoots({ CLAUDE_CONFIG_DIR: "~/a" }, home)).toEqual([join(home, "a/projects")]);
    const bare = mkdtempSync(join(tmpdir(), "omps-claude-none-"));
    expect(claudeDialect.defaultRoots({}, bare)).toEqual([join(bare, ".config/claude/projects"), join(bare, ".claude/projects")]);
    expect(claudeRoots({}, bare)).toEqual([]);
  });
});
