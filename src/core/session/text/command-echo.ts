// Claude Code writes a slash command the user ran, and what it printed, as
// user messages made of its own tags (`<command-name>/model</command-name>
// <command-message>…`, `<local-command-stdout>…`, `<local-command-caveat>…`):
// a record of a command, not a prompt. A session that starts with one (after
// `/clear`, `/model`) is called by the first prompt the user typed. Gemini
// CLI's A2A server (Cloud Shell's editor) writes the context it sets up as a
// user message too (`<session_context>…</session_context>`: the date, the
// workspace's files, GEMINI.md): the same kind of record, never a prompt.
// So is Gemini CLI's record of a shell command the user ran with `!` (its
// shell mode puts the command and its output in the history as a user
// message: "I ran the following shell command:\n```sh\nCMD\n```\n\nThis
// produced the following result:…"), which reads as `[! CMD]`, as Claude
// Code's `<bash-input>` does.
//
// Other text sits in a user message beside (or instead of) the typed words:
// Claude Code's IDE extensions (VS Code, JetBrains) put the open file, the
// selection and the diagnostics in text blocks before the prompt
// (`<ide_opened_file>…`), the desktop app's local agent mode lists the files
// uploaded with a prompt (`<uploaded_files>…`), Claude Code adds `<system-reminder>`s, reports a
// background task's end as a `<task-notification>` (a background shell
// command's as a `<bash-notification>` of the same shape), and asks its prompt
// suggestion helper (`agent-aprompt_suggestion-*` subagents) with a
// `[SUGGESTION MODE: …]` message, and notes a turn the user stopped as
// `[Request interrupted by user]`. Codex's IDE extension and desktop app put
// the IDE's context or the attached files before the request, under headings
// that end with `## My request for Codex:` (Codex itself titles a thread by
// the text after that heading). A title is the typed words; a message with
// none reads as a short mark (`[ide: opened main.ts]`, `[prompt suggestion]`).
// A fork subagent of Claude Code (2.1.3xx) opens with the rules Claude Code
// gives every fork, `<fork-boilerplate>…</fork-boilerplate>`, then `Your
// directive: ` and the task its parent gave it: Claude Code shows only that
// task (`fork: <task>`), and so do the title and the row here.
// Codex (0.4x) sent a custom prompt the user ran (`/prompts:<name>`, spec-kit's
// `/speckit.specify`…) as the prompt file's whole text, its front matter first
// (`---\ndescription: …\n---`): the file's text, not typed words, read as
// `[custom prompt] <description>`. Claude Code's stand-in for a message with no
// text, a bare `(no content)`, is no typed word either; nor is the request its
// compaction helper (`agent-acompact-*` subagents) is sent ("Your task is to
// create a detailed summary of the conversation so far, …"), read as
// `[compaction request]`. A line the user saved into Claude Code's memory
// with its `#` shortcut (`<user-memory-input>NOTE</user-memory-input>`) is
// typed words: it reads `# NOTE`, as Claude Code's own transcript shows it.
// Gemini CLI chats started from VS Code (seen in real homes) carry the IDE's
// context after the typed words, in the same text: `Current File Path:` and
// the open file's path in a fence, then `User Selected Files:` and a list,
// at times the chat before it. A title is the words before it; the row reads
// `user: WORDS [ide: opened NAME]`.

import { memoryNote } from "../../memory-note.js";

/** Tags of a command's record: a message of nothing else is no prompt. */
export const ECHO_TAGS = ["command-name", "command-message", "command-args", "local-command-stdout", "local-command-stderr", "local-command-caveat", "bash-input", "bash-stdout", "bash-stderr", "session_context"] as const;
/** Tags of the context an IDE extension or Claude Code puts beside the typed words. */
export const CONTEXT_TAGS = ["ide_opened_file", "ide_selection", "ide_diagnostics", "system-reminder", "uploaded_files"] as const;

const block = (tags: readonly string[]): string => `<(${tags.join("|")})>[\\s\\S]*?<\\/\\1>`;
const ECHO = new RegExp(`^\\s*(?:${block([...ECHO_TAGS, ...CONTEXT_TAGS])}\\s*)+$`);
const CONTEXT_BLOCK = new RegExp(block(CONTEXT_TAGS), "g");
/** A context block with the space around it (taken out of the typed words as one space). */
const CONTEXT_SPACED = new RegExp(`\\s*${block(CONTEXT_TAGS)}\\s*`, "g");
/** A background task's or shell command's report (Claude Code's), a user message of its own: the block, then where its output is. */
const NOTE = /^\s*<(task|bash)-notification>([\s\S]*?)<\/\1-notification>/;
/** Gemini CLI's record of a `!` shell command and its output (shellCommandProcessor's history entry): the command. */
const GEMINI_SHELL_OPENING = "I ran the following shell command:";
const GEMINI_SHELL = /^\s*I ran the following shell command:\n```sh\n([\s\S]*?)\n```\n\nThis produced the following result:\n```\n[\s\S]*\n```\s*$/;
/** Claude Code's prompt suggestion helper's question. */
const SUGGESTION = /^\s*\[SUGGESTION MODE:/;
/** Claude Code's note of a turn the user stopped (`[Request interrupted by user for tool use]`). */
const INTERRUPT = /^\s*\[Request interrupted by user[^\]\n]*\]\s*$/;
/** Codex's heading before the request, after the IDE's context or the files attached. */
const CODEX_REQUEST = "## My request for Codex:";
/** Claude Code's rules for a fork subagent, then the task its parent gave it (the words after `Your directive: `). */
const FORK = /^\s*<fork-boilerplate>[\s\S]*?<\/fork-boilerplate>\s*Your directive: ([\s\S]*)$/;

/** A prompt file's front matter at the start of a message, with its `description:` (Codex's custom prompts, spec-kit's commands). */
// (a line is `[^\n]*\n`, its \r in it: `[^\n]*\r?\n` would try two splits per CRLF line, exponential on a long file)
const PROMPT_FILE = /^\s*---\r?\n(?:[^\n]*\n)*?description:[ \t]*([^\n]*?)[ \t]*\r?\n(?:[^\n]*\n)*?---[ \t]*(?:\r?\n|$)/;
/** The IDE's context after the typed words in a Gemini CLI chat from VS Code: from here to the end; the open file's path. */
// (each part a line of its own: linear whatever follows)
const IDE_AFTER = /(?:^|\s)Current File Path:\r?\n```[^\n]*\n([^\n]*?)\r?\n```[\s\S]*$/;
const IDE_AFTER_OPENING = "Current File Path:";

/** Claude Code's text for a message that has none. */
const NO_CONTENT = /^\s*\(no content\)\s*$/;
/** Claude Code's request to its compaction helper (its compact prompt's opening words). */
const COMPACT_REQUEST = /^\s*Your task is to create a detailed summary of the conversation so far, paying close attention to the user's explicit requests and your previous actions\./;

/** Whether a user message's text is only a command's echo or output, or other text the harness wrote (nothing typed). */
export const isCommandEcho = (text: string): boolean => {
  const c = text.charCodeAt(text.search(/\S/));
  return (
    (c === 0x3c && (ECHO.test(text) || NOTE.test(text))) ||
    (c === 0x5b && (SUGGESTION.test(text) || INTERRUPT.test(text))) ||
    (c === 0x49 && GEMINI_SHELL.test(text)) ||
    (c === 0x2d && PROMPT_FILE.test(text)) ||
    (c === 0x28 && NO_CONTENT.test(text)) ||
    (c === 0x59 && COMPACT_REQUEST.test(text))
  );
};

const tag = (text: string, name: string): string | null => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text);
  return m ? m[1].trim() : null;
};

/** A file's name, from a path of either system's separators. */
const baseName = (path: string): string => path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1) || path;

/** A context block as a short mark: `[ide: opened main.ts]`, `[ide: lines 3-9 of main.ts]`. */
function contextMark(name: string, body: string): string {
  switch (name) {
    case "ide_opened_file": {
      const m = /opened the file (.+?) in the IDE/.exec(body);
      return m ? `[ide: opened ${baseName(m[1])}]` : "[ide: opened file]";
    }
    case "ide_selection": {
      const m = /selected the lines (\d+) to (\d+) from (.+?):/.exec(body);
      return m ? `[ide: lines ${m[1]}-${m[2]} of ${baseName(m[3])}]` : "[ide: selection]";
    }
    case "ide_diagnostics":
      return "[ide: diagnostics]";
    case "uploaded_files": {
      // The desktop app's local agent mode (entrypoint `local-agent`) lists the files uploaded with a prompt:
      // `<file><file_path>…\uploads\<uuid>-<ms>_<name></file_path><file_uuid>…</file_uuid></file>` each.
      const paths = [...body.matchAll(/<file_path>([\s\S]*?)<\/file_path>/g)].map((m) => baseName(m[1].trim()).replace(/^[0-9a-f]{8}-[0-9a-f-]{27}-\d+_/, ""));
      return paths.length === 1 ? `[uploaded: ${paths[0]}]` : `[uploaded: ${paths.length} files]`;
    }
    default:
      return "[system reminder]";
  }
}

/** The marks of a text's context blocks, in order, joined by spaces ("" when it has none). */
function contextMarks(text: string): string {
  const marks: string[] = [];
  for (const m of text.matchAll(CONTEXT_BLOCK)) marks.push(contextMark(m[1], m[0].slice(m[1].length + 2, -(m[1].length + 3))));
  return marks.join(" ");
}

/**
 * A command's echo as a tree row says it: `[command] /model sonnet`, `[command
 * output] Set model to …`, `[! ls]` for a shell command typed with `!`,
 * `[ide: opened main.ts]` for an IDE's context alone; null for text that is
 * no echo.
 */
export function commandEchoRow(text: string): string | null {
  if (!isCommandEcho(text)) return null;
  if (SUGGESTION.test(text)) return "[prompt suggestion]";
  if (INTERRUPT.test(text)) return text.trim();
  if (NO_CONTENT.test(text)) return "[no content]";
  if (COMPACT_REQUEST.test(text)) return "[compaction request]";
  const prompt = PROMPT_FILE.exec(text);
  if (prompt !== null) {
    const said = prompt[1].replace(/^(["'])(.*)\1$/, "$2").trim();
    return said ? `[custom prompt] ${said}` : "[custom prompt]";
  }
  const shell = GEMINI_SHELL.exec(text);
  if (shell !== null) return `[! ${shell[1].trim()}]`;
  const note = NOTE.exec(text);
  if (note !== null) {
    const mark = note[1] === "bash" ? "[shell notification]" : "[task notification]";
    const said = tag(note[2], "summary") ?? tag(note[2], "status");
    return said ? `${mark} ${said}` : mark;
  }
  const name = tag(text, "command-name");
  if (name !== null) {
    const args = tag(text, "command-args");
    return `[command] ${name}${args ? ` ${args}` : ""}`;
  }
  const input = tag(text, "bash-input");
  if (input !== null) return `[! ${input}]`;
  if (/^\s*<session_context>/.test(text)) return "[session context]";
  for (const [t, label] of [
    ["local-command-stdout", "command output"],
    ["local-command-stderr", "command error"],
    ["bash-stdout", "! output"],
    ["bash-stderr", "! error"],
  ] as const) {
    const out = tag(text, t);
    if (out !== null) return `[${label}] ${out}`;
  }
  return contextMarks(text) || null;
}

/** Whether a user message may hold context blocks or headings the harness wrote beside typed words (a cheap test before typedText). */
export const mayHoldContext = (text: string): boolean => {
  const c = text.charCodeAt(text.search(/\S/));
  return c === 0x3c || c === 0x23 || c === 0x5b || text.includes(IDE_AFTER_OPENING);
};

/** Whether a user message may be, or hold, text the harness wrote: mayHoldContext, or Gemini CLI's shell record (a cheap test before userRow). */
export const mayHoldHarnessText = (text: string): boolean => {
  if (mayHoldContext(text)) return true;
  const t = text.trimStart();
  return t.startsWith(GEMINI_SHELL_OPENING) || t.startsWith("---") || t.startsWith("(no content)") || t.startsWith("Your task is to create a detailed summary");
};

/** The words before the IDE's context a Gemini CLI chat from VS Code puts after them (the text when there are none). */
const typedBefore = (text: string, ide: RegExpExecArray): string => text.slice(0, ide.index).trim() || text;

/**
 * The words the user typed in a user message that is no echo: in a message
 * that starts with the harness's text, without the context blocks, or after
 * Codex's request heading. The text as it is when there is nothing else to go by.
 */
export function typedText(text: string): string {
  if (!mayHoldContext(text)) return text;
  const ide = IDE_AFTER.exec(text);
  if (ide !== null) return typedBefore(text, ide);
  // a line saved into Claude Code's memory with its `#` shortcut: typed words, read as typed (`# NOTE`), as Claude Code draws it
  const memory = memoryNote(text);
  if (memory !== null) return `# ${memory}`;
  const fork = FORK.exec(text);
  if (fork !== null) return fork[1].trim() || text;
  const at = text.trimStart().startsWith("#") ? text.indexOf(CODEX_REQUEST) : -1;
  if (at >= 0) return text.slice(at + CODEX_REQUEST.length).trim() || text;
  if (!text.includes("<")) return text;
  return text.replace(CONTEXT_SPACED, " ").trim() || text;
}

/**
 * A user message's tree row when it holds text the harness wrote: its echo
 * row, or the typed words followed by the context's marks (`is this right?
 * [ide: opened main.ts]`); null when it is only typed words.
 */
export function userRow(text: string): string | null {
  if (!mayHoldHarnessText(text)) return null;
  const echo = commandEchoRow(text);
  if (echo !== null) return echo;
  if (!mayHoldContext(text)) return null;
  const ide = IDE_AFTER.exec(text);
  const typed = ide !== null ? typedBefore(text, ide) : typedText(text);
  if (typed === text) return null;
  if (FORK.test(text)) return `user: ${typed} [fork]`;
  if (ide !== null) return `user: ${typed} ${ide[1] ? `[ide: opened ${baseName(ide[1])}]` : "[ide context]"}`;
  const codex = text.trimStart().startsWith("#") && text.includes(CODEX_REQUEST);
  const marks = !codex ? contextMarks(text) : /^\s*# Context from my IDE setup/.test(text) ? "[ide context]" : "[context]";
  return `user: ${typed}${marks ? ` ${marks}` : ""}`;
}
