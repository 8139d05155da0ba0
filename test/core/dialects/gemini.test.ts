import { join } from "node:path";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { geminiDialect } from "../../../src/core/session/read/dialects/gemini/index.js";
import { jsonDocumentRecords } from "../../../src/core/session/read/dialects/gemini/json-document.js";
import { readFileSync } from "node:fs";
import { checkExpect, readSession } from "./drive.js";

const GEMINI = join(import.meta.dirname, "../../fixtures/agents/gemini");
const TMP = join(GEMINI, "tmp");
const JSON_DOC = join(TMP, "tide/chats/session-2025-09-14T09-30-a1b2c3d4.json");
const JSONL = join(TMP, "tide/chats/session-2026-11-28T14-02-5f0c2a1e.jsonl");
const SUB = join(TMP, "tide/chats/5f0c2a1e-7d3b-4c21-9e8f-0a1b2c3d4e5f/codebase-investigator-7f3e.jsonl");
const DAMAGED = join(TMP, "59c0704cae1a598f2252472e0603debba6c5db922a006fe521e3aa440cde5d20/chats/session-2025-06-01T10-00-deadbeef.json");
const expectOf = (f: string): string => f.replace(/\.jsonl?$/, ".expect.json");

describe("Gemini CLI dialect", () => {
  it.each([
    ["the one-document .json form", JSON_DOC],
    ["the .jsonl log with rewritten messages and a rewind", JSONL],
    ["a subagent's chat", SUB],
    ["a damaged .json in a hash-named project folder", DAMAGED],
  ])("reads %s as expected", async (_what, file) => {
    checkExpect(geminiDialect, await readSession(geminiDialect, file), expectOf(file));
  });

  it("finds the chats under ~/.gemini/tmp ($GEMINI_CLI_HOME stands in for home)", async () => {
    expect(geminiDialect.defaultRoots({}, "/home/u")).toEqual(["/home/u/.gemini/tmp"]);
    expect(geminiDialect.defaultRoots({ GEMINI_CLI_HOME: "/srv/g" }, "/home/u")).toEqual(["/srv/g/.gemini/tmp"]);
    expect(await geminiDialect.sources(TMP)).toEqual([DAMAGED, SUB, JSON_DOC, JSONL]);
    for (const f of [DAMAGED, SUB, JSON_DOC, JSONL]) expect(geminiDialect.claims(f)).toBe(true);
    expect(geminiDialect.claims(expectOf(JSONL))).toBe(false);
    expect(geminiDialect.claims(join(TMP, "tide/logs.json"))).toBe(false);
  });

  it("lists a resumed .json chat once, as the .jsonl it went on in", async () => {
    const root = mkdtempSync(join(tmpdir(), "gemini-tmp-"));
    const chats = join(root, "p/chats");
    mkdirSync(chats, { recursive: true });
    writeFileSync(join(chats, "session-2025-01-01T00-00-aaaaaaaa.json"), "{}");
    writeFileSync(join(chats, "session-2025-01-01T00-00-aaaaaaaa.jsonl"), "{}\n");
    writeFileSync(join(chats, "session-2025-01-02T00-00-bbbbbbbb.json"), "{}");
    expect(await geminiDialect.sources(root)).toEqual([join(chats, "session-2025-01-01T00-00-aaaaaaaa.jsonl"), join(chats, "session-2025-01-02T00-00-bbbbbbbb.json")]);
  });

  it("lists a chat Gemini copied from the old hash-named folder to the short-name one once, there; the old folder's other chats get the path by their projectHash", async () => {
    const root = mkdtempSync(join(tmpdir(), "gemini-moved-"));
    // Gemini hashed the path as it had it; .project_root holds it lowercased (Windows).
    const hash = createHash("sha256").update("C:\\Users\\dev\\app").digest("hex");
    const old = join(root, hash, "chats");
    const named = join(root, "app", "chats");
    mkdirSync(old, { recursive: true });
    mkdirSync(named, { recursive: true });
    writeFileSync(join(root, "app", ".project_root"), "c:\\users\\dev\\app");
    const doc = (sessionId: string, startTime: string): string => JSON.stringify({ sessionId, projectHash: hash, startTime, lastUpdated: startTime, messages: [] }, null, 2);
    // Copied, then carried on in the short-name folder as a .jsonl.
    const copiedOld = join(old, "session-2026-01-10T10-00-aaaaaaaa.json");
    const copiedNew = join(named, "session-2026-01-10T10-00-aaaaaaaa.jsonl");
    writeFileSync(copiedOld, doc("aaaaaaaa-0000-4000-8000-000000000001", "2026-01-10T10:00:05.000Z"));
    writeFileSync(copiedNew, `${JSON.stringify({ sessionId: "aaaaaaaa-0000-4000-8000-000000000001", projectHash: hash, startTime: "2026-01-10T10:00:05.000Z" })}\n`);
    // Only in the old folder.
    const oldOnly = join(old, "session-2026-01-09T09-00-bbbbbbbb.json");
    writeFileSync(oldOnly, doc("bbbbbbbb-0000-4000-8000-000000000002", "2026-01-09T09:00:01.000Z"));
    // The same name in both, but not the same chat (another start): both are listed.
    const otherOld = join(old, "session-2026-01-11T11-00-cccccccc.json");
    const otherNew = join(named, "session-2026-01-11T11-00-cccccccc.json");
    writeFileSync(otherOld, doc("cccccccc-0000-4000-8000-000000000003", "2026-01-11T11:00:01.000Z"));
    writeFileSync(otherNew, doc("cccccccc-0000-4000-8000-000000000003", "2026-01-11T11:00:09.000Z"));
    expect((await geminiDialect.sources(root)).sort()).toEqual([copiedNew, oldOnly, otherOld, otherNew].sort());
    expect((await readSession(geminiDialect, oldOnly)).facts.cwd).toBe("c:\\users\\dev\\app");
    expect((await readSession(geminiDialect, copiedNew)).facts.cwd).toBe("c:\\users\\dev\\app");
  });

  it("an older release's built-in agent chat under its caller's session id is named by its question and is the caller's subagent", async () => {
    const chats = join(mkdtempSync(join(tmpdir(), "gemini-helper-")), "p", "chats");
    mkdirSync(chats, { recursive: true });
    const id = "17593cc4-0000-4000-8000-000000000001";
    const doc = (sessionId: string, startTime: string, text: string): string => JSON.stringify({ sessionId, projectHash: "h", startTime, messages: [{ id: `u-${startTime}`, type: "user", timestamp: startTime, content: text }] }, null, 2);
    const caller = join(chats, "session-2026-01-27T20-23-17593cc4.json");
    const helper = join(chats, "session-2026-01-27T20-25-17593cc4.json");
    // Earlier, with the same id prefix but another session: not the caller.
    const other = join(chats, "session-2026-01-27T20-24-17593cc4.json");
    writeFileSync(caller, doc(id, "2026-01-27T20:23:08.915Z", "ls"));
    writeFileSync(other, doc("17593cc4-9999-4000-8000-000000000009", "2026-01-27T20:24:00.000Z", "hello"));
    writeFileSync(helper, doc(id, "2026-01-27T20:25:33.800Z", "Your task is to answer the following question about Gemini CLI:\n<question>\nhow to use a gemini cli tool?\n</question>"));
    const read = await readSession(geminiDialect, helper);
    expect([read.facts.name, read.facts.subagent, read.facts.parentSession]).toEqual(["how to use a gemini cli tool?", true, caller]);
    const own = await readSession(geminiDialect, caller);
    expect([own.facts.name, own.facts.subagent ?? false, own.facts.parentSession]).toEqual([null, false, null]);
    // With no caller's chat there: named by its objective's first line, no parent.
    const alone = join(chats, "session-2026-02-28T17-09-dfa3e7bd.json");
    writeFileSync(
      alone,
      doc("dfa3e7bd-0000-4000-8000-000000000002", "2026-02-28T17:09:00.000Z", "Your task is to do a deep investigation of the codebase for the following user objective:\n<objective>\nFind the calendar code.\nThen the API.\n</objective>"),
    );
    const lone = await readSession(geminiDialect, alone);
    expect([lone.facts.name, lone.facts.subagent ?? false, lone.facts.parentSession]).toEqual(["Find the calendar code.", false, null]);
  });

  it("lists a subagent's chat written as one .json document, linked to its parent and named by the response its summary holds", async () => {
    const root = mkdtempSync(join(tmpdir(), "gemini-sub-json-"));
    const parentId = "b1f31681-4b57-4337-8bc5-ac73580f752a";
    const chats = join(root, "p/chats");
    const sub = join(chats, parentId, "tl63m8.json");
    mkdirSync(join(chats, parentId), { recursive: true });
    const main = join(chats, "session-2026-04-20T04-27-b1f31681.json");
    writeFileSync(main, JSON.stringify({ sessionId: parentId, projectHash: "h", startTime: "2026-04-20T04:27:00.000Z", messages: [] }));
    // As Gemini wrote it: the subagent's JSON answer, cut short.
    const summary = JSON.stringify({ response: "Memory operations completed:\n\n1. saved the notes to the vault" }, null, 2).slice(0, 60) + "...";
    const message = { id: "m1", type: "user", timestamp: "2026-04-20T04:28:00.000Z", content: [{ text: "save the notes" }] };
    writeFileSync(sub, JSON.stringify({ sessionId: "tl63m8", kind: "subagent", projectHash: "h", startTime: "2026-04-20T04:28:00.000Z", summary, messages: [message] }));
    expect(await geminiDialect.sources(root)).toEqual([sub, main]);
    const read = await readSession(geminiDialect, sub);
    expect(read.facts.name).toBe("Memory operations completed:\n\n1. saved th...");
    expect(read.facts.parentSession).toBe(main);
  });

  it("names a subagent's .jsonl chat by its task when its summary is another JSON answer (the CLI help agent's, the codebase investigator's)", async () => {
    // The shape of a real 0.4x-0.6x home (kind "subagent", the summary $set last, as Gemini writes it after the answer).
    const root = mkdtempSync(join(tmpdir(), "gemini-sub-answer-"));
    const parentId = "9932fcca-0000-4000-8000-000000000001";
    const chats = join(root, "coach/chats");
    mkdirSync(join(chats, parentId), { recursive: true });
    const main = join(chats, "session-2026-06-11T21-54-9932fcca.jsonl");
    writeFileSync(main, JSON.stringify({ sessionId: parentId, projectHash: "h", startTime: "2026-06-11T21:54:00.000Z", kind: "main" }) + "\n");
    const line = (o: unknown): string => JSON.stringify(o) + "\n";
    const cases = [
      [
        "Your task is to answer the following question about Gemini CLI:\n<question>\nHow do I upgrade the Gemini CLI?\nGive the commands.\n</question>",
        { sources: ["releases.md"], answer: "To upgrade the Gemini CLI, run npm install -g" },
        "How do I upgrade the Gemini CLI?",
      ],
      [
        "Your task is to do a deep investigation of the codebase for the following user objective:\n<objective>\nAudit the Django project.\n</objective>",
        { SummaryOfFindings: "The views divide by zero", RelevantLocations: [] },
        "Audit the Django project.",
      ],
    ] as const;
    for (const [i, [task, answer, name]] of cases.entries()) {
      const sub = join(chats, parentId, `f3c9082f-0000-4000-8000-00000000000${i}.jsonl`);
      const summary = JSON.stringify(answer, null, 2).slice(0, 50) + "...";
      writeFileSync(
        sub,
        line({ sessionId: `f3c9082f-0000-4000-8000-00000000000${i}`, projectHash: "h", startTime: "2026-06-11T22:04:46.869Z", lastUpdated: "2026-06-11T22:04:46.869Z", kind: "subagent", directories: ["/home/u/coach"] }) +
          line({ id: "u1", timestamp: "2026-06-11T22:04:46.870Z", type: "user", content: [{ text: task }] }) +
          line({ $set: { lastUpdated: "2026-06-11T22:04:46.870Z" } }) +
          line({ id: "g1", timestamp: "2026-06-11T22:05:42.299Z", type: "gemini", content: "the answer", thoughts: [], tokens: { input: 10, output: 2, cached: 0, thoughts: 0, tool: 0, total: 12 }, model: "gemini-3-flash-preview" }) +
          line({ $set: { summary } }),
      );
      const read = await readSession(geminiDialect, sub);
      expect([read.facts.name, read.facts.subagent, read.facts.parentSession]).toEqual([name, true, main]);
    }
  });

  it("a user record of function responses is no prompt: bookkeeping after the calls' own results, the results themselves in a compressed history", async () => {
    // The shapes of a real 0.4x-0.6x home (sweep 11): each result recorded twice, and a $set history in the API's parts.
    const root = mkdtempSync(join(tmpdir(), "gemini-fr-"));
    const chats = join(root, "p/chats");
    mkdirSync(chats, { recursive: true });
    const file = join(chats, "session-2026-06-15T15-56-295bad61.jsonl");
    const line = (o: unknown): string => JSON.stringify(o) + "\n";
    const t = "2026-06-15T15:56:00.000Z";
    const response = (id: string, name: string, output: string) => ({ functionResponse: { id, name, response: { output } } });
    writeFileSync(
      file,
      line({ sessionId: "295bad61-0000-4000-8000-000000000001", projectHash: "h", startTime: t, lastUpdated: t, kind: "main" }) +
        line({ id: "u1", timestamp: t, type: "user", content: [{ text: "find the button" }] }) +
        line({
          id: "g1",
          timestamp: t,
          type: "gemini",
          content: "",
          toolCalls: [{ id: "c1", name: "grep_search", args: { pattern: "Invest" }, result: [response("c1", "grep_search", "No matches found")], status: "success", timestamp: t }],
        }) +
        line({ id: "f1", timestamp: t, type: "user", content: [response("c1", "grep_search", "No matches found")] }) +
        line({ id: "g2", timestamp: t, type: "gemini", content: "None there." }) +
        line({
          $set: {
            messages: [
              { id: "u1", timestamp: t, type: "user", content: [{ text: "find the button" }] },
              { id: "g3", timestamp: t, type: "gemini", content: [{ thoughtSignature: "x", functionCall: { id: "c2", name: "read_file", args: { file_path: "views.py" } } }] },
              { id: "f2", timestamp: t, type: "user", content: [response("c2", "read_file", "from django import x")] },
            ],
          },
        }) +
        line({ id: "g4", timestamp: t, type: "gemini", content: "Read it." }),
    );
    const read = await readSession(geminiDialect, file);
    const entries = read.entries.map((d) => d.entry);
    const kinds = entries.map((e) => (e.type === "custom" ? String(e.customType) : String((e.message as { role?: string } | undefined)?.role)));
    expect(kinds).toEqual(["user", "assistant", "toolResult", "gemini_function_responses", "assistant", "gemini_replace", "user", "assistant", "toolResult", "assistant"]);
    const replaced = entries.slice(kinds.indexOf("gemini_replace") + 1);
    expect((replaced[1].message as { content: unknown[] }).content).toEqual([{ type: "toolCall", id: "c2", name: "read_file", arguments: { file_path: "views.py" } }]);
    expect(replaced[2].message).toMatchObject({ role: "toolResult", toolCallId: "c2", toolName: "read_file", content: [{ type: "text", text: "from django import x" }], isError: false });
  });

  it("streams a .json chat: each message's bytes alone are that message", async () => {
    const bytes = readFileSync(JSON_DOC);
    const got: unknown[] = [];
    for await (const r of jsonDocumentRecords(JSON_DOC)) {
      if ("warning" in r) throw new Error(r.warning);
      if (r.origin.line === 0) continue;
      expect(JSON.parse(bytes.toString("utf8", r.origin.offset, r.origin.offset + r.origin.length))).toEqual(r.value);
      got.push(r.value);
    }
    expect(got).toEqual(JSON.parse(bytes.toString("utf8")).messages);
  });

  it("reads a message that spans the reader's chunks", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gemini-big-"));
    const f = join(dir, "chats/session-big.json");
    mkdirSync(join(dir, "chats"));
    const big = 'x"\\{['.repeat(700_000);
    writeFileSync(
      f,
      JSON.stringify({
        sessionId: "s",
        projectHash: "h",
        startTime: "2025-01-01T00:00:00.000Z",
        messages: [
          { id: "m1", timestamp: "2025-01-01T00:00:01.000Z", type: "user", content: big },
          { id: "m2", timestamp: "2025-01-01T00:00:02.000Z", type: "gemini", content: "ok" },
        ],
        summary: "big one",
      }),
    );
    const r = await readSession(geminiDialect, f);
    expect(r.warnings).toEqual([]);
    expect(r.facts).toMatchObject({ id: "s", name: "big one" });
    expect(((r.entries[0].entry.message as any).content[0].text as string).length).toBe(big.length);
    expect(r.entries.map((e) => e.entry.id)).toEqual(["m1", "m2"]);
  });

  it("gives a warning, not a crash, for a file that is not a chat", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gemini-bad-"));
    mkdirSync(join(dir, "chats"));
    const f = join(dir, "chats/session-garbage.json");
    writeFileSync(f, "garbage, not json");
    const r = await readSession(geminiDialect, f);
    expect(r.entries).toEqual([]);
    expect(r.warnings).toHaveLength(1);
    expect(r.facts.id).toBe("");
  });

  it("keeps tool calls' arguments and results, and thoughts as thinking", async () => {
    const { entries } = await readSession(geminiDialect, JSONL);
    const g1 = entries.find((d) => d.entry.id.endsWith("g1"))!.entry.message as any;
    expect(g1.content[0]).toEqual({ type: "thinking", thinking: "**Reading the parser**\nOpen src/table.ts and look at the loop." });
    expect(g1.content[1]).toEqual({ type: "toolCall", id: "read_file-1764338746000-0", name: "read_file", arguments: { absolute_path: "/home/dev/projects/tide/src/table.ts" } });
    const res = entries.find((d) => d.entry.id.endsWith("g1/read_file-1764338746000-0"))!.entry.message as any;
    expect(res.content[0].text).toMatch(/^export function parseTable/);
    const cancelled = entries.find((d) => d.entry.id.endsWith("/replace-1764338766000-0"))!.entry.message as any;
    expect(cancelled.content[0].text).toMatch(/Operation Cancelled/);
  });
});

describe("Gemini CLI checkpoints and rewinds", () => {
  it("a $set of messages replaces the list (a mark, then the listed messages, known ones as copies); a rewind to an unknown id starts afresh", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gemini-ckpt-"));
    mkdirSync(join(dir, "chats"));
    const f = join(dir, "chats/session-2026-01-01T00-00-ckpt0001.jsonl");
    const m = (id: string, type: string, text: string) => ({ id, timestamp: "2026-01-01T00:00:01.000Z", type, content: [{ text }] });
    writeFileSync(
      f,
      [
        { sessionId: "ckpt", projectHash: "h", startTime: "2026-01-01T00:00:00.000Z" },
        m("a", "user", "hi"),
        m("b", "gemini", "hello"),
        { $set: { messages: [m("a", "user", "hi"), m("b", "gemini", "hello"), m("s", "user", "summary of earlier turns")] } },
        m("c", "gemini", "after the checkpoint"),
        { $rewindTo: "nowhere" },
        m("d", "user", "a fresh start"),
      ]
        .map((o) => JSON.stringify(o))
        .join("\n") + "\n",
    );
    const { entries, warnings } = await readSession(geminiDialect, f);
    expect(warnings).toEqual([]);
    expect(entries.map((d) => [d.entry.id, d.entry.parentId])).toEqual([
      ["a", null],
      ["b", "a"],
      ["$set@4", "b"],
      ["a@4", "$set@4"],
      ["b@4", "a@4"],
      ["s", "b@4"],
      ["c", "s"],
      ["d", null],
    ]);
  });
});
