// A session's title is the words its user typed, not text an IDE extension or
// the harness put in the user's message: Claude Code's IDE blocks
// (`<ide_opened_file>…` before the prompt, in VS Code and JetBrains), Codex's
// IDE context before `## My request for Codex:`, Claude Code's task
// notifications, its prompt suggestion helper's question and its interrupt
// notes. The tree shows the IDE's blocks as short marks after the typed words;
// the list row (cold and warm) says what the tree says.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTEXT_TAGS, ECHO_TAGS, commandEchoRow, isCommandEcho, typedText, userRow } from "../../../src/core/session/text/command-echo.js";
import { userWords } from "../../../src/core/capture/feedback-injected.js";
import { INJECTED_PREFIXES as CODEX_INJECTED } from "../../../src/core/session/read/dialects/codex/items.js";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { claudeTranscript } from "../../helpers/session-lines.js";
import { runCli } from "../../helpers/run-cli.js";

const opened = "<ide_opened_file>The user opened the file c:\\Users\\dev\\app\\src\\main.ts in the IDE. This may or may not be related to the current task.</ide_opened_file>";
const selected = "<ide_selection>The user selected the lines 3 to 9 from /home/dev/app/src/parse.ts:\nconst x = 1;\n\nThis may or may not be related to the current task.</ide_selection>";
const codexIde = "# Context from my IDE setup:\n\n## Active file: src/main.ts\n\n## Open tabs:\n- main.ts: src/main.ts\n\n## My request for Codex:\nwhy does the build fail?\n";
const notification =
  '<task-notification>\n<task-id>a1</task-id>\n<status>completed</status>\n<summary>Agent "Review the parser" completed</summary>\n<result>Two issues.</result>\n</task-notification>\nFull transcript available at: /tmp/claude-0/tasks/a1.output';
// a background shell command's end (Claude Code 2.1.1xx; the shape of a real transcript's, names changed)
const shellNote =
  '<bash-notification>\n<shell-id>b7c1d2e</shell-id>\n<output-file>/tmp/claude/tasks/b7c1d2e.output</output-file>\n<status>killed</status>\n<summary>Background command "Watch the tests" was killed.</summary>\nRead the output file to retrieve the output.\n</bash-notification>';
// Gemini CLI's record of a `!` shell command (its shellCommandProcessor writes it into the history as a user message)
const geminiShell = "I ran the following shell command:\n```sh\ngit diff --stat\n```\n\nThis produced the following result:\n```\n app/routes.py | 1 +\n 1 file changed\n```";
const suggestion = "[SUGGESTION MODE: Suggest what the user might naturally type next into Claude Code.]\n\nFIRST: Look at the user's recent messages.";

describe("text the harness put in a user message", () => {
  it("is left out of the typed words", () => {
    expect(typedText(`${opened} ${selected} is this right?`)).toBe("is this right?");
    expect(typedText(`<system-reminder>The file changed.</system-reminder>\nfix it`)).toBe("fix it");
    expect(typedText(codexIde)).toBe("why does the build fail?");
    expect(typedText("# Files mentioned by the user:\n\n## a.png: /tmp/a.png\n\n## My request for Codex:\nwhat is in the picture")).toBe("what is in the picture");
    // typed words are kept as they are
    for (const t of ["fix the parser", "# Plan\n\nstep one", "<b>bold</b> text", "a ## My request for Codex: b"]) expect(typedText(t), t).toBe(t);
  });

  it("alone, reads as a short mark", () => {
    expect(commandEchoRow(opened)).toBe("[ide: opened main.ts]");
    expect(commandEchoRow(`${opened}\n${selected}`)).toBe("[ide: opened main.ts] [ide: lines 3-9 of parse.ts]");
    expect(commandEchoRow("<ide_diagnostics>[]</ide_diagnostics>")).toBe("[ide: diagnostics]");
    expect(commandEchoRow(notification)).toBe('[task notification] Agent "Review the parser" completed');
    expect(commandEchoRow(shellNote)).toBe('[shell notification] Background command "Watch the tests" was killed.');
    expect(commandEchoRow("<bash-notification>\n<status>completed</status>\n</bash-notification>")).toBe("[shell notification] completed");
    expect(userWords(shellNote)).toBe("");
    expect(commandEchoRow(geminiShell)).toBe("[! git diff --stat]");
    expect(userRow(geminiShell)).toBe("[! git diff --stat]");
    expect(userWords(geminiShell)).toBe("");
    // typed words that start the same way are typed words
    for (const t of ["I ran the following shell command: ls, and it failed", "I think the parser is wrong <b>here</b>"]) {
      expect(isCommandEcho(t), t).toBe(false);
      expect(userRow(t), t).toBeNull();
    }
    expect(commandEchoRow(suggestion)).toBe("[prompt suggestion]");
    expect(commandEchoRow("[Request interrupted by user for tool use]")).toBe("[Request interrupted by user for tool use]");
    for (const t of ["[Request interrupted by user] and then fix it", "[image] what is this", "<task-notification>unclosed", "<bash-notification>unclosed", "<bash-notification>x</task-notification>"])
      expect(isCommandEcho(t), t).toBe(false);
  });

  it("is never feedback either: capture leaves out every block a title leaves out", () => {
    for (const t of [...ECHO_TAGS, ...CONTEXT_TAGS]) expect(userWords(`<${t}>x</${t}> fix the parser`), t).toBe("fix the parser");
    // Codex's context before its request heading: capture reads the request a title is made of, as typed or as the hook gets it (whitespace made one space)
    const files = "# Files mentioned by the user:\n\n## a.png: /tmp/a.png\n\n## My request for Codex:\nwhat is in the picture";
    for (const t of [codexIde, files, "a ## My request for Codex: b", "# Plan\n\nstep one"]) {
      expect(userWords(t), t).toBe(typedText(t).replace(/\s+/g, " ").trim());
      expect(userWords(t.replace(/\s+/g, " ")), t).toBe(typedText(t).replace(/\s+/g, " ").trim());
    }
    expect(userWords("# Context from my IDE setup:\n\n## Active file: a.ts\n\n## My request for Codex:\n")).toBe("");
    // every message the Codex reader takes for Codex's context is injected text to capture too
    for (const p of CODEX_INJECTED) expect(userWords(`${p}\nno, that is wrong: still errors\n`), p).toBe("");
  });

  it("beside typed words, follows them as a mark in the tree row", () => {
    expect(userRow(`${opened} is this right?`)).toBe("user: is this right? [ide: opened main.ts]");
    expect(userRow(codexIde)).toBe("user: why does the build fail? [ide context]");
    expect(userRow("fix the parser")).toBeNull();
  });

  it("the files the desktop app's local agent mode lists with a prompt (<uploaded_files>) are its text: a mark, never a title or feedback", () => {
    // The shape of a real 2.1.128 local-agent transcript (sweep 11), paths anonymised.
    const file = (name: string) =>
      `<file><file_path>C:\\Users\\u\\AppData\\Roaming\\Claude\\local-agent-mode-sessions\\s\\uploads\\6c00f69d-b14f-4f54-b152-b0cbe7a3bca5-1778177277449_${name}</file_path><file_uuid>b7c0fd04-f3ec-43ee-868a-b69f2194f36b</file_uuid></file>`;
    const two = `<uploaded_files>\n${file("cv.docx")}\n${file("photo one.png")}\n</uploaded_files>\n\n`;
    expect(isCommandEcho(two)).toBe(true);
    expect(commandEchoRow(two)).toBe("[uploaded: 2 files]");
    const one = `<uploaded_files>\n${file("cv.docx")}\n</uploaded_files>\nmake my site from this`;
    expect(typedText(one)).toBe("make my site from this");
    expect(userRow(one)).toBe("user: make my site from this [uploaded: cv.docx]");
    expect(userWords(one)).toBe("make my site from this");
  });
});

const sid = "6a7b8c9d-0000-4000-8000-000000000001";
const base = { isSidechain: false, sessionId: sid, cwd: "/home/dev/app", version: "2.1.68", userType: "external" };
const at = (s: number): string => `2026-06-01T10:00:${String(s).padStart(2, "0")}.000Z`;
const reply = (uuid: string, parentUuid: string, s: number) => ({
  ...base,
  parentUuid,
  type: "assistant",
  uuid,
  requestId: `r-${uuid}`,
  timestamp: at(s),
  message: { id: `m-${uuid}`, role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: "Yes." }], stop_reason: "end_turn" },
});

async function listed(configDir: string, file: string): Promise<string[]> {
  const env = { ...process.env, HOME: mkdtempSync(join(tmpdir(), "omps-title-home-")), CLAUDE_CONFIG_DIR: configDir, OMP_SESSIONS_CACHE_DIR: mkdtempSync(join(tmpdir(), "omps-title-cache-")) };
  const out: string[] = [];
  for (let pass = 0; pass < 2; pass++) {
    // cold, then warm
    const rows = JSON.parse((await runCli(["ls", "--all", "--json"], { env })).stdout) as { path: string; firstMessage: string }[];
    out.push(rows.find((r) => r.path === file)?.firstMessage ?? "(not listed)");
  }
  return out;
}

describe("a Claude Code session in VS Code", () => {
  it("is called by the prompt typed after the IDE's blocks, in the tree and the list; the tree row leads with it", async () => {
    const lines = [
      {
        ...base,
        parentUuid: null,
        type: "user",
        uuid: "u1",
        timestamp: at(1),
        message: {
          role: "user",
          content: [
            { type: "text", text: opened },
            { type: "text", text: "is this parser right?" },
          ],
        },
      },
      reply("a1", "u1", 2),
      { ...base, parentUuid: "a1", type: "user", uuid: "u2", timestamp: at(3), message: { role: "user", content: [{ type: "text", text: selected }] } },
    ];
    const { file, configDir } = claudeTranscript(`${sid}.jsonl`, lines);
    const s = await loadSession(file);
    expect(s.firstMessage).toBe("is this parser right?");
    expect(s.entries.find((e) => e.id === "u1")?.summary).toBe("user: is this parser right? [ide: opened main.ts]");
    expect(s.entries.find((e) => e.id === "u2")?.summary).toBe("[ide: lines 3-9 of parse.ts]");
    expect(await listed(configDir, file)).toEqual(["is this parser right?", "is this parser right?"]);
  });
});

describe("a file attached in Claude Code's VS Code extension (a document block)", () => {
  it("is no typed word: the title is the text typed beside it (as Claude Code's is), the row marks the file, the context keeps its text", async () => {
    // The shape of a real 2.1.117 transcript (sweep 9): the attached file's text (here garbled by the sender) titled the session.
    const doc = { type: "document", source: { type: "text", media_type: "text/plain", data: "# PRD \u00e2\u0080\u0094 ride dispatch\n\n| version | v1.0 |" }, title: "01_PRD_draft.md" };
    const lines = [
      { ...base, parentUuid: null, type: "user", uuid: "u1", timestamp: at(1), message: { role: "user", content: [doc, { type: "text", text: "build me a platform" }] } },
      reply("a1", "u1", 2),
      { ...base, parentUuid: "a1", type: "user", uuid: "u2", timestamp: at(3), message: { role: "user", content: [{ ...doc, title: "notes.md" }] } },
    ];
    const { file, configDir } = claudeTranscript(`${sid}.jsonl`, lines);
    const s = await loadSession(file);
    expect(s.firstMessage).toBe("build me a platform");
    expect(s.entries.find((e) => e.id === "u1")?.summary).toBe("user: [document: 01_PRD_draft.md] build me a platform");
    expect(s.entries.find((e) => e.id === "u2")?.summary).toBe("user: [document: notes.md]");
    expect(await listed(configDir, file)).toEqual(["build me a platform", "build me a platform"]);
    const ctx = await runCli(["context", "--json", file], { env: { ...process.env, CLAUDE_CONFIG_DIR: configDir } });
    expect(JSON.parse(ctx.stdout).messages[0].content[0].text).toContain("| version | v1.0 |");
    // a transcript whose only prompt is an attached file: called by its row, as an echo is, not by the file's text
    const { file: only } = claudeTranscript(
      `${sid}.jsonl`,
      lines.slice(2).map((l) => ({ ...l, parentUuid: null })),
    );
    expect((await loadSession(only)).firstMessage).toBe("");
  });
});

describe("Claude Code's helper transcripts", () => {
  it("a compaction helper that starts with a task notification is called past it, and by it when nothing was typed", async () => {
    const lines = [
      { ...base, parentUuid: null, type: "user", uuid: "u1", timestamp: at(1), message: { role: "user", content: notification } },
      reply("a1", "u1", 2),
      { ...base, parentUuid: "a1", type: "user", uuid: "u2", timestamp: at(3), message: { role: "user", content: "continue" } },
    ];
    const { file } = claudeTranscript(`${sid}.jsonl`, lines);
    const s = await loadSession(file);
    expect(s.firstMessage).toBe("continue");
    expect(s.entries.find((e) => e.id === "u1")?.summary).toBe('[task notification] Agent "Review the parser" completed');
    const { file: only } = claudeTranscript(`${sid}.jsonl`, lines.slice(0, 2));
    expect((await loadSession(only)).firstMessage).toBe('[task notification] Agent "Review the parser" completed');
  });

  it("a background shell command's report is no prompt: the session is called by what was typed after it, in the tree and the list", async () => {
    const lines = [
      { ...base, parentUuid: null, type: "user", uuid: "u1", timestamp: at(1), message: { role: "user", content: shellNote } },
      reply("a1", "u1", 2),
      { ...base, parentUuid: "a1", type: "user", uuid: "u2", timestamp: at(3), message: { role: "user", content: "run them again" } },
    ];
    const { file, configDir } = claudeTranscript(`${sid}.jsonl`, lines);
    const s = await loadSession(file);
    expect(s.firstMessage).toBe("run them again");
    expect(s.entries.find((e) => e.id === "u1")?.summary).toBe('[shell notification] Background command "Watch the tests" was killed.');
    expect(await listed(configDir, file)).toEqual(["run them again", "run them again"]);
  });

  it("a line saved to memory with the # shortcut reads as it was typed, `# NOTE`, in the title, the row and the list", async () => {
    const note = "<user-memory-input>always use pnpm, never npm</user-memory-input>";
    expect(typedText(note)).toBe("# always use pnpm, never npm");
    expect(userRow(note)).toBe("user: # always use pnpm, never npm");
    expect(isCommandEcho(note)).toBe(false);
    // only a whole turn of it, with words in it
    expect(typedText("<user-memory-input> </user-memory-input>")).toBe("<user-memory-input> </user-memory-input>");
    expect(typedText("see <user-memory-input>x</user-memory-input>")).toBe("see <user-memory-input>x</user-memory-input>");
    const lines = [
      { ...base, parentUuid: null, type: "user", uuid: "u1", timestamp: at(1), message: { role: "user", content: note } },
      { ...base, parentUuid: "u1", type: "user", uuid: "u2", timestamp: at(2), message: { role: "user", content: "fix the build" } },
      reply("a1", "u2", 3),
    ];
    const { file, configDir } = claudeTranscript(`${sid}.jsonl`, lines);
    const s = await loadSession(file);
    expect(s.firstMessage).toBe("# always use pnpm, never npm");
    expect(s.entries.find((e) => e.id === "u1")?.summary).toBe("user: # always use pnpm, never npm");
    expect(await listed(configDir, file)).toEqual(["# always use pnpm, never npm", "# always use pnpm, never npm"]);
  });

  it("a compaction helper (agent-acompact-*) is called by Claude Code's request as a row, not by the request's text", async () => {
    // The shape of a real Termux home (2.1.49-2.1.62): 360 of its 493 listed rows were compaction helpers, each titled
    // "Your task is to create a detailed summary of the conversation so far, …"; the first record answers a tool call.
    const request = "Your task is to create a detailed summary of the conversation so far, paying close attention to the user's explicit requests and your previous actions.\nThis summary should be thorough in capturing technical details.";
    const agent = { isSidechain: true, agentId: "acompact-0b4f47be107cc1be" };
    const { configDir } = claudeTranscript(`${sid}.jsonl`, [{ ...base, parentUuid: null, type: "user", uuid: "m1", timestamp: at(0), message: { role: "user", content: "fix the parser" } }, reply("m2", "m1", 1)]);
    const dir = join(configDir, "projects", "-x", sid, "subagents");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "agent-acompact-0b4f47be107cc1be.jsonl");
    const lines = [
      { ...base, ...agent, parentUuid: null, type: "user", uuid: "u0", timestamp: at(2), message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "" }] } },
      { ...base, ...agent, parentUuid: "u0", type: "user", uuid: "u1", timestamp: at(3), message: { role: "user", content: request } },
      { ...reply("a1", "u1", 4), ...agent },
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
    const s = await loadSession(file);
    expect(s.firstMessage).toBe("[compaction request]");
    expect(s.entries.find((e) => e.id === "u1")?.summary).toBe("[compaction request]");
    expect(await listed(configDir, file)).toEqual(["[compaction request]", "[compaction request]"]);
    expect(userWords(request)).toBe("");
    expect(userWords(request.replace(/\s+/g, " "))).toBe("");
    // the words typed about it are typed words
    expect(isCommandEcho("Your task is to create a detailed summary of the parser changes")).toBe(false);
  });

  it("a prompt suggestion helper is called [prompt suggestion], though its turn was interrupted", async () => {
    const lines = [
      { ...reply("a0", "x", 0), parentUuid: "x" },
      { ...base, parentUuid: "a0", type: "user", uuid: "u1", timestamp: at(1), message: { role: "user", content: suggestion } },
      { ...base, parentUuid: "u1", type: "user", uuid: "u2", timestamp: at(2), message: { role: "user", content: [{ type: "text", text: "[Request interrupted by user]" }] } },
    ];
    const { file, configDir } = claudeTranscript(`${sid}.jsonl`, lines);
    expect((await loadSession(file)).firstMessage).toBe("[prompt suggestion]");
    expect(await listed(configDir, file)).toEqual(["[prompt suggestion]", "[prompt suggestion]"]);
  });
});

/** A Gemini CLI home of one project (GEMINI_CLI_HOME holds `.gemini`, as a user's home does): its chats folder, and a session's title as `ls --json` lists it. */
function geminiHome(prefix: string): { chats: string; listedTitle: (file: string) => Promise<string | undefined> } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const chats = join(root, ".gemini", "tmp", "app", "chats");
  mkdirSync(chats, { recursive: true });
  writeFileSync(join(root, ".gemini", "tmp", "app", ".project_root"), "/home/dev/app");
  const env = { ...process.env, HOME: mkdtempSync(join(tmpdir(), "omps-title-home-")), GEMINI_CLI_HOME: root, OMP_SESSIONS_CACHE_DIR: mkdtempSync(join(tmpdir(), "omps-title-cache-")) };
  const listedTitle = async (file: string): Promise<string | undefined> => {
    const rows = JSON.parse((await runCli(["ls", "--all", "--json", "--agent", "gemini"], { env })).stdout) as { path: string; firstMessage: string }[];
    return rows.find((r) => r.path === file)?.firstMessage;
  };
  return { chats, listedTitle };
}

/** A timestamp `s` seconds into the Gemini sessions' minute. */
const geminiTime = (s: number): string => `2026-06-01T10:00:${String(s).padStart(2, "0")}.000Z`;

describe("a Gemini CLI session with a shell command run with `!`", () => {
  it("is called by the prompt typed after it, in the tree and the list; the command's record reads [! CMD]", async () => {
    const { chats, listedTitle } = geminiHome("omps-gemini-shell-");
    const t = geminiTime;
    const file = join(chats, "session-2026-06-01T10-00-5e11c0de.jsonl");
    const lines = [
      { sessionId: "5e11c0de-0000-4000-8000-000000000001", projectHash: "ab", startTime: t(0), lastUpdated: t(4) },
      { id: "u1", timestamp: t(1), type: "user", content: [{ text: geminiShell }] },
      { id: "u2", timestamp: t(2), type: "user", content: [{ text: "why is routes.py changed?" }] },
      { id: "g1", timestamp: t(3), type: "gemini", content: "A route was added.", model: "gemini-2.5-pro" },
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const s = await loadSession(file);
    expect(s.firstMessage).toBe("why is routes.py changed?");
    expect(s.entries.find((e) => e.id === "u1")?.summary).toBe("[! git diff --stat]");
    expect(await listedTitle(file)).toBe("why is routes.py changed?");
  });
});

describe("a Codex session from its IDE extension", () => {
  it("is called by the request after `## My request for Codex:`, in the tree and the list", async () => {
    const dir = mkdtempSync(join(tmpdir(), "omps-codex-ide-"));
    const id = "019e0243-0000-7000-8000-0000000000a1";
    const ts = "2026-05-07T11:47:50.000Z";
    const day = join(dir, "codex", "sessions", "2026", "05", "07");
    mkdirSync(day, { recursive: true });
    const file = join(day, `rollout-2026-05-07T19-47-28-${id}.jsonl`);
    const lines = [
      { timestamp: ts, type: "session_meta", payload: { id, timestamp: ts, cwd: "/home/dev/app", originator: "codex_vscode", cli_version: "0.128.0" } },
      { timestamp: ts, type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: codexIde }] } },
      { timestamp: ts, type: "event_msg", payload: { type: "user_message", message: codexIde, images: [] } },
      { timestamp: ts, type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "A missing import." }] } },
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const s = await loadSession(file);
    expect(s.firstMessage).toBe("why does the build fail?");
    expect(s.entries.map((e) => e.summary)).toContain("user: why does the build fail? [ide context]");
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: dir, CODEX_HOME: join(dir, "codex"), OMP_SESSIONS_CACHE_DIR: join(dir, "cache"), XDG_CONFIG_HOME: join(dir, "config"), XDG_DATA_HOME: join(dir, "data") };
    for (const k of ["CLAUDE_CONFIG_DIR", "GEMINI_CLI_HOME", "PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR"]) delete env[k];
    for (let pass = 0; pass < 2; pass++) {
      const rows = JSON.parse((await runCli(["ls", "--all", "--json"], { env })).stdout) as { path: string; firstMessage: string }[];
      expect(rows.find((r) => r.path === file)?.firstMessage, `pass ${pass}`).toBe("why does the build fail?");
    }
  });
});

// Codex 0.40's record of a custom prompt the user ran (spec-kit's /speckit.specify; the shape of a real rollout, text cut):
// the prompt file's whole text, its front matter first, sent as the user's message.
const specKit =
  "---\ndescription: Create or update the feature specification from a natural language feature description.\n---\n\n## User Input\n\n```text\n$ARGUMENTS\n```\n\nYou **MUST** consider the user input before proceeding (if not empty).\n\n## Outline\n\n1. Generate a concise short name.\n";

describe("a prompt file sent whole, and Claude Code's (no content)", () => {
  it("is the harness's text: an echo row, no typed words, never feedback (as typed or as the hook gets it)", () => {
    expect(isCommandEcho(specKit)).toBe(true);
    expect(commandEchoRow(specKit)).toBe("[custom prompt] Create or update the feature specification from a natural language feature description.");
    expect(userRow(specKit)).toBe(commandEchoRow(specKit));
    expect(commandEchoRow("---\nargument-hint: FILE\ndescription: 'Review a file'\n---\nReview $1\n")).toBe("[custom prompt] Review a file");
    expect(commandEchoRow(specKit.replace(/\n/g, "\r\n"))).toBe(commandEchoRow(specKit));
    expect(userWords(specKit.replace(/\n/g, "\r\n"))).toBe("");
    expect(commandEchoRow("(no content)")).toBe("[no content]");
    for (const t of [specKit, "---\nargument-hint: FILE\ndescription: Review a file\n---\nReview $1", "(no content)", " (no content)\n"]) {
      expect(userWords(t), t).toBe("");
      expect(userWords(t.replace(/\s+/g, " ")), t).toBe("");
    }
    // typed words that look alike are typed words, read in linear time (a pasted YAML line of many keys, a CRLF file)
    const yaml = "--- " + "key: value ".repeat(60) + "and no description";
    const crlf = "---\r\n" + "name: x\r\n".repeat(40) + "no closing line";
    for (const t of ["---\nthis is wrong, the description: field is missing", "--- no, use the other one", "(no content) is what it shows, fix that", "# Title\n\n---\ndescription: x\n---", yaml, crlf]) {
      expect(isCommandEcho(t), t).toBe(false);
      expect(userWords(t), t).not.toBe("");
    }
  });

  it("a Codex session that opens with one is called by the prompt typed after it, in the tree and the list", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codex-prompt-file-"));
    const sessions = join(dir, "sessions", "2025", "11", "10");
    mkdirSync(sessions, { recursive: true });
    const file = join(sessions, "rollout-2025-11-10T12-13-43-019a6bf8-0000-7000-8000-0000000000a1.jsonl");
    const at = (s: number, type: string, payload: object) => JSON.stringify({ timestamp: `2025-11-10T04:13:4${s}.000Z`, type, payload });
    const user = (s: number, text: string) => [at(s, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text }] }), at(s, "event_msg", { type: "user_message", message: text, images: [] })];
    const lines = [
      at(0, "session_meta", { id: "019a6bf8-0000-7000-8000-0000000000a1", cwd: "/p", originator: "codex_cli_rs", cli_version: "0.40.0" }),
      ...user(1, specKit),
      at(2, "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: "Which feature?" }] }),
      ...user(3, "a photo album app"),
    ];
    writeFileSync(file, lines.join("\n") + "\n");
    const s = await loadSession(file);
    expect(s.firstMessage).toBe("a photo album app");
    expect(s.entries.find((e) => e.type === "message" && e.role === "user")?.summary).toBe("[custom prompt] Create or update the feature specification from a natural language feature description.");
    const env = { ...process.env, HOME: dir, CODEX_HOME: dir, OMP_SESSIONS_CACHE_DIR: join(dir, "cache") };
    for (let pass = 0; pass < 2; pass++) {
      const rows = JSON.parse((await runCli(["ls", "--all", "--json"], { env })).stdout) as { path: string; firstMessage: string }[];
      expect(rows.find((r) => r.path === file)?.firstMessage).toBe("a photo album app");
    }
    // a rollout of nothing but the prompt file: called by its row, not by the file's text
    writeFileSync(file, lines.slice(0, 4).join("\n") + "\n");
    expect((await loadSession(file)).firstMessage).toBe("[custom prompt] Create or update the feature specification from a natural language feature description.");
  });
});

describe("a Gemini CLI chat from VS Code, the IDE's context after the typed words", () => {
  // The shape of real Gemini CLI chats of two homes (holdout10, holdout12), paths anonymised: `Current File Path:` and the
  // open file in a fence, `User Selected Files:`, at times the chat before it, all in the text after what was typed.
  const picked = "continue **GUIDE.md** \nCurrent File Path:\n```plaintext\nc:\\Users\\u\\proj\\thinking.gif\n```\n\n\nUser Selected Files:\n- c:\\Users\\u\\GUIDE.md\n";

  it("is its text: the typed words are the title and the feedback's turn, the row marks the open file", () => {
    expect(typedText(picked)).toBe("continue **GUIDE.md**");
    expect(userRow(picked)).toBe("user: continue **GUIDE.md** [ide: opened thinking.gif]");
    expect(userWords(picked)).toBe("continue **GUIDE.md**");
    // the hook reads the turn with its spaces collapsed
    expect(userWords(picked.replace(/\s+/g, " "))).toBe("continue **GUIDE.md**");
    const history = "automatico\nCurrent File Path:\n```markdown\n/home/u/GUIDE.md\n```\n\n\n\n\n PRIOR CHAT HISTORY: continue **GUIDE.md** \nOk, I will expand the roadmap.";
    expect(typedText(history)).toBe("automatico");
    expect(userWords(history)).toBe("automatico");
    expect(userRow("migrate this to django\nCurrent File Path:\n```python\nc:\\Users\\u\\main.py\n```\n\n")).toBe("user: migrate this to django [ide: opened main.py]");
    // typed words that only name it are left as typed
    for (const t of ["Current File Path: is a phrase", "what is the Current File Path:?", "fix it"]) {
      expect(typedText(t), t).toBe(t);
      expect(userRow(t), t).toBeNull();
      expect(userWords(t), t).toBe(t);
    }
    // an unclosed fence with a long line after it is read in one pass and left as typed
    const open = "why\nCurrent File Path:\n```text\n" + "a".repeat(200_000);
    expect(typedText(open)).toBe(open);
  });

  it("is called by the typed words in the tree and the list", async () => {
    const { chats, listedTitle } = geminiHome("omps-gemini-ide-");
    const t = geminiTime;
    const file = join(chats, "session-2026-06-01T10-00-1dec0de0.json");
    const chat = {
      sessionId: "1dec0de0-0000-4000-8000-000000000001",
      projectHash: "ab",
      startTime: t(0),
      lastUpdated: t(2),
      messages: [
        { id: "u1", timestamp: t(1), type: "user", content: picked },
        { id: "g1", timestamp: t(2), type: "gemini", content: "The guide now has a roadmap.", model: "gemini-2.5-pro" },
      ],
    };
    writeFileSync(file, JSON.stringify(chat, null, 2));
    const s = await loadSession(file);
    expect(s.firstMessage).toBe("continue **GUIDE.md**");
    expect(s.entries.find((e) => e.id === "u1")?.summary).toBe("user: continue **GUIDE.md** [ide: opened thinking.gif]");
    expect(await listedTitle(file)).toBe("continue **GUIDE.md**");
  });
});
