// Claude Code writes a slash command the user ran, and what it printed, as
// user messages made of its own tags (`<command-name>/model</command-name>
// <command-message>…`, `<local-command-stdout>…`, `<local-command-caveat>…`):
// a record of a command, not a prompt. A session that starts with one (after
// `/clear`, `/model`) is called by the first prompt the user typed. Gemini
// CLI's A2A server (Cloud Shell's editor) writes the context it sets up as a
// user message too (`<session_context>…</session_context>`: the date, the
// workspace's files, GEMINI.md): the same kind of record, never a prompt.

const ECHO = /^\s*(?:<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|bash-stdout|bash-stderr|session_context)>[\s\S]*?<\/\1>\s*)+$/;

/** Whether a user message's text is only a command's echo or output (nothing but those tags, and space). */
export const isCommandEcho = (text: string): boolean => text.charCodeAt(text.search(/\S/)) === 0x3c && ECHO.test(text);

const tag = (text: string, name: string): string | null => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text);
  return m ? m[1].trim() : null;
};

/**
 * A command's echo as a tree row says it: `[command] /model sonnet`, `[command
 * output] Set model to …`, `[! ls]` for a shell command typed with `!`; null
 * for text that is no echo.
 */
export function commandEchoRow(text: string): string | null {
  if (!isCommandEcho(text)) return null;
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
  return null;
}
